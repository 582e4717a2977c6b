/// The steps of a ``Recording`` waiting for a consumer on another thread (a file's writer, a
/// replay), kept in the recording's own buffer: the thread that records a step appends it under
/// the one lock it takes anyway, and the consumer takes what waits in batches.
///
/// A pure value, under the recording's lock. Bounded: once ``capacity`` steps wait, the next
/// ones are counted as dropped (for the consumer's gap entry) instead of kept, so the app never
/// blocks on the consumer and its memory never grows without bound.
///
/// Steps wait in chunks of ``chunkSize``, which the consumer gives back emptied: a chunk is
/// never grown (a grown array copies its steps), and a chunk given back is memory the
/// recording thread has touched before. A fresh buffer's first touches cost that thread a page
/// fault every few dozen steps, a third of a recorded `send`'s time.
@usableFromInline
package struct StepOutbox<Step> {
  /// The chunk being filled.
  @usableFromInline var filling: [Step] = []
  /// The chunks filled before it, in order.
  @usableFromInline var full: [[Step]] = []
  /// Empty chunks given back by the consumer, with their capacity.
  @usableFromInline var spares: [[Step]] = []
  /// How many steps wait.
  @usableFromInline var count = 0
  /// How many steps may wait.
  @usableFromInline let capacity: Int
  /// Every how many waiting steps the consumer is woken (``took(_:index:)`` returns `true`).
  @usableFromInline let wakeEvery: Int
  /// The index of the first step kept since the last batch: those kept follow it in order.
  @usableFromInline var firstIndex = 0
  /// Steps dropped since the last batch, and the first one's index.
  @usableFromInline var dropped = 0
  @usableFromInline var firstDropped = 0
  /// The consumer took its last batch: later steps are not kept.
  @usableFromInline var isClosed = false

  /// The steps in a chunk: 1,024, under 128 KB for a step of a few pointers, which the system's
  /// allocator serves from its heap rather than from fresh pages; fewer (down to 16) for a
  /// larger element (a state of many fields waiting apart), so that a chunk stays under 256 KB.
  @inlinable
  package static var chunkSize: Int {
    max(16, min(1_024, (256 << 10) / max(MemoryLayout<Step>.stride, 1)))
  }
  /// The most empty chunks kept for later.
  @inlinable
  package static var sparesKept: Int { 16 }

  /// An outbox of at most `capacity` steps, whose consumer is woken every `wakeEvery` steps
  /// (or once half the capacity waits, when that comes first).
  @inlinable
  package init(capacity: Int, wakeEvery: Int) {
    self.capacity = max(capacity, 1)
    self.wakeEvery = max(min(wakeEvery, capacity / 2), 1)
  }

  /// Whether the next step would be kept (not dropped: the outbox is open and not full).
  @inlinable
  package var hasRoom: Bool { !isClosed && count < capacity }

  /// Step `index` was recorded: kept, or counted as dropped when the outbox is full. Returns
  /// whether the consumer should be woken now (a batch's worth waits). Each step's index is
  /// the one after the step before's: a batch names only its first.
  @inlinable
  package mutating func took(_ step: consuming Step, index: Int) -> Bool {
    guard !isClosed else { return false }
    guard count < capacity else {
      if dropped == 0 { firstDropped = index }
      dropped += 1
      return false
    }
    assert(count == 0 || index == firstIndex &+ count, "step \(index) does not follow the last")
    if count == 0 { firstIndex = index }
    if filling.count == filling.capacity { startChunk() }
    filling.append(step)
    count += 1
    return count == wakeEvery
  }

  /// Moves the full chunk aside and starts filling a spare one (or a new one, of a chunk's
  /// capacity).
  @inlinable @inline(never)
  mutating func startChunk() {
    if !filling.isEmpty { full.append(filling) }
    if let spare = spares.popLast() {
      filling = spare
    } else {
      filling = []
      filling.reserveCapacity(Self.chunkSize)
    }
  }

  /// Takes what waits (closed for good when `closing`: the consumer's last batch), and keeps
  /// `emptied`, chunks of an earlier batch emptied by the consumer, for the steps to come.
  @inlinable
  package mutating func taken(closing: Bool, giving emptied: consuming [[Step]]) -> StepBatch<Step>
  {
    spares.append(contentsOf: emptied.prefix(max(Self.sparesKept - spares.count, 0)))
    if !filling.isEmpty { full.append(filling) }
    filling = spares.popLast() ?? []
    let batch = StepBatch(
      chunks: full, firstIndex: firstIndex, dropped: dropped, firstDropped: firstDropped)
    full.removeAll(keepingCapacity: true)
    count = 0
    dropped = 0
    if closing { isClosed = true }
    return batch
  }
}

/// What a consumer takes from a ``StepOutbox``: the steps that waited, in order, in chunks,
/// from index `firstIndex`, then `dropped` steps from `firstDropped` that did not fit.
@usableFromInline
package struct StepBatch<Step> {
  /// The steps, in order, in chunks.
  @usableFromInline package var chunks: [[Step]]
  /// The first step's index (the others follow it).
  @usableFromInline package let firstIndex: Int
  /// How many steps were dropped after them.
  @usableFromInline package let dropped: Int
  /// The first dropped step's index (meaningful when `dropped > 0`).
  @usableFromInline package let firstDropped: Int

  /// A batch of `chunks` from index `firstIndex`, then `dropped` steps dropped from
  /// `firstDropped`.
  @inlinable
  package init(chunks: [[Step]], firstIndex: Int = 0, dropped: Int = 0, firstDropped: Int = 0) {
    self.chunks = chunks
    self.firstIndex = firstIndex
    self.dropped = dropped
    self.firstDropped = firstDropped
  }

  /// The chunks, emptied with their capacity kept, to give back to the outbox (at most as many
  /// as it keeps). Their steps are released here, on the consumer's thread.
  /// The batch is left with none: its chunks are moved out, so that they are emptied in place
  /// rather than copied.
  @inlinable
  package mutating func emptied() -> [[Step]] {
    var emptied: [[Step]] = []
    swap(&emptied, &chunks)
    emptied.removeLast(max(emptied.count - StepOutbox<Step>.sparesKept, 0))
    for index in emptied.indices { emptied[index].removeAll(keepingCapacity: true) }
    return emptied
  }
}

extension StepBatch: Sendable where Step: Sendable {}
extension StepOutbox: Sendable where Step: Sendable {}

/// What a file's writer takes from its recording's outbox at once: the steps that waited, the
/// states of the mutations among them whose state waited apart (in order, one for each step
/// marked ``PendingStep/hasStateApart``), and, in the last batch, the state after the last
/// mutation when no step waiting holds it (see ``Recording/outboxTaker``).
@usableFromInline
package struct OutboxBatch<Action: Sendable, Mutation: Sendable, State: Sendable>: Sendable {
  /// The steps, in order.
  @usableFromInline package var steps: StepBatch<PendingStep<Action, Mutation, State>>
  /// The states waiting apart, in the order of the steps that made them.
  @usableFromInline package var states: StepBatch<State>
  /// The last batch's: the state after the recording's last mutation, when its step was
  /// dropped or its state did not fit in the states' outbox; `nil` otherwise.
  @usableFromInline package let latest: State?

  /// A batch of `steps` and `states`, and the `latest` state.
  @inlinable
  package init(
    steps: StepBatch<PendingStep<Action, Mutation, State>>,
    states: StepBatch<State> = StepBatch(chunks: []), latest: State? = nil
  ) {
    self.steps = steps
    self.states = states
    self.latest = latest
  }

  /// The chunks, emptied (see ``StepBatch/emptied()``), to give back to the outbox.
  @inlinable
  package mutating func emptied() -> OutboxChunks<Action, Mutation, State> {
    OutboxChunks(steps: steps.emptied(), states: states.emptied())
  }
}

/// Emptied chunks of an ``OutboxBatch``, given back to the outbox for the steps and the states
/// to come.
@usableFromInline
package struct OutboxChunks<Action: Sendable, Mutation: Sendable, State: Sendable>: Sendable {
  @usableFromInline package var steps: [[PendingStep<Action, Mutation, State>]]
  @usableFromInline package var states: [[State]]

  /// The chunks given back: none by default.
  @inlinable
  package init(steps: [[PendingStep<Action, Mutation, State>]] = [], states: [[State]] = []) {
    self.steps = steps
    self.states = states
  }
}
