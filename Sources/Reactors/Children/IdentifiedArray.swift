/// An ordered collection of elements with unique ids: an array for rendering in order, and a
/// dictionary for finding a row by id in O(1). The state of a list of child features.
///
/// ```swift
/// struct ListState {
///   var rows: IdentifiedArray<RowState> = []
/// }
/// state.rows.append(RowState(id: 7, title: "Standup"))
/// state.rows[id: 7]?.title = "Daily"   // in place
/// state.rows[id: 7] = nil                // removed
/// ```
///
/// Ids are unique: appending or inserting an element whose id is already there replaces nothing
/// and returns `false` (``append(_:)``), and a `precondition` is never used, so a duplicate from
/// outside (a file, a server) cannot crash the app.
public struct IdentifiedArray<Element: Identifiable> {
  /// The elements, in order.
  @usableFromInline var elements: [Element]
  /// Where each id's element is in `elements`.
  @usableFromInline var positions: [Element.ID: Int]
  /// The newest change to which ids there are, linked to the ones before (see ``Structure``).
  @usableFromInline var log: StructureLog<Element.ID>?

  /// An empty collection.
  @inlinable
  public init() {
    elements = []
    positions = [:]
    log = nil
  }

  /// The elements of `elements` in order; of several with the same id, the first is kept.
  @inlinable
  public init(_ elements: some Sequence<Element>) {
    self.init()
    for element in elements { append(element) }
  }

  /// The ids, in order.
  @inlinable
  public var ids: [Element.ID] { elements.map(\.id) }

  /// The elements as an array, in order.
  @inlinable
  public var array: [Element] { elements }

  /// Whether an element has `id`.
  @inlinable
  public func contains(id: Element.ID) -> Bool { positions[id] != nil }

  /// The position of the element with `id`, or `nil`.
  @inlinable
  public func index(id: Element.ID) -> Int? { positions[id] }

  /// The element with `id`, or `nil`. Setting an element changes it in place (its id should
  /// stay the same: an element given a new id is removed and appended as a new element, or,
  /// when another element has that id, removed with a runtime warning); setting `nil` removes
  /// it; setting an element for an id that is not there appends it.
  @inlinable
  public subscript(id id: Element.ID) -> Element? {
    get { positions[id].map { elements[$0] } }
    _modify {
      if let position = positions[id] {
        var element: Element? = elements[position]
        yield &element
        if let element, element.id == id {
          elements[position] = element
          logged(.updated(id))
        } else {
          remove(at: position)
          if let element { appendRenamed(element, from: id) }
        }
      } else {
        var element: Element? = nil
        yield &element
        if let element { append(element) }
      }
    }
    set {
      if let position = positions[id] {
        if let newValue, newValue.id == id {
          elements[position] = newValue
          logged(.updated(id))
        } else {
          remove(at: position)
          if let newValue { appendRenamed(newValue, from: id) }
        }
      } else if let newValue {
        append(newValue)
      }
    }
  }

  /// Appends `element`; returns `false`, changing nothing, when its id is already there.
  @inlinable
  @discardableResult
  public mutating func append(_ element: Element) -> Bool {
    guard positions[element.id] == nil else { return false }
    positions[element.id] = elements.count
    elements.append(element)
    logged(.appended(element.id))
    return true
  }

  /// Inserts `element` at `position` (clamped to the collection's bounds); returns `false`,
  /// changing nothing, when its id is already there.
  @inlinable
  @discardableResult
  public mutating func insert(_ element: Element, at position: Int) -> Bool {
    guard positions[element.id] == nil else { return false }
    let position = Swift.min(Swift.max(position, 0), elements.count)
    elements.insert(element, at: position)
    reindex(from: position)
    logged(position == elements.count - 1 ? .appended(element.id) : .reordered)
    return true
  }

  /// Removes and returns the element with `id`, or returns `nil` when there is none.
  @inlinable
  @discardableResult
  public mutating func remove(id: Element.ID) -> Element? {
    guard let position = positions[id] else { return nil }
    return remove(at: position)
  }

  /// Removes and returns the element at `position`, which must be a valid index.
  @inlinable
  @discardableResult
  public mutating func remove(at position: Int) -> Element {
    let element = elements.remove(at: position)
    positions[element.id] = nil
    reindex(from: position)
    logged(.removed(element.id))
    return element
  }

  /// Removes the elements for which `shouldBeRemoved` is true.
  @inlinable
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    try elements.removeAll(where: shouldBeRemoved)
    positions.removeAll(keepingCapacity: true)
    reindex(from: 0)
    logged(.reordered)
  }

  /// Removes every element.
  @inlinable
  public mutating func removeAll() {
    elements.removeAll()
    positions.removeAll()
    logged(.reordered)
  }

  /// Removes the last `count` elements (all of them when `count` is larger).
  @inlinable
  public mutating func removeLast(_ count: Int) {
    let count = Swift.min(Swift.max(count, 0), elements.count)
    for element in elements.suffix(count) {
      positions[element.id] = nil
      logged(.removed(element.id))
    }
    elements.removeLast(count)
  }

  /// Moves the elements at `source` to `destination`, as SwiftUI's `onMove` reports them.
  @inlinable
  public mutating func move(fromOffsets source: [Int], toOffset destination: Int) {
    let valid = Set(source.filter { elements.indices.contains($0) })
    guard !valid.isEmpty else { return }
    let moved = valid.sorted().map { elements[$0] }
    let before = valid.filter { $0 < destination }.count
    var rest: [Element] = []
    rest.reserveCapacity(elements.count - moved.count)
    for (offset, element) in elements.enumerated() where !valid.contains(offset) {
      rest.append(element)
    }
    let target = Swift.min(Swift.max(destination - before, 0), rest.count)
    rest.insert(contentsOf: moved, at: target)
    elements = rest
    reindex(from: 0)
    logged(.reordered)
  }

  /// Re-keys the element at `position`, whose id a reducer changed from `old`. When its new id
  /// is another element's, the changed element is removed with a runtime warning (as
  /// ``append(_:)`` keeps the first of two with one id): two elements with one id would break
  /// every lookup after.
  @usableFromInline
  mutating func reindexChanged(at position: Int, from old: Element.ID) {
    let new = elements[position].id
    guard positions[new] == nil else {
      elements.remove(at: position)
      positions[old] = nil
      reindex(from: position)
      logged(.removed(old))
      warnDuplicate(from: old, to: new)
      return
    }
    positions[old] = nil
    positions[new] = position
    logged(.reordered)
  }

  /// Appends `element`, which had the id `old` and was given another; warns when another
  /// element has that one already (the element is then not kept).
  @usableFromInline
  mutating func appendRenamed(_ element: Element, from old: Element.ID) {
    if !append(element) { warnDuplicate(from: old, to: element.id) }
  }

  /// The runtime warning for an element whose id was changed from `old` to `new`, another
  /// element's, and which was removed for it.
  @usableFromInline
  func warnDuplicate(from old: Element.ID, to new: Element.ID) {
    runtimeWarning(
      "an element's id was changed from \(old) to \(new), which another element has, so it "
        + "was removed: ids in an IdentifiedArray are unique. To give an element a new id, "
        + "remove it and append it with one no other element has.",
      key: "IdentifiedArray.duplicateID")
  }

  /// Writes the positions of the elements from `position` on.
  @inlinable
  mutating func reindex(from position: Int) {
    var offset = position
    while offset < elements.count {
      positions[elements[offset].id] = offset
      offset += 1
    }
  }
}

extension IdentifiedArray: RandomAccessCollection {
  /// The position of the first element.
  @inlinable
  public var startIndex: Int { 0 }

  /// The position after the last element.
  @inlinable
  public var endIndex: Int { elements.count }

  /// The element at `position`. Change an element through ``subscript(id:)``, which keeps ids
  /// unique.
  @inlinable
  public subscript(position: Int) -> Element { elements[position] }

  /// Sorts the elements in place by `areInIncreasingOrder`.
  @inlinable
  public mutating func sort(
    by areInIncreasingOrder: (Element, Element) throws -> Bool
  ) rethrows {
    try elements.sort(by: areInIncreasingOrder)
    reindex(from: 0)
    logged(.reordered)
  }
}

extension IdentifiedArray: ExpressibleByArrayLiteral {
  /// A collection of the listed elements; of several with the same id, the first is kept.
  @inlinable
  public init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  /// Whether both hold equal elements in the same order.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.elements == rhs.elements }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  /// Hashes the elements in order.
  @inlinable
  public func hash(into hasher: inout Hasher) { hasher.combine(elements) }
}

extension IdentifiedArray: Sendable where Element: Sendable, Element.ID: Sendable {}

extension IdentifiedArray: CustomStringConvertible {
  /// The elements, as an array prints them.
  public var description: String { elements.description }
}

extension IdentifiedArray: Encodable where Element: Encodable {
  /// Encodes the elements as an array.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(elements)
  }
}

extension IdentifiedArray: Decodable where Element: Decodable {
  /// Decodes an array of elements; a duplicate id is an error that names it, since keeping
  /// either would silently lose the other.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let decoded = try container.decode([Element].self)
    self.init()
    for element in decoded where !append(element) {
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription:
          "two elements have the id \(element.id); ids in an IdentifiedArray must be unique")
    }
  }
}
