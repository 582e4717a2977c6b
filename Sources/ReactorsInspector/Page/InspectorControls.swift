/// The page's controls beyond its timeline, served as `/inspector-controls.js` after the main
/// script, whose `window.inspector` it builds on: keyboard navigation (up, down, Enter travels),
/// a slider over the session's steps and a play button that steps through it (moving the app's
/// screens when time travel is allowed), and, for the step chosen, its whole input or mutation,
/// a diff with any other step, its state copied as JSON, and a what-if without an input. A
/// form sends the app an action as JSON where the app allows it. Like the main script, it
/// builds every element with `el`: nothing from a recording becomes markup.
///
/// The buttons act on a click, a person's or a browser driver's, and not on an event a script
/// makes. For tests: `window.inspectorControls` holds `playing` (whether play runs) and `plays`
/// (the steps it moved to).
enum InspectorControls {
  /// The script's text.
  static let source = #"""
    "use strict";
    (() => {
    const inspector = window.inspector;
    const { api, el, view } = inspector;
    const $ = (id) => document.getElementById(id);
    const controls = { playing: false, plays: 0 };
    window.inspectorControls = controls;
    const r = () => view.recording;

    function stepAt(index) { return view.steps.find((step) => step.index === index); }

    // Up and down choose the step before or after; Enter shows the chosen step in the app.
    async function move(by) {
      const steps = view.steps;
      if (!steps.length) return;
      let position = steps.findIndex((step) => step.index === view.selected);
      if (position < 0) position = by > 0 ? -1 : steps.length;
      const next = position + by;
      if (next >= steps.length && view.next < view.count) {
        await inspector.loadSteps(view.next);
        if (view.steps.length) await inspector.select(view.steps[0].index);
        return;
      }
      if (next < 0 && view.from > 0) {
        const first = steps[0].index;
        await inspector.loadSteps(view.from - 200);
        const before = view.steps.filter((step) => step.index < first);
        if (before.length) await inspector.select(before[before.length - 1].index);
        return;
      }
      const step = steps[Math.max(0, Math.min(steps.length - 1, next))];
      await inspector.select(step.index);
      const row = document.querySelector('tr.step[data-index="' + step.index + '"]');
      if (row) row.scrollIntoView({ block: "nearest" });
    }
    document.addEventListener("keydown", (event) => {
      const target = event.target;
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      // Keys typed into a field, and Enter on a button, a link or a summary, are theirs.
      const within = (selector) => target && target.closest && target.closest(selector);
      if (within("input, textarea, select, [contenteditable]")) return;
      if (event.key === "Enter" && within("button, a, summary")) return;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        $("follow").checked = false;
        move(event.key === "ArrowDown" ? 1 : -1).catch(inspector.showError);
      } else if (event.key === "Enter" && view.selected != null && inspector.canTravel()) {
        event.preventDefault();
        inspector.travelTo(view.selected);
      }
    });

    // The slider chooses any step of the session; play steps through it from the one chosen.
    let sliding = null;
    async function show(index) {
      $("follow").checked = false;
      await inspector.loadSteps(0, index);
      // The first step at or after `index` (in "slowest first", the rows are not in order).
      const after = view.steps.filter((each) => each.index >= index);
      const step = after.length
        ? after.reduce((first, each) => (each.index < first.index ? each : first)) : null;
      if (step) await inspector.select(step.index);
      return step;
    }
    $("slider").addEventListener("input", () => {
      clearTimeout(sliding);
      sliding = setTimeout(() => show(Number($("slider").value)).catch(inspector.showError), 150);
    });
    // Each play is a run of its own: a stopped run's pending step does nothing.
    let run = 0;
    let pending = null;
    async function playStep(mine) {
      if (!controls.playing || mine !== run) return;
      const from = view.selected == null ? -1 : view.selected;
      const entry = inspector.current();
      if (from >= (entry.lastIndex == null ? view.count - 1 : entry.lastIndex)) return stop();
      const step = await show(from + 1);
      if (mine !== run) return;
      if (!step) return stop();
      controls.plays += 1;
      $("slider").value = String(step.index);
      if (inspector.canTravel()) await inspector.travelTo(step.index);
      if (mine !== run) return;
      pending = setTimeout(
        () => playStep(mine).catch((error) => { stop(); inspector.showError(error); }), 400);
    }
    function stop() {
      run += 1;
      clearTimeout(pending);
      controls.playing = false;
      $("play").textContent = "▶ play";
    }
    $("play").addEventListener("click", (event) => {
      if (!event.isTrusted) return;
      if (controls.playing) return stop();
      controls.playing = true;
      run += 1;
      $("play").textContent = "■ stop";
      playStep(run).catch((error) => { stop(); inspector.showError(error); });
    });

    inspector.onRecordings = (entry) => {
      const last = entry.lastIndex == null ? Math.max(0, view.count - 1) : Math.max(0, entry.lastIndex);
      $("slider").max = String(last);
      $("send-box").style.display = entry.canSend ? "inline-block" : "none";
    };

    // Sends the app the action typed, as JSON.
    $("send").addEventListener("click", async (event) => {
      if (!event.isTrusted || !inspector.current().canSend) return;
      try {
        const response = await fetch("/api/send?r=" + r(), { method: "POST",
          headers: { "X-Reactors-Token": new URLSearchParams(location.search).get("token") || "" },
          body: $("send-json").value });
        if (!response.ok) throw new Error(await response.text());
        const answer = await response.json();
        $("status").textContent = "Sent " + answer.sent + ".";
      } catch (error) { inspector.showError(error); }
    });

    // What the chosen step shows besides its state and diff.
    inspector.onSelect = async (recording, index) => {
      const detail = $("detail");
      const step = stepAt(index) || {};
      const tools = el("div", { id: "step-tools" });
      const compareWith = el("input", { type: "number", id: "compare-with", min: "0",
        value: String(Math.max(0, index - 1)), title: "a step to compare with" });
      const compare = el("button", { id: "compare" }, "Compare");
      const result = el("div", { id: "tool-result" });
      compare.addEventListener("click", async (event) => {
        if (!event.isTrusted) return;
        try {
          const answer = await api("/api/compare?r=" + recording + "&i=" + index + "&with=" +
            Number(compareWith.value));
          result.replaceChildren(el("h4", {}, "From step " + answer.previous + " to step " + index),
            answer.diff ? el("pre", { class: "diff" }, ...inspector.diffLines(answer.diff))
              : el("p", { class: "muted" }, answer.note || "The same state."));
        } catch (error) { inspector.showError(error); }
      });
      tools.append(el("label", {}, "compare with step ", compareWith), compare);
      if (inspector.current().canExport) {
        const copy = el("button", { id: "copy-json" }, "Copy state as JSON");
        copy.addEventListener("click", async (event) => {
          if (!event.isTrusted) return;
          try {
            const response = await fetch("/api/statejson?r=" + recording + "&i=" + index,
              { headers: { "X-Reactors-Token": new URLSearchParams(location.search).get("token") || "" } });
            if (!response.ok) throw new Error(await response.text());
            const text = await response.text();
            const area = el("textarea", { id: "copied", rows: "8", cols: "60", readonly: "" }, text);
            result.replaceChildren(el("h4", {}, "State at step " + index + " as JSON"), area);
            area.select();
            let note = "Copied to the clipboard.";
            try { await navigator.clipboard.writeText(text); }
            catch (_) { note = "Selected: copy it with the keyboard."; }
            result.append(el("p", { class: "muted", id: "copy-note" }, note));
          } catch (error) { inspector.showError(error); }
        });
        tools.append(copy);
      }
      if (step.kind === "input" && index > 0 && !inspector.current().imported) {
        const whatIf = el("button", { id: "what-if" }, "What if this input never came?");
        whatIf.addEventListener("click", async (event) => {
          if (!event.isTrusted) return;
          try {
            const answer = await api("/api/whatif?r=" + recording + "&skip=" + index);
            result.replaceChildren(
              el("h4", {}, "Without step " + index + " (and the " + answer.alsoSkipped +
                " steps it caused): the state at step " + answer.last + ", made again with reduce"),
              el("p", { class: "muted" }, "A what-if: effects do not run, and the app is untouched."),
              answer.diff ? el("pre", { class: "diff" }, ...inspector.diffLines(answer.diff))
                : el("p", { class: "muted" }, "The same state as recorded."));
          } catch (error) { inspector.showError(error); }
        });
        tools.append(whatIf);
      }
      tools.append(result);
      const heading = detail.querySelector("h3");
      if (heading) heading.after(tools); else detail.prepend(tools);
      if (step.kind === "input" || step.kind === "mutation") {
        try {
          const value = await api("/api/value?r=" + recording + "&i=" + index);
          if (view.selected !== index) return;
          tools.after(el("h4", {}, step.kind === "input" ? "Input" : "Mutation"),
            el("div", { id: "step-value" }, inspector.tree(value)));
        } catch (error) { inspector.showError(error); }
      }
    };
    })();
    """#
}
