/// A view (a view controller, a cell, any UI class) bound to a reactor: the seeds' `View`.
///
/// Named `ReactorView` rather than `View`, as ReactorKit's main branch renamed it, so that it
/// does not clash with `SwiftUI.View`. A conforming class declares its bindings in one line
/// and implements ``bind(reactor:)``:
///
/// ```swift
/// final class ProfileViewController: UIViewController, ReactorView {
///   let reactorBindings = Bindings()
///
///   func bind(reactor: ProfileViewReactor) {
///     followButton.onTap = reactor.action(.follow)                                // action
///     bindState(\.isFollowing) { [weak self] in self?.followButton.isSelected = $0 }  // state
///   }
/// }
/// profileViewController.reactor = ProfileViewReactor()   // calls bind(reactor:)
/// ```
///
/// Assigning ``reactor`` ends the bindings of the previous reactor (its ``cancelBag``) and
/// calls ``bind(reactor:)``; assigning `nil` ends them. The bindings belong to the view and end
/// when it is deallocated. Views live on the main actor.
@MainActor
public protocol ReactorView: AnyObject {
  /// The reactor type this view binds to.
  associatedtype Reactor: Reactors.Reactor

  /// The view's reactor and bindings: declare it as `let reactorBindings = Bindings()`.
  var reactorBindings: ReactorBindings<Reactor> { get }

  /// Binds the view to `reactor`: send its actions, observe its state. Called when
  /// ``reactor`` is assigned (for a ``DeferredReactorView``, once the view has loaded).
  func bind(reactor: Reactor)
}

/// A view whose outlets exist only after it has loaded: the seeds' `StoryboardView`.
///
/// Assigning ``ReactorView/reactor`` before the view has loaded stores the reactor and binds
/// later, when the host calls ``reactorViewDidLoad()`` (from `viewDidLoad`, say); after that,
/// assigning binds at once.
@MainActor
public protocol DeferredReactorView: ReactorView {}

extension ReactorView {
  /// The bindings type to declare in a view: `let reactorBindings = Bindings()`.
  public typealias Bindings = ReactorBindings<Reactor>

  /// The view's reactor. Assigning it ends the previous bindings and calls
  /// ``bind(reactor:)``; assigning `nil` ends them.
  public var reactor: Reactor? {
    get { reactorBindings.reactor }
    set { reactorBindings.replace(with: newValue, in: self) }
  }

  /// The bag that owns the current bindings: the seeds' `disposeBag`. Emptied when the reactor
  /// changes.
  public var cancelBag: CancelBag { reactorBindings.bag }

  /// Applies the value at `keyPath` of the reactor's state to the view now and each time it
  /// changes (repeats skipped), on the main actor: the seeds' `bindState`.
  ///
  /// A change made on the main actor is applied before the call that made it returns; a change
  /// made on another thread is applied soon after on the main actor, newest last. Call it from
  /// ``bind(reactor:)``; the binding ends with the view's ``cancelBag``.
  public func bindState<Value: Equatable & Sendable>(
    _ keyPath: KeyPath<Reactor.State, Value>, to apply: @escaping @MainActor (Value) -> Void
  ) {
    guard let reactor else {
      return runtimeWarning(
        "\(Self.self).bindState was called with no reactor; assign one first.",
        key: "\(Self.self).bindState")
    }
    let delivery = MainActorDelivery(apply)
    reactor.observe(keyPath) { delivery.deliver($0) }.store(in: cancelBag)
  }

  /// Applies each assignment of a ``Pulse`` in the reactor's state to the view, on the main
  /// actor, like ``bindState(_:to:)``.
  public func bindPulse<Value: Sendable>(
    _ keyPath: KeyPath<Reactor.State, Pulse<Value>>, to apply: @escaping @MainActor (Value) -> Void
  ) {
    guard let reactor else {
      return runtimeWarning(
        "\(Self.self).bindPulse was called with no reactor; assign one first.",
        key: "\(Self.self).bindPulse")
    }
    let delivery = MainActorDelivery(apply)
    reactor.pulse(keyPath) { delivery.deliver($0) }.store(in: cancelBag)
  }
}

extension DeferredReactorView {
  /// Tells the view it has loaded: binds the reactor assigned so far, and binds later ones at
  /// once. Call it from the host's `viewDidLoad`.
  public func reactorViewDidLoad() {
    reactorBindings.didLoad(self)
  }
}
