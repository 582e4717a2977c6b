import TerminalTesting
import Testing

/// Runs the real `counter` in tmux and uses it as a person would.
@Suite(.enabled(if: Tmux.isAvailable, "tmux is not installed (apt-get install -y tmux)"))
struct CounterProgramTests {
  @Test func plusMinusAndQuitAsAPersonWouldTypeThem() async throws {
    try await endToEnd { try self.plusMinusAndQuitAsAPersonWouldTypeThemBlocking() }
  }

  /// The test's body, which blocks while it waits: on a thread of its own, off the
  /// tasks' pool.
  func plusMinusAndQuitAsAPersonWouldTypeThemBlocking() throws {
    let program = try #require(builtProduct(named: "counter"), "build the counter product first")
    // Each change waits 2.5 s: the loading indicator shows that long, however busy the machine.
    let tmux = try Tmux(running: "COUNTER_DELAY_MS=2500 \(program)")

    var screen = try tmux.waitForScreen { $0.contains("Value: 0") }
    #expect(screen.contains("q quits"))
    #expect(screen.contains("Value: 0"))

    try tmux.type("+")
    screen = try tmux.waitForScreen { $0.contains("[loading...]") }
    #expect(screen.contains("Value: 0  [loading...]"))
    screen = try tmux.waitForScreen { $0.contains("Value: 1") && !$0.contains("loading") }
    #expect(screen.contains("Value: 1"))
    #expect(!screen.contains("loading"))

    try tmux.type("--")
    screen = try tmux.waitForScreen { $0.contains("Value: -1") && !$0.contains("loading") }
    #expect(screen.contains("Value: -1"))
    #expect(!screen.contains("loading"))

    try tmux.type("q")
    screen = try tmux.waitForScreen { $0.contains("Bye.") }
    #expect(screen.contains("Bye. The counter stopped at -1."))
  }
}
