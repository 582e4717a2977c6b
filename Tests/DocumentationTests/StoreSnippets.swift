// The code of the articles "The Store" and "Testing" (Sources/Reactors/Reactors.docc),
// compiled and run.

import Reactors
import ReactorsTesting
import Testing

nonisolated struct ShopState: Equatable {
  var cart: [String] = []
  var isAdmin = false
  var checkout = CheckoutState()
}

nonisolated struct CheckoutState: Equatable {
  var isPaying = false
  var receipt: String?
}

nonisolated enum ShopAction: Equatable {
  case add(String)
  case clearCart  // for administrators only
  case checkout(CheckoutAction)
}

nonisolated enum CheckoutAction: Equatable { case pay, paid(receipt: String), failed }

let checkoutReducer: MutatingReducer<CheckoutState, CheckoutAction> = { state, action in
  switch action {
  case .pay: state.isPaying = true
  case .paid(let receipt):
    state.isPaying = false
    state.receipt = receipt
  case .failed: state.isPaying = false
  }
}

let cartReducer: MutatingReducer<ShopState, ShopAction> = { state, action in
  switch action {
  case .add(let item): state.cart.append(item)  // in place: O(1)
  case .clearCart: state.cart = []
  case .checkout(.paid): state.cart = []
  case .checkout: break
  }
}

let shopReducer = combineReducers(
  cartReducer,
  pullback(checkoutReducer, state: \.checkout) { action in
    if case .checkout(let action) = action { action } else { nil }
  })

/// Before the reducer: passes an action on, rewrites it, or swallows it.
let adminOnly: ActionMiddleware<ShopState, ShopAction> = { state, action in
  if case .clearCart = action, !state.isAdmin { return nil }
  return action
}

struct Payments: Sendable {
  var pay: @Sendable (_ items: [String]) async throws -> String
}

/// After the reducer, with the new state: returns follow-up actions as an effect.
func paymentMiddleware(_ payments: Payments) -> Middleware<ShopState, ShopAction> {
  { state, action in
    guard case .checkout(.pay) = action else { return .none }
    return .run { [cart = state.cart] send in
      send(.checkout(.paid(receipt: try await payments.pay(cart))))
    }
    .catch { _ in .just(.checkout(.failed)) }
  }
}

func makeShop(_ payments: Payments) -> Store<ShopState, ShopAction> {
  Store(
    initial: ShopState(), reducer: shopReducer, actionMiddlewares: [adminOnly],
    middlewares: [paymentMiddleware(payments)])
}

@Suite(.timeLimit(.minutes(1))) struct StoreSnippets {
  @Test func dispatchScopeAndObserve() async {
    let payments = Payments { items in "paid \(items.count) items" }
    let (receipts, printed) = AsyncStream.makeStream(of: String?.self)
    let print: @Sendable (String?) -> Void = { printed.yield($0) }

    let store = makeShop(payments)
    store.dispatch(.add("tea"))
    store.dispatch(.clearCart)  // swallowed: not an administrator
    #expect(store.state.cart == ["tea"])

    let checkout = store.scope(state: \.checkout, action: ShopAction.checkout)
    let token = checkout.observe(\.receipt) { receipt in print(receipt) }
    checkout.dispatch(.pay)
    // The payment runs in a task: it has answered when `dispatch` returns where tasks start at
    // once (Linux, Apple systems from 26), a moment later on earlier systems.
    for await state in store.states where state.checkout.receipt != nil { break }
    #expect(store.state.checkout.receipt == "paid 1 items")
    #expect(store.state.cart.isEmpty)
    token.cancel()
    printed.finish()
    var seen: [String?] = []
    for await receipt in receipts { seen.append(receipt) }
    #expect(seen == [nil, "paid 1 items"])
  }

  @Test func aPaymentThatAnswersLater() async {
    let clock = TestClock()
    let payments = Payments { items in
      try await clock.sleep(for: .seconds(2))
      return "paid \(items.count) items"
    }
    let tester = StoreTester(makeShop(payments), clock: clock)
    await tester.send(.add("tea")) { $0.cart = ["tea"] }
    await tester.send(.checkout(.pay)) { $0.checkout.isPaying = true }
    await tester.advance(by: .seconds(2))
    await tester.receive(.checkout(.paid(receipt: "paid 1 items"))) {
      $0.checkout = CheckoutState(isPaying: false, receipt: "paid 1 items")
      $0.cart = []
    }
    await tester.finish()
  }

  @Test func aFailedPaymentKeepsTheCart() async {
    struct Declined: Error {}
    let clock = TestClock()
    let tester = StoreTester(
      makeShop(
        Payments { _ in
          try await clock.sleep(for: .seconds(1))
          throw Declined()
        }), clock: clock)
    await tester.send(.add("tea")) { $0.cart = ["tea"] }
    await tester.send(.checkout(.pay)) { $0.checkout.isPaying = true }
    await tester.advance(by: .seconds(1))
    await tester.receive(.checkout(.failed)) { $0.checkout.isPaying = false }
    await tester.finish()
  }
}
