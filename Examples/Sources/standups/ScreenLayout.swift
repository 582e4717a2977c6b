import ExampleTerminal
import Reactors
import StandupsCore

/// One layer of the screen: its lines, and the keys it answers (shown on the last line while
/// it is on top).
struct Layer {
  /// The title of a sheet or an alert's box; a screen's title is the path line at the top.
  var title = ""
  /// The lines, without the keys.
  var lines: [String]
  /// The keys, in one line.
  var keys: String
}

/// The whole screen of the app's state: the screen on top of the stack (else the list), the
/// sheet or alert it presents drawn over it in a box, the app's alert over everything, and the
/// keys of whatever is on top on the last line. Every piece of text from outside is
/// ``Sanitized``; every line fits the width, and the screen fits the height.
enum ScreenLayout {
  /// ANSI: to the top-left corner, and clear the screen.
  static let clear = "\u{1B}[H\u{1B}[2J"

  /// The screen for `state` and `local`, `rows` × `columns` at most, with `note` (the
  /// inspector's address) on its last line.
  static func render(
    _ state: AppFeature.State, _ local: LocalState, rows: Int, columns: Int, note: String?
  ) -> String {
    let local = local.current(in: state)
    let width = max(20, columns - 1)
    var layers = Screens.layers(of: state, local: local, width: width)
    if let alert = state.alert { layers.append(Screens.alert(alert)) }
    let base = layers.removeFirst()
    var lines = [path(of: state)] + base.lines
    for (depth, layer) in layers.enumerated() {
      let boxWidth = min(76, width - 4) - 2 * depth
      lines = overlay(box(layer, width: boxWidth), on: lines, indent: 2 + 2 * depth)
    }
    var footer = [(layers.last ?? base).keys]
    if let message = local.note { footer.insert("! " + message, at: 0) }
    if let note { footer.append(note) }
    let fitting = Array(lines.prefix(max(1, rows - 1 - footer.count)))
    let shown = (fitting + [""] + footer).map { Sanitized.text(truncated($0, to: width)) }
    return clear + shown.joined(separator: "\r\n")
  }

  /// The stack as a path: `Standups › Design › Meeting`.
  static func path(of state: AppFeature.State) -> String {
    let names = state.path.map { screen -> String in
      switch screen {
      case .detail(let detail): title(detail.standup)
      case .record: "Meeting in progress"
      case .meeting(let meeting): "Meeting of \(Screens.date(meeting.meeting.date))"
      }
    }
    return (["Standups"] + names).joined(separator: " › ")
  }

  /// A standup's title, or a placeholder when it has none.
  static func title(_ standup: Standup) -> String {
    standup.title.isEmpty ? "Untitled" : standup.title
  }

  /// `layer` in a box `width` characters wide, its title in the top border.
  static func box(_ layer: Layer, width: Int) -> [String] {
    let inner = max(4, width - 4)
    let heading = truncated(" \(layer.title) ", to: inner)
    let top =
      "┌─" + heading + String(repeating: "─", count: max(0, inner + 1 - heading.count)) + "┐"
    let body = layer.lines.flatMap { wrapped($0, to: inner) }.map { line in
      "│ " + line + String(repeating: " ", count: max(0, inner - line.count)) + " │"
    }
    return [top] + body + ["└" + String(repeating: "─", count: inner + 2) + "┘"]
  }

  /// `lines` with `box` drawn over them from their third line, `indent` columns in.
  static func overlay(_ box: [String], on lines: [String], indent: Int) -> [String] {
    var result = lines
    let start = 2
    while result.count < start + box.count { result.append("") }
    for (offset, line) in box.enumerated() {
      result[start + offset] = String(repeating: " ", count: indent) + line
    }
    return result
  }

  /// `text` cut to `width` characters, with `…` when cut.
  static func truncated(_ text: String, to width: Int) -> String {
    text.count <= width ? text : String(text.prefix(max(0, width - 1))) + "…"
  }

  /// `text` in lines of at most `width` characters, broken at spaces where it can be.
  static func wrapped(_ text: String, to width: Int) -> [String] {
    guard text.count > width else { return [text] }
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      var word = Substring(word)
      while word.count > width {
        if !line.isEmpty {
          lines.append(line)
          line = ""
        }
        lines.append(String(word.prefix(width)))
        word = word.dropFirst(width)
      }
      if line.isEmpty {
        line = String(word)
      } else if line.count + 1 + word.count <= width {
        line += " " + word
      } else {
        lines.append(line)
        line = String(word)
      }
    }
    lines.append(line)
    return lines
  }
}
