/// What the counter shows and which key does what: plain functions, so tests can check them
/// without a terminal.
enum CounterScreen {
  /// The line printed once at start.
  static let header = "Counter: + adds one, - takes one away (after a second), q quits."

  /// Moves to the start of the line and clears it (ANSI), so each state redraws in place.
  static let clearLine = "\r\u{1B}[2K"

  /// What a key asks for.
  enum Command: Equatable {
    /// Send this action to the reactor.
    case send(CounterReactor.Action)
    /// Leave the program.
    case quit
  }

  /// The status line for `state`.
  static func line(for state: CounterReactor.State) -> String {
    "Value: \(state.value)" + (state.isLoading ? "  [loading...]" : "")
  }

  /// The command for a typed byte: `+`/`=` increase, `-`/`_` decrease, `q`, Ctrl-C or Ctrl-D
  /// quit, anything else nothing.
  static func command(for key: UInt8) -> Command? {
    switch key {
    case UInt8(ascii: "+"), UInt8(ascii: "="): .send(.increase)
    case UInt8(ascii: "-"), UInt8(ascii: "_"): .send(.decrease)
    case UInt8(ascii: "q"), UInt8(ascii: "Q"), 3, 4: .quit
    default: nil
    }
  }
}
