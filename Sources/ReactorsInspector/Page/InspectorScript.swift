/// The inspector page's script, served as `/inspector.js`. It asks the server for windows of
/// steps, one state and one diff at a time, and polls the recordings' counts to follow them
/// live. Every element is built with `createElement` and `textContent` (the helper `el`):
/// nothing from a recording becomes markup. Its own timings are kept for tests:
/// `window.inspectorFirstScreenMs` (from the start of navigation to the first steps shown) and
/// `window.inspectorTimings` (the last step's state and diff, in milliseconds); and
/// `window.inspector.loadSteps(from)`, `select(index)` and `travelTo(index)`, what the page
/// does for a window of steps, a step and its travel button; `polls`, `renders` and
/// `stepsRequests`, how many times it has polled, redrawn its rows and asked for steps.
enum InspectorScript {
  static let source = #"""
    "use strict";
    (() => {
    const token = new URLSearchParams(location.search).get("token") || "";
    const kinds = ["began", "input", "mutation", "effect", "ended", "cancel", "gap"];
    const page = 200;
    const view = { recording: 0, from: 0, steps: [], next: 0, count: 0, selected: null,
      recordings: [], timeTravel: false, rendered: "", stepsRequest: null, detailRequest: null };
    window.inspectorTimings = {};
    const $ = (id) => document.getElementById(id);

    // An element with attributes and children; strings become text nodes, never markup.
    function el(tag, attributes, ...children) {
      const element = document.createElement(tag);
      for (const [name, value] of Object.entries(attributes || {})) {
        if (value != null && value !== false) element.setAttribute(name, String(value));
      }
      for (const child of children) {
        if (child == null || child === false) continue;
        element.append(child instanceof Node ? child : document.createTextNode(String(child)));
      }
      return element;
    }

    function showError(error) {
      if (error && error.name === "AbortError") return;  // a newer request replaced it
      const text = error && error.name === "TypeError"
        ? "The app does not answer: it may have quit. Start it again and reload this page."
        : String((error && error.message) || error);
      $("status").textContent = text;
    }
    function clearError() { $("status").textContent = ""; }

    async function api(path, method, signal) {
      const response = await fetch(path, { method: method || "GET", signal,
        headers: { "X-Reactors-Token": token } });
      if (!response.ok) throw new Error(await response.text());
      return response.status === 204 ? null : response.json();
    }

    function current() { return view.recordings[view.recording] || {}; }

    function filterQuery() {
      const chosen = kinds.filter((kind) => $("kind-" + kind).checked);
      let query = "";
      if (chosen.length < kinds.length) query += "&kinds=" + encodeURIComponent(chosen.join(","));
      if ($("slowest").checked) query += "&slowest=1";
      const text = $("text").value.trim();
      if (text) query += "&text=" + encodeURIComponent(text);
      return query;
    }

    async function loadRecordings() {
      const answer = await api("/api/recordings");
      view.timeTravel = answer.timeTravel;
      view.recordings = answer.recordings;
      const select = $("recording");
      while (select.options.length < answer.recordings.length) {
        const entry = answer.recordings[select.options.length];
        select.add(new Option(entry.name, String(entry.id)));
      }
      select.value = String(view.recording);
      for (const option of select.options) {
        const entry = answer.recordings[Number(option.value)];
        if (entry) option.text = entry.name + " (" + entry.count + " steps)";
      }
      const entry = current();
      view.count = entry.count || 0;
      $("travel-badge").style.display = entry.shownStep == null ? "none" : "inline";
      $("live").disabled = !canTravel() || entry.shownStep == null;
      $("export").style.display = entry.canExport ? "inline" : "none";
      $("export").href = "/api/export?r=" + view.recording + "&token=" + encodeURIComponent(token);
      if (hooks.onRecordings) hooks.onRecordings(entry);
    }

    function canTravel() { return view.timeTravel && !current().imported; }

    // A window of steps from a position; or, given `around` (a step's index), the window
    // that holds that step.
    async function loadSteps(from, around) {
      hooks.stepsRequests += 1;
      if (view.stepsRequest) view.stepsRequest.abort();
      const request = new AbortController();
      view.stepsRequest = request;
      const where = around != null ? "&around=" + around : "&from=" + Math.max(0, from);
      const answer = await api("/api/steps?r=" + view.recording + where +
        "&count=" + page + filterQuery(), "GET", request.signal);
      if (view.stepsRequest !== request) return;
      view.stepsRequest = null;
      view.from = answer.from;
      view.steps = answer.steps;
      view.next = answer.next;
      view.count = answer.count;
      render();
    }

    // A mutation whose reduce and delivery took more than a frame (an effect's run may).
    function slowMutation(step) { return step.kind === "mutation" && step.tookMs >= 16; }

    function render() {
      const shown = current().shownStep;
      const signature = JSON.stringify([view.recording, view.selected, shown,
        view.steps.map((s) => [s.index, s.ms, s.kind, s.text, s.cause, s.causeStep, s.source,
          s.cost])]);
      if (signature === view.rendered) return;  // nothing new: keep the rows (and a selection)
      view.rendered = signature;
      hooks.renders += 1;
      const rows = view.steps.map((step, position) => {
        const before = position > 0 ? view.steps[position - 1] : null;
        const classes = ["step"];
        if (step.index === view.selected) classes.push("selected");
        if (step.index === shown) classes.push("shown");
        const cause = step.cause == null ? ""
          : step.causeStep != null
            ? el("span", { class: "cause", "data-cause-step": step.causeStep,
                title: "open the step that caused this one" }, step.cause)
            : el("span", { class: "muted", title: "in another recording" }, step.cause);
        return el("tr", { class: classes.join(" "), "data-index": step.index },
          el("td", {}, step.index),
          el("td", { class: "muted ms" }, step.ms.toFixed(1) + " ms"),
          el("td", { class: "muted delta", title: "since the step before" },
            before && before.index === step.index - 1
              ? "+" + (step.ms - before.ms).toFixed(1) : ""),
          el("td", {}, el("span", { class: "kind k-" + (kinds.includes(step.kind) ? step.kind : "other") }, step.kind)),
          el("td", { class: "text" }, step.text,
            step.source == null ? null
              : el("span", { class: "muted source", title: "where it was sent from" },
                  " from " + step.source),
            step.cost == null ? null
              : el("span", { class: slowMutation(step) ? "cost slow" : "muted cost",
                  title: "what it cost" + (slowMutation(step) ? ": more than a frame (16 ms)" : "") },
                  " · " + step.cost)),
          el("td", {}, cause));
      });
      $("steps").replaceChildren(...rows);
      const last = view.steps.length ? view.steps[view.steps.length - 1].index : view.from;
      $("position").textContent = view.steps.length
        ? "steps " + view.steps[0].index + "–" + last + " of " + view.count
        : "no step here (" + view.count + " in all)";
      if ($("follow").checked) $("timeline").scrollTop = $("timeline").scrollHeight;
    }

    function tree(node) {
      const head = [];
      if (node.label != null) head.push(el("span", { class: "label" }, node.label), ": ");
      head.push(node.summary, " ", el("span", { class: "type" }, node.type));
      if (node.cut) {
        const more = el("button", { class: "more" }, "show all (" + node.cut + " more bytes)");
        more.addEventListener("click", (event) => { event.preventDefault(); expand(node, more, true); });
        head.push(more);
      }
      if (node.more) {
        const more = el("button", { class: "more" }, node.more + " more not shown: show");
        more.addEventListener("click", (event) => { event.preventDefault(); expand(node, more, false); });
        head.push(more);
      }
      if (!node.children || !node.children.length) return el("div", { class: "leaf" }, ...head);
      return el("details", { open: "" }, el("summary", {}, ...head), ...node.children.map(tree));
    }

    // Asks for the node at its path alone, with a fresh budget (or all of its text).
    async function expand(node, button, full) {
      const index = view.selected;
      try {
        const answer = await api("/api/state?r=" + view.recording + "&i=" + index +
          "&path=" + encodeURIComponent(node.path) + (full ? "&full=1" : ""));
        if (view.selected !== index) return;
        const holder = button.closest("details, div.leaf");
        holder.replaceWith(tree(Object.assign(answer.tree, { label: node.label })));
      } catch (error) { showError(error); }
    }

    function diffLines(text) {
      return text.split("\n").map((line) => {
        const kind = line.startsWith("+") ? "add" : line.startsWith("-") ? "del" : "";
        return el("span", { class: kind }, line + "\n");
      });
    }

    function clearDetail() {
      view.selected = null;
      if (view.detailRequest) view.detailRequest.abort();
      view.detailRequest = null;
      $("detail").replaceChildren(el("p", { class: "muted" },
        "Choose a step to see its state and what changed."));
    }

    async function select(index) {
      if (view.detailRequest) view.detailRequest.abort();
      const request = new AbortController();
      view.detailRequest = request;
      const recording = view.recording;
      view.selected = index;
      render();
      const started = performance.now();
      let state, diff;
      try {
        [state, diff] = await Promise.all([
          api("/api/state?r=" + recording + "&i=" + index, "GET", request.signal),
          api("/api/diff?r=" + recording + "&i=" + index, "GET", request.signal),
        ]);
      } catch (error) {
        if (error.name !== "AbortError") showError(error);
        return;
      }
      if (view.detailRequest !== request || view.recording !== recording) return;
      view.detailRequest = null;
      window.inspectorTimings = { step: index, ms: performance.now() - started,
        serverStateMs: state.ms, serverDiffMs: diff ? diff.ms : null };
      const parts = [el("h3", {}, "Step " + index)];
      if (canTravel()) {
        const travel = el("button", { id: "travel" }, "Show step " + index + " in the app");
        travel.addEventListener("click", () => travelTo(recording, index));
        parts.push(travel);
      }
      parts.push(state.exact
        ? el("p", { class: "muted" }, "State made at step " + state.madeAt + ".")
        : el("p", { class: "warning" }, "The file holds no state at this step: shown is the " +
            "state kept at step " + state.keptAt + ", without the " + state.missing +
            " mutation(s) after it (export with a state at every step to see them)."));
      parts.push(el("h4", {}, "What changed"));
      parts.push(diff && diff.diff ? el("pre", { class: "diff" }, ...diffLines(diff.diff))
        : el("p", { class: "muted" }, (diff && diff.note) || "Nothing."));
      parts.push(el("h4", {}, "State"), tree(state.tree));
      $("detail").replaceChildren(...parts);
      if (hooks.onSelect) hooks.onSelect(recording, index);
    }

    async function travelTo(recording, index) {
      try {
        await api("/api/travel?r=" + recording + "&i=" + index, "POST");
        clearError();
        $("follow").checked = false;
        await loadRecordings();
        view.rendered = "";
        render();
      } catch (error) { showError(error); }
    }

    async function goLive() {
      if (!canTravel()) return;  // an imported recording has no app to bring back
      try {
        await api("/api/live?r=" + view.recording, "POST");
        clearError();
        await loadRecordings();
        view.rendered = "";
        render();
      } catch (error) { showError(error); }
    }

    function tailStart() { return Math.max(0, view.count - page); }

    async function poll() {
      hooks.polls += 1;
      try {
        await loadRecordings();
        if ($("follow").checked && !$("text").value.trim() && !$("slowest").checked) {
          await loadSteps(tailStart());
        }
        clearError();
      } catch (error) {
        if (error.name !== "AbortError") showError(error);
      }
      setTimeout(poll, 700);
    }

    function switchTo(id) {
      view.recording = id;
      $("recording").value = String(id);
      view.rendered = "";
      clearDetail();
    }

    // Filtering waits for typing to pause; a newer request aborts the one before.
    let typing = null;
    function filterChanged() {
      clearTimeout(typing);
      typing = setTimeout(() => {
        $("follow").checked = false;
        loadSteps(0).catch((error) => { if (error.name !== "AbortError") showError(error); });
      }, 300);
    }

    function start() {
      $("kinds").replaceChildren(...kinds.map((kind) =>
        el("label", {}, el("input", { type: "checkbox", id: "kind-" + kind, checked: "" }), kind)));
      for (const kind of kinds) $("kind-" + kind).addEventListener("change", filterChanged);
      $("text").addEventListener("input", filterChanged);
      $("slowest").addEventListener("change", filterChanged);
      $("recording").addEventListener("change", () => {
        switchTo(Number($("recording").value));
        loadRecordings().then(() => loadSteps(tailStart())).catch(showError);
      });
      $("older").addEventListener("click", () => {
        $("follow").checked = false;
        loadSteps(view.from - page).catch(showError);
      });
      $("newer").addEventListener("click", () => loadSteps(view.next).catch(showError));
      $("live").addEventListener("click", goLive);
      $("import").addEventListener("change", async () => {
        const file = $("import").files[0];
        if (!file) return;
        try {
          const response = await fetch("/api/import", { method: "POST",
            headers: { "X-Reactors-Token": token }, body: await file.arrayBuffer() });
          if (!response.ok) throw new Error(await response.text());
          const id = (await response.json()).id;
          $("follow").checked = false;
          await loadRecordings();
          switchTo(id);
          await loadRecordings();
          await loadSteps(0);
          clearError();
        } catch (error) { showError(error); }
      });
      $("steps").addEventListener("click", (event) => {
        const cause = event.target.closest("[data-cause-step]");
        if (cause) {
          const at = Number(cause.getAttribute("data-cause-step"));
          $("follow").checked = false;
          loadSteps(0, at).then(() => select(at)).catch(showError);
          return;
        }
        const row = event.target.closest("tr.step");
        if (row) select(Number(row.getAttribute("data-index")));
      });
      loadRecordings().then(() => loadSteps(tailStart())).then(() => {
        window.inspectorFirstScreenMs = performance.now();
        setTimeout(poll, 700);
      }).catch((error) => { showError(error); setTimeout(poll, 700); });
    }
    // For tests and the console: what the page does when a step is asked for; and for the
    // controls' script (`/inspector-controls.js`), what it builds on.
    const hooks = { loadSteps, select, travelTo: (index) => travelTo(view.recording, index), polls: 0, renders: 0,
      stepsRequests: 0, api, el, view, current, canTravel, showError, clearError, diffLines, tree,
      onSelect: null, onRecordings: null };
    window.inspector = hooks;
    start();
    })();
    """#
}
