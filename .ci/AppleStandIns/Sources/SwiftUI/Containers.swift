// SwiftUI's containers and view state that the standups app uses (see SwiftUI.swift), with
// Apple's shapes. Type-checking only.

/// `@frozen @propertyWrapper struct State<Value>: DynamicProperty`: a value SwiftUI keeps for
/// the view's lifetime.
@propertyWrapper
public struct State<Value> {
  /// `init(wrappedValue value: Value)`.
  public init(wrappedValue value: Value) {}

  /// `var wrappedValue: Value { get nonmutating set }`.
  public var wrappedValue: Value {
    get { fatalError("a stand-in, for type-checking only") }
    nonmutating set {}
  }

  /// `var projectedValue: Binding<Value> { get }`.
  public var projectedValue: Binding<Value> { fatalError("a stand-in, for type-checking only") }
}

/// `extension State: Sendable where Value: Sendable`.
extension State: Sendable where Value: Sendable {}

/// `@frozen struct EmptyView: View`.
nonisolated public struct EmptyView: View {
  /// `init()`.
  public init() {}
  /// `var body: Never { get }`.
  public var body: Never { fatalError("a stand-in, for type-checking only") }
}

/// `@frozen struct TupleView<T>: View`: what a view builder makes of several views.
nonisolated public struct TupleView<T>: View {
  /// `var value: T`.
  public var value: T
  /// `init(_ value: T)`.
  public init(_ value: T) { self.value = value }
  /// `var body: Never { get }`.
  public var body: Never { fatalError("a stand-in, for type-checking only") }
}

/// `@frozen struct _ConditionalContent<TrueContent: View, FalseContent: View>: View`: what a
/// view builder makes of an `if`/`else` or a `switch`.
nonisolated public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
  /// Not Apple's (its storage is internal): what the view builder calls here.
  init() {}
  /// `var body: Never { get }`.
  public var body: Never { fatalError("a stand-in, for type-checking only") }
}

/// `nonisolated struct List<SelectionValue: Hashable, Content: View>: View`.
nonisolated public struct List<SelectionValue: Hashable, Content: View>: View {
  /// `var body: Never { get }` (Apple's is `some View`).
  public var body: Never { fatalError("a stand-in, for type-checking only") }
}

extension List where SelectionValue == Never {
  /// `init(@ViewBuilder content: () -> Content)`: a list without selection.
  public init(@ViewBuilder content: () -> Content) {}
}

/// `nonisolated struct Form<Content: View>: View`.
nonisolated public struct Form<Content: View>: View {
  /// `init(@ViewBuilder content: () -> Content)`.
  public init(@ViewBuilder content: () -> Content) {}
  /// `var body: Never { get }` (Apple's is `some View`).
  public var body: Never { fatalError("a stand-in, for type-checking only") }
}

/// `nonisolated struct Section<Parent, Content, Footer>`, a `View` where all three are views.
nonisolated public struct Section<Parent, Content, Footer> {}

extension Section: View where Parent: View, Content: View, Footer: View {
  /// `var body: Never { get }` (Apple's is `some View`).
  nonisolated public var body: Never { fatalError("a stand-in, for type-checking only") }
}

extension Section where Parent == Text, Content: View, Footer == EmptyView {
  /// `@_disfavoredOverload nonisolated init<S: StringProtocol>(_ title: S, @ViewBuilder content:
  /// () -> Content)`, iOS 15+: a section with a text header.
  public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {}
}

extension Section where Parent == EmptyView, Content: View, Footer == EmptyView {
  /// `nonisolated init(@ViewBuilder content: () -> Content)`: a section without header or
  /// footer.
  public init(@ViewBuilder content: () -> Content) {}
}

/// `struct LabeledContent<Label, Content>`, iOS 16+, a `View` where both are views.
nonisolated public struct LabeledContent<Label, Content> {}

extension LabeledContent: View where Label: View, Content: View {
  /// `var body: Never { get }` (Apple's is `some View`).
  nonisolated public var body: Never { fatalError("a stand-in, for type-checking only") }
}

extension LabeledContent where Label == Text, Content == Text {
  /// `init<S1: StringProtocol, S2: StringProtocol>(_ title: S1, value: S2)`: a value with its
  /// label.
  public init<S1: StringProtocol, S2: StringProtocol>(_ title: S1, value: S2) {}
}
