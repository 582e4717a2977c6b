/// A value as the page's collapsible tree: its label (a property, a case, a key, an index),
/// its type, a one-line summary, and its children, built with `Mirror` so that any type shows.
/// Deep or wide values are cut (``maximumDepth``, ``maximumChildren``), saying how much.
struct ValueNode: Encodable, Sendable {
  var label: String?
  var type: String
  var summary: String
  var children: [ValueNode]?
  /// How many children were left out.
  var more: Int?

  static let maximumDepth = 24
  static let maximumChildren = 2_000

  /// The tree of `value`.
  static func tree(of value: Any, label: String? = nil, depth: Int = 0) -> ValueNode {
    let mirror = Mirror(reflecting: value)
    let type = String(describing: mirror.subjectType)
    // An optional shows its value, or nil.
    if mirror.displayStyle == .optional {
      guard let wrapped = mirror.children.first else {
        return ValueNode(label: label, type: type, summary: "nil")
      }
      return tree(of: wrapped.value, label: label, depth: depth)
    }
    guard !mirror.children.isEmpty else {
      return ValueNode(label: label, type: type, summary: summary(of: value, mirror))
    }
    guard depth < maximumDepth else {
      return ValueNode(
        label: label, type: type, summary: "…", more: mirror.children.count)
    }
    var children: [ValueNode] = []
    for (position, child) in mirror.children.enumerated() {
      guard position < maximumChildren else { break }
      children.append(node(of: child, at: position, in: mirror, depth: depth + 1))
    }
    let total = mirror.children.count
    var label = label
    var summary = summary(of: value, mirror)
    // An enum case with values: the case is the summary, its values the children.
    if mirror.displayStyle == .enum, let only = mirror.children.first, total == 1 {
      summary = "." + (only.label ?? "")
      label = label ?? nil
      let payload = tree(of: only.value, depth: depth + 1)
      children = payload.children ?? [payload]
    }
    return ValueNode(
      label: label, type: type, summary: summary, children: children,
      more: total > maximumChildren ? total - maximumChildren : nil)
  }

  /// A child's node: a dictionary's entry is labelled with its key.
  static func node(
    of child: Mirror.Child, at position: Int, in mirror: Mirror, depth: Int
  ) -> ValueNode {
    switch mirror.displayStyle {
    case .dictionary:
      let pair = Mirror(reflecting: child.value).children.map(\.value)
      if pair.count == 2 {
        return tree(of: pair[1], label: String(describing: pair[0]), depth: depth)
      }
      return tree(of: child.value, label: "[\(position)]", depth: depth)
    case .collection, .set:
      return tree(of: child.value, label: "[\(position)]", depth: depth)
    default:
      return tree(of: child.value, label: child.label ?? "[\(position)]", depth: depth)
    }
  }

  /// One line for a value: a leaf's description; a container's kind and size.
  static func summary(of value: Any, _ mirror: Mirror) -> String {
    switch mirror.displayStyle {
    case .collection: return "\(mirror.children.count) elements"
    case .dictionary: return "\(mirror.children.count) entries"
    case .set: return "\(mirror.children.count) members"
    case .enum where mirror.children.isEmpty: return ".\(value)"
    case .struct, .class, .tuple: return mirror.children.isEmpty ? "\(value)" : ""
    default:
      let text = value is String ? "\"\(value)\"" : "\(value)"
      return text.count > 300 ? String(text.prefix(299)) + "…" : text
    }
  }
}
