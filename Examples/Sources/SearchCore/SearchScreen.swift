import ExampleTerminal

/// What the search program shows and what each key does: plain functions, tested without a
/// terminal.
public enum SearchScreen {
  /// The first line: how to use the program.
  public static let header =
    "Search Unicode names: type words. Down/Ctrl-N: more. Up/Ctrl-P: back. Ctrl-U: clear."
    + " Ctrl-C: quit."

  /// What a key asks for.
  public enum Command: Sendable, Equatable {
    /// Send this action to the reactor.
    case send(SearchReactor.Action)
    /// Leave the program.
    case quit
  }

  /// How many hits a screen of `rows` lines shows: what the header, the field, the status, the
  /// footer, the `note` if there is one, and a free last line leave.
  public static func listRows(rows: Int, hasNote: Bool) -> Int {
    max(1, rows - 5 - (hasNote ? 1 : 0))
  }

  /// Applies `key` to the field's `text` (the view's own state, as a text field's) and returns
  /// what to do: a changed field sends its new text; Up and Down scroll the list, which shows
  /// `listRows` hits (``listRows(rows:hasNote:)``).
  public static func edit(
    _ text: inout String, with key: KeyReader.Key, listRows: Int
  ) -> Command? {
    switch key {
    case .character(let character):
      text.append(character)
    case .backspace:
      guard !text.isEmpty else { return nil }
      text.removeLast()
    case .clear:
      guard !text.isEmpty else { return nil }
      text = ""
    case .down: return .send(.scrollDown)
    case .up: return .send(.scrollUp(listRows: listRows))
    case .quit: return .quit
    }
    return .send(.updateQuery(text))
  }

  /// The whole screen for `state`, `rows` lines of `columns` at most, starting with the ANSI
  /// sequences that clear the screen, and leaving the cursor after the query.
  ///
  /// What the lines hold came from outside (the query an agent sent, the names and the problem
  /// a server answered): each line is shown as text only (``Sanitized``), so that an escape
  /// sequence in it cannot act on the terminal.
  public static func render(
    _ state: SearchReactor.State, rows: Int, columns: Int, note: String? = nil
  ) -> String {
    let listRows = listRows(rows: rows, hasNote: note != nil)
    let query = Sanitized.text(state.query)
    var lines = [header, "> " + query, status(of: state)]
    let hits = state.results?.hits ?? []
    // The list ends `scrolledBack` hits before the last one loaded.
    for hit in hits.dropLast(state.scrolledBack).suffix(listRows) {
      lines.append("  " + hit.code.padding(toLength: 9, withPad: " ", startingAt: 0) + hit.name)
    }
    lines.append(footer(of: state))
    if let note { lines.append(note) }
    let shown = lines.map { String(Sanitized.text($0).prefix(max(1, columns - 1))) }
    let cursorColumn = min(3 + query.count, max(1, columns - 1))
    return "\u{1B}[H\u{1B}[2J" + shown.joined(separator: "\r\n") + "\u{1B}[2;\(cursorColumn)H"
  }

  /// The line under the field: the problem, or what the list holds.
  static func status(of state: SearchReactor.State) -> String {
    if let problem = state.problem { return "! " + problem }
    guard let results = state.results else {
      return state.query.isEmpty ? "Try: dog, latin small, arrow, 1f600" : ""
    }
    guard results.total > 0 else { return "No name matches \"\(results.query)\"." }
    let scope = results.hits.count < results.total ? ", \(results.hits.count) loaded" : ""
    let matches = results.total == 1 ? "1 name matches" : "\(results.total) names match"
    return "\(matches) \"\(results.query)\"\(scope)."
  }

  /// The last line: the loading line while a request runs, else what is below the list.
  static func footer(of state: SearchReactor.State) -> String {
    if state.isLoading { return "Loading..." }
    guard let results = state.results, !results.hits.isEmpty else { return "" }
    if state.scrolledBack > 0 { return "(\(state.scrolledBack) more below: Down or Ctrl-N)" }
    return results.nextPage == nil ? "(end of the list)" : "(more: Down or Ctrl-N)"
  }
}
