import Reactors
import Testing

/// What a login form's user does: the actions of the store and the pass-through reactor here.
enum LoginInput: Equatable, Sendable {
  case typeName(String)
  case typePassword(String)
}

/// A login form's state: it keeps the password's length, never the password, so that only an
/// action or a mutation could carry the secret into a recording.
struct LoginFields: Equatable, Sendable {
  var name = ""
  var passwordLength = 0

  mutating func apply(_ input: LoginInput) {
    switch input {
    case .typeName(let name): self.name = name
    case .typePassword(let password): passwordLength = password.count
    }
  }
}

/// A reactor whose `Mutation` is its `Action`: `mutate` passes each action through.
final class PassThroughLogin: Reactor {
  typealias Action = LoginInput
  typealias Mutation = LoginInput
  typealias State = LoginFields

  let storage = Storage()
  let initialState = LoginFields()

  func mutate(action: LoginInput) -> Effect<LoginInput> { .just(action) }

  func reduce(state: inout LoginFields, mutation: LoginInput) { state.apply(mutation) }
}

/// Hides the password an action carries.
let hidePassword = Redaction<LoginInput, LoginInput, LoginFields>.action { input in
  guard case .typePassword = input else { return input }
  return .typePassword("•")
}

/// Each step's input or mutation, as text (the other kinds by their kind).
func inputsAndMutations<State>(
  _ steps: [RecordedStep<LoginInput, LoginInput, State>]
) -> [String] {
  steps.map { step in
    switch step.kind {
    case .input(let action): "input \(action)"
    case .mutation(let mutation): "mutation \(mutation)"
    default: "\(step.kind)"
    }
  }
}

/// Redactions: an action redaction hides the action in the recorded mutation too, wherever the
/// mutations are the actions.
@Suite struct RedactionTests {
  @Test func aStoresHiddenActionStaysHiddenInTheReducedActionItRecords() {
    let store = Store(
      initial: LoginFields(), reducer: { (state: inout LoginFields, input) in state.apply(input) })
    let recording = Recording(of: store, named: "login", redacting: [hidePassword])
    store.dispatch(.typeName("kim"))
    store.dispatch(.typePassword("hunter2"))
    #expect(
      inputsAndMutations(recording.steps) == [
        "began",
        "input typeName(\"kim\")",
        "mutation typeName(\"kim\")",
        "input typePassword(\"•\")",
        "mutation typePassword(\"•\")",
      ])
    var everything = ""
    dump(recording.steps, to: &everything)
    #expect(!everything.contains("hunter2"))
    #expect(store.state.passwordLength == 7)  // the store reduced the real action
  }

  @Test func aHiddenActionStaysHiddenInTheMutationOfAReactorThatPassesItsActionsThrough() {
    let form = PassThroughLogin()
    let recording = Recording(of: form, named: "login", redacting: [hidePassword])
    form.send(.typePassword("hunter2"))
    #expect(
      inputsAndMutations(recording.steps) == [
        "began", "input typePassword(\"•\")", "mutation typePassword(\"•\")",
      ])
    var everything = ""
    dump(recording.steps, to: &everything)
    #expect(!everything.contains("hunter2"))
    #expect(form.currentState.passwordLength == 7)
  }

  @Test func mutationRedactionsStillApplyAfterTheActionRedactions() {
    let form = PassThroughLogin()
    let recording = Recording(
      of: form, named: "login",
      redacting: [
        .mutation { input in
          switch input {
          case .typeName: .typeName("someone")
          // Runs after the action redaction: it sees the password hidden already.
          case .typePassword(let password): .typePassword(password + "!")
          }
        },
        hidePassword,
      ])
    form.send(.typeName("kim"))
    form.send(.typePassword("hunter2"))
    #expect(
      inputsAndMutations(recording.steps) == [
        "began",
        "input typeName(\"kim\")",  // a mutation redaction rewrites no input
        "mutation typeName(\"someone\")",
        "input typePassword(\"•\")",
        "mutation typePassword(\"•!\")",
      ])
  }

  @Test func aReactorWithItsOwnMutationTypeHasItsMutationsRewrittenOnlyByMutationRedactions() {
    let hideTitle = Redaction<ProbeReactor.Action, ProbeReactor.Mutation, ProbeReactor.State>
      .action { action in
        guard case .setTitle = action else { return action }
        return .setTitle("•")
      }
    let actionOnly = ProbeReactor()
    let actionOnlyRecording = Recording(of: actionOnly, named: "probe", redacting: [hideTitle])
    actionOnly.send(.setTitle("hunter2"))
    #expect(
      lines(actionOnlyRecording.steps) == [
        "0 began => 0 \"\"",
        "1 input setTitle(\"•\")",
        "2 mutation setTitle(\"hunter2\") <- probe#1 => 0 \"hunter2\"",
      ])

    let both = ProbeReactor()
    let bothRecording = Recording(
      of: both, named: "probe",
      redacting: [
        hideTitle,
        .mutation { mutation in
          guard case .setTitle = mutation else { return mutation }
          return .setTitle("◦")
        },
      ])
    both.send(.setTitle("hunter2"))
    #expect(
      lines(bothRecording.steps) == [
        "0 began => 0 \"\"",
        "1 input setTitle(\"•\")",
        "2 mutation setTitle(\"◦\") <- probe#1 => 0 \"hunter2\"",
      ])
  }

  @Test func aRecordingWithoutRedactionsKeepsTheValuesAsSent() {
    let store = Store(
      initial: LoginFields(), reducer: { (state: inout LoginFields, input) in state.apply(input) })
    let recording = Recording(of: store, named: "login")
    store.dispatch(.typePassword("open"))
    #expect(
      inputsAndMutations(recording.steps) == [
        "began", "input typePassword(\"open\")", "mutation typePassword(\"open\")",
      ])
  }
}
