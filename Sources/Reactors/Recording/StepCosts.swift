/// What one recorded mutation cost, when its ``Recording`` measures (`measuringCosts: true`):
/// the time its `reduce` took (with the reactor's `transform(mutation:)` and
/// `transform(state:)` stages, and finding what changed for the observers), and the time the
/// delivery after it took (the observers told, a store's middleware run), on the recording's
/// clock. The recording's own work is not counted.
public struct StepCosts: Sendable, Hashable {
  /// The time `reduce` took, with the stages and the comparison for the observers.
  public let reduce: Duration
  /// The time telling the observers (and running a store's middleware) took.
  public let delivery: Duration

  /// Costs of `reduce` and `delivery`.
  public init(reduce: Duration, delivery: Duration) {
    self.reduce = reduce
    self.delivery = delivery
  }
}

extension Recording {
  /// What each mutation cost, by its step's index, when the recording measures
  /// (`measuringCosts: true`); empty otherwise. Made from a copy read under the cost table's
  /// own lock. The costs stay in memory: a recording's file does not hold them.
  public var costs: [Int: StepCosts] {
    let table = costTable.withLock { $0 }
    return Dictionary(
      table.map {
        ($0.index, StepCosts(reduce: .nanoseconds($0.reduce), delivery: .nanoseconds($0.delivery)))
      },
      uniquingKeysWith: { _, last in last })
  }

  /// Whether the recording measures what each mutation costs (`measuringCosts: true`).
  public var isMeasuringCosts: Bool { measuresCosts }

  /// What the mutation at step `index` cost, when the recording measured it.
  public func costs(at index: Int) -> StepCosts? {
    costTable.withLock { table -> StepCosts? in
      var (low, high) = (0, table.count)
      while low < high {
        let middle = low + (high - low) / 2
        if table[middle].index < index { low = middle + 1 } else { high = middle }
      }
      guard low < table.count, table[low].index == index else { return nil }
      return StepCosts(
        reduce: .nanoseconds(table[low].reduce), delivery: .nanoseconds(table[low].delivery))
    }
  }
}

extension Recording {
  /// Keeps what the mutation of `step` cost (nanoseconds). The processing thread only.
  @inlinable
  func keep(_ reduce: Int64, _ delivery: Int64, of step: RecordedCause) {
    costTable.withLock { table in
      // One reactor's mutations are told in order: ``costs(at:)`` finds them by bisection.
      assert(table.last.map { $0.index < step.index } ?? true, "costs told out of order")
      table.append((step.index, reduce, delivery))
    }
  }

  /// What each mutation cost, in the order of the steps: what ``costs`` holds, without the
  /// dictionary. For the package's other targets.
  package var orderedCosts: [(index: Int, costs: StepCosts)] {
    costTable.withLock { $0 }.map {
      ($0.index, StepCosts(reduce: .nanoseconds($0.reduce), delivery: .nanoseconds($0.delivery)))
    }
  }
}
