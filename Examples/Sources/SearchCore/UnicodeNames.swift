/// The names of every Unicode scalar this Swift knows (about 155,000, from
/// `Unicode.Scalar.Properties.name`), searched by word: the search service's data.
///
/// A query's words must each begin a word of the name, in any order, ignoring case:
/// `"lat sma"` finds `LATIN SMALL LETTER A`. Words are split at spaces and hyphens, so
/// `"4e00"` finds `CJK UNIFIED IDEOGRAPH-4E00`. Results come in scalar order.
///
/// A query that is a code point in hexadecimal, as `U+1F600`, `u+1f600` or `1f600`, finds that
/// scalar too, first, before the names that match it as a word (see ``codePoint(in:)``).
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

  /// Reads every scalar's name and indexes the words (under a second here: the target is
  /// optimized even in debug builds, see Package.swift).
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

  /// The entries matching `query`, in scalar order; none for a query with no word. When the
  /// query is a code point (``codePoint(in:)``) that names a scalar, that scalar comes first.
  public func search(_ query: String) -> [Entry] {
    let named = nameMatches(query)
    guard let value = Self.codePoint(in: query), let index = entryIndex(of: value) else {
      return named.map { entries[Int($0)] }
    }
    return [entries[Int(index)]] + named.filter { $0 != index }.map { entries[Int($0)] }
  }

  /// The value `query` names as a code point in hexadecimal, if it is one: `U+` or `u+` and
  /// one to six hexadecimal digits, or four to six digits alone with at least one decimal digit
  /// among them (so that words such as `face` or `cafe` stay words), in any case and with spaces
  /// around; `nil` for any other query or a value past `U+10FFFF`.
  public static func codePoint(in query: String) -> UInt32? {
    var text = query.trimmingSpaces()
    let isPrefixed = text.hasPrefix("U+") || text.hasPrefix("u+")
    if isPrefixed { text = text.dropFirst(2) }
    let digits = isPrefixed ? 1...6 : 4...6
    guard digits.contains(text.count), text.allSatisfy({ $0.isASCII && $0.isHexDigit }),
      isPrefixed || text.contains(where: { $0.isASCII && $0.isNumber }),
      let value = UInt32(text, radix: 16), value <= 0x10_FFFF
    else { return nil }
    return value
  }

  /// The indices of the entries whose names match `query` word by word, ascending.
  private func nameMatches(_ query: String) -> [Int32] {
    let wanted = Self.words(in: query.uppercased())
    guard !wanted.isEmpty else { return [] }
    var matches: Set<Int32>?
    for prefix in Set(wanted) {
      let found = entries(withWordStarting: prefix)
      matches = matches.map { $0.intersection(found) } ?? found
      if matches?.isEmpty ?? true { return [] }
    }
    return (matches ?? []).sorted()
  }

  /// The index of the entry for the scalar `value`, if it has a name (entries are in scalar
  /// order).
  private func entryIndex(of value: UInt32) -> Int32? {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].value < value { low = middle + 1 } else { high = middle }
    }
    return low < entries.count && entries[low].value == value ? Int32(low) : nil
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

extension String {
  /// The text without the spaces it begins or ends with.
  fileprivate func trimmingSpaces() -> Substring {
    let start = firstIndex { $0 != " " } ?? endIndex
    let end = lastIndex { $0 != " " }.map { index(after: $0) } ?? start
    return self[start..<end]
  }
}
