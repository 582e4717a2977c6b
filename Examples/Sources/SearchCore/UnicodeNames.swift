/// The names of every Unicode scalar this Swift knows (about 155,000, from
/// `Unicode.Scalar.Properties.name`), searched by word: the search service's data.
///
/// A query's words must each begin a word of the name, in any order, ignoring case:
/// `"lat sma"` finds `LATIN SMALL LETTER A`. Words are split at spaces and hyphens, so
/// `"4e00"` finds `CJK UNIFIED IDEOGRAPH-4E00`. Results come in scalar order.
///
/// Immutable once built, so it is shared freely between the server's connections.
public struct UnicodeNames: Sendable {
  /// One named scalar.
  public struct Entry: Sendable, Equatable {
    /// The scalar's value.
    public let value: UInt32
    /// Its name, in capitals as Unicode spells it.
    public let name: String

    /// The scalar `value` named `name`.
    public init(value: UInt32, name: String) {
      self.value = value
      self.name = name
    }
  }

  /// Every named scalar, in scalar order.
  public let entries: [Entry]
  /// Every distinct word of the names, sorted, each with the entries (indices into `entries`,
  /// ascending) whose name holds it.
  private let words: [(word: String, entries: [Int32])]

  /// Reads every scalar's name and indexes the words (about a second in a debug build).
  public init() {
    var entries: [Entry] = []
    for value in UInt32(0)...0x10_FFFF {
      guard let scalar = Unicode.Scalar(value), let name = scalar.properties.name else { continue }
      entries.append(Entry(value: value, name: name))
    }
    self.init(entries: entries)
  }

  /// Indexes the given entries (tests use a few).
  public init(entries: [Entry]) {
    self.entries = entries
    var postings: [String: [Int32]] = [:]
    for (index, entry) in entries.enumerated() {
      for word in Set(Self.words(in: entry.name)) {
        postings[word, default: []].append(Int32(index))
      }
    }
    words = postings.map { (word: $0.key, entries: $0.value) }.sorted { $0.word < $1.word }
  }

  /// The entries matching `query`, in scalar order; none for a query with no word.
  public func search(_ query: String) -> [Entry] {
    let wanted = Self.words(in: query.uppercased())
    guard !wanted.isEmpty else { return [] }
    var matches: Set<Int32>?
    for prefix in Set(wanted) {
      let found = entries(withWordStarting: prefix)
      matches = matches.map { $0.intersection(found) } ?? found
      if matches?.isEmpty ?? true { return [] }
    }
    return (matches ?? []).sorted().map { entries[Int($0)] }
  }

  /// The entries holding a word that begins with `prefix`.
  private func entries(withWordStarting prefix: String) -> Set<Int32> {
    var low = 0
    var high = words.count
    while low < high {
      let middle = (low + high) / 2
      if words[middle].word < prefix { low = middle + 1 } else { high = middle }
    }
    var found = Set<Int32>()
    while low < words.count, words[low].word.hasPrefix(prefix) {
      found.formUnion(words[low].entries)
      low += 1
    }
    return found
  }

  private static func words(in text: String) -> [String] {
    text.split(whereSeparator: { $0 == " " || $0 == "-" }).map(String.init)
  }
}
