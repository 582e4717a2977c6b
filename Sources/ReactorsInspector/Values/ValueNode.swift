/// A value as the page's collapsible tree: its label (a property, a case, a key, an index),
/// its type, a one-line summary, and its children. Built from ``Reflected``, so any type shows,
/// and an imported file's values read like the app's own.
///
/// Bounded: a tree holds at most ``maximumNodes`` nodes and ``maximumDepth`` levels, and a
/// leaf's text at most ``Reflected/leafLimit`` characters; what is cut says how much
/// (``more``, ``cut``), and its ``path`` asks for it (`/api/state?…&path=`).
struct ValueNode: Encodable, Sendable, Equatable {
  /// What the value is: `leaf`, `struct`, `case`, `list`, `dictionary`, `set` or `tuple`.
  var kind: String
  var label: String?
  var type: String
  var summary: String
  var children: [ValueNode]?
  /// How many children were left out.
  var more: Int?
  /// How many characters of a leaf's text were left out.
  var cut: Int?
  /// The child positions from the root to this node: what asks for it alone.
  var path: String

  static let maximumDepth = 24
  static let maximumNodes = 2_000

  /// The tree of `value`, at most `budget` nodes, leaves cut at `leafLimit` characters.
  static func tree(
    of value: Any, label: String? = nil, path: String = "", budget: Int = maximumNodes,
    leafLimit: Int = Reflected.leafLimit
  ) -> ValueNode {
    var remaining = budget
    return node(
      of: value, label: label, path: path, depth: 0, remaining: &remaining,
      leafLimit: leafLimit)
  }

  static func node(
    of value: Any, label: String?, path: String, depth: Int, remaining: inout Int,
    leafLimit: Int
  ) -> ValueNode {
    remaining -= 1
    let shape = Reflected.of(value, limit: leafLimit)
    var node = ValueNode(
      kind: kind(shape.style), label: label, type: shape.type, summary: summary(shape),
      cut: shape.cut > 0 ? shape.cut : nil,
      path: path)
    guard shape.style != .leaf else { return node }
    guard depth < maximumDepth else {
      node.more = shape.count
      return node
    }
    var children: [ValueNode] = []
    for (position, child) in shape.children.enumerated() {
      guard remaining > 0, !RenderLane.isCancelled else { break }
      let childLabel = child.label ?? (shape.style == .enumCase ? nil : "[\(position)]")
      children.append(
        Self.node(
          of: child.value, label: childLabel,
          path: path.isEmpty ? "\(position)" : "\(path).\(position)",
          depth: depth + 1, remaining: &remaining, leafLimit: leafLimit))
    }
    node.children = children
    if children.count < shape.count { node.more = shape.count - children.count }
    return node
  }

  /// Equal in what they show (their paths aside).
  static func == (a: ValueNode, b: ValueNode) -> Bool {
    a.kind == b.kind && a.label == b.label && a.type == b.type && a.summary == b.summary
      && a.children == b.children && a.more == b.more && a.cut == b.cut
  }

  static func kind(_ style: Reflected.Style) -> String {
    switch style {
    case .leaf: "leaf"
    case .structure: "struct"
    case .enumCase: "case"
    case .collection: "list"
    case .dictionary: "dictionary"
    case .set: "set"
    case .tuple: "tuple"
    }
  }

  /// The node on one line of about `limit` characters, as custom dump would print its value.
  func line(limit: Int = 200) -> String {
    var text = ""
    write(into: &text, limit: limit)
    return text.count > limit ? String(text.prefix(limit - 1)) + "…" : text
  }

  func write(into text: inout String, limit: Int) {
    guard text.count <= limit else { return }
    let (open, close): (String, String)
    switch kind {
    case "leaf":
      text += summary
      return
    case "case":
      text += summary
      guard let children, !children.isEmpty else { return }
      (open, close) = ("(", ")")
    case "list", "set": (open, close) = ("[", "]")
    case "dictionary": (open, close) = ("[", "]")
    default:
      text += type
      (open, close) = ("(", ")")
    }
    text += open
    if kind == "dictionary" && (children ?? []).isEmpty && more == nil { text += ":" }
    for (position, child) in (children ?? []).enumerated() {
      guard text.count <= limit else { break }
      if position > 0 { text += ", " }
      if let label = child.label, kind != "list", kind != "set" { text += label + ": " }
      child.write(into: &text, limit: limit)
    }
    if more != nil { text += ", …" }
    text += close
  }

  /// A container's one line: its kind and size, or an enum's case.
  static func summary(_ shape: Reflected) -> String {
    switch shape.style {
    case .leaf, .enumCase: shape.summary
    case .collection: "\(shape.count) elements"
    case .dictionary: "\(shape.count) entries"
    case .set: "\(shape.count) members"
    case .structure, .tuple: ""
    }
  }

  /// The value at `path` (child positions, dot-separated) inside `value`, or `nil` when the
  /// path leads nowhere.
  static func value(at path: String, in value: Any) -> Any? {
    var current = value
    for part in path.split(separator: ".", omittingEmptySubsequences: false) where !path.isEmpty {
      guard let position = Int(part), position >= 0 else { return nil }
      let shape = Reflected.of(current, limit: 0)
      guard position < shape.count,
        let child = shape.children.dropFirst(position).first
      else { return nil }
      current = child.value
    }
    return current
  }
}
