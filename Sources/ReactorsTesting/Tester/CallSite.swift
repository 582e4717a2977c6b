import IssueReporting

/// Where a tester's method was called: its failures are reported at that line, through
/// IssueReporting, so they show in Swift Testing and XCTest alike.
struct CallSite: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  init(_ fileID: StaticString, _ filePath: StaticString, _ line: UInt, _ column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// Fails the test at this call.
  func fail(_ message: String) {
    reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Lists what a non-exhaustive tester let go, as an expected issue at this call: each issue
  /// reporter shows it without failing the test (the default one prints it on Linux and logs it
  /// on Apple platforms).
  func listSkipped(_ message: String) {
    for reporter in IssueReporters.current {
      reporter.expectIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }
}
