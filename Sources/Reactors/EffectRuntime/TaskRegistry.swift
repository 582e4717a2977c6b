/// The tasks a reactor owns, each in a slot, with the cancellation id it was marked with.
///
/// A task is reserved before it is created and filled in after, so that its creation needs no
/// lock: a task that finishes, or whose id is cancelled, before it is filled in has no entry
/// left, and ``fill(_:with:)`` says so.
///
/// Slots are reused: a token names a slot and the generation it was reserved in, so a stale
/// token (its task already removed) finds nothing. Reserving, filling and removing are O(1)
/// and hash nothing; only cancelling by id looks at every slot.
@usableFromInline
struct TaskRegistry: Sendable {
  /// Names one reservation: its slot and the generation of that slot.
  @usableFromInline
  struct Token: Equatable, Sendable {
    @usableFromInline let slot: Int
    @usableFromInline let generation: UInt32

    @inlinable init(slot: Int, generation: UInt32) {
      self.slot = slot
      self.generation = generation
    }
  }

  @usableFromInline
  struct Slot: Sendable {
    @usableFromInline var generation: UInt32 = 0
    @usableFromInline var isOccupied = false
    @usableFromInline var task: Task<Void, any Error>?
    @usableFromInline var id: EffectID?

    @inlinable init() {}
  }

  @usableFromInline var slots: [Slot] = []
  @usableFromInline var free: [Int] = []
  /// How many slots are occupied.
  @usableFromInline var count = 0
  /// How many of those tasks wait for something no clock drives (see
  /// ``EffectHost/waitingBegan()``).
  @usableFromInline var waiting = 0
  /// Who waits for fewer active tasks (``active``) than a count: the test toolkit, through
  /// `ReactorStorage.activeEffects(below:)`. Empty but in tests.
  @usableFromInline var watchers: [ActiveWatcher] = []
  /// The number of the next watcher.
  @usableFromInline var nextWatcherID: UInt64 = 0

  @inlinable init() {}

  /// How many tasks run and do not wait for something no clock drives: those a test clock may
  /// be holding.
  var active: Int { count - waiting }

  /// The current task starts waiting for something no clock drives.
  @inlinable
  mutating func waitingBegan() {
    waiting += 1
    if !watchers.isEmpty { wakeWatchers() }
  }

  /// The current task stopped waiting (see ``waitingBegan()``).
  @inlinable
  mutating func waitingEnded() { waiting -= 1 }

  /// Reserves an entry for a task about to be created, marked with `id`.
  @inlinable
  mutating func reserve(id: EffectID?) -> Token {
    let slot: Int
    if let reused = free.popLast() {
      slot = reused
    } else {
      slot = slots.count
      slots.append(Slot())
    }
    slots[slot].isOccupied = true
    slots[slot].id = id
    count += 1
    return Token(slot: slot, generation: slots[slot].generation)
  }

  /// Records the task created for `token`; `false` when its entry is gone already (the task
  /// finished, or its id or the reactor cancelled it), so that the caller cancels it.
  @inlinable
  mutating func fill(_ token: Token, with task: Task<Void, any Error>) -> Bool {
    guard holds(token) else { return false }
    slots[token.slot].task = task
    return true
  }

  /// Forgets the task of `token`, if it is still there.
  @inlinable
  mutating func remove(_ token: Token) {
    guard holds(token) else { return }
    _ = vacate(token.slot)
  }

  /// Removes and returns the tasks marked with `id`, for the caller to cancel.
  @usableFromInline
  mutating func removeAll(id: EffectID) -> [Task<Void, any Error>] {
    var removed: [Task<Void, any Error>] = []
    for slot in slots.indices where slots[slot].isOccupied && slots[slot].id == id {
      if let task = vacate(slot) { removed.append(task) }
    }
    return removed
  }

  /// Removes and returns every task, for the caller to cancel.
  @usableFromInline
  mutating func removeAll() -> [Task<Void, any Error>] {
    var removed: [Task<Void, any Error>] = []
    for slot in slots.indices where slots[slot].isOccupied {
      if let task = vacate(slot) { removed.append(task) }
    }
    return removed
  }

  /// The tasks created so far (a slot reserved but not yet filled has none).
  var tasks: [Task<Void, any Error>] { slots.compactMap(\.task) }

  /// Whether `token`'s reservation is still in its slot.
  @inlinable
  func holds(_ token: Token) -> Bool {
    slots[token.slot].isOccupied && slots[token.slot].generation == token.generation
  }

  /// Empties `slot` for reuse under a new generation and returns its task.
  @inlinable
  mutating func vacate(_ slot: Int) -> Task<Void, any Error>? {
    let task = slots[slot].task
    slots[slot].task = nil
    slots[slot].id = nil
    slots[slot].isOccupied = false
    slots[slot].generation &+= 1
    free.append(slot)
    count -= 1
    if !watchers.isEmpty { wakeWatchers() }
    return task
  }

  /// Resumes and forgets the watchers whose count ``active`` is now below. A resumption only
  /// schedules the waiting task: no code of the app or the engine runs under the lock here.
  @usableFromInline
  mutating func wakeWatchers() {
    let active = active
    watchers.removeAll { watcher in
      guard active < watcher.below else { return false }
      watcher.continuation.resume()
      return true
    }
  }
}

/// One who waits for fewer active tasks in a ``TaskRegistry`` than `below`.
@usableFromInline
struct ActiveWatcher: Sendable {
  /// Its number, to find it again when its task is cancelled.
  let id: UInt64
  /// It is woken once fewer tasks than this are active.
  let below: Int
  let continuation: CheckedContinuation<Void, Never>
}
