/// Who processes a reactor's work, and what waits for it: the engine's state machine.
///
/// A pure value, kept under the storage's lock; an `Owner` is a thread's identity there. Its methods are named after what happened and
/// return what the caller is to do; the storage does that with the lock released.
///
/// - A thread that finds the reactor idle **claims** it and processes its own work at once
///   (contract 2); a thread that finds it owned by another thread, or handed off, queues its
///   work and returns. No thread ever waits for another thread's `mutate`, observer or effect.
/// - The owner takes the queued work in arrival order before it lets go, so every queued item
///   is processed, once, in order, and each state reaches the observers before the next item.
/// - Fairness: work the owner's own processing queued (from its effects, observers, `mutate`)
///   is always taken in line. Once the owner has taken ``batch`` items that other threads
///   queued, it lets go and asks a task the reactor owns to go on, so its caller's `send`
///   returns in bounded time while other threads keep sending. Until that task starts, the
///   next thread to send takes over instead (after the queued work, which keeps its order):
///   threads that keep sending take turns processing, and no third thread competes with them.
/// - Pacing: a thread whose item joins ``backlog`` or more items queued while another thread
///   processes is told so (``Arrival/queuedBehindBacklog(pausing:)``); `send` then gives the
///   processing thread a head start before it returns (see
///   `giveTheProcessingThreadAHeadStart(pausing:)`).
///   Without it, two threads sending to one reactor as fast as they can pass its lock and
///   queue between their cores for every action, which costs several times the action's own
///   work; with it, one thread processes alone for a while, and, while it keeps up, the queue
///   stays near ``backlog`` items instead of growing as fast as the senders outrun it. While a
///   ``crowd`` of threads pauses already, a sender pauses behind ``crowdedBacklog`` items, and
///   longer (see `headStartMicroseconds(pausing:)`): many threads flooding one reactor then wake
///   less often, each to queue fewer items while the owner processes, which contends with it
///   for the lock at every item. ``pausing`` counts the threads pausing, from
///   ``arrived(_:scope:from:fromEffect:mayPause:)`` to ``pauseEnded()``.
@usableFromInline
struct Processing<Item, Owner: Equatable> {
  @usableFromInline
  enum Phase: Equatable {
    /// Nobody processes; the queue is empty.
    case idle
    /// The thread processing the reactor's work.
    case owned(by: Owner)
    /// A task has been asked to go on processing; until it starts, everyone queues.
    case handedOff
  }

  /// An item waiting in the queue, with whether a thread other than the owner queued it, and
  /// whether it came later than the owner's own processing: another thread's, or one an effect
  /// queued while it started on the owner's thread (what a tester receives rather than credits
  /// to a `send`). With the step that sent it, when the reactor is hooked (``StepScope``).
  @usableFromInline
  struct Queued {
    @usableFromInline let item: Item
    @usableFromInline let isForeign: Bool
    @usableFromInline let isLater: Bool
    @usableFromInline let scope: StepScope?

    @inlinable init(item: consuming Item, isForeign: Bool, isLater: Bool, scope: StepScope?) {
      self.item = item
      self.isForeign = isForeign
      self.isLater = isLater
      self.scope = scope
    }
  }

  /// What the thread whose work arrived is to do.
  @usableFromInline
  enum Arrival: Equatable {
    /// It owns processing now: process the item, then ``finishedItems(into:)``.
    case process
    /// It owns processing now, behind queued work: its item was queued last; call
    /// ``finishedItems(into:)`` to take the queue in order.
    case processQueued
    /// The item is queued for the owner; return.
    case queued
    /// The item is queued for another thread, behind ``Processing/backlog`` or more others
    /// (``Processing/crowdedBacklog`` while a ``Processing/crowd`` pauses): return, after
    /// giving that thread a head start, then call ``Processing/pauseEnded()``. `pausing`: how
    /// many threads pause now, this one included.
    case queuedBehindBacklog(pausing: Int)
  }

  /// What the owner is to do after its items.
  @usableFromInline
  enum Next {
    /// Process the items taken, in order, then call ``finishedItems(into:)`` again.
    case process
    /// Start a task that calls ``handOffStarted(on:)`` and goes on.
    case handOff
    /// Nothing is left: processing is over.
    case idle
  }

  /// How many items queued by other threads one owner takes before it hands the rest on.
  @inlinable static var batch: Int { 256 }

  /// How many queued items make a thread that queues one more for another thread wait a
  /// moment before it returns (see ``Arrival/queuedBehindBacklog(pausing:)``).
  @inlinable static var backlog: Int { 256 }

  /// How many threads pausing behind the backlog at once make a crowd, which shortens the
  /// backlog for the next (``crowdedBacklog``). Two: a ring of reactors that send to each
  /// other has at most two senders to a reactor besides its owner, and keeps ``backlog``.
  @inlinable static var crowd: Int { 2 }

  /// The backlog while a ``crowd`` pauses. Scenario 6 of the benchmarks chose it: eight
  /// threads sending to one reactor went 1.18–1.33 times as fast (medians of interleaved runs)
  /// with 32 as with 256; 8 did no better.
  @inlinable static var crowdedBacklog: Int { 32 }

  @usableFromInline var queue = WorkQueue<Queued>()
  /// Items queued by other threads that the current owner has taken.
  @usableFromInline var foreignTaken = 0
  /// Threads pausing behind the backlog now: told ``Arrival/queuedBehindBacklog(pausing:)``,
  /// and not yet ``pauseEnded()``.
  @usableFromInline var pausing = 0
  /// Last: its 9 bytes leave 7 of padding, where the engine's core places what follows this
  /// value (its lifecycle's flags) instead of after them (scenario 4, the heap of an idle
  /// reactor).
  @usableFromInline var phase = Phase.idle

  @inlinable init() {}

  /// Whether `thread` is the one processing now.
  @inlinable
  func isOwned(by thread: Owner) -> Bool {
    // Matched rather than compared with `==`: the synthesized `==` of a generic enum is not
    // inlinable, and would look up metadata at run time on every send.
    if case .owned(let owner) = phase { return owner == thread }
    return false
  }

  /// Whether nobody processes.
  @inlinable
  var isIdle: Bool {
    if case .idle = phase { return true }
    return false
  }

  /// `thread` wants to process: it owns processing if nobody did.
  @inlinable
  mutating func claim(on thread: Owner) -> Bool {
    guard isIdle else { return false }
    own(on: thread)
    return true
  }

  /// `thread` owns processing from now on, with no other thread's item taken yet.
  @inlinable
  mutating func own(on thread: Owner) {
    phase = .owned(by: thread)
    foreignTaken = 0
  }

  /// `item` arrived from `thread`: processed by it now, or queued for the owner, in `scope`
  /// (read only then). `fromEffect`: the owner's thread queues it while starting an effect (see
  /// ``Queued/isLater``). `mayPause`: the caller pauses when told to (a `send`), then calls
  /// ``pauseEnded()``; an effect's `Send`, an observer's registration and the engine's own
  /// work never pause, and are never told to.
  @inlinable
  mutating func arrived(
    _ item: consuming Item, scope: @autoclosure () -> StepScope? = nil, from thread: Owner,
    fromEffect: Bool = false, mayPause: Bool = false
  ) -> Arrival {
    if claim(on: thread) { return .process }
    if case .handedOff = phase {
      own(on: thread)
      followUp(item, scope: scope())
      return .processQueued
    }
    let isForeign = !isOwned(by: thread)
    queue.append(
      Queued(
        item: item, isForeign: isForeign, isLater: isForeign || fromEffect, scope: scope()))
    guard mayPause, isForeign,
      queue.count > (pausing < Self.crowd ? Self.backlog : Self.crowdedBacklog)
    else { return .queued }
    pausing += 1
    return .queuedBehindBacklog(pausing: pausing)
  }

  /// A thread told ``Arrival/queuedBehindBacklog(pausing:)`` ended its pause.
  @inlinable
  mutating func pauseEnded() {
    guard pausing > 0 else { preconditionFailure("a pause ended that no arrival began") }
    pausing -= 1
  }

  /// `item` is to run after the work in progress, queued by the owner's own processing, in
  /// `scope`.
  @inlinable
  mutating func followUp(_ item: consuming Item, scope: StepScope? = nil) {
    queue.append(Queued(item: item, isForeign: false, isLater: false, scope: scope))
  }

  /// The owner finished the items it took: it takes what is queued now, in order, into
  /// `taken` (which it empties as it processes them), as much as the batch allows of other
  /// threads' items. Taking them all at once, rather than one per call, spares the lock that
  /// guards this state one acquisition per item, while other threads keep queueing.
  @inlinable
  mutating func finishedItems(into taken: inout [Queued]) -> Next {
    if finishedLastItem() { return .idle }
    while !queue.isEmpty {
      if queue.items[queue.head].unsafelyUnwrapped.isForeign {
        guard foreignTaken < Self.batch else { break }
        foreignTaken += 1
      }
      taken.append(queue.popFirst().unsafelyUnwrapped)
    }
    guard !taken.isEmpty else {
      phase = .handedOff
      return .handOff
    }
    return .process
  }

  /// The owner finished an item and, if nothing is queued, lets go; `false` when something is
  /// queued (then nothing changed: call ``finishedItems(into:)``).
  @inlinable
  mutating func finishedLastItem() -> Bool {
    guard queue.isEmpty else { return false }
    phase = .idle
    return true
  }

  /// The task processing was handed to has started, on `thread`: it owns processing, unless a
  /// sender took over first (`false`: nothing to do).
  @inlinable
  mutating func handOffStarted(on thread: Owner) -> Bool {
    guard case .handedOff = phase else { return false }
    own(on: thread)
    return true
  }
}
