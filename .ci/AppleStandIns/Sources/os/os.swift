// A stand-in for os's `Logger` (see Package.swift): the API of `RuntimeWarning.swift`, declared
// as https://developer.apple.com/documentation/os/logger declares it. Type-checking only.

/// `struct Logger`, iOS 14+ / macOS 11+.
public struct Logger: Sendable {
  /// `init(subsystem: String, category: String)`.
  public init(subsystem: String, category: String) {}

  /// `func fault(_ message: OSLogMessage)`.
  public func fault(_ message: OSLogMessage) {}
}

/// `struct OSLogMessage`: a string interpolation whose values say how private they are.
public struct OSLogMessage: ExpressibleByStringInterpolation {
  /// `init(stringLiteral: String)`.
  public init(stringLiteral value: String) {}
  /// `init(stringInterpolation: OSLogInterpolation)`.
  public init(stringInterpolation: OSLogInterpolation) {}
}

/// `struct OSLogInterpolation`.
public struct OSLogInterpolation: StringInterpolationProtocol {
  /// `init(literalCapacity: Int, interpolationCount: Int)`.
  public init(literalCapacity: Int, interpolationCount: Int) {}
  /// `mutating func appendLiteral(_ literal: String)`.
  public mutating func appendLiteral(_ literal: String) {}

  /// `mutating func appendInterpolation(_ argumentString: @autoclosure @escaping () -> String,
  /// align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto)`.
  public mutating func appendInterpolation(
    _ argumentString: @autoclosure @escaping () -> String,
    align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
  ) {}
}

/// `struct OSLogPrivacy`.
public struct OSLogPrivacy: Sendable {
  /// `static var auto: OSLogPrivacy`.
  public static let auto = OSLogPrivacy()
  /// `static var public: OSLogPrivacy`.
  public static let `public` = OSLogPrivacy()
  /// `static var private: OSLogPrivacy`.
  public static let `private` = OSLogPrivacy()
}

/// `struct OSLogStringAlignment`.
public struct OSLogStringAlignment: Sendable {
  /// `static var none: OSLogStringAlignment`.
  public static let none = OSLogStringAlignment()
}
