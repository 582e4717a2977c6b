/// What the search program shows and what each key does: plain functions, tested without a
/// terminal.
public enum SearchScreen {
  /// The first line: how to use the program.
  public static let header =
    "Search Unicode names: type words. Down or Ctrl-N: more. Ctrl-U: clear. Ctrl-C: quit."

  /// What a key asks for.
  public enum Command: Sendable, Equatable {
    /// Send this action to the reactor.
    case send(SearchReactor.Action)
    /// Leave the program.
    case quit
  }

  /// Applies `key` to the field's `text` (the view's own state, as a text field's) and returns
  /// what to do: a changed field sends its new text.
  public static func edit(_ text: inout String, with key: KeyReader.Key) -> Command? {
    switch key {
    case .character(let character):
      text.append(character)
    case .backspace:
      guard !text.isEmpty else { return nil }
      text.removeLast()
    case .clear:
      guard !text.isEmpty else { return nil }
      text = ""
    case .down: return .send(.loadNextPage)
    case .quit: return .quit
    }
    return .send(.updateQuery(text))
  }

  /// The whole screen for `state`, `rows` lines of `columns` at most, starting with the ANSI
  /// sequences that clear the screen, and leaving the cursor after the query.
  public static func render(
    _ state: SearchReactor.State, rows: Int, columns: Int, note: String? = nil
  ) -> String {
    let listRows = max(1, rows - 5 - (note == nil ? 0 : 1))
    var lines = [header, "> " + state.query, status(of: state)]
    let hits = state.results?.hits ?? []
    for hit in hits.suffix(listRows) {
      lines.append("  " + hit.code.padding(toLength: 9, withPad: " ", startingAt: 0) + hit.name)
    }
    lines.append(footer(of: state))
    if let note { lines.append(note) }
    let shown = lines.map { String($0.prefix(max(1, columns - 1))) }
    let cursorColumn = min(3 + state.query.count, max(1, columns - 1))
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

  /// The last line: the loading line while a request runs, else whether there is more.
  static func footer(of state: SearchReactor.State) -> String {
    if state.isLoading { return "Loading..." }
    guard let results = state.results, !results.hits.isEmpty else { return "" }
    return results.nextPage == nil ? "(end of the list)" : "(more: Down or Ctrl-N)"
  }
}
