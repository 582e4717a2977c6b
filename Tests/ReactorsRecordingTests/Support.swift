import Reactors
import ReactorsRecording

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
