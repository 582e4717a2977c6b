#if canImport(Observation)
  // The navigation bindings' logic made from a main-actor view model, for SwiftUI: its reads go
  // through the model, so a view that draws with it is invalidated when what it read changes
  // (and, for an `Equatable` value, only then), and its sends go through the model's `send`.

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
  extension ObservedState {
    /// The logic of a `NavigationStack(path:)` binding over the stack at `path`; a back swipe
    /// sends `action(.popFrom(id:))`. A view that reads the path is invalidated when the
    /// stack's ids change. See ``StackPathBinding``.
    ///
    /// ```swift
    /// NavigationStack(path: model.pathBinding(\.path, action: AppAction.path)) {
    ///   StandupsList(...)
    ///     .navigationDestination(for: StackElementID.self) { id in Screen(model, id) }
    /// }
    /// ```
    ///
    /// Use the logic on the main actor, where SwiftUI uses it: its reads and sends go through
    /// this model.
    public func pathBinding<Element: Sendable, ElementAction>(
      _ path: KeyPath<State, StackState<Element>> & Sendable,
      action: @escaping @Sendable (StackAction<Element, ElementAction>) -> Action
    ) -> StackPathBinding<Element> {
      StackPathBinding(
        // The ids alone are tracked: a view drawing the stack is not redrawn when a screen on
        // it changes (a timer's tick, a keystroke in a form), only when screens come and go.
        readIDs: {
          MainActor.assumeIsolated { self.trackedValue(path.appending(path: \.ids)) }
        },
        readStack: { MainActor.assumeIsolated { self.trackedValue(path) } },
        popFrom: { id in MainActor.assumeIsolated { self.send(action(.popFrom(id: id))) } })
    }

    /// The logic of a binding over the child presented at `item`; the user's dismissal sends
    /// `action(.dismiss)`. Use it on the main actor. See ``PresentationBinding``.
    public func presentationBinding<Item: Sendable, ChildAction>(
      _ item: KeyPath<State, Item?> & Sendable,
      action: @escaping @Sendable (PresentationAction<ChildAction>) -> Action
    ) -> PresentationBinding<Item> {
      PresentationBinding(
        read: { MainActor.assumeIsolated { self.trackedValue(item) } },
        dismiss: { MainActor.assumeIsolated { self.send(action(.dismiss)) } })
    }

    /// The logic of an alert over the alert at `alert`. Use it on the main actor. See
    /// ``AlertBinding``.
    public func alertBinding<AlertAction: Sendable>(
      _ alert: KeyPath<State, AlertState<AlertAction>?> & Sendable,
      action: @escaping @Sendable (PresentationAction<AlertAction>) -> Action
    ) -> AlertBinding<AlertAction> {
      AlertBinding(
        read: { MainActor.assumeIsolated { self.trackedValue(alert) } },
        send: { sent in MainActor.assumeIsolated { self.send(action(sent)) } })
    }

    /// The logic of a confirmation dialog over the dialog at `dialog`. Use it on the main
    /// actor. See ``ConfirmationDialogBinding``.
    public func dialogBinding<DialogAction: Sendable>(
      _ dialog: KeyPath<State, ConfirmationDialogState<DialogAction>?> & Sendable,
      action: @escaping @Sendable (PresentationAction<DialogAction>) -> Action
    ) -> ConfirmationDialogBinding<DialogAction> {
      ConfirmationDialogBinding(
        read: { MainActor.assumeIsolated { self.trackedValue(dialog) } },
        send: { sent in MainActor.assumeIsolated { self.send(action(sent)) } })
    }

    /// The value at `keyPath`, read as a view reads it: when it is `Equatable` (known only at
    /// run time here), through the subscript that invalidates on its changes only; otherwise
    /// through the one that invalidates on every change.
    func trackedValue<Value>(_ keyPath: KeyPath<State, Value>) -> Value {
      if let equatable = Value.self as? any Equatable.Type {
        return trackedValue(keyPath, comparedAs: equatable)
      }
      return self[dynamicMember: keyPath]
    }

    /// The value at `keyPath`, whose type is `Compared`, through the `Equatable` subscript.
    private func trackedValue<Value, Compared: Equatable>(
      _ keyPath: KeyPath<State, Value>, comparedAs _: Compared.Type
    ) -> Value {
      // `Value` is `Compared`: the casts only tell the compiler so.
      let compared = keyPath as! KeyPath<State, Compared>
      return self[dynamicMember: compared] as! Value
    }
  }
#endif
