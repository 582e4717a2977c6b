extension Reactor {
  /// Sends an action to the reactor, from any thread, task or actor.
  ///
  /// When the reactor is idle, this thread processes the action before `send` returns, and so
  /// the mutations its effect emits without waiting, and the observers are told: the next line
  /// reads the new ``currentState``. When the reactor is being processed — by this thread (from
  /// `mutate`, an observer, an effect) or by another — the action is queued, `send` returns at
  /// once, and the processing thread runs it in arrival order. A thread that has processed a
  /// batch of other threads' actions hands the rest on (see ``ReactorStorage``).
  ///
  /// One exception to "at once": when the action joins 256 or more items of work already queued
  /// for another thread, `send` sleeps about 0.1 ms (up to about 0.16 ms on Linux) after
  /// queueing it, so that a thread sending faster than the reactor processes gives the
  /// processing thread a head start instead of contending with it for every action. While two
  /// or more other threads pause on the reactor already, it pauses behind 32 items, and longer:
  /// 0.2 ms with two others, 0.4 ms with three, 0.8 ms with four or more. It waits
  /// for that time only, never for the processing thread, and it blocks the calling thread,
  /// whatever it is (the main thread, a task's thread): inside an effect, send through the
  /// effect's ``Send``, which never pauses.
  ///
  /// `fileID` and `line` name the call, for a recording to show where an input came from
  /// (``RecordedStep/sentFrom``): leave them to their defaults. A reactor that is not recorded
  /// never reads them.
  @inlinable
  public func send(_ action: Action, fileID: StaticString = #fileID, line: UInt = #line) {
    storage.send(action, from: self, at: CallSite(fileID, line))
  }

  /// The latest state, after `transform(state:)`; readable from any thread. It waits only for
  /// the engine's lock, held for `reduce` and the engine's own work, never for `mutate`, an
  /// observer or an effect.
  @inlinable
  public var currentState: State {
    storage.currentState(of: self)
  }

  /// The latest state: ``currentState`` by its other name, as on a store (`store.state`). The
  /// states as they come are ``states``.
  @inlinable
  public var state: State {
    storage.currentState(of: self)
  }

  /// Returns a closure that sends `action`: the action side of a binding.
  ///
  /// ```swift
  /// refreshButton.onTap = reactor.action(.refresh)
  /// ```
  public func action(_ action: Action) -> @Sendable () -> Void {
    { [weak self] in self?.send(action) }
  }

  /// Returns a closure that sends the action `makeAction` builds from an event's value.
  ///
  /// ```swift
  /// searchField.onChange = reactor.action { .search($0) }
  /// ```
  public func action<Value>(
    _ makeAction: @escaping @Sendable (Value) -> Action
  )
    -> @Sendable (Value) -> Void
  {
    { [weak self] value in self?.send(makeAction(value)) }
  }
}
