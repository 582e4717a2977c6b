import Reactors
import Synchronization

/// Scenario 5's floor with what a `.run` must keep, written by hand: the task is registered so
/// that the reactor could cancel it (reserved, created outside the lock, filled in, removed
/// when it ends), it holds the reactor weakly, and it checks for cancellation before it sends.
/// What is left between this and a `.run` is the effect machinery itself.
final class ContractFloorReactor: Reactor {
  typealias Action = BenchAction
  let storage = Storage()
  let initialState = BenchState()
  let tasks = HandRegistry()

  func mutate(action: BenchAction) -> Effect<BenchAction> {
    guard case .tick = action else { return .just(action) }
    let tasks = tasks
    let name = tasks.reserve()
    let task = Task { [weak self] in
      defer { tasks.remove(name) }
      guard let self, !Task.isCancelled else { return }
      self.send(.increment)
    }
    tasks.fill(name, with: task)
    return .none
  }

  func reduce(state: inout BenchState, mutation: BenchAction) { benchReduce(&state, mutation) }

  deinit { tasks.cancelAll() }
}

/// The tasks of ``ContractFloorReactor``: slots behind a mutex, reused through a free list,
/// named by slot and generation so that a stale name finds nothing.
final class HandRegistry: Sendable {
  struct Name: Sendable {
    let slot: Int
    let generation: Int
  }

  private struct Slots {
    var tasks: [Task<Void, Never>?] = []
    var generations: [Int] = []
    var isOccupied: [Bool] = []
    var free: [Int] = []

    func holds(_ name: Name) -> Bool {
      isOccupied[name.slot] && generations[name.slot] == name.generation
    }
  }

  private let slots = Mutex(Slots())

  func reserve() -> Name {
    slots.withLock { slots in
      guard let slot = slots.free.popLast() else {
        slots.tasks.append(nil)
        slots.generations.append(0)
        slots.isOccupied.append(true)
        return Name(slot: slots.tasks.count - 1, generation: 0)
      }
      slots.isOccupied[slot] = true
      return Name(slot: slot, generation: slots.generations[slot])
    }
  }

  func fill(_ name: Name, with task: Task<Void, Never>) {
    let isGone = slots.withLock { slots in
      guard slots.holds(name) else { return true }
      slots.tasks[name.slot] = task
      return false
    }
    if isGone { task.cancel() }
  }

  func remove(_ name: Name) {
    slots.withLock { slots in
      guard slots.holds(name) else { return }
      slots.tasks[name.slot] = nil
      slots.isOccupied[name.slot] = false
      slots.generations[name.slot] += 1
      slots.free.append(name.slot)
    }
  }

  func cancelAll() {
    let running = slots.withLock { slots in slots.tasks.compactMap { $0 } }
    for task in running { task.cancel() }
  }
}
