import Foundation
import TerminalTesting
import Testing

extension InspectorBrowserSuites {
  /// The page's controls in headless Chromium, on the search example run in tmux: the keys
  /// up, down and Enter (which moves the program's screen), the slider and play, a step's whole
  /// input, a diff with any step, a state copied as JSON, a what-if without an input, each
  /// step's time since the one before, and an action sent from the page that the program's
  /// screen then searches.
  @Suite(.tmuxInstalled, .chromiumInstalled)
  struct InspectorControlsBrowserTests {
    @Test func keysSliderValuesComparisonsJSONWhatIfAndSend() async throws {
      try await endToEnd { try self.keysSliderValuesComparisonsJSONWhatIfAndSendBlocking() }
    }

    /// The test's body, which blocks while it waits: on a thread of its own, off the
    /// tasks' pool.
    func keysSliderValuesComparisonsJSONWhatIfAndSendBlocking() throws {
      let program = try #require(builtProduct(named: "search"), "build the search product first")
      let screen = try Tmux(running: "\(program) --inspect")
      let first = try screen.waitForScreen {
        InspectorPage(screen: $0) != nil && $0.contains("Try:")
      }
      let page = try #require(InspectorPage(screen: first))
      try screen.type("dog")
      try screen.waitForScreen {
        resultsQuery($0) == "dog" && loaded($0) != nil && !$0.contains("Loading")
      }
      let browser = try WebDriver()
      try browser.open(page.address)
      try browser.wait(until: "document.querySelectorAll('tr.step').length > 10")

      // Each row's time since the one before.
      try browser.wait(
        until:
          "/^\\+[0-9]+\\.[0-9]$/.test(document.querySelectorAll('tr.step td.delta')[1].textContent)"
      )

      // Down from nothing chooses the first row, down again the next; up goes back.
      try browser.click("#older")  // the follow box off, the first rows shown
      try browser.run("document.activeElement.blur()")
      try browser.press(WebDriver.arrowDown)
      try browser.wait(until: "document.querySelector('tr.step.selected')")
      let chosen = try #require(
        browser.run("return Number(document.querySelector('tr.step.selected').dataset.index)")
          as? Int)
      try browser.press(WebDriver.arrowDown)
      try browser.wait(
        until: "Number(document.querySelector('tr.step.selected').dataset.index) === \(chosen + 1)")
      try browser.press(WebDriver.arrowUp)
      try browser.wait(
        until: "Number(document.querySelector('tr.step.selected').dataset.index) === \(chosen)")

      // The first input ("d"): its whole value, and a what-if without it.
      // Each wait after a click on a row first waits for that row's detail to be drawn: until
      // then the page still shows the detail and tools of the step chosen before.
      try browser.click("tr.step[data-index='1']")
      try browser.wait(
        until: detailDrawn(for: 1) + " && document.getElementById('step-value') && "
          + "document.getElementById('step-value').textContent.includes('updateQuery')")
      try browser.click("#what-if")
      try browser.wait(
        until:
          "document.getElementById('tool-result').textContent.includes('made again with reduce')")

      // Any two steps compared: the first state and the last.
      let last = try #require(
        browser.run("return Number([...document.querySelectorAll('tr.step')].pop().dataset.index)")
          as? Int)
      try browser.click("tr.step[data-index='\(last)']")
      try browser.wait(
        until: detailDrawn(for: last) + " && document.getElementById('compare-with') !== null")
      try browser.run("document.getElementById('compare-with').value = '0'")
      try browser.click("#compare")
      try browser.wait(
        until: "document.querySelector('#tool-result pre.diff') && "
          + "document.querySelector('#tool-result pre.diff').textContent.includes('DOG')")

      // The state as JSON, to copy: what the server's state as JSON says.
      try browser.click("#copy-json")
      try browser.wait(until: "document.getElementById('copied') !== null")
      let copied = try #require(
        browser.run("return document.getElementById('copied').value") as? String)
      let parsed = try #require(
        JSONSerialization.jsonObject(with: Data(copied.utf8)) as? [String: Any])
      #expect(parsed["query"] as? String == "dog")

      // Enter shows the chosen step in the program: the first step, its first screen.
      try browser.click("tr.step[data-index='0']")
      try browser.wait(
        until: detailDrawn(for: 0) + " && document.getElementById('travel') !== null")
      try browser.run("document.activeElement.blur()")
      try browser.press(WebDriver.enter)
      try screen.waitForScreen { $0.contains("Try: dog") && resultsQuery($0) == nil }
      // The button is enabled once the page has heard that the app shows a past step.
      try browser.wait(until: "!document.getElementById('live').disabled")
      try browser.click("#live")
      try screen.waitForScreen { resultsQuery($0) == "dog" }

      // The slider chooses a step; play steps on from it, moving the program's screen.
      try browser.run(
        "const s = document.getElementById('slider'); s.value = '1'; "
          + "s.dispatchEvent(new Event('input'))")
      try browser.wait(until: "document.querySelector('tr.step.selected[data-index=\"1\"]')")
      try browser.click("#play")
      try browser.wait(until: "window.inspectorControls.plays >= 2")
      try browser.click("#play")  // stop
      try browser.wait(until: "!window.inspectorControls.playing")
      try screen.waitForScreen { !$0.contains("69 names match") }
      try browser.wait(until: "!document.getElementById('live').disabled")
      try browser.click("#live")
      try screen.waitForScreen { resultsQuery($0) == "dog" }

      // An action sent from the page: the program searches it.
      try browser.wait(
        until: "getComputedStyle(document.getElementById('send-box')).display !== 'none'")
      try browser.click("#send-box summary")
      try browser.type(#"{"updateQuery":{"_0":"cat"}}"#, into: "#send-json")
      // The page's poll clears the status line every 0.7 s: the line is caught as it is
      // written, not looked for later.
      try browser.run(
        "window.sentText = null; new MutationObserver(() => { "
          + "const text = document.getElementById('status').textContent; "
          + "if (text.startsWith('Sent')) window.sentText = text; "
          + "}).observe(document.getElementById('status'), "
          + "{ childList: true, characterData: true, subtree: true })")
      try browser.click("#send")
      try browser.wait(until: "window.sentText !== null")
      try screen.waitForScreen { resultsQuery($0) == "cat" && loaded($0) != nil }
      try screen.type("\u{3}")
      try screen.waitForScreen { $0.contains("Bye.") }
    }
  }
}

/// A page condition: the detail of step `index` is drawn (the page's request for it answered
/// and drawn, with the controls' tools; `select(_:)` clears the request in the same turn as it
/// draws).
private func detailDrawn(for index: Int) -> String {
  "(window.inspector.view.detailRequest === null && window.inspector.view.selected === \(index))"
}
