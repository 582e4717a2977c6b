/// A random program for the model check (see `ModelCheckTests`): nodes (reactors and stores),
/// threads with a script each, and tokens that travel a path of nodes, each hop forwarded one
/// of four ways. Everything is drawn from one seed, so a failing program is made again from
/// its seed.
struct ModelProgram: Sendable, CustomStringConvertible {
  /// How a node hands a token on to the next node of its path.
  enum Via: Sendable, CaseIterable {
    /// `send` (or `dispatch`) called from `mutate` (a store's middleware): in the node's order.
    case mutate
    /// `send` from a `.run` effect's task: in no particular order.
    case effect
    /// `send` from the node's observer of its whole state: in the node's order.
    case observer
    /// `accept` on the next node's relay, merged in its `transform(action:)`, from `mutate`.
    /// The next node is then a reactor.
    case relay
  }

  /// A token's journey: the nodes it reaches, in order, and how each hands it on.
  struct Path: Sendable {
    let nodes: [Int]
    /// `vias[i]`: how `nodes[i]` hands it to `nodes[i + 1]`.
    let vias: [Via]
  }

  /// One step of a thread's script.
  enum Step: Sendable {
    /// Sends token `token` (its first hop) to the first node of its path.
    case send(token: Int)
    /// Starts, on `node`, an effect marked `id` that runs until it is cancelled.
    case park(node: Int, id: Int)
    /// Cancels, on `node`, the effects marked `id`.
    case cancel(node: Int, id: Int)
    /// Starts observing `node`'s count of received hops.
    case observe(node: Int)
    /// Stops the oldest observation this thread still holds.
    case stopObserving
  }

  let seed: UInt64
  /// Whether each node is a store (otherwise a reactor).
  let isStore: [Bool]
  /// Each thread's script.
  let scripts: [[Step]]
  /// Every token's path, by token number.
  let paths: [Path]
  /// The thread that sends each token.
  let senders: [Int]

  var nodeCount: Int { isStore.count }

  /// The program that `seed` makes.
  init(seed: UInt64) {
    self.seed = seed
    var random = SplitMix64(seed: seed)
    let nodeCount = random.next(in: 1...8)
    let isStore = (0..<nodeCount).map { _ in random.next(in: 0...2) == 0 }
    var scripts: [[Step]] = []
    var paths: [Path] = []
    var senders: [Int] = []
    for thread in 0..<random.next(in: 1...8) {
      var script: [Step] = []
      for _ in 0..<random.next(in: 5...40) {
        let node = random.next(in: 0...(nodeCount - 1))
        switch random.next(in: 0...99) {
        case 0..<70:
          let hops = random.next(in: 1...4)
          var nodes = [node]
          var vias: [Via] = []
          for _ in 1..<hops {
            let next = random.next(in: 0...(nodeCount - 1))
            let allowed = Via.allCases.filter { $0 != .relay || !isStore[next] }
            vias.append(allowed[random.next(in: 0...(allowed.count - 1))])
            nodes.append(next)
          }
          script.append(.send(token: paths.count))
          paths.append(Path(nodes: nodes, vias: vias))
          senders.append(thread)
        case 70..<80: script.append(.park(node: node, id: random.next(in: 0...2)))
        case 80..<85: script.append(.cancel(node: node, id: random.next(in: 0...2)))
        case 85..<93: script.append(.observe(node: node))
        default: script.append(.stopObserving)
        }
      }
      scripts.append(script)
    }
    self.isStore = isStore
    self.scripts = scripts
    self.paths = paths
    self.senders = senders
  }

  /// The reference model: what each node must have received once every thread has finished
  /// and every node is idle, whatever the interleaving. Each hop exactly once.
  var expectedHops: [[Hop]] {
    var expected = [[Hop]](repeating: [], count: nodeCount)
    for (token, path) in paths.enumerated() {
      for (index, node) in path.nodes.enumerated() {
        expected[node].append(Hop(token: token, index: index))
      }
    }
    return expected.map { $0.sorted() }
  }

  /// How many effects the program starts that run until cancelled, per node.
  var sleepers: [Int] {
    var count = [Int](repeating: 0, count: nodeCount)
    for case .park(let node, _) in scripts.joined() { count[node] += 1 }
    return count
  }

  var description: String {
    let kinds = isStore.map { $0 ? "store" : "reactor" }.joined(separator: ", ")
    return "seed \(seed): nodes [\(kinds)], \(scripts.count) threads, \(paths.count) tokens"
  }
}

/// A token at one node of its path: token `token`, hop `index`.
struct Hop: Hashable, Sendable, Comparable, CustomStringConvertible {
  let token: Int
  let index: Int

  static func < (lhs: Hop, rhs: Hop) -> Bool {
    (lhs.token, lhs.index) < (rhs.token, rhs.index)
  }

  var description: String { "\(token).\(index)" }
}

/// A small, fast generator with a seed: the same seed makes the same program on every machine.
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A number in `range`.
  mutating func next(in range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }
}
