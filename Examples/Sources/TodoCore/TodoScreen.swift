import ExampleTerminal
import Foundation

/// What the todo list shows and how a typed line becomes an action: plain functions, so tests
/// check them without a terminal.
public enum TodoScreen {
  /// The help line at the top.
  public static let help =
    "Todo: a <title> adds, t <n> toggles, d <n> deletes, f all|active|done filters, q quits."

  /// Clears the terminal and moves to its top-left corner (ANSI).
  public static let clear = "\u{1B}[H\u{1B}[2J"

  /// The whole screen for `state`, with `note` under the help line (the inspector's address).
  /// The titles came from the file or a typed line, and a problem may quote either: each line
  /// is shown as text only (``Sanitized``), so that an escape sequence in it cannot act on the
  /// terminal.
  public static func render(_ state: TodoState, note: String? = nil) -> String {
    var lines = [help] + (note.map { [$0] } ?? []) + ["Showing: \(state.filter.rawValue)"]
    let items = state.visibleItems
    if items.isEmpty { lines.append("  (nothing here)") }
    for item in items {
      let mark = item.isDone ? "[x]" : "[ ]"
      lines.append("  \(item.id). \(mark) \(item.title)" + (item.isSaved ? "" : "  (not saved)"))
    }
    if let problem = state.problem { lines.append("! \(problem)") }
    lines.append("> ")
    return lines.map { Sanitized.text($0) }.joined(separator: "\n")
  }

  /// What a typed line asks for: an action, `nil` to quit, or `.invalidCommand` saying what
  /// would work.
  public static func command(for line: String) -> TodoAction? {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    let (verb, rest) = split(trimmed)
    switch verb {
    case "q", "quit": return nil
    case "a", "add":
      return rest.isEmpty ? .invalidCommand("Give a title: a Buy milk") : .add(rest)
    case "t", "toggle", "d", "delete":
      guard let id = Int(rest) else {
        return .invalidCommand("Give the item's number: \(verb) 1")
      }
      return verb.hasPrefix("t") ? .toggle(id) : .delete(id)
    case "f", "filter":
      guard let filter = TodoFilter(rawValue: rest) else {
        return .invalidCommand("Filters are all, active and done: f active")
      }
      return .setFilter(filter)
    default:
      return .invalidCommand("Unknown command \"\(trimmed)\". \(help)")
    }
  }

  private static func split(_ line: String) -> (String, String) {
    guard let space = line.firstIndex(of: " ") else { return (line, "") }
    let rest = line[line.index(after: space)...].trimmingCharacters(in: .whitespaces)
    return (String(line[..<space]), rest)
  }
}
