/// How much a tester (``ReactorTester``, ``StoreTester``) insists on.
///
/// - ``on``: every state change is asserted whole, every mutation (for a store, every
///   follow-up action) that effects emit must be received in order, and ``Tester/finish(fileID:filePath:line:column:)``
///   fails while effects still run. What unit tests of one reactor want.
/// - ``off(listingSkipped:)``: a state assertion checks only what its closure changes, a
///   `receive` skips what comes before the value it names, and unreceived values and running
///   effects are let go. What an integration test that cares about a few facts wants. With
///   `listingSkipped: true`, each thing skipped is recorded as an expected (known) issue, so the
///   test passes and the report still lists it. To list only the effects really left running,
///   `finish()` then first waits, up to the tester's timeout, until each is asleep on the test
///   clock or has ended (as `advance(by:)` does): one that waits for something else delays it.
///
/// ```swift
/// let tester = ReactorTester(reactor, exhaustivity: .off)
/// await tester.send(.refresh) { $0.isLoading = true }   // other changes are not checked
/// ```
public enum Exhaustivity: Sendable, Equatable {
  /// Everything is asserted (the default).
  case on
  /// Only what the test names is asserted; with `listingSkipped`, what was skipped is listed
  /// as expected issues.
  case off(listingSkipped: Bool)

  /// Only what the test names is asserted, and what was skipped is not listed.
  public static let off = Exhaustivity.off(listingSkipped: false)
}
