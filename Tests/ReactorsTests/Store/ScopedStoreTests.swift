import Reactors
import ReactorsTestSupport
import Testing

struct ShopState: Equatable, Sendable {
  struct Cart: Equatable, Sendable {
    var items: [String] = []
    var coupon: String?
  }
  struct Profile: Equatable, Sendable { var name = "" }
  var cart = Cart()
  var profile = Profile()
}

enum ShopAction: Equatable, Sendable {
  enum CartAction: Equatable, Sendable {
    case add(String)
    case apply(coupon: String)
  }
  enum ProfileAction: Equatable, Sendable { case rename(String) }
  case cart(CartAction)
  case profile(ProfileAction)
}

let cartReducer: MutatingReducer<ShopState.Cart, ShopAction.CartAction> = { cart, action in
  switch action {
  case .add(let item): cart.items.append(item)
  case .apply(let coupon): cart.coupon = coupon
  }
}

let profileReducer: Reducer<ShopState.Profile, ShopAction.ProfileAction> = { profile, action in
  var newProfile = profile
  if case .rename(let name) = action { newProfile.name = name }
  return newProfile
}

let shopReducer: MutatingReducer<ShopState, ShopAction> = combineReducers(
  pullback(
    cartReducer, state: \ShopState.cart,
    action: { if case .cart(let action) = $0 { action } else { nil } }),
  pullback(
    inPlace(profileReducer), state: \ShopState.profile,
    action: { if case .profile(let action) = $0 { action } else { nil } })
)

/// `combineReducers`, `pullback` and `scope`: each part of the tree has its own reducer, and a
/// scoped store sees and changes only its part, through the root.
@Suite struct ScopedStoreTests {
  @Test func eachPartOfTheTreeHasItsOwnReducer() {
    let store = Store(initial: ShopState(), reducer: shopReducer)
    store.dispatch(.cart(.add("apple")))
    store.dispatch(.profile(.rename("Kim")))
    #expect(store.currentState.cart.items == ["apple"])
    #expect(store.currentState.profile.name == "Kim")
  }

  @Test func aScopedStoreDispatchesThroughTheRootAndReadsItsPart() {
    let dispatched = Shared<[ShopAction]>([])
    let store = Store(
      initial: ShopState(), reducer: shopReducer,
      middlewares: [
        { _, action in
          dispatched.withLock { $0.append(action) }
          return .none
        }
      ])
    let cart = store.scope(state: \.cart, action: ShopAction.cart)
    cart.dispatch(.add("pear"))
    #expect(cart.currentState.items == ["pear"])
    #expect(store.currentState.cart.items == ["pear"])
    #expect(dispatched.current == [.cart(.add("pear"))])
  }

  @Test func aScopedObserverFiresOnlyWhenItsPartChanges() {
    let store = Store(initial: ShopState(), reducer: shopReducer)
    let cart = store.scope(state: \.cart, action: ShopAction.cart)
    let carts = Shared<[ShopState.Cart]>([])
    let coupons = Shared<[String?]>([])
    let whole = cart.observe { value in carts.withLock { $0.append(value) } }
    let coupon = cart.observe(\.coupon) { value in coupons.withLock { $0.append(value) } }
    store.dispatch(.profile(.rename("Lee")))
    store.dispatch(.profile(.rename("Park")))
    cart.dispatch(.add("fig"))
    cart.dispatch(.apply(coupon: "SPRING"))
    #expect(carts.current.map(\.items) == [[], ["fig"], ["fig"]])
    #expect(coupons.current == [nil, "SPRING"])
    withExtendedLifetime((whole, coupon)) {}
  }

  @Test func scopesCompose() {
    struct Outer: Equatable, Sendable { var shop = ShopState() }
    enum OuterAction: Equatable, Sendable { case shop(ShopAction) }
    let outerReducer: MutatingReducer<Outer, OuterAction> = pullback(
      shopReducer, state: \Outer.shop,
      action: { if case .shop(let action) = $0 { action } else { nil } })
    let store = Store(initial: Outer(), reducer: outerReducer)
    let cart = store.scope(state: \.shop, action: OuterAction.shop)
      .scope(state: \.cart, action: ShopAction.cart)
    let counts = Shared<[Int]>([])
    let observation = cart.observe(\.items.count) { count in counts.withLock { $0.append(count) } }
    cart.dispatch(.add("kiwi"))
    #expect(store.currentState.shop.cart.items == ["kiwi"])
    #expect(counts.current == [0, 1])
    withExtendedLifetime(observation) {}
  }

  /// Observers of one part through different scopes share the part's place in the root's
  /// registry; each leaves it alone, and the others keep firing.
  @Test func observersOfOnePartThroughSeveralScopesComeAndGoIndependently() {
    let store = Store(initial: ShopState(), reducer: shopReducer)
    let first = store.scope(state: \.cart, action: ShopAction.cart)
    let second = store.scope(state: \.cart, action: ShopAction.cart)
    let seen = Shared<[String]>([])
    let one = first.observe(\.items.count) { count in seen.withLock { $0.append("one \(count)") } }
    let two = second.observe(\.items.count) { count in seen.withLock { $0.append("two \(count)") } }
    let names = store.observe(\.profile.name) { name in seen.withLock { $0.append("name \(name)") }
    }
    first.dispatch(.add("fig"))
    one.cancel()
    second.dispatch(.add("plum"))
    two.cancel()
    first.dispatch(.add("date"))
    store.dispatch(.profile(.rename("Kim")))
    #expect(
      seen.current == ["one 0", "two 0", "name ", "one 1", "two 1", "two 2", "name Kim"])
    // A new observer of the part starts from the part as it is now.
    let again = first.observe(\.items.count) { count in
      seen.withLock { $0.append("again \(count)") }
    }
    #expect(seen.current.last == "again 3")
    withExtendedLifetime((names, again)) {}
  }
}
