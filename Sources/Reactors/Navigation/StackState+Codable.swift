/// The keys of an encoded ``StackState``.
enum StackStateCodingKeys: String, CodingKey {
  case elements, ids, nextID
}

extension StackState: Encodable where Element: Encodable {
  /// Encodes the elements, their ids and the counter, so that a decoded stack goes on giving
  /// ids no earlier screen had: `{"elements": [...], "ids": [0, 1], "nextID": 2}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: StackStateCodingKeys.self)
    try container.encode(elements, forKey: .elements)
    try container.encode(elementIDs, forKey: .ids)
    try container.encode(nextID, forKey: .nextID)
  }
}

extension StackState: Decodable where Element: Decodable {
  /// Decodes what ``encode(to:)`` wrote, and checks it: one id per element, no id twice, and a
  /// counter greater than every id. Anything else is a `DecodingError` that says what is wrong,
  /// since guessing would address actions to the wrong screens.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: StackStateCodingKeys.self)
    let elements = try container.decode([Element].self, forKey: .elements)
    let ids = try container.decode([StackElementID].self, forKey: .ids)
    let nextID = try container.decode(StackElementID.self, forKey: .nextID)
    guard ids.count == elements.count else {
      throw DecodingError.dataCorruptedError(
        forKey: .ids, in: container,
        debugDescription:
          "a StackState has \(elements.count) elements but \(ids.count) ids; it needs one id "
          + "per element, in the same order")
    }
    var seen: Set<StackElementID> = []
    for id in ids where !seen.insert(id).inserted {
      throw DecodingError.dataCorruptedError(
        forKey: .ids, in: container,
        debugDescription:
          "two elements of a StackState have the id \(id); ids in a stack must be unique")
    }
    if let largest = ids.max(), nextID <= largest {
      throw DecodingError.dataCorruptedError(
        forKey: .nextID, in: container,
        debugDescription:
          "a StackState's nextID (\(nextID)) must be greater than every id, and it holds "
          + "\(largest); otherwise the next push would reuse an id")
    }
    self.init()
    self.elements = elements
    self.elementIDs = ids
    self.counter = nextID
  }
}
