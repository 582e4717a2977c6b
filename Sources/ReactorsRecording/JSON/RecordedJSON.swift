import CustomDump

/// Any JSON value, as a recording file holds it: what reads a recording whose types this
/// program does not have (the inspector's import), as
/// `Recording<RecordedJSON, RecordedJSON, RecordedJSON>(contentsOf: path, checkingTypeNames: false)`.
///
/// A number keeps its text: it is compared and dumped as it was read, and a recording file
/// writes it back as it was read (`-0`, `1E2`, 23 digits and `1e400` alike), so that a file read
/// as `RecordedJSON` writes back byte for byte. Another encoder (`JSONEncoder`) gets the
/// nearest `Int` or `Double`. Dumps and mirrors show an object as its members by name and an
/// array as its elements, so custom dump, diffs and the inspector's trees read like the app's
/// own values.
public enum RecordedJSON: Sendable, Hashable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number, as its text.
  case number(String)
  /// A string.
  case string(String)
  /// An array's elements.
  case array([RecordedJSON])
  /// An object's members, in the file's order.
  case object([Member])

  /// An object's member.
  public struct Member: Sendable, Hashable {
    /// The member's name.
    public let name: String
    /// Its value.
    public let value: RecordedJSON

    /// A member named `name`.
    public init(name: String, value: RecordedJSON) {
      self.name = name
      self.value = value
    }
  }
}

extension RecordedJSON {
  /// Reads one JSON value from `bytes` with the recording files' own reader: members in the
  /// text's order, numbers as their text.
  /// - Throws: `DecodingError.dataCorrupted`, saying where the text is not JSON (a number's
  ///   or a string's text too, as `JSONDecoder` reading every value) or nests deeper than the
  ///   reader accepts.
  public init(parsing bytes: [UInt8]) throws {
    let input = try JSONInput(bytes[...])
    self = try input.value(at: 0)
  }
}

extension RecordedJSON: Codable {
  /// Reads any JSON value: from a recording file, as the file holds it (numbers as their
  /// text); from another decoder, through its containers (a whole number as the `Int64` or
  /// `UInt64` it reads, exactly; any other number as the `Double` it reads).
  public init(from decoder: any Decoder) throws {
    if let reading = decoder as? JSONReading {
      self = try reading.input.value(at: reading.node)
    } else if let object = try? decoder.container(keyedBy: JSONKey.self) {
      self = .object(
        try object.allKeys.map { key in
          Member(name: key.stringValue, value: try object.decode(RecordedJSON.self, forKey: key))
        })
    } else if var array = try? decoder.unkeyedContainer() {
      var elements: [RecordedJSON] = []
      while !array.isAtEnd { elements.append(try array.decode(RecordedJSON.self)) }
      self = .array(elements)
    } else {
      let single = try decoder.singleValueContainer()
      if single.decodeNil() {
        self = .null
      } else if let bool = try? single.decode(Bool.self) {
        self = .bool(bool)
      } else if let string = try? single.decode(String.self) {
        self = .string(string)
      } else if let integer = try? single.decode(Int64.self) {
        // Whole numbers first, each as it was: through a Double, one past 2^53 would change.
        self = .number(String(integer))
      } else if let integer = try? single.decode(UInt64.self) {
        self = .number(String(integer))
      } else {
        let number = try single.decode(Double.self)
        self = .number(Self.text(of: number))
      }
    }
  }

  /// Writes the value back as JSON.
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var single = encoder.singleValueContainer()
      try single.encodeNil()
    case .bool(let bool):
      var single = encoder.singleValueContainer()
      try single.encode(bool)
    case .number(let text):
      // As the exact integer where one holds it (to `UInt64.max`: an agent's action with a
      // `UInt64` reaches its decoder unchanged), else as the nearest `Double`.
      var single = encoder.singleValueContainer()
      if let integer = Int64(text) {
        try single.encode(integer)
      } else if let integer = UInt64(text) {
        try single.encode(integer)
      } else {
        try single.encode(Double(text) ?? 0)
      }
    case .string(let string):
      var single = encoder.singleValueContainer()
      try single.encode(string)
    case .array(let elements):
      var array = encoder.unkeyedContainer()
      for element in elements { try array.encode(element) }
    case .object(let members):
      var object = encoder.container(keyedBy: JSONKey.self)
      for member in members { try object.encode(member.value, forKey: JSONKey(member.name)) }
    }
  }

  /// A number's shortest text: an integer's without a point.
  static func text(of number: Double) -> String {
    number.rounded(.towardZero) == number && abs(number) < 1e15
      ? String(Int64(number)) : "\(number)"
  }
}

extension RecordedJSON: CustomReflectable, CustomDumpRepresentable, CustomStringConvertible {
  /// An object as its members by name, an array as its elements, a scalar as itself.
  public var customMirror: Mirror {
    switch self {
    case .object(let members):
      Mirror(
        self, children: members.map { (label: $0.name, value: $0.value as Any) },
        displayStyle: .struct)
    case .array(let elements):
      Mirror(self, unlabeledChildren: elements, displayStyle: .collection)
    default:
      Mirror(self, children: [], displayStyle: nil)
    }
  }

  /// What custom dump shows: a scalar as the Swift value it reads as, an array as its
  /// elements, an object as a dictionary of its members.
  public var customDumpValue: Any {
    switch self {
    case .null: Optional<Int>.none as Any
    case .bool(let bool): bool
    case .number(let text):
      if let integer = Int(text) {
        integer
      } else if let double = Double(text) {
        double
      } else {
        text
      }
    case .string(let string): string
    case .array(let elements): elements
    case .object(let members):
      Dictionary(members.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }
  }

  /// A scalar's JSON text; a container's size.
  public var description: String {
    switch self {
    case .null: "null"
    case .bool(let bool): "\(bool)"
    case .number(let text): text
    case .string(let string): "\"\(string)\""
    case .array(let elements): "[\(elements.count) elements]"
    case .object(let members): "{\(members.count) members}"
    }
  }
}
