import Foundation
import Reactors
import ReactorsTestSupport
import Testing

/// The contracts, checked on random programs: 1-8 reactors and stores, 1-8 threads sending to
/// them, hops handed on from `mutate`, from effects, from observers and through relays, across
/// nodes and in cycles; effects cancelled by id and by release; observers added and removed
/// while everything runs. Each run is checked against a sequential reference model
/// (`ModelProgram.expectedHops`): every hop received exactly once; a thread's hops, and those
/// a node hands on in its turn, in their order; every observer sees each count once, in order,
/// the last one final; nothing hangs; every effect of a released node ends.
///
/// Programs come from seeds 1...N (2,000; 500 under the thread sanitizer, see
/// ``ThreadSanitizer``): `REACTORS_MODEL_PROGRAMS=N` runs more (a soak),
/// `REACTORS_MODEL_SEED=S` runs program S alone. A failure names its seed.
@Suite(.timeLimit(.minutes(20))) struct ModelCheckTests {
  static let environment = ProcessInfo.processInfo.environment
  static let programCount =
    environment["REACTORS_MODEL_PROGRAMS"].flatMap { Int($0) }
    ?? ThreadSanitizer.volume(2_000)
  static let pinnedSeed = environment["REACTORS_MODEL_SEED"].flatMap { UInt64($0) }

  @Test func randomProgramsKeepEveryContract() async {
    let seeds = Self.pinnedSeed.map { [$0] } ?? (1...UInt64(Self.programCount)).map { $0 }
    for seed in seeds {
      let program = ModelProgram(seed: seed)
      let failures = await ModelRun(program).check()
      if !failures.isEmpty {
        Issue.record(
          """
          \(program) broke a contract. Run it alone with REACTORS_MODEL_SEED=\(seed):
          \(failures.prefix(10).joined(separator: "\n"))
          """)
        return
      }
    }
  }

  @Test func theReferenceModelCountsEveryHopOnce() {
    let program = ModelProgram(seed: 7)
    let expected = program.expectedHops.joined()
    #expect(expected.count == program.paths.map(\.nodes.count).reduce(0, +))
    #expect(Set(expected).count == expected.count)
    #expect(ModelProgram(seed: 7).description == program.description, "a seed makes one program")
  }

  @Test func aBrokenEngineWouldBeCaught() {
    // The checks themselves, on what a broken engine could leave: a lost hop, a duplicate, two
    // hops of one thread swapped, an observer that skipped a count.
    let program = ModelProgram(seed: 3)
    var received = program.expectedHops
    let node = received.indices.first { received[$0].count >= 2 }!
    let run = ModelRun(program)
    #expect(run.deliveryFailures(received).isEmpty)
    received[node].removeLast()
    #expect(!run.deliveryFailures(received).isEmpty)
    received[node].append(received[node][0])
    #expect(!run.deliveryFailures(received).isEmpty)
    #expect(ModelRun.gaps(in: [0, 1, 2, 4]) == ["2 then 4"])
    #expect(ModelRun.gaps(in: [3, 4, 5]).isEmpty)
  }
}

/// One run of a program, and its checks.
struct ModelRun {
  let program: ModelProgram
  let world: ModelWorld

  init(_ program: ModelProgram) {
    self.program = program
    world = ModelWorld(program)
  }

  /// Runs the program; returns what broke a contract, or nothing.
  func check() async -> [String] {
    // The nodes, started (a relay reaches a reactor only once it has started), each with an
    // observer that hands hops on and one that records the counts it sees.
    var counts: [Shared<[Int]>] = []
    var tokens: [ObservationToken] = []
    for index in 0..<program.nodeCount {
      let node: any ModelNode =
        program.isStore[index]
        ? ModelStore(world: world, index: index) : ModelReactor(world: world, index: index)
      world.install(node, at: index)
      _ = node.received
      let handedOn = Shared(0)
      tokens.append(node.observeAll { [world] in world.handOnFromObserver($0, seen: handedOn) })
      let seen = Shared<[Int]>([])
      tokens.append(node.observeCount { count in seen.withLock { $0.append(count) } })
      counts.append(seen)
    }
    let lastSteps = Shared([String](repeating: "not started", count: program.scripts.count))
    let observerFailures = Shared<[String]>([])
    let finished = await onThreads(program.scripts.count, within: 60) { [program, world] thread in
      Self.perform(program.scripts[thread], world, thread, lastSteps, observerFailures)
    }
    guard finished else {
      return ["the threads did not finish within 60 s; each one's last step:"]
        + lastSteps.current.enumerated().map { "  thread \($0.offset): \($0.element)" }
    }
    guard await quiesced() else {
      return ["the nodes did not become idle within 60 s (a hang)"]
    }
    var failures = deliveryFailures((0..<program.nodeCount).map { world.node($0)!.received })
    failures += observerFailures.current
    for (index, seen) in counts.enumerated() {
      let final = world.node(index)!.received.count
      failures += Self.gaps(in: seen.current).map { "node \(index)'s observer saw \($0)" }
      if seen.current.last != final {
        failures.append(
          "node \(index)'s observer ended at \(seen.current.last ?? -1), not \(final)")
      }
    }
    for token in tokens { token.cancel() }
    return failures + (await cancellationFailures())
  }

  /// Runs one thread's script.
  static func perform(
    _ script: [ModelProgram.Step], _ world: ModelWorld, _ thread: Int,
    _ lastSteps: Shared<[String]>, _ failures: Shared<[String]>
  ) {
    var observing: [(token: ObservationToken, seen: Shared<[Int]>)] = []
    func stop(_ observation: (token: ObservationToken, seen: Shared<[Int]>)) {
      observation.token.cancel()
      let gaps = gaps(in: observation.seen.current)
      if !gaps.isEmpty { failures.withLock { $0 += gaps.map { "an observer saw \($0)" } } }
    }
    for (number, step) in script.enumerated() {
      lastSteps.withLock { $0[thread] = "step \(number): \(step)" }
      switch step {
      case .send(let token):
        world.node(world.program.paths[token].nodes[0])?.input(Hop(token: token, index: 0))
      case .park(let node, let id): world.node(node)?.park(id: id)
      case .cancel(let node, let id): world.node(node)?.cancel(id: id)
      case .observe(let node):
        let seen = Shared<[Int]>([])
        let record: @Sendable (Int) -> Void = { count in seen.withLock { $0.append(count) } }
        if let token = world.node(node)?.observeCount(record) { observing.append((token, seen)) }
      case .stopObserving:
        if !observing.isEmpty { stop(observing.removeFirst()) }
      }
    }
    observing.forEach(stop)
    lastSteps.withLock { $0[thread] = "finished" }
  }

  /// Waits until no node has work and no effect is about to hand a hop on; `false` when that
  /// has not happened within a minute.
  func quiesced() async -> Bool {
    await withDeadline(60) { [world, program] in
      var ends = world.forwardEnds.stream.makeAsyncIterator()
      while true {
        let started = world.forwardsStarted.current
        while world.forwardsDone.current < started {
          guard await ends.next() != nil else { return false }  // cancelled by the deadline
        }
        for index in 0..<program.nodeCount { await world.node(index)?.idle() }
        if world.forwardsStarted.current == started { return true }
      }
    } ?? false
  }

  /// What differs between the hops each node received and the reference model's, and the
  /// hops received out of the order their senders made them in.
  func deliveryFailures(_ received: [[Hop]]) -> [String] {
    var failures: [String] = []
    for (node, expected) in program.expectedHops.enumerated()
    where received[node].sorted() != expected {
      let missing = Set(expected).subtracting(received[node]).sorted()
      let extra = received[node].count - Set(received[node]).count
      failures.append(
        "node \(node) received \(received[node].count) hops, not \(expected.count): "
          + "missing \(missing.prefix(5)), \(extra) duplicated")
    }
    // A thread's first hops reach each node in the order it sent them; a hop handed on in a
    // node's turn (from `mutate`, its observer, its relay) reaches the next node in that turn's
    // order.
    var position: [Hop: Int] = [:]
    for list in received { for (offset, hop) in list.enumerated() { position[hop] = offset } }
    for (node, list) in received.enumerated() {
      var lastBySource: [String: Int] = [:]
      for hop in list {
        let path = program.paths[hop.token]
        let source: String
        let order: Int
        if hop.index == 0 {
          source = "thread \(program.senders[hop.token])"
          order = hop.token
        } else if path.vias[hop.index - 1] != .effect {
          source = "node \(path.nodes[hop.index - 1])"
          order = position[Hop(token: hop.token, index: hop.index - 1)] ?? -1
        } else {
          continue
        }
        if let last = lastBySource[source], last > order {
          failures.append("node \(node) received \(hop) from \(source) out of order")
        }
        lastBySource[source] = order
      }
    }
    return failures
  }

  /// Cancels every effect id on half the nodes and releases the others: every effect that
  /// runs until cancelled must end, and every released node must be deallocated.
  func cancellationFailures() async -> [String] {
    var released: [(index: Int, node: WeakNode)] = []
    for index in 0..<program.nodeCount {
      if index % 2 == 0 {
        for id in 0...2 { world.node(index)?.cancel(id: id) }
      } else {
        released.append((index, WeakNode(world.node(index)!)))
        world.release(index)
      }
    }
    let expected = program.sleepers
    let allEnded = await withDeadline(60) { [world] in
      var ends = world.sleeperEnds.stream.makeAsyncIterator()
      while world.sleepersEnded.current != expected {
        guard await ends.next() != nil else { return false }
      }
      return true
    }
    var failures: [String] = []
    if allEnded != true {
      failures.append(
        "effects that run until cancelled: \(world.sleepersEnded.current) ended of "
          + "\(expected) per node within 60 s (started: \(world.sleepersStarted.current))")
    }
    for (index, node) in released where node.object != nil {
      failures.append("node \(index) was released but is still alive")
    }
    return failures
  }

  /// Where consecutive counts seen by an observer skip or repeat one, or go back.
  static func gaps(in counts: [Int]) -> [String] {
    zip(counts, counts.dropFirst()).filter { $1 != $0 + 1 }.map { "\($0) then \($1)" }
  }
}

/// A weak reference to a node, to see that it was deallocated.
struct WeakNode {
  weak var object: (any ModelNode)?
  init(_ object: any ModelNode) { self.object = object }
}
