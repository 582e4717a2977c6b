// The code of the article "Migrating from TCA" (Sources/Reactors/Reactors.docc), compiled and
// run: TCA's tutorial features (the counter with a fact and a timer, the contacts list with its
// sheet, alert and stack) on a Store.

import Reactors
import ReactorsTesting
import Testing

// MARK: - A feature

enum CounterFeature {
  struct State: Equatable {
    var count = 0
    var fact: String?
    var isTimerRunning = false
  }

  enum Action: Equatable {
    case decrementButtonTapped, incrementButtonTapped
    case factButtonTapped, factResponse(String)
    case toggleTimerButtonTapped, timerTick
  }

  enum CancelID { case timer }

  /// What `Reduce` did to the state: a pure function, no effects.
  static let reducer: MutatingReducer<State, Action> = { state, action in
    switch action {
    case .decrementButtonTapped:
      state.count -= 1
      state.fact = nil
    case .incrementButtonTapped, .timerTick:
      state.count += 1
      state.fact = nil
    case .factButtonTapped:
      state.fact = nil
    case .factResponse(let fact):
      state.fact = fact
    case .toggleTimerButtonTapped:
      state.isTimerRunning.toggle()
    }
  }

  /// The effects `Reduce` returned, run after the reducer with the new state.
  static func middleware(dependencies: Dependencies) -> Middleware<State, Action> {
    let numberFact = dependencies.numberFact
    let clock = dependencies.clock
    return { state, action in
      switch action {
      case .factButtonTapped:
        return .run { [count = state.count] send in
          send(.factResponse(try await numberFact.fetch(count)))
        }
      case .toggleTimerButtonTapped where state.isTimerRunning:  // the state after the reducer
        return .run { send in
          while true {
            try await clock.sleep(for: .seconds(1))
            send(.timerTick)
          }
        }
        .cancellable(id: CancelID.timer)
      case .toggleTimerButtonTapped:
        return .cancel(id: CancelID.timer)
      default:
        return .none
      }
    }
  }

  static func store(dependencies: Dependencies) -> Store<State, Action> {
    Store(initial: State(), reducer: reducer, middlewares: [middleware(dependencies: dependencies)])
  }
}

/// Stands in for the numbers API the tutorial calls.
func fetchNumberFact(_ number: Int) async throws -> String {
  "\(number) is a good number."
}

struct NumberFactClient: Sendable {
  var fetch: @Sendable (Int) async throws -> String
}

extension NumberFactClient: DependencyKey {
  static let liveValue = NumberFactClient(fetch: { number in try await fetchNumberFact(number) })

  static func testValue(_ unimplemented: Unimplemented) -> NumberFactClient {
    NumberFactClient(fetch: unimplemented("fetch"))
  }
}

extension Dependencies {
  var numberFact: NumberFactClient {
    get { self[NumberFactClient.self] }
    set { self[NumberFactClient.self] = newValue }
  }
}

// MARK: - Composition

enum ContactsFeature {
  struct Contact: Identifiable, Equatable {
    let id: Int
    var name: String
  }

  struct State: Equatable {
    var contacts: IdentifiedArray<Contact> = []
    var addContact: AddContactFeature.State?  // @Presents var addContact
    var alert: AlertState<Alert>?  // @Presents var alert
    var path = StackState<ContactDetailFeature.State>()
  }

  enum Alert: Equatable { case confirmDeletion(id: Contact.ID) }

  enum Action: Equatable {
    case addButtonTapped
    case addContact(PresentationAction<AddContactFeature.Action>)
    case alert(PresentationAction<Alert>)
    case deleteButtonTapped(id: Contact.ID)
    case contactTapped(id: Contact.ID)
    case path(StackAction<ContactDetailFeature.State, ContactDetailFeature.Action>)
  }

  static let reducer: MutatingReducer<State, Action> = combineReducers(
    ifLet(
      AddContactFeature.reducer, presented: \State.addContact,
      action: { if case .addContact(let action) = $0 { action } else { nil } }),
    ifLet(alert: \State.alert, action: { if case .alert(let action) = $0 { action } else { nil } }),
    forEach(
      ContactDetailFeature.reducer, stack: \State.path,
      action: { if case .path(let action) = $0 { action } else { nil } }),
    { state, action in
      switch action {
      case .addButtonTapped:
        state.addContact = AddContactFeature.State()
      case .addContact(.presented(.delegate(.saveContact(let name)))):
        let id = (state.contacts.ids.max() ?? 0) + 1
        state.contacts.append(Contact(id: id, name: name))
        state.addContact = nil  // TCA's `await dismiss()`
      case .deleteButtonTapped(let id):
        state.alert = AlertState(
          title: "Are you sure?",
          buttons: [
            ButtonState(title: "Delete", role: .destructive, action: .confirmDeletion(id: id))
          ])
      case .alert(.presented(.confirmDeletion(let id))):
        state.contacts.remove(id: id)
      case .contactTapped(let id):
        guard let contact = state.contacts[id: id] else { return }
        state.path.push(ContactDetailFeature.State(contact: contact))
      case .addContact, .alert, .path:
        break
      }
    })

  static func store() -> Store<State, Action> {
    Store(
      initial: State(), reducer: reducer,
      middlewares: [
        ifLet(
          middleware: AddContactFeature.middleware, presented: \State.addContact,
          action: { if case .addContact(let action) = $0 { action } else { nil } },
          embed: { .addContact(.presented($0)) })
      ])
  }
}

enum AddContactFeature {
  struct State: Equatable { var name = "" }

  enum Delegate: Equatable { case saveContact(String) }

  enum Action: Equatable {
    case setName(String)
    case saveButtonTapped
    case delegate(Delegate)
  }

  static let reducer: MutatingReducer<State, Action> = { state, action in
    if case .setName(let name) = action { state.name = name }
  }

  static let middleware: Middleware<State, Action> = { state, action in
    guard case .saveButtonTapped = action else { return .none }
    return .just(.delegate(.saveContact(state.name)))
  }
}

enum ContactDetailFeature {
  struct State: Equatable { var contact: ContactsFeature.Contact }

  enum Action: Equatable { case rename(String) }

  static let reducer: MutatingReducer<State, Action> = { state, action in
    if case .rename(let name) = action { state.contact.name = name }
  }
}

@Suite(.timeLimit(.minutes(1))) struct TCAMigrationSnippets {
  @Test func timer() async {
    let clock = TestClock()
    let store = CounterFeature.store(dependencies: .test { $0.clock = clock })
    let tester = StoreTester(store, clock: clock)
    await tester.send(.toggleTimerButtonTapped) { $0.isTimerRunning = true }
    await tester.advance(by: .seconds(1))
    await tester.receive(.timerTick) { $0.count = 1 }
    await tester.send(.toggleTimerButtonTapped) { $0.isTimerRunning = false }
    await tester.finish()
  }

  @Test func numberFact() async {
    let store = CounterFeature.store(
      dependencies: .test { $0.numberFact.fetch = { "\($0) is a good number." } })
    let tester = StoreTester(store)
    await tester.send(.incrementButtonTapped) { $0.count = 1 }
    await tester.send(.factButtonTapped)
    await tester.receive(.factResponse("1 is a good number.")) {
      $0.fact = "1 is a good number."
    }
    await tester.finish()
  }

  @Test func theLiveClient() async throws {
    #expect(try await Dependencies.live.numberFact.fetch(3) == "3 is a good number.")
  }

  @Test func addFlow() async {
    let tester = StoreTester(ContactsFeature.store())
    await tester.send(.addButtonTapped) { $0.addContact = AddContactFeature.State() }
    await tester.send(.addContact(.presented(.setName("Blob")))) { $0.addContact?.name = "Blob" }
    await tester.send(.addContact(.presented(.saveButtonTapped)))
    await tester.receive(.addContact(.presented(.delegate(.saveContact("Blob"))))) {
      $0.contacts = [ContactsFeature.Contact(id: 1, name: "Blob")]
      $0.addContact = nil
    }
    await tester.finish()
  }

  @Test func deleteAfterTheAlert() async {
    let store = ContactsFeature.store()
    store.dispatch(.addButtonTapped)
    store.dispatch(.addContact(.presented(.setName("Blob"))))
    store.dispatch(.addContact(.presented(.saveButtonTapped)))
    #expect(store.state.contacts.ids == [1])
    store.dispatch(.deleteButtonTapped(id: 1))
    let alert = store.alertBinding(\.alert, action: ContactsFeature.Action.alert)
    alert.tap(alert.effectiveButtons[0])
    #expect(store.state.alert == nil)
    #expect(store.state.contacts.isEmpty)
  }

  @Test func detailOnTheStack() {
    let store = ContactsFeature.store()
    store.dispatch(.addButtonTapped)
    store.dispatch(.addContact(.presented(.setName("Blob"))))
    store.dispatch(.addContact(.presented(.saveButtonTapped)))
    store.dispatch(.contactTapped(id: 1))
    let id = store.state.path.ids[0]
    store.dispatch(.path(.element(id: id, action: .rename("Blob Jr"))))
    #expect(store.state.path[id: id]?.contact.name == "Blob Jr")
    store.dispatch(.path(.popFrom(id: id)))
    #expect(store.state.path.isEmpty)
  }
}
