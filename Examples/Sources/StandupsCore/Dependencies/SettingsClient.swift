import Reactors

/// Opens the system's settings, where a person allows speech recognition again after denying
/// it: `UIApplication.openSettingsURLString` in an iOS app.
public struct SettingsClient: Sendable {
  /// Opens the settings.
  public var open: @Sendable () async -> Void

  /// A client that calls `open`.
  public init(open: @escaping @Sendable () async -> Void) { self.open = open }
}

extension SettingsClient: DependencyKey {
  /// Does nothing: a terminal has no settings app. An iOS app provides one that opens
  /// `UIApplication.openSettingsURLString`.
  public static var liveValue: SettingsClient { SettingsClient(open: {}) }

  /// Fails the test that opens the settings without providing a client.
  public static func testValue(_ unimplemented: Unimplemented) -> SettingsClient {
    SettingsClient(open: unimplemented("open", placeholder: ()))
  }
}

extension Dependencies {
  /// The settings opener (``SettingsClient``).
  public var settings: SettingsClient {
    get { self[SettingsClient.self] }
    set { self[SettingsClient.self] = newValue }
  }
}
