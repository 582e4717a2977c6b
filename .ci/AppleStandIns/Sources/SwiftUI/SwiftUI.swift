// A stand-in for SwiftUI (see Package.swift): the API of `ObservedState+SwiftUI.swift` and
// `Navigation+SwiftUI.swift` here, and that of the standups app (Examples/Apple/StandupsSwiftUI)
// in Containers.swift, Controls.swift, Navigation.swift and App.swift, declared as
// https://developer.apple.com/documentation/swiftui declares it in the Xcode 26 SDK.
// Type-checking only: every body is empty, or traps.
//
// Apple's views are `nonisolated` structs (iOS 18 SDK and later) conforming to the main-actor
// `View`, and its modifiers are `nonisolated` members of `extension View`. An initializer or
// modifier with overloads for `LocalizedStringKey` and `StringProtocol` is declared with the
// latter only: a literal then picks it here, and the key on Apple, both compiling.

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

/// `@MainActor @preconcurrency protocol View`.
@MainActor @preconcurrency
public protocol View {
  /// `associatedtype Body: View`.
  associatedtype Body: View
  /// `@ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }`.
  @ViewBuilder var body: Body { get }
}

/// `extension Never: View`: the body of the primitive views.
extension Never: View {
  /// `typealias Body = Never`.
  public typealias Body = Never
  /// `var body: Never { get }`.
  public var body: Never { fatalError("a stand-in, for type-checking only") }
}

/// `extension Optional: View where Wrapped: View`: a view that may be absent.
extension Optional: View where Wrapped: View {
  /// `var body: Never { get }`.
  nonisolated public var body: Never { fatalError("a stand-in, for type-checking only") }
}

/// `@resultBuilder struct ViewBuilder`.
@resultBuilder
public struct ViewBuilder {
  /// `static func buildBlock() -> EmptyView`.
  public static func buildBlock() -> EmptyView { EmptyView() }

  /// `static func buildBlock<Content: View>(_ content: Content) -> Content`.
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

  /// `static func buildBlock<each Content>(_ content: repeat each Content) ->
  /// TupleView<(repeat each Content)> where repeat each Content: View`, iOS 17+.
  public static func buildBlock<each Content: View>(
    _ content: repeat each Content
  ) -> TupleView<(repeat each Content)> {
    TupleView((repeat each content))
  }

  /// `static func buildIf<Content: View>(_ content: Content?) -> Content?`.
  public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }

  /// `static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) ->
  /// _ConditionalContent<TrueContent, FalseContent>`.
  public static func buildEither<TrueContent: View, FalseContent: View>(
    first: TrueContent
  ) -> _ConditionalContent<TrueContent, FalseContent> {
    _ConditionalContent()
  }

  /// `static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) ->
  /// _ConditionalContent<TrueContent, FalseContent>`.
  public static func buildEither<TrueContent: View, FalseContent: View>(
    second: FalseContent
  ) -> _ConditionalContent<TrueContent, FalseContent> {
    _ConditionalContent()
  }
}

/// `nonisolated struct Text: View`.
nonisolated public struct Text: View {
  /// `init(verbatim content: String)`: shows `content` as it is, not looked up for localization.
  public init(verbatim content: String) {}
  /// `@_disfavoredOverload init<S: StringProtocol>(_ content: S)`.
  public init<S: StringProtocol>(_ content: S) {}
  /// `var body: Never { get }`.
  public var body: Never { fatalError("a stand-in, for type-checking only") }
}

/// `struct ButtonRole: Equatable, Sendable`, iOS 15+.
public struct ButtonRole: Equatable, Sendable {
  /// `static let destructive: ButtonRole`.
  public static let destructive = ButtonRole()
  /// `static let cancel: ButtonRole`.
  public static let cancel = ButtonRole()
}

/// `nonisolated struct Button<Label: View>: View`.
nonisolated public struct Button<Label: View>: View {
  /// `@preconcurrency nonisolated init(role: ButtonRole?, action: @escaping @MainActor () ->
  /// Void, @ViewBuilder label: () -> Label)`, iOS 15+.
  public init(
    role: ButtonRole?, action: @escaping @MainActor () -> Void,
    @ViewBuilder label: () -> Label
  ) {}
  /// `var body: Never { get }` (Apple's is `some View`).
  public var body: Never { fatalError("a stand-in, for type-checking only") }
}

extension Button where Label == Text {
  /// `@_disfavoredOverload @preconcurrency nonisolated init<S: StringProtocol>(_ title: S,
  /// action: @escaping @MainActor () -> Void)`.
  public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {
    self.init(role: nil, action: action, label: { Text(title) })
  }

  /// `@_disfavoredOverload @preconcurrency nonisolated init<S: StringProtocol>(_ title: S,
  /// role: ButtonRole?, action: @escaping @MainActor () -> Void)`, iOS 15+.
  public init<S: StringProtocol>(
    _ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void
  ) {
    self.init(role: role, action: action, label: { Text(title) })
  }
}

extension Button {
  /// `@preconcurrency nonisolated init(action: @escaping @MainActor () -> Void, @ViewBuilder
  /// label: () -> Label)`.
  public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
    self.init(role: nil, action: action, label: label)
  }
}

/// `nonisolated struct ForEach<Data, ID, Content> where Data: RandomAccessCollection,
/// ID: Hashable`, a `View` where `Content: View`.
nonisolated public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
  /// `var data: Data`: the collection of the views' data.
  public var data: Data

  /// `init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping
  /// (Data.Element) -> Content)`.
  public init(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @ViewBuilder content: @escaping (Data.Element) -> Content
  ) {
    self.data = data
  }
  /// `var body: Never { get }`.
  public var body: Never { fatalError("a stand-in, for type-checking only") }
}

extension ForEach where ID == Data.Element.ID, Data.Element: Identifiable {
  /// `init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content)`: a view
  /// per element, identified by its `id`.
  public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
    self.data = data
  }
}

/// `nonisolated struct NavigationStack<Data, Root: View>: View`, iOS 16+.
nonisolated public struct NavigationStack<Data, Root: View>: View {
  /// `init(path: Binding<Data>, @ViewBuilder root: () -> Root) where Data: MutableCollection,
  /// Data: RandomAccessCollection, Data: RangeReplaceableCollection, Data.Element: Hashable`.
  public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
  where
    Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection,
    Data.Element: Hashable
  {}
  /// `var body: Never { get }` (Apple's is `some View`).
  public var body: Never { fatalError("a stand-in, for type-checking only") }
}

extension NavigationStack where Data == NavigationPath {
  /// `init(@ViewBuilder root: () -> Root)`: a stack that manages its own path.
  public init(@ViewBuilder root: () -> Root) {}
}

/// `struct NavigationPath`, iOS 16+: a type-erased list of data in a navigation stack.
public struct NavigationPath {
  /// `init()`: an empty path.
  public init() {}
}

/// `@frozen enum Visibility: Hashable, CaseIterable`, iOS 15+.
public enum Visibility: Hashable, CaseIterable, Sendable {
  /// `case automatic`.
  case automatic
  /// `case visible`.
  case visible
  /// `case hidden`.
  case hidden
}

extension View {
  /// `nonisolated func sheet<Item, Content>(item: Binding<Item?>, onDismiss: (() -> Void)? =
  /// nil, @ViewBuilder content: @escaping (Item) -> Content) -> some View where Item:
  /// Identifiable, Content: View`, iOS 13+.
  nonisolated public func sheet<Item: Identifiable, Content: View>(
    item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
    @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View { self }

  /// `nonisolated func alert<S, A, M>(_ title: S, isPresented: Binding<Bool>, @ViewBuilder
  /// actions: () -> A, @ViewBuilder message: () -> M) -> some View where S: StringProtocol,
  /// A: View, M: View`, iOS 15+.
  nonisolated public func alert<S: StringProtocol, A: View, M: View>(
    _ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A,
    @ViewBuilder message: () -> M
  ) -> some View { self }

  /// `nonisolated func confirmationDialog<S, A, M>(_ title: S, isPresented: Binding<Bool>,
  /// titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A, @ViewBuilder
  /// message: () -> M) -> some View where S: StringProtocol, A: View, M: View`, iOS 15+.
  nonisolated public func confirmationDialog<S: StringProtocol, A: View, M: View>(
    _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
    @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
  ) -> some View { self }
}
