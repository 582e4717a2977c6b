/// One page of answers to a query: what the server sends as JSON and the client decodes.
public struct SearchPage: Codable, Sendable, Equatable {
  /// One scalar found.
  public struct Hit: Codable, Sendable, Equatable {
    /// The scalar's value, as `U+1F436`.
    public var code: String
    /// Its name, as `DOG FACE`.
    public var name: String

    /// A hit for the scalar `code` named `name`.
    public init(code: String, name: String) {
      self.code = code
      self.name = name
    }
  }

  /// The query as the server read it.
  public var query: String
  /// This page's number, from 1.
  public var page: Int
  /// How many scalars match in all.
  public var total: Int
  /// This page's hits, in scalar order.
  public var hits: [Hit]
  /// The next page's number, or `nil` on the last page.
  public var nextPage: Int?

  /// A page as the server would send it.
  public init(query: String, page: Int, total: Int, hits: [Hit], nextPage: Int?) {
    self.query = query
    self.page = page
    self.total = total
    self.hits = hits
    self.nextPage = nextPage
  }
}

extension UnicodeNames {
  /// Page `page` (from 1) of `size` hits for `query`: none past the last (any `page`, as a
  /// request gives it, even `Int.max`).
  public func page(_ page: Int, of query: String, size: Int) -> SearchPage {
    let found = search(query)
    let size = max(size, 0)
    let (skipped, overflows) = (max(page, 1) - 1).multipliedReportingOverflow(by: size)
    let start = overflows ? found.count : min(skipped, found.count)
    let end = start + min(size, found.count - start)
    let hits = found[start..<end].map { entry in
      SearchPage.Hit(code: Self.code(entry.value), name: entry.name)
    }
    return SearchPage(
      query: query, page: page, total: found.count, hits: hits,
      nextPage: end < found.count && page < .max ? page + 1 : nil)
  }

  /// `U+` and at least four hexadecimal digits, as Unicode writes a scalar.
  static func code(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
