/// What an `async throws` endpoint made by ``Unimplemented`` throws when a test calls it
/// without providing its client, after the failure is reported.
///
/// An effect that calls the endpoint then ends with this error, as it would with a failed
/// request: its `catch`, or the reactor's `report`, sees it.
public struct UnimplementedError: Error, CustomStringConvertible {
  /// The client's type name: `APIClient`.
  public let client: String
  /// The endpoint that was called: `fetch`.
  public let endpoint: String

  /// The error for a call to `client`'s `endpoint`.
  public init(client: String, endpoint: String) {
    self.client = client
    self.endpoint = endpoint
  }

  /// Names the endpoint and says the test did not provide its client.
  public var description: String {
    "\(client).\(endpoint) is unimplemented: this test did not provide \(client)"
  }
}
