/// A value as indented lines of text, one per node (`label: summary`), for readers that are not
/// the page (an agent over MCP): what the tree holds, with each cut saying which key path asks
/// for the rest.
///
/// Bounded: it renders a ``ValueNode`` (itself bounded), and stops at `limit` bytes.
struct ValueOutline {
  /// The lines of `value`, which sits at `keyPath` in its state, at most about `limit`
  /// characters; the first line named `label` (the key path, or "state" for the whole).
  static func text(
    of value: Any, keyPath: String, label: String? = nil, nodes: Int = 400,
    limit: Int = 24_000
  ) -> String {
    let tree = ValueNode.tree(of: value, budget: nodes, leafLimit: 500)
    var text = ""
    var cut = false
    write(
      tree, label: label ?? (keyPath.isEmpty ? "state" : keyPath), keyPath: keyPath, indent: 0,
      into: &text, limit: limit, cut: &cut)
    if cut {
      text += "… (cut at \(limit) bytes: ask for a key path inside this one)\n"
    }
    return text
  }

  /// Writes `node` (named `label`, at `keyPath`) and its children as lines into `text`,
  /// indented by `indent`; sets `cut` once `text` holds `limit` bytes.
  static func write(
    _ node: ValueNode, label: String, keyPath: String, indent: Int, into text: inout String,
    limit: Int, cut: inout Bool
  ) {
    guard !cut else { return }
    guard text.utf8.count < limit else {
      cut = true
      return
    }
    var line = String(repeating: "  ", count: indent) + label + ": "
    switch node.kind {
    case "leaf":
      line += node.summary
      if let omitted = node.cut { line += " (\(omitted) more bytes)" }
    case "case":
      line += node.summary
    default:
      line += node.type.isEmpty ? node.kind : node.type
      if !node.summary.isEmpty { line += " (\(node.summary))" }
    }
    text += line + "\n"
    let children = node.children ?? []
    for (position, child) in children.enumerated() {
      write(
        child, label: child.label ?? "\(position)",
        keyPath: Self.keyPath(of: child, at: position, among: children.count, in: node, keyPath),
        indent: indent + 1, into: &text, limit: limit, cut: &cut)
    }
    if let more = node.more, !cut {
      text +=
        String(repeating: "  ", count: indent + 1)
        + "… \(more) more (ask for \(keyPath.isEmpty ? "a key path" : keyPath + ".N"))\n"
    }
  }

  /// The key path of `child`, at `position` among `count` children of `parent`, which sits at
  /// `keyPath`: as ``KeyPathLookup`` reads it (an enum's values through its case's name).
  static func keyPath(
    of child: ValueNode, at position: Int, among count: Int, in parent: ValueNode,
    _ keyPath: String
  ) -> String {
    var parts = keyPath.isEmpty ? [] : [keyPath]
    if parent.kind == "case" {
      parts.append(String(parent.summary.dropFirst()))
      if count > 1 { parts.append("\(position)") }
    } else {
      let name = child.label.map(KeyPathLookup.unquoted) ?? "\(position)"
      parts.append(name.hasPrefix("[") ? String(name.dropFirst().dropLast()) : name)
    }
    return parts.joined(separator: ".")
  }
}
