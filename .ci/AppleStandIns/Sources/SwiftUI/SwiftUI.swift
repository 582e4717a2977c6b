// A stand-in for SwiftUI (see Package.swift): the API of `ObservedState+SwiftUI.swift`, declared
// as https://developer.apple.com/documentation/swiftui declares it. Type-checking only.

/// `@frozen @propertyWrapper @dynamicMemberLookup struct Binding<Value>`.
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
  /// `init(get: @escaping @isolated(any) @Sendable () -> Value,
  /// set: @escaping @isolated(any) @Sendable (Value) -> Void)`.
  public init(
    get: @escaping @isolated(any) @Sendable () -> Value,
    set: @escaping @isolated(any) @Sendable (Value) -> Void
  ) {}

  /// `var wrappedValue: Value { get nonmutating set }`.
  public var wrappedValue: Value {
    get { fatalError("a stand-in, for type-checking only") }
    nonmutating set {}
  }

  /// `subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) ->
  /// Binding<Subject>`.
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>)
    -> Binding<Subject>
  {
    fatalError("a stand-in, for type-checking only")
  }
}
