import Reactors
import ReactorsRecording
import ReactorsTesting

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A login form whose state holds a password, and whose `lookUp` runs an effect: the recorded
/// reactor of these tests. Every type is `Codable`.
final class LoginForm: Reactor {
  enum Action: Codable, Equatable, Sendable {
    case type(name: String)
    case typePassword(String)
    case lookUp
  }
  enum Mutation: Codable, Equatable, Sendable {
    case setName(String)
    case setPassword(String)
    case setMatches([String])
  }
  struct State: Codable, Equatable, Sendable {
    var name = ""
    var password = ""
    var matches: [String] = []
  }

  let storage = Storage()
  let initialState = State()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .type(let name): return .just(.setName(name))
    case .typePassword(let password): return .just(.setPassword(password))
    case .lookUp:
      let name = currentState.name
      return .run { send in send(.setMatches([name, name + "2"])) }
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setName(let name): state.name = name
    case .setPassword(let password): state.password = password
    case .setMatches(let matches): state.matches = matches
    }
  }
}

typealias LoginRecording = Recording<LoginForm.Action, LoginForm.Mutation, LoginForm.State>
typealias LoginRedaction = Redaction<LoginForm.Action, LoginForm.Mutation, LoginForm.State>

/// Removes the file at `path`, if there is one: what a test that made it does at its end.
func removeFile(_ path: String) { _ = unlink(path) }

/// A fresh path in the temporary directory.
func temporaryPath(_ name: String) -> String {
  "/tmp/reactors-recording-\(getpid())-\(name)-\(UInt64.random(in: 0...UInt64.max)).jsonl"
}

/// The bytes of the file at `path`.
func contents(of path: String) -> [UInt8] {
  guard let file = fopen(path, "rb") else { return [] }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 4096)
  while true {
    let count = fread(&chunk, 1, chunk.count, file)
    if count == 0 { return bytes }
    bytes += chunk[..<count]
  }
}

/// The lines of the file at `path`.
func lines(of path: String) -> [String] {
  String(decoding: contents(of: path), as: UTF8.self).split(separator: "\n").map(String.init)
}

/// A session recorded into a file with a state at every mutation: a name typed, a password,
/// a look-up answered by its effect.
func recordSession(to path: String, checkpointEvery: Int = 1) async throws -> LoginForm {
  let form = LoginForm()
  let recording = try LoginRecording(
    of: form, named: "login", writingTo: path, checkpointEvery: checkpointEvery)
  form.send(.type(name: "kim"))
  form.send(.typePassword("hunter2"))
  form.send(.lookUp)
  await form.storage.settled()
  recording.stop()
  return form
}

/// What a login form's user types: the actions of a store, and of ``EchoForm``, which passes
/// them through as its mutations.
enum Typed: Codable, Equatable, Sendable {
  case name(String)
  case password(String)
}

/// The fields typed: the password's length, never the password, so that only an action or a
/// mutation could carry it into a recording.
struct TypedFields: Codable, Equatable, Sendable {
  var name = ""
  var passwordLength = 0

  mutating func apply(_ typed: Typed) {
    switch typed {
    case .name(let name): self.name = name
    case .password(let password): passwordLength = password.count
    }
  }
}

/// A reactor whose `Mutation` is its `Action`: `mutate` passes each action through.
final class EchoForm: Reactor {
  typealias Action = Typed
  typealias Mutation = Typed
  typealias State = TypedFields

  let storage = Storage()
  let initialState = TypedFields()

  func mutate(action: Typed) -> Effect<Typed> { .just(action) }

  func reduce(state: inout TypedFields, mutation: Typed) { state.apply(mutation) }
}

typealias TypedRecording = Recording<Typed, Typed, TypedFields>

/// A store of ``TypedFields``.
func typedStore() -> Store<TypedFields, Typed> {
  Store(
    initial: TypedFields(), reducer: { (state: inout TypedFields, typed) in state.apply(typed) })
}

/// Hides a typed password: an action redaction only.
let hideTypedPassword = Redaction<Typed, Typed, TypedFields>.action { typed in
  guard case .password = typed else { return typed }
  return .password("•")
}

/// The search example's shape: each query waits a second on `clock` before its request, under
/// one id, and cancels the query still waiting.
final class DebouncedSearch: Reactor {
  enum Action: Codable, Equatable, Sendable { case query(String) }
  enum Mutation: Codable, Equatable, Sendable {
    case setQuery(String)
    case setHits([String])
  }
  struct State: Codable, Equatable, Sendable {
    var query = ""
    var hits: [String] = []
  }

  let storage = Storage()
  let initialState = State()
  let clock: TestClock

  init(clock: TestClock) { self.clock = clock }

  func mutate(action: Action) -> Effect<Mutation> {
    guard case .query(let query) = action else { return .none }
    return .concat(
      .just(.setQuery(query)),
      Effect.run { send in send(.setHits([query + " 1"])) }
        .debounce(id: "search", for: .seconds(1), clock: clock))
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setQuery(let query): state.query = query
    case .setHits(let hits): state.hits = hits
    }
  }
}

typealias SearchRecording = Recording<
  DebouncedSearch.Action, DebouncedSearch.Mutation, DebouncedSearch.State
>

/// The recorded effects' ends, in order: the step each ended, and whether it was cancelled.
func effectEnds<Action, Mutation, State>(
  _ steps: [RecordedStep<Action, Mutation, State>]
) -> [String] {
  steps.compactMap { step in
    guard case .effectEnded(let start, let cancelled) = step.kind else { return nil }
    return "\(start)\(cancelled ? " cancelled" : "")"
  }
}

/// The indices of the steps that started an effect with id `search`.
func searchEffectStarts<A, M, S>(_ steps: [RecordedStep<A, M, S>]) -> [Int] {
  steps.compactMap { step -> Int? in
    guard case .effectStarted(id: "search"?) = step.kind else { return nil }
    return step.index
  }
}
