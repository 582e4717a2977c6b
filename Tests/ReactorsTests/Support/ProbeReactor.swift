import Reactors
import ReactorsTestSupport

/// A reactor whose `mutate` a test supplies, with a state big enough to exercise every
/// contract, and a `report` that records what it hears.
final class ProbeReactor: Reactor {
  enum Action: Equatable, Sendable {
    case increment
    case add(Int)
    case append(Int)
    case setTitle(String)
    case fire(String)
    case send(sender: Int, sequence: Int)
    case custom(Int)
  }

  enum Mutation: Equatable, Sendable {
    case add(Int)
    case append(Int)
    case setTitle(String)
    case fire(String)
    case record(sender: Int, sequence: Int)
    case log(String)
  }

  struct State: Equatable, Sendable {
    var count = 0
    var title = ""
    var items: [Int] = []
    var log: [String] = []
    @Pulse var alert: String? = nil
    var lastSequence = [Int](repeating: -1, count: 16)
    var outOfOrder = 0
  }

  let storage = Storage()
  let initialState = State()
  let issues = Shared<[ReactorIssue<Action>]>([])
  private let mutateBody: @Sendable (ProbeReactor, Action) -> Effect<Mutation>
  private let reduceHook: @Sendable (ProbeReactor, Mutation) -> Void

  init(
    mutate: @escaping @Sendable (ProbeReactor, Action) -> Effect<Mutation> = { _, action in
      ProbeReactor.defaultMutation(action)
    },
    onReduce: @escaping @Sendable (ProbeReactor, Mutation) -> Void = { _, _ in }
  ) {
    self.mutateBody = mutate
    self.reduceHook = onReduce
  }

  static func defaultMutation(_ action: Action) -> Effect<Mutation> {
    switch action {
    case .increment: return .just(.add(1))
    case .add(let amount): return .just(.add(amount))
    case .append(let value): return .just(.append(value))
    case .setTitle(let title): return .just(.setTitle(title))
    case .fire(let message): return .just(.fire(message))
    case .send(let sender, let sequence): return .just(.record(sender: sender, sequence: sequence))
    case .custom: return .none
    }
  }

  func mutate(action: Action) -> Effect<Mutation> { mutateBody(self, action) }

  func reduce(state: inout State, mutation: Mutation) {
    reduceHook(self, mutation)
    switch mutation {
    case .add(let amount): state.count += amount
    case .append(let value): state.items.append(value)
    case .setTitle(let title): state.title = title
    case .fire(let message): state.alert = message
    case .record(let sender, let sequence):
      if sequence != state.lastSequence[sender] + 1 { state.outOfOrder += 1 }
      state.lastSequence[sender] = sequence
      state.count += 1
    case .log(let line): state.log.append(line)
    }
  }

  func report(_ issue: ReactorIssue<Action>) {
    issues.withLock { $0.append(issue) }
  }

  var issueCount: Int { issues.withLock { $0.count } }
}
