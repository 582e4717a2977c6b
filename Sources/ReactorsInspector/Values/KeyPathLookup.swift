/// A value found inside another by a key path as a person (or an agent) writes it: names of
/// properties, dictionary keys and enum cases, and positions, separated by dots
/// (`results.0.title`, `page`, `results[2]`, `route.detail`). The empty path is the value
/// itself. Works on any type (through ``Reflected``), an imported file's values included.
///
/// Pure, and bounded: it reads one level of the value per part, at most ``maximumParts``
/// parts, and looks at most at ``maximumScanned`` children of a level for a name (a position
/// in a list is reached without looking at the others' names).
enum KeyPathLookup {
  /// The value at the path.
  case found(Any)
  /// The path leads nowhere.
  case missing(KeyPathMiss)

  /// The longest key path looked up, in bytes.
  static let maximumLength = 400
  /// The most parts a key path has.
  static let maximumParts = 32
  /// The most children of one level whose names are compared with a part.
  static let maximumScanned = 10_000

  /// Looks `keyPath` up inside `value`.
  static func lookUp(_ keyPath: String, in value: Any) -> KeyPathLookup {
    var current = value
    var walked: [String] = []
    let parts = parts(of: keyPath)
    guard parts.count <= maximumParts else {
      return .missing(
        KeyPathMiss(
          part: parts[maximumParts], at: parts.prefix(maximumParts).joined(separator: "."),
          available: ["at most \(maximumParts) parts"]))
    }
    for part in parts {
      let shape = Reflected.of(current, limit: 0)
      guard let child = child(named: part, of: shape) else {
        let names = shape.children.prefix(20).enumerated().map { position, child in
          child.label.map(unquoted) ?? "\(position)"
        }
        // An enum's values are reached through its case's name.
        let available = shape.style == .enumCase ? [String(shape.summary.dropFirst())] : names
        return .missing(
          KeyPathMiss(part: part, at: walked.joined(separator: "."), available: available))
      }
      current = child
      walked.append(part)
    }
    return .found(current)
  }

  /// The parts of `keyPath`: split at dots, and `name[2]` read as `name.2`.
  static func parts(of keyPath: String) -> [String] {
    keyPath.replacingOccurrences(of: "[", with: ".").replacingOccurrences(of: "]", with: "")
      .split(separator: ".").map(String.init)
  }

  /// The child of `shape` that `part` names: a label (a property, a key with or without its
  /// quotes), a position, or, for an enum, its case's name (which leads to its values).
  static func child(named part: String, of shape: Reflected) -> Any? {
    if shape.style == .enumCase, shape.summary == "." + part {
      let values = Array(shape.children.prefix(2))
      return values.count == 1 ? values[0].value : shape.children.map(\.value)
    }
    let position = Int(part).flatMap { $0 >= 0 && $0 < shape.count ? $0 : nil }
    // A list's, a set's or a tuple's children are reached by position: no names to compare.
    if let position, [.collection, .set, .tuple].contains(shape.style) {
      return shape.children.dropFirst(position).first?.value
    }
    if let match = shape.children.prefix(maximumScanned).first(where: { child in
      child.label.map { $0 == part || unquoted($0) == part } ?? false
    }) {
      return match.value
    }
    guard let position else { return nil }
    return shape.children.dropFirst(position).first?.value
  }

  /// A dictionary key's label without the quotes a string key is shown with.
  static func unquoted(_ label: String) -> String {
    label.count >= 2 && label.hasPrefix("\"") && label.hasSuffix("\"")
      ? String(label.dropFirst().dropLast()) : label
  }
}

/// Where a key path led nowhere: the part that did not match, the path up to it, and the names
/// the value there has (at most 20).
struct KeyPathMiss: Sendable, Equatable {
  let part: String
  let at: String
  let available: [String]

  /// What is wrong, and what the value has instead.
  var message: String {
    "No \"\(part)\" in \(at.isEmpty ? "the state" : at): it has "
      + (available.isEmpty ? "nothing inside" : available.joined(separator: ", ")) + "."
  }
}
