import Foundation
import Logging
import Reactors
import ReactorsLogging
import Testing

struct Cart: Equatable, Sendable {
  var items: [String] = []
  var note = ""
}

enum CartAction: Equatable, Sendable {
  case add(String)
  case nothing
}

let cartReducer: MutatingReducer<Cart, CartAction> = { cart, action in
  if case .add(let item) = action { cart.items.append(item) }
}

/// The logging middleware: off unless added, one line per action with the state diff.
@Suite struct LoggingMiddlewareTests {
  @Test func eachActionIsLoggedWithWhatItChanged() {
    let lines = CapturedLines()
    let logger = Logger(label: "test") { _ in CapturingHandler(lines: lines) }
    let store = Store(
      initial: Cart(), reducer: cartReducer,
      middlewares: [Store<Cart, CartAction>.logging(to: logger)])
    store.dispatch(.add("apple"))
    store.dispatch(.add("pear"))
    store.dispatch(.nothing)

    let logged = lines.all
    #expect(logged.count == 3)
    #expect(logged[0].hasPrefix("received CartAction.add(\"apple\")"))
    #expect(logged[0].contains("\"apple\""))  // the first line shows the whole state
    #expect(logged[1].hasPrefix("received CartAction.add(\"pear\")"))
    #expect(logged[1].contains("+     [1]: \"pear\""))
    #expect(!logged[1].contains("+    note") && !logged[1].contains("-    note"))  // unchanged
    #expect(logged[2].contains("(no state change)"))
  }

  @Test func aStoreWithoutTheMiddlewareLogsNothing() {
    let lines = CapturedLines()
    _ = Logger(label: "test") { _ in CapturingHandler(lines: lines) }
    let store = Store(initial: Cart(), reducer: cartReducer)
    store.dispatch(.add("apple"))
    #expect(lines.all.isEmpty)
  }
}

/// Log lines a test reads back.
final class CapturedLines: @unchecked Sendable {
  // Audited (test support): `lines` is only touched while `lock` is held.
  private let lock = NSLock()
  private var lines: [String] = []
  func append(_ line: String) { lock.withLock { lines.append(line) } }
  var all: [String] { lock.withLock { lines } }
}

/// A log handler that keeps each message.
struct CapturingHandler: LogHandler {
  let lines: CapturedLines
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .trace

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    lines.append(event.message.description)
  }
}
