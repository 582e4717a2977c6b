/// A state value that fires on every assignment, for one-off events such as an alert or a
/// navigation: observers of a pulse are called each time it is assigned, even with an equal
/// value, and not when other state changes.
///
/// ```swift
/// struct State {
///   @Pulse var alertMessage: String?
/// }
/// // reduce:  state.alertMessage = "Saved"     (fires again even if it was "Saved")
/// // view:    reactor.pulse(\.$alertMessage) { message in ... }
/// ```
///
/// Two pulses are equal when they have been assigned the same number of times: that is what
/// makes a key-path observer of `\.$alertMessage` fire on every assignment.
@propertyWrapper
public struct Pulse<Value> {
  /// The last value assigned.
  public var value: Value {
    didSet { updateCount &+= 1 }
  }

  /// How many times the value has been assigned.
  public private(set) var updateCount: UInt = 0

  /// Creates a pulse holding an initial value, counted as not yet assigned.
  public init(wrappedValue: Value) { value = wrappedValue }

  /// The last value assigned.
  public var wrappedValue: Value {
    get { value }
    set { value = newValue }
  }

  /// The pulse itself, to observe: `reactor.pulse(\.$alertMessage) { ... }`.
  public var projectedValue: Pulse<Value> { self }
}

extension Pulse: Equatable {
  /// Pulses are equal when they have been assigned the same number of times.
  public static func == (lhs: Pulse, rhs: Pulse) -> Bool { lhs.updateCount == rhs.updateCount }
}

extension Pulse: Sendable where Value: Sendable {}
