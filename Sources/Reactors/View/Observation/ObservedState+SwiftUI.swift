// Built on Apple platforms only (SwiftUI): a thin layer over ObservedState, which holds the
// logic and is built and tested on Linux.
#if canImport(SwiftUI) && canImport(Observation)
  import SwiftUI

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
  extension ObservedState {
    /// A binding that reads the value at `keyPath` and, when a control writes it, sends the
    /// action `action` makes of the new value: the state changes only through the reactor.
    ///
    /// ```swift
    /// TextField("Search", text: model.binding(\.query, send: SearchReactor.Action.setQuery))
    /// ```
    public func binding<Value: Equatable>(
      _ keyPath: KeyPath<State, Value> & Sendable,
      send action: @escaping @Sendable (Value) -> Action
    ) -> Binding<Value> {
      Binding(
        get: { @MainActor in self[dynamicMember: keyPath] },
        set: { @MainActor newValue in self.send(action(newValue)) })
    }
  }
#endif
