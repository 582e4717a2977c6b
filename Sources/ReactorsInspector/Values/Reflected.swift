import ReactorsRecording

/// A value's shape as the inspector shows it, whatever its type: a leaf's text, or a
/// container's kind, type and children. Typed values are read with `Mirror`; a
/// ``RecordedJSON`` (an imported file's values) is read as the app's own value would be: an
/// object as its members, and Swift's coding of an enum case (`{"setPage":{"_0":…}}`) as the
/// case `.setPage(…)`.
///
/// Nothing here reads more of a value than asked: children come as a lazy collection, and a
/// string's text is cut (``text(of:limit:)``) before it is copied.
struct Reflected {
  enum Style: Equatable { case leaf, structure, enumCase, collection, dictionary, set, tuple }

  var style: Style
  /// The type's name ("" where the file does not say).
  var type: String
  /// A leaf's text (cut), or an enum case's name with its dot.
  var summary: String
  /// How many characters of a leaf's text were left out.
  var cut = 0
  /// How many children there are.
  var count: Int
  /// The children: a label (a property, a key, `nil` for a position) and a value.
  var children: AnyCollection<(label: String?, value: Any)>

  /// The longest leaf text kept, unless a caller asks for more.
  static let leafLimit = 2_000

  /// `value`'s shape, its leaf text cut at `limit` characters.
  static func of(_ value: Any, limit: Int = leafLimit) -> Reflected {
    if let json = value as? RecordedJSON { return of(json: json, limit: limit) }
    if let string = value as? String {
      let (text, cut) = text(of: string, limit: limit)
      return leaf("String", text, cut: cut)
    }
    let mirror = Mirror(reflecting: value)
    let type = String(describing: mirror.subjectType)
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first else { return leaf(type, "nil") }
      return of(wrapped.value, limit: limit)
    case .enum:
      let name = mirror.children.first?.label ?? "\(value)"
      guard let payload = mirror.children.first?.value else {
        return leaf(type, ".\(name)")
      }
      // The payload's tuple (labelled or not) as the case's values; a single value as itself.
      let inner = Mirror(reflecting: payload)
      let values: AnyCollection<(label: String?, value: Any)> =
        inner.displayStyle == .tuple
        ? AnyCollection(
          inner.children.lazy.map { (label: Self.tupleLabel($0.label), value: $0.value) })
        : AnyCollection(CollectionOfOne((label: String?.none, value: payload)))
      return Reflected(
        style: .enumCase, type: type, summary: ".\(name)",
        count: inner.displayStyle == .tuple ? inner.children.count : 1, children: values)
    case .collection, .set:
      return Reflected(
        style: mirror.displayStyle == .set ? .set : .collection, type: type, summary: "",
        count: mirror.children.count,
        children: AnyCollection(mirror.children.lazy.map { (label: String?.none, value: $0.value) })
      )
    case .dictionary:
      let entries = mirror.children.lazy.map { child -> (label: String?, value: Any) in
        let pair = Array(Mirror(reflecting: child.value).children.prefix(2))
        guard pair.count == 2 else { return (nil, child.value) }
        return (oneLineKey(pair[0].value), pair[1].value)
      }
      return Reflected(
        style: .dictionary, type: type, summary: "", count: mirror.children.count,
        children: AnyCollection(entries))
    case .struct, .class, .tuple:
      guard !mirror.children.isEmpty else {
        let (text, cut) = text(of: "\(value)", limit: limit, quoted: false)
        return leaf(type, text, cut: cut)
      }
      return Reflected(
        style: mirror.displayStyle == .tuple ? .tuple : .structure, type: type, summary: "",
        count: mirror.children.count,
        children: AnyCollection(
          mirror.children.lazy.map { (label: Self.tupleLabel($0.label), value: $0.value) }))
    default:
      let (text, cut) = text(of: "\(value)", limit: limit, quoted: false)
      return leaf(type, text, cut: cut)
    }
  }

  /// A ``RecordedJSON``'s shape.
  static func of(json: RecordedJSON, limit: Int) -> Reflected {
    switch json {
    case .null: return leaf("", "nil")
    case .bool(let bool): return leaf("", "\(bool)")
    case .number(let number):
      // As long as a string may be, and cut the same way (`…`, and the bytes left out).
      let (text, cut) = text(of: number, limit: limit, quoted: false)
      return leaf("", text, cut: cut)
    case .string(let string):
      let (text, cut) = text(of: string, limit: limit)
      return leaf("", text, cut: cut)
    case .array(let elements):
      return Reflected(
        style: .collection, type: "", summary: "", count: elements.count,
        children: AnyCollection(elements.lazy.map { (label: String?.none, value: $0 as Any) }))
    case .object(let members):
      if members.count == 1, let payload = caseValues(members[0].value) {
        return Reflected(
          style: .enumCase, type: "", summary: "." + members[0].name, count: payload.count,
          children: AnyCollection(payload.lazy.map { (label: $0.label, value: $0.value as Any) }))
      }
      return Reflected(
        style: .structure, type: "", summary: "", count: members.count,
        children: AnyCollection(
          members.lazy.map { (label: Optional($0.name), value: $0.value as Any) }))
    }
  }

  /// The values of an enum case as Swift's `Codable` writes them: an empty object (no
  /// values), or an object whose members are `_0`, `_1`, … (unlabelled values; their labels
  /// become `nil`). `nil` for any other value.
  static func caseValues(_ json: RecordedJSON) -> [(label: String?, value: RecordedJSON)]? {
    guard case .object(let members) = json else { return nil }
    guard !members.isEmpty else { return [] }
    let positional = members.enumerated().allSatisfy { $1.name == "_\($0)" }
    return positional ? members.map { (nil, $0.value) } : nil
  }

  static func leaf(_ type: String, _ text: String, cut: Int = 0) -> Reflected {
    Reflected(
      style: .leaf, type: type, summary: text, cut: cut, count: 0, children: AnyCollection([]))
  }

  /// A tuple's position labels (`.0`, `.1`) read as no label.
  static func tupleLabel(_ label: String?) -> String? {
    guard let label, !label.hasPrefix("."), !(label.first?.isNumber ?? false) else { return nil }
    return label
  }

  /// A dictionary key's text, on one line.
  static func oneLineKey(_ key: Any) -> String {
    if let string = key as? String { return text(of: string, limit: 200).0 }
    return text(of: "\(key)", limit: 200, quoted: false).0
  }

  /// `string` quoted (unless `quoted` is false), with its line breaks and quotes escaped, cut
  /// at `limit` characters; and how much was left out (in UTF-8 bytes, counted without
  /// walking them).
  static func text(of string: String, limit: Int, quoted: Bool = true) -> (String, Int) {
    let kept = string.prefix(limit)
    var text = quoted ? "\"" : ""
    for character in kept {
      switch character {
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case "\"" where quoted: text += "\\\""
      case "\\" where quoted: text += "\\\\"
      case "\u{2028}": text += "\\u{2028}"
      case "\u{2029}": text += "\\u{2029}"
      default: text.append(character)
      }
    }
    if kept.endIndex < string.endIndex { text += "…" }
    if quoted { text += "\"" }
    let cut = kept.endIndex < string.endIndex ? string.utf8.count - kept.utf8.count : 0
    return (text, cut)
  }
}
