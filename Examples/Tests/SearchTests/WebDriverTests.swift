import Foundation
import TerminalTesting
import Testing

extension InspectorBrowserSuites {
  /// The browser tests' own driver: a wait that never holds fails by itself, in time, saying
  /// which condition and where, instead of the driver's bare "script timeout".
  @Suite(.chromiumInstalled)
  struct WebDriverTests {
    @Test func aWaitThatNeverHoldsFailsNamingItsConditionAndItsLine() async throws {
      try await endToEnd {
        try self.aWaitThatNeverHoldsFailsNamingItsConditionAndItsLineBlocking()
      }
    }

    /// The test's body, which blocks while it waits: on a thread of its own, off the
    /// tasks' pool.
    func aWaitThatNeverHoldsFailsNamingItsConditionAndItsLineBlocking() throws {
      let browser = try WebDriver()
      try browser.open(URL(string: "data:text/html,<p id='status'>nothing yet</p>")!)
      try browser.wait(until: "document.getElementById('status') !== null", within: 5)
      let failure = #expect(throws: WebDriver.Failure.self) {
        try browser.wait(until: "window.neverSet === true", within: 1)
      }
      let message = failure?.description ?? ""
      #expect(message.contains("window.neverSet === true"))
      // The line of the `#expect` that holds the call (a macro's calls take its line).
      #expect(message.contains("WebDriverTests.swift:22"))
      #expect(message.contains("last error: none"))
      #expect(message.contains("within 1 s"))
      #expect(message.contains("nothing yet"))
    }
  }
}
