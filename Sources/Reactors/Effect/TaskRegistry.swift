/// The tasks a reactor owns, by token, with the cancellation id each was marked with.
///
/// A task is reserved before it is created and filled in after, so that it can be created
/// outside the engine's lock: a task that finishes, or whose id is cancelled, before it is
/// filled in has no entry left, and ``fill(_:with:)`` says so.
@usableFromInline
struct TaskRegistry {
  @usableFromInline var nextToken: UInt64 = 0
  @usableFromInline var tasks: [UInt64: (task: Task<Void, any Error>?, id: EffectID?)] = [:]

  @inlinable init() {}

  /// Reserves an entry for a task about to be created, marked with `id`.
  @usableFromInline
  mutating func reserve(id: EffectID?) -> UInt64 {
    nextToken += 1
    tasks[nextToken] = (nil, id)
    return nextToken
  }

  /// Records the task created for `token`; `false` when its entry is gone already (the task
  /// finished, or its id or the reactor cancelled it), so that the caller cancels it.
  @usableFromInline
  mutating func fill(_ token: UInt64, with task: Task<Void, any Error>) -> Bool {
    guard tasks[token] != nil else { return false }
    tasks[token]?.task = task
    return true
  }

  @usableFromInline
  mutating func remove(_ token: UInt64) { tasks[token] = nil }

  /// Removes and returns the tasks marked with `id`, for the caller to cancel.
  @usableFromInline
  mutating func removeAll(id: EffectID) -> [Task<Void, any Error>] {
    let matching = tasks.filter { $0.value.id == id }
    for token in matching.keys { tasks[token] = nil }
    return matching.values.compactMap { $0.task }
  }

  /// Removes and returns every task, for the caller to cancel.
  @usableFromInline
  mutating func removeAll() -> [Task<Void, any Error>] {
    defer { tasks = [:] }
    return tasks.values.compactMap { $0.task }
  }

  /// How many tasks are running.
  @usableFromInline
  var count: Int { tasks.count }
}
