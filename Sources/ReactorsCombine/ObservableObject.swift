import Reactors

#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif

/// What `objectWillChange` publishes for a store or a reactor: one event per change of the
/// state, on the main actor, for SwiftUI's `@StateObject`, `@ObservedObject` and
/// `@EnvironmentObject` (iOS 16 and earlier; from iOS 17 prefer `ObservedStore` and
/// `ObservedReactor`, which invalidate per property).
///
/// A change made on the main actor, to a store or reactor no other thread is processing, is
/// published before the call that made it returns (the state is already the new one when
/// SwiftUI reads it); changes made on other threads are published on the main actor soon
/// after, several at once as one event. The state's first
/// value is not published. Repeats are skipped when the state is `Equatable`.
public typealias StateChangePublisher = ObservationPublisher<Void>

extension ObservationPublisher where Output == Void {
  /// Publishes one event on the main actor for each call `observe`'s observer gets after its
  /// first.
  static func changes(
    _ observe: @escaping @Sendable (_ changed: @escaping @Sendable () -> Void) -> ObservationToken
  ) -> ObservationPublisher<Void> {
    ObservationPublisher { publish in
      let onMain = MainActorDelivery<Bool> { _ in publish(()) }
      let hasStarted = Locked(false)
      return observe {
        let isFirst = hasStarted.withLock { started in
          defer { started = true }
          return !started
        }
        if !isFirst { onMain.deliver(true) }
      }
    }
  }
}

// `Store` is a class of this package: conforming it here keeps Combine out of `Reactors`.
extension Store: ObservableObject {
  /// One event on the main actor per change of the state: see ``StateChangePublisher``.
  ///
  /// ```swift
  /// WindowGroup { RootView().environmentObject(store) }
  /// // in RootView: @EnvironmentObject var store: AppStore; Text(store.state.title)
  /// ```
  public var objectWillChange: StateChangePublisher {
    .changes { [self] changed in observeDistinctIfEquatable { _ in changed() } }
  }
}

/// A reactor that SwiftUI can hold as a `@StateObject`, `@ObservedObject` or
/// `@EnvironmentObject`: declare the conformance, and `objectWillChange` is provided (see
/// ``StateChangePublisher``).
///
/// ```swift
/// extension CounterReactor: ObservableObjectReactor {}
///
/// struct CounterView: View {
///   @StateObject var reactor = CounterReactor()
///   var body: some View {
///     Text("\(reactor.currentState.value)")
///     Button("+") { reactor.send(.increase) }
///   }
/// }
/// ```
///
/// `ObservableObject` alone would not do: Combine's own `objectWillChange` (for `@Published`
/// properties) would compete with this one.
public protocol ObservableObjectReactor: Reactor, ObservableObject
where ObjectWillChangePublisher == StateChangePublisher {}

extension ObservableObjectReactor {
  /// One event on the main actor per change of the state (repeats skipped when the state is
  /// `Equatable`): see ``StateChangePublisher``.
  public var objectWillChange: StateChangePublisher {
    .changes { [self] changed in observeDistinctIfEquatable { _ in changed() } }
  }
}
