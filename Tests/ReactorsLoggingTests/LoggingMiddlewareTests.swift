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

/// The logging middleware: one line per action with the state diff, from the stores it is
/// added to only.
@Suite struct LoggingMiddlewareTests {
  @Test func eachActionIsLoggedWithWhatItChanged() throws {
    let lines = CapturedLines()
    let logger = Logger(label: "test") { _ in CapturingHandler(lines: lines) }
    let store = Store(
      initial: Cart(), reducer: cartReducer,
      middlewares: [Store<Cart, CartAction>.logging(to: logger)])
    store.dispatch(.add("apple"))
    store.dispatch(.add("pear"))
    store.dispatch(.nothing)

    let logged = lines.all
    try #require(logged.count == 3)
    #expect(logged[0].hasPrefix("received CartAction.add(\"apple\")"))
    #expect(logged[0].contains("[0]: \"apple\""))  // the first line shows the whole state
    #expect(logged[1].hasPrefix("received CartAction.add(\"pear\")"))
    #expect(logged[1].contains("+     [1]: \"pear\""))
    // Only the changed line is marked: the unchanged field is context, with no + or −.
    let marked = logged[1].split(separator: "\n").filter { $0.hasPrefix("+") || $0.hasPrefix("-") }
    #expect(marked == ["+     [1]: \"pear\""])
    #expect(logged[1].contains("\n    note: \"\""))
    #expect(logged[2].contains("(no state change)"))
  }

  @Test func onlyAStoreWithTheMiddlewareLogs() throws {
    let lines = CapturedLines()
    let logger = Logger(label: "test") { _ in CapturingHandler(lines: lines) }
    let plain = Store(initial: Cart(), reducer: cartReducer)
    let logged = Store(
      initial: Cart(), reducer: cartReducer,
      middlewares: [Store<Cart, CartAction>.logging(to: logger)])
    plain.dispatch(.add("apple"))
    #expect(lines.all.isEmpty)
    logged.dispatch(.add("pear"))
    try #require(lines.all.count == 1)
    #expect(lines.all[0].hasPrefix("received CartAction.add(\"pear\")"))
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
