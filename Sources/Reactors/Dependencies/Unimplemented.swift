/// Makes a client's endpoints for tests that did not provide the client: each endpoint, when
/// called, fails the test with a message that names the client and the endpoint and says how to
/// provide it.
///
/// ``DependencyKey/testValue(_:)`` receives one; call it with the endpoint's name wherever the
/// client needs a closure:
///
/// ```swift
/// struct APIClient: Sendable {
///   var fetch: @Sendable (Int) async throws -> String
///   var cachedName: @Sendable (Int) -> String?
///   var track: @Sendable (String) -> Void
/// }
///
/// extension APIClient: DependencyKey {
///   static let liveValue = APIClient(…)
///
///   static func testValue(_ unimplemented: Unimplemented) -> APIClient {
///     APIClient(
///       fetch: unimplemented("fetch"),                      // throws `UnimplementedError`
///       cachedName: unimplemented("cachedName", placeholder: nil),
///       track: unimplemented("track", placeholder: ()))
///   }
/// }
/// ```
///
/// A test that calls `fetch` without providing the client fails with:
/// "APIClient.fetch was called, but this test did not provide APIClient. Provide it:
/// `dependencies[APIClient.self] = APIClient(fetch: { … })` (or
/// `Dependencies.test { $0[APIClient.self] = … }`)."
///
/// The call forms cover endpoints of no, one and two arguments: an `async throws` endpoint
/// throws ``UnimplementedError`` after the failure is reported; any other returns the
/// `placeholder` it was given. For other shapes, call ``report(_:)`` in a closure of your own.
public struct Unimplemented: Sendable {
  /// The client's name, as failures name it: the key's type name.
  public let name: String

  /// Where failures go: the test's issue reporter, or a closure a test collects them with.
  public let failure: @Sendable (String) -> Void

  /// The key's type name, for the line that provides the client.
  let keyName: String
  /// The client type's name, for the line that builds one.
  let valueName: String

  /// Makes endpoints that report to `failure`, naming the client `name` (the name of both its
  /// key and its type).
  public init(name: String, failure: @escaping @Sendable (String) -> Void) {
    self.init(name: name, keyName: name, valueName: name, failure: failure)
  }

  /// Makes endpoints for the client that `Key` names.
  init<Key: DependencyKey>(for key: Key.Type, failure: @escaping @Sendable (String) -> Void) {
    let keyName = String(describing: key)
    self.init(
      name: keyName, keyName: keyName, valueName: String(describing: Key.Value.self),
      failure: failure)
  }

  private init(
    name: String, keyName: String, valueName: String,
    failure: @escaping @Sendable (String) -> Void
  ) {
    self.name = name
    self.keyName = keyName
    self.valueName = valueName
    self.failure = failure
  }

  /// Reports that `endpoint` was called although the test did not provide the client: for
  /// endpoint shapes the call forms do not cover.
  public func report(_ endpoint: String) {
    failure(
      "\(valueName).\(endpoint) was called, but this test did not provide \(name). Provide it: "
        + "`dependencies[\(keyName).self] = \(valueName)(\(endpoint): { … })` "
        + "(or `Dependencies.test { $0[\(keyName).self] = … }`).")
  }

  /// Reports that the test looked the client up without providing it, and that, its key having
  /// no test value, the test goes on with the live one.
  func reportLiveValueUsed() {
    failure(
      "\(name) was looked up, but this test did not provide it, and \(keyName) has no test "
        + "value: the test uses the live \(valueName). Provide it: "
        + "`dependencies[\(keyName).self] = \(valueName)(…)` "
        + "(or `Dependencies.test { $0[\(keyName).self] = … }`), and give \(keyName) a "
        + "`static func testValue(_ unimplemented: Unimplemented)` whose endpoints are "
        + "`unimplemented(\"…\")`, so that no test reaches the live client.")
  }

  /// The error an `async throws` endpoint throws after reporting the call.
  func error(_ endpoint: String) -> UnimplementedError {
    UnimplementedError(client: valueName, endpoint: endpoint)
  }
}

// MARK: - Endpoints that return a placeholder

extension Unimplemented {
  /// An endpoint of no argument that reports its call, then returns `placeholder`.
  public func callAsFunction<R: Sendable>(
    _ endpoint: String, placeholder: R
  ) -> @Sendable () -> R {
    { [self] in
      report(endpoint)
      return placeholder
    }
  }

  /// An endpoint of one argument that reports its call, then returns `placeholder`.
  public func callAsFunction<A, R: Sendable>(
    _ endpoint: String, placeholder: R
  ) -> @Sendable (A) -> R {
    { [self] _ in
      report(endpoint)
      return placeholder
    }
  }

  /// An endpoint of two arguments that reports its call, then returns `placeholder`.
  public func callAsFunction<A, B, R: Sendable>(
    _ endpoint: String, placeholder: R
  ) -> @Sendable (A, B) -> R {
    { [self] _, _ in
      report(endpoint)
      return placeholder
    }
  }
}

// MARK: - Async endpoints that return a placeholder

extension Unimplemented {
  /// An `async` endpoint of no argument that reports its call, then returns `placeholder`.
  public func callAsFunction<R: Sendable>(
    _ endpoint: String, placeholder: R
  ) -> @Sendable () async -> R {
    { [self] in
      report(endpoint)
      return placeholder
    }
  }

  /// An `async` endpoint of one argument that reports its call, then returns `placeholder`.
  public func callAsFunction<A, R: Sendable>(
    _ endpoint: String, placeholder: R
  ) -> @Sendable (A) async -> R {
    { [self] _ in
      report(endpoint)
      return placeholder
    }
  }

  /// An `async` endpoint of two arguments that reports its call, then returns `placeholder`.
  public func callAsFunction<A, B, R: Sendable>(
    _ endpoint: String, placeholder: R
  ) -> @Sendable (A, B) async -> R {
    { [self] _, _ in
      report(endpoint)
      return placeholder
    }
  }
}

// MARK: - Async throwing endpoints

extension Unimplemented {
  /// An `async throws` endpoint of no argument that reports its call, then throws
  /// ``UnimplementedError``.
  public func callAsFunction<R>(_ endpoint: String) -> @Sendable () async throws -> R {
    { [self] in
      report(endpoint)
      throw error(endpoint)
    }
  }

  /// An `async throws` endpoint of one argument that reports its call, then throws
  /// ``UnimplementedError``.
  public func callAsFunction<A, R>(_ endpoint: String) -> @Sendable (A) async throws -> R {
    { [self] _ in
      report(endpoint)
      throw error(endpoint)
    }
  }

  /// An `async throws` endpoint of two arguments that reports its call, then throws
  /// ``UnimplementedError``.
  public func callAsFunction<A, B, R>(_ endpoint: String) -> @Sendable (A, B) async throws -> R {
    { [self] _, _ in
      report(endpoint)
      throw error(endpoint)
    }
  }
}
