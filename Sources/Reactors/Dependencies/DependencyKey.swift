/// A client a feature depends on (an API, a database, a clock, a UUID generator), named by a
/// type, with the value the app uses and the value a test starts from.
///
/// The key is usually the client type itself:
///
/// ```swift
/// struct APIClient: Sendable {
///   var fetch: @Sendable (Int) async throws -> String
/// }
///
/// extension APIClient: DependencyKey {
///   static let liveValue = APIClient(fetch: { id in try await download(id) })
///
///   static func testValue(_ unimplemented: Unimplemented) -> APIClient {
///     APIClient(fetch: unimplemented("fetch"))
///   }
/// }
/// ```
///
/// A test that calls `fetch` without providing an `APIClient` then fails, naming the client,
/// the endpoint and the line that provides it (see ``Unimplemented``), and never reaches the
/// network.
///
/// See ``Dependencies`` for how a feature gets its clients and a test replaces them.
public protocol DependencyKey {
  /// The client's type: shared across tasks and threads, so it must be `Sendable`.
  associatedtype Value: Sendable

  /// The client the app uses: ``Dependencies/live`` resolves the key to it.
  ///
  /// Read each time a live ``Dependencies`` value is asked for a key it was not given: declare
  /// it `static let` when the client must be made once (a database connection, say).
  static var liveValue: Value { get }

  /// The client a test uses when it does not provide one: ``Dependencies/test(reportingTo:)``
  /// resolves the key to it.
  ///
  /// Build it from `unimplemented`, so that every endpoint a test reaches without providing
  /// the client fails that test with a message that says how to provide it:
  /// `APIClient(fetch: unimplemented("fetch"))`.
  ///
  /// **The default is dangerous:** it reports that the test did not provide the client, then
  /// returns ``liveValue``, so the test goes on to talk to the real network, database or disk.
  /// Implement this method for every client that reaches the outside world.
  static func testValue(_ unimplemented: Unimplemented) -> Value
}

extension DependencyKey {
  /// Reports, when the key is looked up, that the test did not provide the client, then
  /// returns ``DependencyKey/liveValue``: the test goes on with the real client.
  ///
  /// Implement ``DependencyKey/testValue(_:)`` with `unimplemented` endpoints instead, so that
  /// a test never reaches the network.
  public static func testValue(_ unimplemented: Unimplemented) -> Value {
    unimplemented.reportLiveValueUsed()
    return liveValue
  }
}
