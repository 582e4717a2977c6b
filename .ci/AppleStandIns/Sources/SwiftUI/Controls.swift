// SwiftUI's controls that the standups app uses (see SwiftUI.swift), with Apple's shapes.
// Type-checking only.

import Foundation

/// `nonisolated struct TextField<Label: View>: View`.
nonisolated public struct TextField<Label: View>: View {
  /// `var body: Never { get }` (Apple's is `some View`).
  public var body: Never { fatalError("a stand-in, for type-checking only") }
}

extension TextField where Label == Text {
  /// `@_disfavoredOverload nonisolated init<S: StringProtocol>(_ title: S, text:
  /// Binding<String>)`.
  public init<S: StringProtocol>(_ title: S, text: Binding<String>) {}
}

/// `nonisolated struct Stepper<Label: View>: View`.
nonisolated public struct Stepper<Label: View>: View {
  /// `var body: Never { get }` (Apple's is `some View`).
  public var body: Never { fatalError("a stand-in, for type-checking only") }
}

extension Stepper where Label == Text {
  /// `@_disfavoredOverload nonisolated init<S: StringProtocol, V: Strideable>(_ title: S, value:
  /// Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1, onEditingChanged: @escaping
  /// (Bool) -> Void = { _ in })`.
  public init<S: StringProtocol, V: Strideable>(
    _ title: S, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
    onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) {}
}

/// `nonisolated struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View`.
nonisolated public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View {
  /// `var body: Never { get }` (Apple's is `some View`).
  public var body: Never { fatalError("a stand-in, for type-checking only") }
}

extension Picker where Label == Text {
  /// `@_disfavoredOverload nonisolated init<S: StringProtocol>(_ title: S, selection:
  /// Binding<SelectionValue>, @ViewBuilder content: () -> Content)`: the choices are the
  /// content's views, each with a `tag(_:)`.
  public init<S: StringProtocol>(
    _ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content
  ) {}
}

/// `nonisolated struct ProgressView<Label: View, CurrentValueLabel: View>: View`.
nonisolated public struct ProgressView<Label: View, CurrentValueLabel: View>: View {
  /// `var body: Never { get }` (Apple's is `some View`).
  public var body: Never { fatalError("a stand-in, for type-checking only") }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
  /// `nonisolated init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0)`: a bar filled to
  /// `value / total`.
  public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {}
}

/// `@MainActor @preconcurrency protocol DynamicViewContent: View`: views made of a collection
/// (`ForEach`), which `onDelete(perform:)` applies to.
@MainActor @preconcurrency
public protocol DynamicViewContent: View {
  /// `associatedtype Data: Collection`.
  associatedtype Data: Collection
  /// `var data: Self.Data { get }`.
  var data: Data { get }
}

/// `extension ForEach: DynamicViewContent where Content: View`.
extension ForEach: DynamicViewContent {}

extension DynamicViewContent {
  /// `nonisolated func onDelete(perform action: Optional<(IndexSet) -> Void>) -> some
  /// DynamicViewContent`: the rows can be deleted (a swipe), which calls `action` with their
  /// positions.
  nonisolated public func onDelete(
    perform action: ((IndexSet) -> Void)?
  ) -> some DynamicViewContent { self }
}

extension View {
  /// `nonisolated func tag<V: Hashable>(_ tag: V, includeOptional: Bool = true) -> some View`:
  /// the value a `Picker` selects with this view.
  nonisolated public func tag<V: Hashable>(
    _ tag: V, includeOptional: Bool = true
  ) -> some View { self }
}
