import ExampleTerminal
import Foundation
import Reactors

/// `counter`: the seed's counter in a terminal. `+` adds one and `-` takes one away, each after a
/// second with a loading indicator meanwhile; `q` (or Ctrl-C, Ctrl-D) quits.
/// `COUNTER_DELAY_MS=2500` makes each change wait that long instead of a second (the tests
/// widen the loading indicator's window so that a busy machine cannot hide it).
@main
struct CounterProgram {
  static func main() {
    let terminal = Terminal()
    let reactor = CounterReactor(
      delay: delay())
    Terminal.write(CounterScreen.header + "\n")
    let writer = ScreenWriter()
    let observation = reactor.observe(\.self) { state in
      writer.write(CounterScreen.clearLine + CounterScreen.line(for: state))
    }
    reading: while let key = terminal.readKey() {
      switch CounterScreen.command(for: key) {
      case .send(let action): reactor.send(action)
      case .quit: break reading
      case nil: continue
      }
    }
    writer.close()
    observation.cancel()
    terminal.restore()
    Terminal.write("\nBye. The counter stopped at \(reactor.currentState.value).\n")
  }

  /// `COUNTER_DELAY_MS`, or a second; a value that is not milliseconds is explained on
  /// stderr, and a second is used.
  static func delay() -> Duration {
    do {
      return try millisecondsSetting("COUNTER_DELAY_MS", like: "2500").last ?? .seconds(1)
    } catch {
      FileHandle.standardError.write(
        Data("counter: \(Sanitized.lines("\(error)")) Using 1000.\n".utf8))
      return .seconds(1)
    }
  }
}
