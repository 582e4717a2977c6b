import Foundation
import TerminalTesting
import Testing

extension InspectorBrowserSuites {
  /// The inspector's page in a real browser (headless Chromium, driven over WebDriver), on the
  /// search example run in tmux: the steps of a query typed there appear in the page, a step's
  /// diff opens, the page's time travel takes the program's screen back, and Live brings it
  /// forward; the session's file, exported, imports back. It takes the README's screenshot of
  /// the page (`docs/inspector.png`, written when `REACTORS_UPDATE_SCREENSHOT=1`).
  @Suite(.tmuxInstalled, .chromiumInstalled)
  struct SearchInspectorBrowserTests {
    @Test func thePageFollowsTheSessionShowsADiffAndTravelsTheScreen() async throws {
      try await endToEnd {
        try self.thePageFollowsTheSessionShowsADiffAndTravelsTheScreenBlocking()
      }
    }

    /// The test's body, which blocks while it waits: on a thread of its own, off the
    /// tasks' pool.
    func thePageFollowsTheSessionShowsADiffAndTravelsTheScreenBlocking() throws {
      let program = try #require(builtProduct(named: "search"), "build the search product first")
      let screen = try Tmux(running: "\(program) --inspect")
      let first = try screen.waitForScreen { $0.contains("Inspector: http://127.0.0.1:") }
      let page = try #require(InspectorPage(screen: first))
      let browser = try WebDriver()
      try browser.open(page.address)
      try browser.wait(until: "document.querySelector('#recording').options.length === 1")

      // What is typed in the program appears in the page, live.
      try screen.type("cat")
      try screen.waitForScreen { resultsQuery($0) == "cat" && loaded($0) != nil }
      try browser.wait(
        until:
          "[...document.querySelectorAll('tr.step')].some(row => row.textContent.includes('setPage'))"
      )

      // Each input shows where it was sent from: the file and line of its `send`.
      try browser.wait(
        until:
          "[...document.querySelectorAll('tr.step')].some(row => row.querySelector('.k-input') && row.querySelector('.source') && /from .+\\.swift:[0-9]+$/.test(row.querySelector('.source').textContent))"
      )

      // A mutation's diff: the page the answer set.
      let setPage = try #require(
        browser.run(
          "return [...document.querySelectorAll('tr.step')].find(row => row.textContent.includes('setPage')).dataset.index"
        ) as? String)
      try browser.click("tr.step[data-index='\(setPage)']")
      try browser.wait(
        until:
          "document.querySelector('pre.diff') && document.querySelector('pre.diff').textContent.includes('CAT')"
      )
      let timings = try #require(browser.run("return window.inspectorTimings") as? [String: Any])
      #expect((timings["serverStateMs"] as? Double ?? .infinity) <= 100)
      #expect((timings["serverDiffMs"] as? Double ?? .infinity) <= 100)
      let png = try browser.screenshot()
      #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
      if ProcessInfo.processInfo.environment["REACTORS_UPDATE_SCREENSHOT"] == "1" {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
          .appendingPathComponent("../../../docs/inspector.png").standardizedFileURL
        try png.write(to: docs)
      }

      // Travel to the first input ("c"): the program's screen shows the state before it.
      try browser.click("tr.step[data-index='1']")
      try browser.wait(until: "document.getElementById('travel') !== null")
      try browser.click("#travel")
      try screen.waitForScreen { $0.contains("Try: dog") && resultsQuery($0) == nil }
      try browser.wait(until: "document.getElementById('travel-badge').style.display === 'inline'")

      // Live: the screen shows the session's last state again.
      try browser.click("#live")
      try screen.waitForScreen { resultsQuery($0) == "cat" && loaded($0) != nil }
      try browser.wait(until: "document.getElementById('travel-badge').style.display === 'none'")

      // The session's file, exported, then imported back: a second recording, read only.
      let file = FileManager.default.temporaryDirectory
        .appendingPathComponent("inspected-\(UUID().uuidString).jsonl")
      try page.request("GET", "/api/export?r=0").body.write(to: file)
      try browser.type(file.path, into: "#import")
      try browser.wait(
        until: "document.querySelector('#recording').options.length === 2 && "
          + "document.querySelectorAll('tr.step').length > 0 && "
          + "document.querySelector('#recording').selectedOptions[0].text.includes('imported')")
      try screen.type("\u{3}")
      try screen.waitForScreen { $0.contains("Bye.") }
    }

    /// What the page promised and did not do: following live keeps the newest step in view, a
    /// poll with nothing new keeps the rows (and a text selection in them), the header fits a
    /// 1,400-pixel window without pushing the page into scrolling, a failed request says so on
    /// the page, and an app that quit is named as such.
    @Test func thePageFollowsKeepsASelectionFitsAndSaysWhatFails() async throws {
      try await endToEnd { try self.thePageFollowsKeepsASelectionFitsAndSaysWhatFailsBlocking() }
    }

    /// The test's body, which blocks while it waits: on a thread of its own, off the
    /// tasks' pool.
    func thePageFollowsKeepsASelectionFitsAndSaysWhatFailsBlocking() throws {
      let program = try #require(builtProduct(named: "search"), "build the search product first")
      let screen = try Tmux(running: "\(program) --inspect")
      let first = try screen.waitForScreen { $0.contains("Inspector: http://127.0.0.1:") }
      let page = try #require(InspectorPage(screen: first))
      let browser = try WebDriver(width: 1_400, height: 700)
      try browser.open(page.address)
      try browser.wait(until: "document.querySelector('#recording').options.length === 1")

      // Enough steps to overflow the timeline; following live shows the newest.
      for (typed, query) in [("cat", "cat"), (" face", "cat face"), (" with", "cat face with")] {
        try screen.type(typed)
        try screen.waitForScreen { resultsQuery($0) == query && !$0.contains("Loading") }
      }
      let count =
        try #require(page.json("/api/recordings")["recordings"] as? [[String: Any]])
        .first?["count"] as? Int ?? 0
      try browser.wait(
        until: "document.querySelector('tr.step:last-child') && "
          + "Number(document.querySelector('tr.step:last-child').dataset.index) >= \(count - 1)")
      try browser.wait(
        until: "(() => { const t = document.getElementById('timeline'); "
          + "return t.scrollHeight > t.clientHeight && "
          + "t.scrollTop + t.clientHeight >= t.scrollHeight - 2; })()")

      // The header on one screen with the rest: the page itself does not scroll.
      let fits = try browser.run(
        "return document.documentElement.scrollHeight <= window.innerHeight && "
          + "document.querySelector('header').getBoundingClientRect().bottom <= "
          + "document.querySelector('main').getBoundingClientRect().top")
      #expect(fits as? Bool == true)

      // A selection in a row survives polls that bring nothing new.
      try browser.run(
        "const cell = document.querySelector('tr.step:last-child td.text');"
          + "const range = document.createRange(); range.selectNodeContents(cell);"
          + "getSelection().removeAllRanges(); getSelection().addRange(range);"
          + "window.selectedBefore = getSelection().toString(); window.pollsBefore = window.inspector.polls;"
          + "window.rendersBefore = window.inspector.renders;")
      try browser.wait(until: "window.inspector.polls >= window.pollsBefore + 2")
      let kept =
        try browser.run(
          "return JSON.stringify([window.selectedBefore, getSelection().toString(), "
            + "String(window.inspector.renders - window.rendersBefore)])") as? String
      let pair = try JSONSerialization.jsonObject(with: Data((kept ?? "[]").utf8)) as? [String]
      #expect(pair?.first?.isEmpty == false)
      #expect(pair?.dropLast() == [pair?.first ?? "", pair?.first ?? ""], "\(kept ?? "")")
      #expect(pair?.last == "0", "re-rendered: \(kept ?? "")")

      // The filter asks once typing pauses: one request for a word typed key by key.
      try browser.run(
        "document.getElementById('follow').checked = false;"
          + "window.requestsBefore = window.inspector.stepsRequests;")
      try browser.type("setPage", into: "#text")
      try browser.wait(
        until: "document.querySelectorAll('tr.step').length > 0 && "
          + "[...document.querySelectorAll('tr.step')].every((row) => "
          + "row.textContent.includes('setPage'))")
      // (Seven requests without the pause; two where the driver's keys came slower than it.)
      let requests = try browser.run(
        "return window.inspector.stepsRequests - window.requestsBefore")
      #expect((1...2).contains(requests as? Int ?? 0), "\(requests ?? "none")")

      // A travel that fails says why on the page.
      try browser.run("window.inspector.travelTo(99999)")
      try browser.wait(
        until: "document.getElementById('status').textContent.includes('No step 99999')")

      // An app that quit is named as such, not "Failed to fetch".
      try screen.type("\u{3}")
      try screen.waitForScreen { $0.contains("Bye.") }
      try browser.run("window.inspector.select(1)")
      try browser.wait(
        until: "document.getElementById('status').textContent.includes('The app does not answer')")
    }
  }
}
