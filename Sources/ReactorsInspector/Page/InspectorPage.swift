/// The inspector's page: plain HTML, with its style and script served as files of their own
/// (`/inspector.css`, `/inspector.js`), so that the Content-Security-Policy every answer
/// carries can forbid inline script, inline style and event-handler attributes. Nothing is
/// fetched from elsewhere and there is no build step.
///
/// The script builds every element with `createElement`, `textContent` and `setAttribute`:
/// nothing a recording holds (names, causes, values, keys, case names) is ever parsed as
/// markup.
enum InspectorPage {
  /// The files the page loads, by path: their bytes and content type. They hold no data, so
  /// they are served without the token (the `Host` and `Origin` checks still apply).
  static let assets: [String: (type: String, body: String)] = [
    "/inspector.js": ("text/javascript; charset=utf-8", InspectorScript.source),
    "/inspector-controls.js": ("text/javascript; charset=utf-8", InspectorControls.source),
    "/inspector.css": ("text/css; charset=utf-8", InspectorStyle.source),
  ]

  /// The answer for the page (`/`) or one of its ``assets``.
  static func response(for path: String) -> InspectorResponse {
    let (type, body) = path == "/" ? ("text/html; charset=utf-8", html) : assets[path]!
    return InspectorResponse(
      status: 200, headers: [("Content-Type", type)], body: Array(body.utf8))
  }

  static let html = #"""
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <title>Reactors inspector</title>
    <link rel="stylesheet" href="/inspector.css">
    <script src="/inspector.js" defer></script>
    <script src="/inspector-controls.js" defer></script>
    </head>
    <body>
    <header>
      <h1>Reactors inspector</h1>
      <select id="recording" title="recording"></select>
      <input id="text" placeholder="search text" size="16">
      <span id="kinds"></span>
      <label><input type="checkbox" id="follow" checked> follow live</label>
      <label title="the steps that cost the most: measured mutations, effects' runs"><input type="checkbox" id="slowest"> slowest first</label>
      <span id="travel-badge">showing a past step</span>
      <button id="live" disabled>Live</button>
      <a id="export" href="#">export</a>
      <label>import <input type="file" id="import" accept=".jsonl,.json,.txt"></label>
      <details id="send-box"><summary>send an action</summary>
        <textarea id="send-json" rows="3" cols="40" placeholder='{"case":{"_0":"value"}}'></textarea>
        <button id="send">Send</button></details>
    </header>
    <p id="status" role="alert"></p>
    <main>
      <section id="timeline">
        <div id="pager">
          <button id="older">◀ older</button><button id="newer">newer ▶</button>
          <span id="position" class="muted"></span>
          <input type="range" id="slider" min="0" max="0" value="0" title="a step of the session">
          <button id="play" title="play the session back, a step at a time">▶ play</button>
        </div>
        <table><tbody id="steps"></tbody></table>
      </section>
      <section id="detail"><p class="muted">Choose a step to see its state and what changed.</p></section>
    </main>
    </body>
    </html>
    """#
}
