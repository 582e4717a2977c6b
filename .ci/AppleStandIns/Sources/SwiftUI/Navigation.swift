// SwiftUI's navigation modifiers, toolbar and view tasks that the standups app uses (see
// SwiftUI.swift), with Apple's shapes. Type-checking only.

/// `@MainActor @preconcurrency protocol ToolbarContent`: the items of a toolbar.
@MainActor @preconcurrency
public protocol ToolbarContent {
  /// `associatedtype Body: ToolbarContent`.
  associatedtype Body: ToolbarContent
  /// `@ToolbarContentBuilder var body: Self.Body { get }`.
  @ToolbarContentBuilder var body: Body { get }
}

/// `extension Never: ToolbarContent`: the body of the primitive items.
extension Never: ToolbarContent {}

/// `@resultBuilder struct ToolbarContentBuilder`.
@resultBuilder
public struct ToolbarContentBuilder {
  /// `static func buildBlock<Content: ToolbarContent>(_ content: Content) -> some
  /// ToolbarContent`.
  public static func buildBlock<Content: ToolbarContent>(
    _ content: Content
  ) -> some ToolbarContent { content }

  /// `static func buildBlock<C0: ToolbarContent, C1: ToolbarContent>(_ c0: C0, _ c1: C1) ->
  /// some ToolbarContent`.
  public static func buildBlock<C0: ToolbarContent, C1: ToolbarContent>(
    _ c0: C0, _ c1: C1
  ) -> some ToolbarContent { ToolbarItems<(C0, C1)>() }
}

/// Not Apple's (its `TupleToolbarContent` is internal to the builder): what two items make.
nonisolated struct ToolbarItems<T>: ToolbarContent {
  // `return` keeps the builder out of the body: its single block is `some ToolbarContent`.
  var body: Never { return fatalError("a stand-in, for type-checking only") }
}

/// `struct ToolbarItemPlacement`: where an item goes in the toolbar.
public struct ToolbarItemPlacement: Sendable {
  /// `static let automatic: ToolbarItemPlacement`.
  public static let automatic = ToolbarItemPlacement()
  /// `static let primaryAction: ToolbarItemPlacement`: the leading edge of the trailing items.
  public static let primaryAction = ToolbarItemPlacement()
  /// `static let cancellationAction: ToolbarItemPlacement`: a sheet's "Cancel".
  public static let cancellationAction = ToolbarItemPlacement()
  /// `static let confirmationAction: ToolbarItemPlacement`: a sheet's "Done".
  public static let confirmationAction = ToolbarItemPlacement()
}

/// `nonisolated struct ToolbarItem<ID, Content: View>: ToolbarContent`, iOS 14+.
nonisolated public struct ToolbarItem<ID, Content: View>: ToolbarContent {
  /// `var body: Never { get }`.
  public var body: Never { return fatalError("a stand-in, for type-checking only") }
}

extension ToolbarItem where ID == () {
  /// `nonisolated init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: ()
  /// -> Content)`.
  public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {}
}

extension View {
  /// `nonisolated func toolbar<Content: ToolbarContent>(@ToolbarContentBuilder content: () ->
  /// Content) -> some View`, iOS 14+.
  nonisolated public func toolbar<Content: ToolbarContent>(
    @ToolbarContentBuilder content: () -> Content
  ) -> some View { self }

  /// `nonisolated func navigationTitle<S: StringProtocol>(_ title: S) -> some View`, iOS 14+.
  nonisolated public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { self }

  /// `nonisolated func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> some
  /// View`: no back button on this screen of the stack.
  nonisolated public func navigationBarBackButtonHidden(
    _ hidesBackButton: Bool = true
  ) -> some View { self }

  /// `nonisolated func navigationDestination<D: Hashable, C: View>(for data: D.Type,
  /// @ViewBuilder destination: @escaping (D) -> C) -> some View`, iOS 16+: the view a stack
  /// shows for each element of its path of type `D`.
  nonisolated public func navigationDestination<D: Hashable, C: View>(
    for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
  ) -> some View { self }

  /// `nonisolated func task(name: String? = nil, priority: TaskPriority = .userInitiated,
  /// file: String = #fileID, line: Int = #line, _ action: sending @escaping @isolated(any) ()
  /// async -> Void) -> some View`, iOS 15+: runs `action` before the view appears, cancelled
  /// when it disappears. The SDK's interface marks `action` `@_inheritActorContext`, as
  /// `Task.init` does (the documentation leaves underscored attributes out): the closure is
  /// isolated as its context is, the main actor in a body.
  nonisolated public func task(
    name: String? = nil, priority: TaskPriority = .userInitiated, file: String = #fileID,
    line: Int = #line,
    @_inheritActorContext _ action: sending @escaping @isolated(any) () async -> Void
  ) -> some View { self }
}
