extension ReactorStorage {
  /// Tells the observers about the state just reduced (or set): observers of every state
  /// first, then each key-path group whose value changed, in the order the groups were made.
  ///
  /// Lock held. The registry is walked in place, one short access at a time, so an observer
  /// may add or remove observers meanwhile (see ``ObserverRegistry``); the state is read in
  /// place, since copying it would retain every collection it holds. It cannot change during
  /// the delivery: work an observer submits is queued.
  @inlinable
  func notifyObservers() {
    guard !core.pointee.observers.isEmpty else { return }
    core.pointee.observers.isNotifying = true
    if core.pointee.stateStage == nil {
      withUnsafePointer(to: &core.pointee.state!) { deliver($0) }
    } else {
      withUnsafePointer(to: &core.pointee.published!) { deliver($0) }
    }
    core.pointee.observers.isNotifying = false
    if core.pointee.observers.needsCompaction { core.pointee.observers.compact() }
  }

  @inlinable
  func deliver(_ state: UnsafePointer<R.State>) {
    if let everyState = core.pointee.observers.everyState {
      SubscriberList.deliver(state.pointee, to: everyState.subscribers)
    }
    let end = core.pointee.observers.groups.count
    var index = 0
    while index < end {
      core.pointee.observers.groups.unretainedElement(at: index)._withUnsafeGuaranteedRef {
        $0.deliver($0, state)
      }
      index &+= 1
    }
  }
}
