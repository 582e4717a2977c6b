/// A state value that fires on every assignment, for one-off events such as an alert or a
/// navigation: observers of a pulse are called each time it is assigned, even with an equal
/// value, and not when other state changes.
///
/// ```swift
/// struct State: Equatable {
///   @Pulse var alertMessage: String?
/// }
/// // reduce:  state.alertMessage = "Saved"     (fires again even if it was "Saved")
/// // view:    reactor.pulse(\.$alertMessage) { message in ... }
/// ```
///
/// Two pulses are equal when their values are (so a synthesized `State ==` compares what the
/// pulse holds, as a test expects); ``Reactor/pulse(_:_:)`` tells assignments apart by
/// ``updateCount``, so it fires on each one whatever `==` says.
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

  /// The last assignment, equal to another only when it is the same assignment: what pulse
  /// observers compare.
  var assignment: Assignment { Assignment(value: value, count: updateCount) }

  /// One assignment of a pulse: its value and its number.
  struct Assignment: Equatable {
    let value: Value
    let count: UInt

    static func == (lhs: Assignment, rhs: Assignment) -> Bool { lhs.count == rhs.count }
  }
}

extension Pulse: Equatable where Value: Equatable {
  /// Pulses are equal when their values are, however many times each was assigned.
  public static func == (lhs: Pulse, rhs: Pulse) -> Bool { lhs.value == rhs.value }
}

extension Pulse: Hashable where Value: Hashable {
  /// Hashes the value.
  public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

extension Pulse: Sendable where Value: Sendable {}
extension Pulse.Assignment: Sendable where Value: Sendable {}
