/// The inspector's page: plain HTML, CSS and JavaScript, served as is (no build step, nothing
/// fetched from elsewhere). It asks the server for windows of steps, one state and one diff at
/// a time, and polls the recordings' counts to follow them live. Its own timings are kept for
/// tests: `window.inspectorFirstScreenMs` (from the start of navigation to the first steps
/// shown) and `window.inspectorTimings` (the last step's state and diff, in milliseconds).
enum InspectorPage {
  static let html = #"""
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <title>Reactors inspector</title>
    <style>
      body { font: 13px/1.4 -apple-system, system-ui, sans-serif; margin: 0; color: #222; }
      header { display: flex; gap: 8px; align-items: center; padding: 8px 12px;
        background: #1f2933; color: #fff; flex-wrap: wrap; }
      header h1 { font-size: 15px; margin: 0 12px 0 0; }
      header select, header input, header button, header a { font: inherit; }
      header a { color: #9fd3ff; }
      #travel-badge { background: #d9822b; padding: 2px 8px; border-radius: 10px; display: none; }
      main { display: grid; grid-template-columns: minmax(420px, 1fr) 1fr; height: calc(100vh - 46px); }
      #timeline { overflow: auto; border-right: 1px solid #ddd; }
      #detail { overflow: auto; padding: 8px 12px; }
      table { border-collapse: collapse; width: 100%; }
      td { padding: 2px 6px; border-bottom: 1px solid #f0f0f0; vertical-align: top; }
      td.ms { white-space: nowrap; }
      tr.step { cursor: pointer; }
      tr.step:hover { background: #f5f9ff; }
      tr.selected { background: #dbeafe !important; }
      tr.shown td:first-child { border-left: 4px solid #d9822b; }
      .kind { font-size: 11px; padding: 0 5px; border-radius: 8px; color: #fff; }
      .k-input { background: #2563eb; } .k-mutation { background: #059669; }
      .k-effect, .k-ended, .k-cancel { background: #7c3aed; } .k-gap { background: #dc2626; }
      .k-began { background: #6b7280; }
      .cause { color: #2563eb; text-decoration: underline; cursor: pointer; }
      .muted { color: #888; }
      pre.diff { background: #fafafa; padding: 6px; white-space: pre-wrap; }
      .add { color: #047857; } .del { color: #b91c1c; }
      details { margin-left: 14px; } summary { cursor: pointer; }
      .label { color: #7c3aed; } .type { color: #888; font-size: 11px; }
      #pager { padding: 6px; display: flex; gap: 6px; align-items: center; }
    </style>
    </head>
    <body>
    <header>
      <h1>Reactors inspector</h1>
      <select id="recording" title="recording"></select>
      <input id="text" placeholder="search text" size="16">
      <span id="kinds"></span>
      <label><input type="checkbox" id="follow" checked> follow live</label>
      <span id="travel-badge">showing a past step</span>
      <button id="live" disabled>Live</button>
      <a id="export" href="#">export</a>
      <label>import <input type="file" id="import" accept=".jsonl,.json,.txt"></label>
    </header>
    <main>
      <section id="timeline">
        <div id="pager">
          <button id="older">◀ older</button><button id="newer">newer ▶</button>
          <span id="position" class="muted"></span>
        </div>
        <table><tbody id="steps"></tbody></table>
      </section>
      <section id="detail"><p class="muted">Choose a step to see its state and what changed.</p></section>
    </main>
    <script>
    "use strict";
    const token = new URLSearchParams(location.search).get("token") || "";
    const kinds = ["began", "input", "mutation", "effect", "ended", "cancel", "gap"];
    const page = 200;
    const view = { recording: 0, from: 0, steps: [], next: 0, count: 0, selected: null,
      recordings: [], timeTravel: false };
    window.inspectorTimings = {};
    const $ = (id) => document.getElementById(id);

    async function api(path, method) {
      const response = await fetch(path, { method: method || "GET",
        headers: { "X-Reactors-Token": token } });
      if (!response.ok) throw new Error(await response.text());
      return response.status === 204 ? null : response.json();
    }

    function filterQuery() {
      const chosen = kinds.filter((kind) => $("kind-" + kind).checked);
      let query = "";
      if (chosen.length < kinds.length) query += "&kinds=" + chosen.join(",");
      const text = $("text").value.trim();
      if (text) query += "&text=" + encodeURIComponent(text);
      return query;
    }

    async function loadRecordings() {
      const answer = await api("/api/recordings");
      view.timeTravel = answer.timeTravel;
      view.recordings = answer.recordings;
      const select = $("recording");
      if (select.options.length !== answer.recordings.length) {
        select.innerHTML = "";
        for (const entry of answer.recordings) select.add(new Option(entry.name, entry.id));
        select.value = String(view.recording);
      }
      const current = answer.recordings[view.recording];
      if (!current) return;
      for (const option of select.options) {
        const entry = answer.recordings[Number(option.value)];
        option.text = entry.name + " (" + entry.count + " steps)";
      }
      view.count = current.count;
      $("travel-badge").style.display = current.shownStep == null ? "none" : "inline";
      $("live").disabled = !view.timeTravel || current.shownStep == null;
      $("export").style.display = current.canExport ? "inline" : "none";
      $("export").href = "/api/export?r=" + view.recording + "&token=" + token;
    }

    async function loadSteps(from) {
      view.from = Math.max(0, from);
      const answer = await api("/api/steps?r=" + view.recording + "&from=" + view.from +
        "&count=" + page + filterQuery());
      view.steps = answer.steps;
      view.next = answer.next;
      view.count = answer.count;
      render();
    }

    function render() {
      const shown = (view.recordings[view.recording] || {}).shownStep;
      const rows = view.steps.map((step) => {
        const cause = step.cause
          ? '<span class="cause" data-cause="' + step.cause + '">' + escape(step.cause) + "</span>"
          : "";
        const classes = ["step"];
        if (step.index === view.selected) classes.push("selected");
        if (step.index === shown) classes.push("shown");
        return '<tr class="' + classes.join(" ") + '" data-index="' + step.index + '">' +
          "<td>" + step.index + '</td><td class="muted ms">' + step.ms.toFixed(1) + " ms</td>" +
          '<td><span class="kind k-' + step.kind + '">' + step.kind + "</span></td>" +
          "<td>" + escape(step.text) + "</td><td>" + cause + "</td></tr>";
      });
      $("steps").innerHTML = rows.join("");
      const last = view.steps.length ? view.steps[view.steps.length - 1].index : view.from;
      $("position").textContent = view.steps.length
        ? "steps " + view.steps[0].index + "–" + last + " of " + view.count
        : "no step here (" + view.count + " in all)";
    }

    function escape(text) {
      return String(text).replace(/[&<>"]/g, (c) =>
        ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
    }

    function tree(node) {
      const head = (node.label != null ? '<span class="label">' + escape(node.label) + "</span>: " : "") +
        escape(node.summary) + ' <span class="type">' + escape(node.type) + "</span>" +
        (node.more ? ' <span class="muted">(' + node.more + " more not shown)</span>" : "");
      if (!node.children || !node.children.length) return "<div>" + head + "</div>";
      return "<details open><summary>" + head + "</summary>" +
        node.children.map(tree).join("") + "</details>";
    }

    function diffLines(text) {
      return text.split("\n").map((line) => {
        const kind = line.startsWith("+") ? "add" : line.startsWith("-") || line.startsWith("−") ? "del" : "";
        return '<span class="' + kind + '">' + escape(line) + "</span>";
      }).join("\n");
    }

    async function select(index) {
      view.selected = index;
      render();
      const started = performance.now();
      const [state, diff] = await Promise.all([
        api("/api/state?r=" + view.recording + "&i=" + index),
        api("/api/diff?r=" + view.recording + "&i=" + index).catch(() => null),
      ]);
      window.inspectorTimings = { step: index, ms: performance.now() - started,
        serverStateMs: state.ms, serverDiffMs: diff ? diff.ms : null };
      const travel = view.timeTravel
        ? '<button id="travel">Show step ' + index + " in the app</button> " : "";
      $("detail").innerHTML = "<h3>Step " + index + "</h3>" + travel +
        '<p class="muted">State made at step ' + state.madeAt + ".</p>" +
        "<h4>What changed</h4>" +
        (diff && diff.diff ? '<pre class="diff">' + diffLines(diff.diff) + "</pre>"
          : '<p class="muted">Nothing, or no state before it.</p>') +
        "<h4>State</h4>" + tree(state.tree);
      if (view.timeTravel) $("travel").onclick = () => travelTo(index);
    }

    async function travelTo(index) {
      await api("/api/travel?r=" + view.recording + "&i=" + index, "POST");
      $("follow").checked = false;
      await loadRecordings();
      render();
    }

    async function goLive() {
      await api("/api/live?r=" + view.recording, "POST");
      await loadRecordings();
      render();
    }

    function tailStart() { return Math.max(0, view.count - page); }

    async function poll() {
      try {
        await loadRecordings();
        if ($("follow").checked && !$("text").value.trim()) await loadSteps(tailStart());
      } catch (error) {
        $("position").textContent = String(error.message || error);
      }
      setTimeout(poll, 700);
    }

    $("kinds").innerHTML = kinds.map((kind) =>
      '<label><input type="checkbox" id="kind-' + kind + '" checked>' + kind + "</label>").join(" ");
    for (const kind of kinds) $("kind-" + kind).onchange = () => loadSteps(0);
    $("text").oninput = () => loadSteps(0);
    $("recording").onchange = () => {
      view.recording = Number($("recording").value);
      view.selected = null;
      loadRecordings().then(() => loadSteps(tailStart()));
    };
    $("older").onclick = () => { $("follow").checked = false; loadSteps(view.from - page); };
    $("newer").onclick = () => loadSteps(view.next);
    $("live").onclick = goLive;
    $("import").onchange = async () => {
      const file = $("import").files[0];
      if (!file) return;
      const response = await fetch("/api/import", { method: "POST",
        headers: { "X-Reactors-Token": token }, body: await file.arrayBuffer() });
      if (!response.ok) { alert(await response.text()); return; }
      view.recording = (await response.json()).id;
      view.selected = null;
      $("follow").checked = false;
      await loadRecordings();
      $("recording").value = String(view.recording);
      await loadSteps(0);
    };
    $("steps").onclick = (event) => {
      const cause = event.target.dataset && event.target.dataset.cause;
      if (cause) {
        const [name, at] = [cause.slice(0, cause.lastIndexOf("#")), Number(cause.slice(cause.lastIndexOf("#") + 1))];
        const target = view.recordings.find((entry) => entry.name === name);
        if (target) { view.recording = target.id; $("recording").value = String(target.id); }
        $("follow").checked = false;
        loadSteps(Math.max(0, at - 20)).then(() => select(at));
        return;
      }
      const row = event.target.closest("tr.step");
      if (row) select(Number(row.dataset.index));
    };
    loadRecordings().then(() => loadSteps(tailStart())).then(() => {
      window.inspectorFirstScreenMs = performance.now();
      poll();
    });
    </script>
    </body>
    </html>
    """#
}
