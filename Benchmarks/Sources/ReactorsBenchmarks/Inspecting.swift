import Foundation
import Reactors
import ReactorsInspector

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Scenario 10: the inspector on a session of `steps` steps of scenario 8's state (1,000
/// fields; a state kept every 32 mutations), asked over HTTP what its page asks: the first
/// screen (the recordings, then the last 200 steps), and a step's state and diff (the worst of
/// 20 steps spread over the session, states made again with `reduce` included); and its MCP
/// server asked what an agent asks: `get_step` (its input, state and diff; the worst of 20) and
/// a `timeline` page of 100 steps from the middle. Each is timed from the request's start to
/// its answer's end in this process: the server's time, and the loopback's.
func inspecting(steps: Int) async -> [Row] {
  let reactor = ThousandFieldsReactor()
  let recording = Recording(of: reactor, named: "fields", keepingStatesEvery: 32)
  for step in 0..<(steps / 2) { reactor.send(step % 1_000) }
  let inspector = try! await Inspector.start(printsAddress: false)
  inspector.inspect(recording)
  let page = InspectorPage(address: URL(string: inspector.address)!)
  let count = recording.steps.count

  let firstScreen = await fastest(runs: 3) {
    _ = await page.get("/api/recordings")
    _ = await page.get("/api/steps?r=0&from=\(max(count - 200, 0))&count=200")
  }
  var worst = Duration.zero
  for probe in 0..<20 {
    // Spread over the session, and off the kept states (a state 31 mutations after one).
    let index = min(count - 1, probe * (count / 20) + 61)
    let start = ContinuousClock.now
    _ = await page.get("/api/state?r=0&i=\(index)")
    _ = await page.get("/api/diff?r=0&i=\(index)")
    worst = max(worst, ContinuousClock.now - start)
  }
  var worstTool = Duration.zero
  for probe in 0..<20 {
    let index = min(count - 1, probe * (count / 20) + 61)
    let start = ContinuousClock.now
    _ = await page.tool("get_step", #"{"recording":0,"index":\#(index)}"#)
    worstTool = max(worstTool, ContinuousClock.now - start)
  }
  let timeline = await fastest(runs: 3) {
    _ = await page.tool("timeline", #"{"recording":0,"from":\#(count / 2),"count":100}"#)
  }
  await inspector.stop()
  withExtendedLifetime(recording) {}
  let tool = worstTool.seconds * 1_000
  let pageTime = timeline.seconds * 1_000
  let first = firstScreen.seconds * 1_000
  let step = worst.seconds * 1_000
  let size = "\(steps / 1_000) k steps of scenario 8's state"
  return [
    Row(
      scenario: "10. inspector, \(size): first screen", reactors: "\(rounded(first)) ms",
      baseline: "-", ratio: first / 300, target: "≤ 300 ms", isMet: first <= 300),
    Row(
      scenario: "10. inspector, \(size): a step's state and diff (worst of 20)",
      reactors: "\(rounded(step)) ms", baseline: "-", ratio: step / 100, target: "≤ 100 ms",
      isMet: step <= 100),
    Row(
      scenario: "10. MCP, \(size): get_step (worst of 20)", reactors: "\(rounded(tool)) ms",
      baseline: "-", ratio: tool / 100, target: "≤ 100 ms", isMet: tool <= 100),
    Row(
      scenario: "10. MCP, \(size): a timeline page of 100", reactors: "\(rounded(pageTime)) ms",
      baseline: "-", ratio: pageTime / 50, target: "≤ 50 ms", isMet: pageTime <= 50),
  ]
}

/// What the inspector's page asks, from its address (with its token).
struct InspectorPage {
  let address: URL

  /// The body of `GET path`; empty when it fails.
  func get(_ path: String) async -> Data {
    let token =
      URLComponents(url: address, resolvingAgainstBaseURL: false)?
      .queryItems?.first { $0.name == "token" }?.value ?? ""
    var request = URLRequest(url: URL(string: path, relativeTo: address)!.absoluteURL)
    request.setValue(token, forHTTPHeaderField: "X-Reactors-Token")
    guard let (data, response) = try? await URLSession.shared.data(for: request),
      (response as? HTTPURLResponse)?.statusCode == 200
    else {
      FileHandle.standardError.write(Data("inspector: \(path) failed\n".utf8))
      return Data()
    }
    return data
  }

  /// The answer to MCP tool `name` with `arguments` (JSON); empty when it fails.
  func tool(_ name: String, _ arguments: String) async -> Data {
    let token =
      URLComponents(url: address, resolvingAgainstBaseURL: false)?
      .queryItems?.first { $0.name == "token" }?.value ?? ""
    var request = URLRequest(url: URL(string: "/mcp", relativeTo: address)!.absoluteURL)
    request.httpMethod = "POST"
    request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = Data(
      (#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"\#(name)","#
        + #""arguments":\#(arguments)}}"#).utf8)
    guard let (data, response) = try? await URLSession.shared.data(for: request),
      (response as? HTTPURLResponse)?.statusCode == 200,
      !String(decoding: data, as: UTF8.self).contains(#""isError":true"#)
    else {
      FileHandle.standardError.write(Data("inspector: MCP \(name) failed\n".utf8))
      return Data()
    }
    return data
  }
}
