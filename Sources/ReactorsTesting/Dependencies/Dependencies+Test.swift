import IssueReporting
import Reactors

extension Dependencies {
  /// Dependencies for a test, with the clients it provides: any other client fails the test
  /// when called (Swift Testing and XCTest alike), with a message that says how to provide it.
  ///
  /// ```swift
  /// let reactor = ArticleReactor(dependencies: .test { $0.apiClient.fetch = { _ in "Hello" } })
  /// let idle = ArticleReactor(dependencies: .test())  // provides nothing
  /// ```
  ///
  /// Failures are reported at the line that called `test`, to the test running there, while
  /// the test runs: a reactor's effects it awaits included.
  ///
  /// - Parameters:
  ///   - provide: Sets the clients the test provides: `$0.apiClient = …`, `$0.clock = clock`.
  ///   - fileID: Where the dependencies are made, for the failures (filled in).
  ///   - filePath: Where the dependencies are made (filled in).
  ///   - line: Where the dependencies are made (filled in).
  ///   - column: Where the dependencies are made (filled in).
  public static func test(
    _ provide: (inout Dependencies) -> Void = { _ in }, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> Dependencies {
    var dependencies = Dependencies.test(reportingTo: { message in
      reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
    })
    provide(&dependencies)
    return dependencies
  }
}
