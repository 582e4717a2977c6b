import Foundation
import TerminalTesting
import Testing

extension InspectorBrowserSuites {
  /// A recording file handed over as a bug report is hostile until proven otherwise: attack
  /// strings in every field the page shows (the recording's name, causes, effect ids, values,
  /// keys, case names), imported through the page's file input in a real browser and clicked
  /// through (rows, causes, the tree and its "more" buttons, the filter, paging, hovering). No
  /// script runs (every payload sets `window.pwned`, which the test reads), no element gets an
  /// event-handler attribute, and the app beside it does not travel.
  @Suite(.tmuxInstalled, .chromiumInstalled)
  struct InspectorHostileFilesBrowserTests {
    /// Strings that would run script if they became markup, an attribute or a URL.
    static let payloads = [
      #"x" onmouseover="window.pwned=1" q=""#,
      #"<img src=x onerror="window.pwned=2">"#,
      "<script>window.pwned=3</script>",
      "</style><script>window.pwned=4</script></title></textarea>",
      "javascript:window.pwned=5",
      "'><svg onload=window.pwned=6>",
      "\u{2028}\u{2029}window.pwned=7//",
    ]

    @Test func aHostileFileImportsAsTextAndRunsNothing() async throws {
      try await endToEnd { try self.aHostileFileImportsAsTextAndRunsNothingBlocking() }
    }

    /// The test's body, which blocks while it waits: on a thread of its own, off the
    /// tasks' pool.
    func aHostileFileImportsAsTextAndRunsNothingBlocking() throws {
      let program = try #require(builtProduct(named: "search"), "build the search product first")
      let screen = try Tmux(running: "\(program) --inspect")
      let first = try screen.waitForScreen { $0.contains("Inspector: http://127.0.0.1:") }
      let page = try #require(InspectorPage(screen: first))
      try screen.type("cat")
      try screen.waitForScreen { resultsQuery($0) == "cat" && loaded($0) != nil }

      let file = FileManager.default.temporaryDirectory
        .appendingPathComponent("hostile-\(UUID().uuidString).jsonl")
      try Data(Self.hostileFile()).write(to: file)
      defer { try? FileManager.default.removeItem(at: file) }

      let browser = try WebDriver()
      try browser.open(page.address)
      try browser.wait(until: "document.querySelector('#recording').options.length === 1")
      try browser.type(file.path, into: "#import")
      try browser.wait(
        until: "document.querySelector('#recording').options.length === 2 && "
          + "document.querySelector('#recording').selectedOptions[0].text.includes('imported') && "
          + "document.querySelectorAll('tr.step').length === 9")

      try Self.expectNothingRan(in: browser, "after the import")
      // A step chosen in the live recording does not stay on screen for the imported one.
      #expect(
        try browser.run("return document.querySelector('#detail h3') === null") as? Bool == true)

      // Every row, then every cause link, then each step's tree with its buttons.
      for index in 0..<9 {
        try browser.click("tr.step[data-index='\(index)'] td.text")
        try browser.wait(
          until: "document.querySelector('#detail h3') && "
            + "document.querySelector('#detail h3').textContent === 'Step \(index)'")
        // Read only: no travel button for an imported recording.
        #expect(
          try browser.run("return document.getElementById('travel') === null") as? Bool == true)
        try browser.run(
          "document.querySelectorAll('#detail button.more').forEach((b) => b.click());"
            + "document.querySelectorAll('details').forEach((d) => d.open = true)")
        try Self.expectNothingRan(in: browser, "after step \(index)")
      }
      try browser.run("document.querySelectorAll('[data-cause-step]').forEach((c) => c.click())")
      try browser.wait(until: "document.querySelector('tr.selected') !== null")
      // Causes stay inside the imported file: the live recording is not opened.
      #expect(
        try browser.run("return document.querySelector('#recording').selectedOptions[0].text")
          as? String ?? "" == "\(Self.payloads[1] + Self.payloads[2]) (imported) (9 steps)")
      // Causes that name another recording are text, not links.
      let links = try browser.run("return document.querySelectorAll('[data-cause-step]').length")
      #expect(links as? Int == 4)
      // Hover everything, as a person's mouse would.
      try browser.run(
        "document.querySelectorAll('*').forEach((e) => { for (const type of "
          + "['mouseover', 'mouseenter', 'focus', 'click']) "
          + "e.dispatchEvent(new Event(type, { bubbles: true })); })")
      try Self.expectNothingRan(in: browser, "after hovering")
      // The filter and paging.
      try browser.type("script", into: "#text")
      try browser.wait(until: "document.querySelectorAll('tr.step').length >= 1")
      try browser.click("#older")
      try browser.click("#newer")

      // The payloads are there, as text.
      let text = try #require(browser.run("return document.body.innerText") as? String)
      #expect(text.contains("<script>window.pwned=3</script>"))
      try Self.expectNothingRan(in: browser, "after filtering and paging")

      // The app beside it did not travel.
      let recordings = try page.json("/api/recordings")["recordings"] as? [[String: Any]] ?? []
      #expect(recordings.first?["shownStep"] == nil)
      #expect(resultsQuery(try screen.screen()) == "cat")
      try screen.type("\u{3}")
      try screen.waitForScreen { $0.contains("Bye.") }
    }

    /// Checks that no payload ran and none became markup: no `window.pwned`, no element with an
    /// event-handler attribute, no script but the page's own two files, no image, SVG or frame, and no
    /// error shown.
    static func expectNothingRan(in browser: WebDriver, _ when: String) throws {
      let found =
        try browser.run(
          """
          return JSON.stringify({
            pwned: window.pwned === undefined ? null : window.pwned,
            handlers: [...document.querySelectorAll('*')].filter((e) =>
              [...e.attributes].some((a) => a.name.startsWith('on'))).length,
            scripts: [...document.querySelectorAll('script')].map((s) => s.getAttribute('src'))
              .join(","),
            markup: document.querySelectorAll('img, svg, iframe, object, embed').length,
            status: document.getElementById('status').textContent })
          """) as? String
      #expect(
        found == #"{"pwned":null,"handlers":0,"scripts":"/inspector.js,/inspector-controls.js","#
          + #""markup":0,"status":""}"#, "\(when)")
    }

    /// A recording file with a payload in every field the page shows, a 1,000,000-character
    /// string, a value nested 100 deep and an object of 5,000 members.
    static func hostileFile() throws -> [UInt8] {
      let p = payloads
      let name = p[1] + p[2]
      var deep: Any = [p[1]]
      for _ in 0..<100 { deep = [deep] }
      // Two states, each on a line under the import's 1 MB limit.
      let state: [String: Any] = [
        p[1]: p[2], "big": String(repeating: "A", count: 1_000_000), "deep": deep,
        p[4]: [p[0], p[6]],
      ]
      let members = Dictionary(uniqueKeysWithValues: (0..<5_000).map { ("\(p[5])\($0)", "v") })
      let wide: [String: Any] = ["members": members, p[3]: p[2]]
      let small: [String: Any] = [p[2]: p[1], "list": p]
      let lines: [[String: Any]] = [
        [
          "format": "reactors-recording", "version": 1, "name": name, "schema": 1,
          "action": p[2], "mutation": p[1], "state": p[3], "checkpointEvery": 1,
        ],
        ["i": 0, "t": 0, "k": "began", "s": small],
        ["i": 1, "t": 1_000, "k": "input", "a": [p[2]: ["_0": p[1]]], "c": p[0] + "#0"],
        ["i": 2, "t": 2_000, "k": "mutation", "m": [p[3]: [:]], "c": name + "#1", "s": state],
        ["i": 3, "t": 3_000, "k": "effect", "id": p[1], "c": name + "#2"],
        ["i": 4, "t": 4_000, "k": "input", "a": p[5], "c": p[6] + "#3"],
        ["i": 5, "t": 5_000, "k": "mutation", "m": [p[4]: ["_0": p[3], "_1": p[1]]], "s": wide],
        ["i": 6, "t": 6_000, "k": "cancel", "id": p[2], "c": name + "#5"],
        ["i": 7, "t": 7_000, "k": "ended", "start": 3, "cancelled": true, "c": name + "#6"],
        ["i": 8, "t": 8_000, "k": "mutation", "m": p[6], "c": "javascript:alert(1)#7"],
      ]
      var bytes: [UInt8] = []
      for line in lines {
        bytes += try JSONSerialization.data(withJSONObject: line)
        bytes.append(0x0A)
      }
      return bytes
    }
  }
}
