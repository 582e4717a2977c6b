import Observation
import Testing

@testable import Reactors

extension NavigationGlueTests {
  /// The bindings made from a store, a scoped store, a reactor and a main-actor view model read
  /// the state named and send through the action given.
  @Suite struct NavigationBindingSourcesTests {
    @Test func aScopedStoresBindingsReadItsPartAndDispatchWrapped() {
      let store = glueStore()
      let scoped = store.scope(state: \GlueApp.self, action: { (action: GlueAction) in action })
      store.dispatch(.push(.detail(1)))
      store.dispatch(.push(.settings))
      store.dispatch(.presentEditor(2))
      store.dispatch(.askToDelete)
      scoped.pathBinding(\.path, action: GlueAction.path).write([0])
      #expect(store.state.path.ids == [0])
      #expect(scoped.presentationBinding(\.editor, action: GlueAction.editor).write(nil))
      #expect(store.state.editor == nil)
      let alert = scoped.alertBinding(\.alert, action: GlueAction.alert)
      alert.tap(alert.effectiveButtons[0])
      #expect(alert.setPresented(false))
      #expect(store.state.deleted == 1 && store.state.alert == nil)
      store.dispatch(.offerSharing)
      #expect(scoped.dialogBinding(\.dialog, action: GlueAction.dialog).setPresented(false))
      #expect(store.state.dialog == nil)
    }

    @Test func aReactorsBindingsReadItsStateAndSendToIt() {
      let reactor = GlueReactor()
      reactor.send(.push(.detail(1)))
      reactor.send(.push(.settings))
      reactor.send(.presentEditor(2))
      reactor.send(.askToDelete)
      let path = reactor.pathBinding(\.path, action: GlueAction.path)
      #expect(path.ids == [0, 1])
      path.write([0])
      #expect(reactor.currentState.path.ids == [0])
      #expect(reactor.presentationBinding(\.editor, action: GlueAction.editor).write(nil))
      #expect(reactor.currentState.editor == nil)
      let alert = reactor.alertBinding(\.alert, action: GlueAction.alert)
      alert.tap(alert.effectiveButtons[3])
      #expect(!alert.setPresented(false))
      #expect(reactor.currentState.alert == nil && reactor.currentState.alertDismissals == 1)
      reactor.send(.offerSharing)
      #expect(reactor.dialogBinding(\.dialog, action: GlueAction.dialog).setPresented(false))
      #expect(reactor.currentState.dialog == nil)
    }
  }

  /// The bindings made from a main-actor view model read through it, so a view that reads a
  /// path, a sheet or an alert is invalidated when that changes, and only then.
  // Observation needs iOS 17 / macOS 14: each test says so (a suite cannot).
  @MainActor
  @Suite struct ObservedNavigationBindingTests {
    /// Whether `read` was invalidated by `change`.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    func invalidates(_ read: () -> Void, when change: () -> Void) -> Bool {
      let invalidated = Locked(false)
      withObservationTracking(read) { invalidated.withLock { $0 = true } }
      change()
      return invalidated.withLock { $0 }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aPathReadThroughAModelIsInvalidatedWhenTheStackChangesOnly() {
      let model = ObservedStore(glueStore())
      let path = model.pathBinding(\.path, action: GlueAction.path)
      #expect(!invalidates({ _ = path.ids }, when: { model.send(.setTitle("Standups")) }))
      #expect(invalidates({ _ = path.ids }, when: { model.send(.push(.settings)) }))
      #expect(path.ids == [0])
      path.write([])
      #expect(model.store.state.path.isEmpty)
      // A screen changed in place leaves the ids, and a view drawing them, as they were.
      model.send(.push(.detail(1)))
      let id = model.store.state.path.ids[0]
      #expect(
        !invalidates(
          { _ = path.ids }, when: { model.send(.path(.element(id: id, action: .rename))) }))
      #expect(model.store.state.path[id: id] == .detail(2))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aSheetAndAnAlertReadThroughAModelAreInvalidatedWhenTheyChangeOnly() {
      let model = ObservedStore(glueStore())
      let sheet = model.presentationBinding(\.editor, action: GlueAction.editor)
      #expect(!invalidates({ _ = sheet.item }, when: { model.send(.setTitle("A")) }))
      #expect(invalidates({ _ = sheet.item }, when: { model.send(.presentEditor(1)) }))
      #expect(sheet.write(nil))
      #expect(model.store.state.editor == nil)

      let alert = model.alertBinding(\.alert, action: GlueAction.alert)
      #expect(!invalidates({ _ = alert.isPresented }, when: { model.send(.setTitle("B")) }))
      #expect(invalidates({ _ = alert.isPresented }, when: { model.send(.askToDelete) }))
      let drawn = model.alertBinding(\.alert, action: GlueAction.alert)
      drawn.tap(drawn.effectiveButtons[0])
      #expect(drawn.setPresented(false))
      #expect(model.store.state.alert == nil && model.store.state.deleted == 1)

      let dialog = model.dialogBinding(\.dialog, action: GlueAction.dialog)
      #expect(invalidates({ _ = dialog.isPresented }, when: { model.send(.offerSharing) }))
      #expect(model.dialogBinding(\.dialog, action: GlueAction.dialog).setPresented(false))
      #expect(model.store.state.dialog == nil)
    }
  }
}
