"""An agent's session with the search example's MCP server, through the official Python SDK.

Run by SearchMCPClientTests (Examples/Tests/SearchTests), which starts `search --inspect` in
tmux, types a query, and runs this script in phases, checking the program's screen between
them:

    python3 mcp_session.py ask  URL TOKEN   # read the session, then travel to its first step
    python3 mcp_session.py live URL TOKEN   # back to live; refusals; 100 calls at once
    python3 mcp_session.py act  URL TOKEN   # send an action (a query); export and replay
    python3 mcp_session.py refused URL TOKEN   # search --inspect-read-only: no travel, no send

Each phase prints one JSON object on its last line (what the test checks), and the tool calls
with their answers before it (the transcript). Any failed check exits with status 1 and says
which.
"""

import asyncio
import json
import sys

import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client


def check(condition, message):
    if not condition:
        print(f"FAILED: {message}", flush=True)
        sys.exit(1)


def client(url, token, headers=None):
    http = httpx2.AsyncClient(
        headers={"Authorization": f"Bearer {token}", **(headers or {})}, timeout=20.0
    )
    return Client(streamable_http_client(url, http_client=http))


async def call(session, name, arguments):
    result = await session.call_tool(name, arguments)
    text = result.content[0].text if result.content else ""
    shown = text if len(text) < 1200 else text[:1200] + " …"
    print(f"> {name} {json.dumps(arguments)}\n{shown}\n", flush=True)
    check(not result.is_error, f"{name} failed: {text}")
    return result.structured_content


async def ask(url, token):
    async with client(url, token) as session:
        tools = await session.list_tools()
        names = [tool.name for tool in tools.tools]
        check("find_change" in names and "why" in names, f"tools: {names}")
        recordings = await call(session, "list_recordings", {})
        check(recordings["recordings"][0]["name"] == "search", f"{recordings}")
        page = await call(session, "timeline", {"recording": 0, "kinds": ["input"]})
        typed = [step["text"] for step in page["steps"]]
        check(any('"dog"' in text for text in typed), f"inputs: {typed}")
        loading = await call(
            session, "find_change", {"recording": 0, "path": "isLoading", "equals": "true"}
        )
        check(len(loading["changes"]) == 1, f"isLoading: {loading}")
        index = loading["changes"][0]["index"]
        why = await call(session, "why", {"recording": 0, "index": index})
        chain = why["chain"]
        first = chain[-1]["step"]
        check(first["kind"] == "input", f"the chain ends at {first}")
        check("outside" in why["end"], f"the chain's end: {why['end']}")
        step = await call(session, "get_step", {"recording": 0, "index": index, "path": "isLoading"})
        check(step["state"]["text"] == "isLoading: true\n", f"state: {step['state']}")
        resources = await session.list_resources()
        check(str(resources.resources[0].uri) == "reactors://recordings/0", f"{resources}")
        moved = await call(session, "travel", {"recording": 0, "index": 0})
        check(moved["shownStep"] == 0, f"travel: {moved}")
        print(json.dumps({"loadingStep": index, "chain": len(chain), "shown": 0}), flush=True)


async def live(url, token):
    async with client(url, token) as session:
        moved = await call(session, "go_live", {"recording": 0})
        check(moved.get("shownStep") is None and moved.get("live") is True, f"live: {moved}")
        # A hundred questions at once, over the client's pool of connections.
        answers = await asyncio.gather(
            *(session.call_tool("timeline", {"recording": 0, "count": 5}) for _ in range(100))
        )
        served = sum(1 for answer in answers if not answer.is_error)
        check(served == 100, f"{served} of 100 served")
        refused = await session.call_tool("timeline", {"recording": 0, "count": 1000})
        check(refused.is_error and "between 1 and 100" in refused.content[0].text, f"{refused}")
        unknown_error = None
        try:
            await session.call_tool("rm_rf", {})
        except Exception as error:  # the SDK raises the JSON-RPC error it got
            unknown_error = str(error)
        check(unknown_error is not None and "Unknown tool" in unknown_error, f"{unknown_error}")

    async with httpx2.AsyncClient(timeout=20.0) as http:
        ping = {"jsonrpc": "2.0", "id": 1, "method": "ping"}
        bearer = {"Authorization": f"Bearer {token}"}
        statuses = {
            "no token": (await http.post(url, json=ping)).status_code,
            "wrong token": (
                await http.post(url, json=ping, headers={"Authorization": "Bearer 00"})
            ).status_code,
            "foreign Origin": (
                await http.post(url, json=ping, headers={**bearer, "Origin": "http://evil.example"})
            ).status_code,
            "foreign Host": (
                await http.post(url, json=ping, headers={**bearer, "Host": "evil.example"})
            ).status_code,
            "token": (await http.post(url, json=ping, headers=bearer)).status_code,
        }
        check(
            statuses == {
                "no token": 403,
                "wrong token": 403,
                "foreign Origin": 403,
                "foreign Host": 403,
                "token": 200,
            },
            f"statuses: {statuses}",
        )
        malformed = await http.post(
            url, content=b'{"jsonrpc":"2.0","id":1,', headers={**bearer, "Content-Type": "application/json"}
        )
        check(malformed.status_code == 400, f"malformed: {malformed.status_code}")
        check(malformed.json()["error"]["code"] == -32700, f"malformed: {malformed.text}")
        print(json.dumps({"served": served, "refusals": statuses}), flush=True)


async def act(url, token):
    async with client(url, token) as session:
        wrong = await session.call_tool(
            "send_action", {"recording": 0, "action": {"updateQuery": "cat"}}
        )
        text = wrong.content[0].text
        print(f"> send_action (a wrong shape)\n{text}\n", flush=True)
        check(wrong.is_error and '{"updateQuery":{"_0":"dog"}}' in text, f"wrong shape: {text}")
        sent = await call(
            session, "send_action", {"recording": 0, "action": {"updateQuery": {"_0": "cat"}}}
        )
        check(sent["sent"] == '.updateQuery("cat")', f"sent: {sent}")
        exported = await call(session, "export_recording", {"recording": 0})
        replayed = await call(session, "replay", {"recording": 0, "path": exported["path"]})
        check(replayed["sameAsRecorded"], f"replay: {replayed}")
        print(json.dumps({"sent": sent["sent"], "replayed": exported["path"]}), flush=True)


async def refused(url, token):
    async with client(url, token) as session:
        names = [tool.name for tool in (await session.list_tools()).tools]
        check("travel" not in names and "go_live" not in names, f"read-only tools: {names}")
        sent = await session.call_tool(
            "send_action", {"recording": 0, "action": {"updateQuery": {"_0": "cat"}}}
        )
        text = sent.content[0].text
        print(f"> send_action (read only)\n{text}\n", flush=True)
        check(sent.is_error and "opts in" in text, f"send refused: {text}")
        travel = await session.call_tool("travel", {"recording": 0, "index": 0})
        check(travel.is_error and "read-only" in travel.content[0].text, f"travel: {travel}")
        print(json.dumps({"sendRefused": True, "travelRefused": True}), flush=True)


if __name__ == "__main__":
    phase, url, token = sys.argv[1:4]
    asyncio.run({"ask": ask, "live": live, "act": act, "refused": refused}[phase](url, token))
