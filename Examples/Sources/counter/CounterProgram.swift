import ExampleTerminal
import Reactors

/// `counter`: the seed's counter in a terminal. `+` adds one and `-` takes one away, each after a
/// second with a loading indicator meanwhile; `q` (or Ctrl-C, Ctrl-D) quits.
@main
struct CounterProgram {
  static func main() {
    let terminal = Terminal()
    let reactor = CounterReactor()
    Terminal.write(CounterScreen.header + "\n")
    let observation = reactor.observe(\.self) { state in
      Terminal.write(CounterScreen.clearLine + CounterScreen.line(for: state))
    }
    reading: while let key = terminal.readKey() {
      switch CounterScreen.command(for: key) {
      case .send(let action): reactor.send(action)
      case .quit: break reading
      case nil: continue
      }
    }
    observation.cancel()
    terminal.restore()
    Terminal.write("\nBye. The counter stopped at \(reactor.currentState.value).\n")
  }
}
