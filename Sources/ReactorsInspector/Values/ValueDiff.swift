/// What changed between two values, as lines: `- path: old` and `+ path: new` for each leaf or
/// container that differs, matched by label (a property, a key, a case) and by position in
/// a collection. Works on the bounded trees (``ValueNode``), so a diff costs at most what two
/// trees cost, and says when it was cut.
enum ValueDiff {
  /// The most lines a diff shows.
  static let maximumLines = 400

  /// The lines that tell `before` from `after`; `nil` when they read the same.
  static func lines(_ before: Any, _ after: Any) -> String? {
    let old = ValueNode.tree(of: before)
    let new = ValueNode.tree(of: after)
    var lines: [String] = []
    compare(old, new, path: "", into: &lines)
    guard !lines.isEmpty else { return nil }
    if lines.count > maximumLines {
      let left = lines.count - maximumLines
      lines = Array(lines.prefix(maximumLines)) + ["… \(left) more lines not shown"]
    }
    return lines.joined(separator: "\n")
  }

  static func compare(
    _ old: ValueNode, _ new: ValueNode, path: String, into lines: inout [String]
  ) {
    guard old != new, lines.count <= maximumLines, !Task.isCancelled else { return }
    let name = path.isEmpty ? "state" : path
    guard let oldChildren = old.children, let newChildren = new.children,
      old.kind == new.kind, old.type == new.type, old.kind != "case" || old.summary == new.summary
    else {
      lines.append("- \(name): \(line(old))")
      lines.append("+ \(name): \(line(new))")
      return
    }
    if old.kind == "list" || old.kind == "set" || old.kind == "tuple" || old.kind == "case" {
      for position in 0..<max(oldChildren.count, newChildren.count) {
        let childPath = path + "[\(position)]"
        switch (position < oldChildren.count, position < newChildren.count) {
        case (true, true):
          compare(oldChildren[position], newChildren[position], path: childPath, into: &lines)
        case (true, false): lines.append("- \(childPath): \(line(oldChildren[position]))")
        default: lines.append("+ \(childPath): \(line(newChildren[position]))")
        }
      }
    } else {
      var newByLabel: [String: ValueNode] = [:]
      for child in newChildren {
        newByLabel[child.label ?? ""] = newByLabel[child.label ?? ""] ?? child
      }
      let oldLabels = Set(oldChildren.map { $0.label ?? "" })
      for child in oldChildren {
        let childPath = join(path, child.label)
        if let other = newByLabel[child.label ?? ""] {
          compare(child, other, path: childPath, into: &lines)
        } else {
          lines.append("- \(childPath): \(line(child))")
        }
      }
      for child in newChildren where !oldLabels.contains(child.label ?? "") {
        lines.append("+ \(join(path, child.label)): \(line(child))")
      }
    }
    if old.more != nil || new.more != nil {
      lines.append("  \(name): what is past the first \(oldChildren.count) is not compared")
    }
  }

  static func join(_ path: String, _ label: String?) -> String {
    guard let label else { return path }
    return path.isEmpty ? label : path + "." + label
  }

  /// A node on one line, saying how much of its text was cut.
  static func line(_ node: ValueNode) -> String {
    node.line() + (node.cut.map { " (\($0) more bytes)" } ?? "")
  }
}
