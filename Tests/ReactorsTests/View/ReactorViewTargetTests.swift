import Reactors
import Testing

/// A stand-in for a UIKit control: one handler per event, as `addAction(_:for:)` keeps them.
@MainActor
final class FakeControl {
  var handlers: [Int: @MainActor () -> Void] = [:]
  private var nextID = 0
  var text = ""

  func add(_ handler: @escaping @MainActor () -> Void) -> @MainActor () -> Void {
    nextID += 1
    let id = nextID
    handlers[id] = handler
    return { [weak self] in self?.handlers[id] = nil }
  }

  func fire() { for handler in handlers.values { handler() } }
}

/// A stand-in for a label.
@MainActor
final class FakeLabel {
  var text: String?
  var count = 0
}

/// A view whose bindings are the UIKit glue's: events sending actions, state set on targets.
@MainActor
final class ControlsView: ReactorView {
  let reactorBindings = Bindings()
  let button = FakeControl()
  let field = FakeControl()
  let label = FakeLabel()

  func bind(reactor: ProbeReactor) {
    bindEvents(button.add, send: { .increment })
    bindEvents(field.add, send: { [field] in field.text.isEmpty ? nil : .setTitle(field.text) })
    bindState(\.title, to: label, \.text)
    bindState(\.count, to: label, \.count)
  }
}

/// The logic under the UIKit bindings, on Linux: control events send actions until the
/// bindings end; state is applied to a target's property; nothing keeps a target alive.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ReactorViewTargetTests {
  @Test func eventsSendActionsAndStateReachesTheTargets() {
    let view = ControlsView()
    let reactor = ProbeReactor()
    view.reactor = reactor
    #expect(view.label.text == "")
    view.button.fire()
    view.button.fire()
    #expect(reactor.currentState.count == 2)
    #expect(view.label.count == 2)  // applied before the event returned
    view.field.fire()  // empty text: no action
    view.field.text = "hello"
    view.field.fire()
    #expect(view.label.text == "hello")
  }

  @Test func endingTheBindingsUninstallsTheHandlers() {
    let view = ControlsView()
    let old = ProbeReactor()
    view.reactor = old
    #expect(view.button.handlers.count == 1)
    let new = ProbeReactor()
    view.reactor = new  // the old bindings end, their handlers are removed
    #expect(view.button.handlers.count == 1)
    view.button.fire()
    #expect(old.currentState.count == 0)
    #expect(new.currentState.count == 1)
    view.reactor = nil
    #expect(view.button.handlers.isEmpty)
    #expect(view.field.handlers.isEmpty)
  }

  @Test func aTargetIsNotKeptAlive() {
    let view = ControlsView()
    let reactor = ProbeReactor()
    view.reactor = reactor
    var label: FakeLabel? = FakeLabel()
    weak var gone: FakeLabel?
    gone = label
    view.bindState(\.title, to: label!, \.text)
    label = nil
    #expect(gone == nil)
    reactor.send(.setTitle("after"))  // the binding finds no target, and does nothing
    #expect(view.label.text == "after")
  }
}
