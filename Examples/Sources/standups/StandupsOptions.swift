import ExampleTerminal
import StandupsCore

/// What the command line asks for: `standups [LINK] [--database PATH] [--clock-speed N]
/// [--transcript FILE] [--record FILE] [--inspect] [--help]`, in any order.
///
/// Parsing is a pure function of the words, so that every mistake is a ``UsageError`` with a
/// sentence that says what to write instead, never a trap: a number is read as text first and
/// checked against its range before it is used.
struct StandupsOptions: Equatable {
  /// The SQLite file of the standups.
  var database = StandupsDatabase.defaultPath
  /// How many times faster than real time the meetings' clock runs (1: real time).
  var clockSpeed = 1.0
  /// A file whose lines are heard at the start of the first meeting.
  var transcript: String?
  /// The file the session's recording is written to.
  var record: String?
  /// Whether to serve the inspector.
  var inspect = false
  /// The deep link to open at start.
  var link: String?
  /// Whether to print the usage and exit.
  var help = false

  /// The slowest and fastest clock: past these, a meeting's durations would overflow or never
  /// end.
  static let clockSpeeds: ClosedRange<Double> = 0.01...1_000

  /// The options `words` (the arguments, without the program's name) ask for.
  init(_ words: [String]) throws(UsageError) {
    var rest = words[...]
    while let word = rest.popFirst() {
      switch word {
      case "--help", "-h": help = true
      case "--inspect": inspect = true
      case "--database": database = try Self.value(of: word, from: &rest, like: "standups.sqlite")
      case "--transcript": transcript = try Self.value(of: word, from: &rest, like: "lines.txt")
      case "--record": record = try Self.value(of: word, from: &rest, like: "session.jsonl")
      case "--clock-speed":
        clockSpeed = try Self.speed(try Self.value(of: word, from: &rest, like: "30"))
      default:
        if word.hasPrefix("-") {
          throw UsageError("Unknown option '\(Sanitized.text(word))'.")
        }
        guard link == nil else {
          throw UsageError(
            "Two links were given ('\(Sanitized.text(link ?? ""))' and "
              + "'\(Sanitized.text(word))'); pass one.")
        }
        link = word
      }
    }
  }

  /// The word after `option`, taken out of `rest`.
  private static func value(
    of option: String, from rest: inout ArraySlice<String>, like example: String
  ) throws(UsageError) -> String {
    guard let value = rest.first, !value.hasPrefix("--") else {
      throw UsageError("\(option) needs a value: \(option) \(example).")
    }
    rest.removeFirst()
    return value
  }

  /// `text` as a clock speed: a finite number in ``clockSpeeds``.
  static func speed(_ text: String) throws(UsageError) -> Double {
    let shown = Sanitized.text(text)
    guard let speed = Double(text), !speed.isNaN else {
      throw UsageError(
        "--clock-speed needs a number, such as 30 (a meeting's clock running 30 times faster "
          + "than real time); '\(shown)' is not one.")
    }
    guard clockSpeeds.contains(speed) else {
      throw UsageError(
        "--clock-speed \(shown) is out of range: give a positive number from "
          + "\(clockSpeeds.lowerBound) to \(Int(clockSpeeds.upperBound)), such as 30.")
    }
    return speed
  }

  /// What `--help` prints.
  static let usage = """
    Usage: standups [LINK] [--database PATH] [--clock-speed N] [--transcript FILE]
                    [--record FILE] [--inspect] [--help]

    The standups app (TCA's SyncUps) on one Reactors store, in the terminal.

      LINK               A deep link opened at start, such as
                         standups://standups/ID, standups://standups/ID/edit,
                         standups://standups/ID/record, standups://standups/ID/meetings/MID
                         or standups://add. A link that cannot be opened is explained on
                         standard error, and the program exits with status 2.
      --database PATH    The SQLite file of the standups; by default
                         \(StandupsDatabase.defaultPath)
      --clock-speed N    Meetings' clock runs N times faster than real time (0.01 to 1000).
      --transcript FILE  The file's lines are heard at the start of the first meeting.
      --record FILE      Records the session's store into FILE (JSON lines), to replay.
      --inspect          Serves the inspector; its address shows on the last line.
      --help             Prints this.

    Keys are shown on each screen. In a meeting, t then a line (Enter) is a sentence said.
    Ctrl-C quits from anywhere.
    """
}

/// A command line the program does not understand: what was wrong, and how to use it.
struct UsageError: Error, CustomStringConvertible {
  /// What was wrong, in a sentence.
  let problem: String

  init(_ problem: String) { self.problem = problem }

  var description: String { problem + " See standups --help." }
}
