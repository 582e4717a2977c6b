// A stand-in for os's `Logger` (see Package.swift): the API of `RuntimeWarning.swift`, declared
// as https://developer.apple.com/documentation/os/logger declares it. Type-checking only.
//
// Apple's log calls require constant arguments: a string literal or interpolation for the
// message, and a literal `privacy:` and `align:` (`.public`, not a variable). The compiler checks
// that for functions marked `@_semantics("oslog.requires_constant_arguments")` whose constant
// parameters' members are `@_semantics("constant_evaluable")`, as Apple's are, so the same code
// that fails on Apple (`logger.fault(prebuiltMessage)`, `privacy: chosenPrivacy`) fails here.

/// `struct Logger`, iOS 14+ / macOS 11+.
public struct Logger: Sendable {
  /// `init(subsystem: String, category: String)`.
  public init(subsystem: String, category: String) {}

  /// `func fault(_ message: OSLogMessage)`: the message must be a literal or an interpolation.
  @_semantics("oslog.requires_constant_arguments")
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
  /// align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto)`: `align` and `privacy`
  /// must be constants.
  @_semantics("oslog.requires_constant_arguments")
  public mutating func appendInterpolation(
    _ argumentString: @autoclosure @escaping () -> String,
    align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
  ) {}
}

/// `struct OSLogPrivacy`.
public struct OSLogPrivacy: Sendable {
  /// `static var auto: OSLogPrivacy { get }`.
  @_semantics("constant_evaluable")
  public static var auto: OSLogPrivacy { OSLogPrivacy() }
  /// `static var public: OSLogPrivacy { get }`.
  @_semantics("constant_evaluable")
  public static var `public`: OSLogPrivacy { OSLogPrivacy() }
  /// `static var private: OSLogPrivacy { get }`.
  @_semantics("constant_evaluable")
  public static var `private`: OSLogPrivacy { OSLogPrivacy() }
}

/// `struct OSLogStringAlignment`.
public struct OSLogStringAlignment: Sendable {
  /// `static var none: OSLogStringAlignment { get }`.
  @_semantics("constant_evaluable")
  public static var none: OSLogStringAlignment { OSLogStringAlignment() }
}
