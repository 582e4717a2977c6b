import Foundation
import Reactors

/// A probe reactor whose `.custom` action holds the thread processing it inside `mutate` until
/// the test releases it, then returns `then`: a reactor another thread keeps busy.
struct HeldReactor: Sendable {
  let reactor: ProbeReactor
  private let entered = DispatchSemaphore(value: 0)
  private let released = DispatchSemaphore(value: 0)

  init(then effect: Effect<ProbeReactor.Mutation> = .none) {
    let (entered, released) = (entered, released)
    reactor = ProbeReactor(mutate: { _, action in
      guard case .custom = action else { return ProbeReactor.defaultMutation(action) }
      entered.signal()
      _ = released.wait(timeout: .now() + 30)
      return effect
    })
  }

  /// Sends `.custom(0)` from a new thread; `true` once that thread is held in `mutate`.
  func hold() -> Bool {
    Thread { reactor.send(.custom(0)) }.start()
    return entered.wait(timeout: .now() + 30) == .success
  }

  /// Lets the held thread go on.
  func release() { released.signal() }
}
