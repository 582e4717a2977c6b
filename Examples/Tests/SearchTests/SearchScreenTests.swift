import SearchCore
import Testing

@Suite struct KeyReaderTests {
  func keys(_ bytes: [UInt8]) -> [KeyReader.Key] {
    var reader = KeyReader()
    return bytes.compactMap { reader.read($0) }
  }

  @Test func lettersControlKeysAndTheArrowsUpAndDown() {
    #expect(keys(Array("ab ".utf8)) == [.character("a"), .character("b"), .character(" ")])
    #expect(
      keys([0x7F, 0x08, 0x15, 0x0E, 0x10, 0x03, 0x04]) == [
        .backspace, .backspace, .clear, .down, .up, .quit, .quit,
      ])
    #expect(keys([0x1B, 0x5B, 0x42, 0x61]) == [.down, .character("a")])
    #expect(keys([0x1B, 0x5B, 0x41, 0x62]) == [.up, .character("b")])
  }

  @Test func multiByteCharactersAreDecodedWhole() {
    #expect(keys(Array("é😀".utf8)) == [.character("é"), .character("😀")])
  }

  @Test func unknownSequencesAndMalformedBytesAreDroppedAndTheByteAfterIsKept() {
    // Arrow right and Ctrl-arrow right are not keys here; the letter after each still is.
    #expect(keys([0x1B, 0x5B, 0x43, 0x61]) == [.character("a")])
    #expect(keys([0x1B, 0x5B, 0x31, 0x3B, 0x35, 0x43, 0x62]) == [.character("b")])
    // A lone Esc, then a key: the key is read (Ctrl-C still quits).
    #expect(keys([0x1B, 0x78, 0x63]) == [.character("x"), .character("c")])
    #expect(keys([0x1B, 0x03]) == [.quit])
    #expect(keys([0x1B, 0x1B, 0x5B, 0x42]) == [.down])
    // A broken UTF-8 start: dropped, and the letter that broke it is kept.
    #expect(keys([0xC3, 0x41, 0x64]) == [.character("A"), .character("d")])
    #expect(keys([0x01, 0x0D]).isEmpty)
  }
}

@Suite struct SearchScreenTests {
  @Test func keysEditTheFieldAndSendItsText() {
    var text = ""
    let edit = { (key: KeyReader.Key) in SearchScreen.edit(&text, with: key, listRows: 15) }
    #expect(edit(.character("d")) == .send(.updateQuery("d")))
    #expect(edit(.character("o")) == .send(.updateQuery("do")))
    #expect(edit(.backspace) == .send(.updateQuery("d")))
    #expect(edit(.clear) == .send(.updateQuery("")))
    #expect(edit(.backspace) == nil)
    #expect(edit(.clear) == nil)
    #expect(edit(.down) == .send(.scrollDown))
    #expect(edit(.up) == .send(.scrollUp(listRows: 15)))
    #expect(edit(.quit) == .quit)
    #expect(text.isEmpty)
  }

  @Test func theHeaderTellsEveryKeyAndFitsAHundredColumns() {
    for keys in ["Down/Ctrl-N: more", "Up/Ctrl-P: back", "Ctrl-U: clear", "Ctrl-C: quit"] {
      #expect(SearchScreen.header.contains(keys))
    }
    #expect(SearchScreen.header.count <= 99)
    // Twenty rows, as in tmux: fifteen hits, or fourteen above the inspector's note.
    #expect(SearchScreen.listRows(rows: 20, hasNote: false) == 15)
    #expect(SearchScreen.listRows(rows: 20, hasNote: true) == 14)
    #expect(SearchScreen.listRows(rows: 3, hasNote: true) == 1)
  }

  func lines(_ state: SearchReactor.State, rows: Int = 20) -> [String] {
    let screen = SearchScreen.render(state, rows: rows, columns: 100)
    #expect(screen.hasPrefix("\u{1B}[H\u{1B}[2J"))
    let body = screen.dropFirst("\u{1B}[H\u{1B}[2J".count)
    return body.components(separatedBy: "\r\n").map { $0.components(separatedBy: "\u{1B}[").first! }
  }

  func state(
    query: String, hits: Int, total: Int, next: Int?, loading: Bool = false,
    problem: String? = nil, scrolledBack: Int = 0
  ) -> SearchReactor.State {
    var state = SearchReactor.State()
    state.query = query
    state.results = .init(
      query: query, total: total,
      hits: (0..<hits).map { .init(code: "U+\($0)", name: "NAME \($0)") }, nextPage: next)
    state.isLoading = loading
    state.problem = problem
    state.scrolledBack = scrolledBack
    return state
  }

  @Test func textFromOutsideIsShownAsTextOnly() {
    // A query an agent sent, the names and a problem from a server given with --server.
    let hostile = "\u{1B}]0;owned\u{7}\u{1B}[2J\u{202E}"
    var state = state(query: "dog" + hostile, hits: 0, total: 1, next: nil)
    state.results?.hits = [.init(code: "U+1" + hostile, name: "DOG" + hostile)]
    let screen = SearchScreen.render(state, rows: 20, columns: 100, note: "note" + hostile)
    let shown = "\u{FFFD}]0;owned\u{FFFD}\u{FFFD}[2J\u{FFFD}"
    // The only escape sequences are the screen's own: clear, and the cursor after the query.
    let cursor = "\u{1B}[2;\(3 + ("dog" + shown).count)H"
    #expect(screen.hasPrefix("\u{1B}[H\u{1B}[2J"))
    #expect(screen.hasSuffix(cursor))
    let body = screen.dropFirst("\u{1B}[H\u{1B}[2J".count).dropLast(cursor.count)
    #expect(!body.contains("\u{1B}"))
    #expect(!body.contains("\u{7}"))
    #expect(!body.contains("\u{202E}"))
    #expect(lines(state)[1] == "> dog" + shown)
    #expect(body.contains("DOG" + shown))
    #expect(body.contains("note" + shown))
    state.problem = "The server said: " + hostile
    #expect(lines(state)[2] == "! The server said: " + shown)
  }

  @Test func anEmptyFieldSuggestsQueries() {
    #expect(
      lines(SearchReactor.State()) == [
        SearchScreen.header, "> ", "Try: dog, latin small, arrow, 1f600", "",
      ])
  }

  @Test func theListShowsTheCountTheLatestHitsAndWhetherThereIsMore() {
    let shown = lines(state(query: "arrow", hits: 30, total: 600, next: 4), rows: 10)
    #expect(shown[1] == "> arrow")
    #expect(shown[2] == "600 names match \"arrow\", 30 loaded.")
    // Ten rows: the header, the field, the status and the footer leave room for five hits (one
    // row is kept free), the last five loaded.
    #expect(
      shown[3...].dropLast() == [
        "  U+25     NAME 25", "  U+26     NAME 26", "  U+27     NAME 27", "  U+28     NAME 28",
        "  U+29     NAME 29",
      ])
    #expect(shown.last == "(more: Down or Ctrl-N)")
    #expect(
      lines(state(query: "dog face", hits: 1, total: 1, next: nil))[2]
        == "1 name matches \"dog face\".")
    #expect(
      lines(state(query: "dog face", hits: 1, total: 1, next: nil)).last == "(end of the list)")
    #expect(
      lines(state(query: "zzz", hits: 0, total: 0, next: nil))[2] == "No name matches \"zzz\".")
  }

  @Test func aListScrolledBackShowsEarlierHitsAndHowManyAreBelow() {
    let shown = lines(
      state(query: "arrow", hits: 30, total: 600, next: 4, scrolledBack: 3), rows: 10)
    #expect(shown[2] == "600 names match \"arrow\", 30 loaded.")
    // Five rows of hits, ending three before the last loaded.
    #expect(
      shown[3...].dropLast() == [
        "  U+22     NAME 22", "  U+23     NAME 23", "  U+24     NAME 24", "  U+25     NAME 25",
        "  U+26     NAME 26",
      ])
    #expect(shown.last == "(3 more below: Down or Ctrl-N)")
    // Scrolled to the top: the first hits, the list full.
    let top = lines(
      state(query: "arrow", hits: 30, total: 600, next: 4, scrolledBack: 25), rows: 10)
    #expect(top[3...].dropLast().first == "  U+0      NAME 0")
    #expect(top.count == 9)
    // The end of a list scrolled back is below it.
    let ended = lines(
      state(query: "arrow", hits: 8, total: 8, next: nil, scrolledBack: 3), rows: 10)
    #expect(ended.last == "(3 more below: Down or Ctrl-N)")
  }

  @Test func theLoadingLineAndAProblemShowOverTheList() {
    let loading = lines(state(query: "arrow", hits: 10, total: 600, next: 2, loading: true))
    #expect(loading.last == "Loading...")
    #expect(loading.count == 14)
    let failed = lines(state(query: "arrow", hits: 10, total: 600, next: 2, problem: "It failed."))
    #expect(failed[2] == "! It failed.")
    #expect(failed.count == 14)
  }

  @Test func theCursorStaysAfterTheQueryAndLongLinesAreCut() {
    var long = SearchReactor.State()
    long.query = String(repeating: "x", count: 10)
    #expect(SearchScreen.render(long, rows: 20, columns: 100).hasSuffix("\u{1B}[2;13H"))
    let narrow = SearchScreen.render(long, rows: 20, columns: 20)
    #expect(narrow.contains("Search Unicode name\r\n"))
  }
}
