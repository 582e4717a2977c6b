/// What changed between two values, as lines: `- path: old` and `+ path: new` for each leaf or
/// container that differs, matched by label (a property, a key, a case) and by position in a
/// collection. It walks both values side by side, descending only where they differ in shape
/// and comparing every child, so a change among 100,000 members is found; the walk is bounded
/// (``maximumVisits`` values, ``maximumLines`` lines) and says where it stopped.
enum ValueDiff {
  /// The most lines a diff shows.
  static let maximumLines = 400
  /// The most values a diff looks at.
  static let maximumVisits = 300_000

  /// The lines that tell `before` from `after`; `nil` when they read the same.
  static func lines(_ before: Any, _ after: Any) -> String? {
    var walk = Walk()
    walk.compare(before, after, path: "")
    guard !walk.lines.isEmpty else { return nil }
    var lines = walk.lines
    if lines.count > maximumLines {
      let left = lines.count - maximumLines
      lines = Array(lines.prefix(maximumLines)) + ["… \(left) more lines not shown"]
    }
    if walk.visits >= maximumVisits {
      lines.append(
        "… the comparison stopped after \(maximumVisits) values; what is past them is not compared")
    }
    return lines.joined(separator: "\n")
  }

  /// One comparison's progress.
  struct Walk {
    var lines: [String] = []
    var visits = 0
    /// Whether the request was cancelled, as last looked at (every 256 values).
    var isCancelled = false

    var isDone: Bool {
      lines.count > ValueDiff.maximumLines || visits >= ValueDiff.maximumVisits || isCancelled
    }

    mutating func compare(_ old: Any, _ new: Any, path: String, depth: Int = 0) {
      guard !isDone else { return }
      visits += 1
      // The same object on both sides is unchanged (and a cycle through it ends here).
      if type(of: old) is AnyClass, type(of: new) is AnyClass,
        (old as AnyObject) === (new as AnyObject)
      {
        return
      }
      // Past the depth a tree shows, compare what shows: one line each (a cycle of distinct
      // objects ends here too).
      guard depth < ValueNode.maximumDepth else {
        let (before, after) = (Self.line(old), Self.line(new))
        if before != after { changed(path, before, after) }
        return
      }
      if visits & 255 == 0 { isCancelled = RenderLane.isCancelled }
      // Equal values (compared as the app compares them, where it can) need no walk; a
      // dictionary is matched by its keys without reflecting its entries.
      if let a = old as? AnyHashable, let b = new as? AnyHashable, a == b { return }
      if let a = old as? [AnyHashable: Any], let b = new as? [AnyHashable: Any] {
        compare(dictionary: a, b, path: path, depth: depth)
        return
      }
      let a = Reflected.of(old)
      let b = Reflected.of(new)
      guard a.style != .leaf, a.style == b.style, a.type == b.type,
        a.style != .enumCase || a.summary == b.summary
      else {
        if !Self.sameLeaf(old, new, a, b) { changed(path, Self.line(old), Self.line(new)) }
        return
      }
      switch a.style {
      case .collection, .set, .tuple, .enumCase:
        let newChildren = b.children.makeIterator()
        var position = 0
        for child in a.children {
          guard !isDone else { return }
          let childPath = path + "[\(position)]"
          if let other = newChildren.next() {
            compare(child.value, other.value, path: childPath, depth: depth + 1)
          } else {
            lines.append("- \(childPath): \(Self.line(child.value))")
          }
          position += 1
        }
        while !isDone, let other = newChildren.next() {
          lines.append("+ \(path)[\(position)]: \(Self.line(other.value))")
          position += 1
        }
      default:
        var newByLabel: [String: Any] = [:]
        for child in b.children {
          visits += 1
          if newByLabel[child.label ?? ""] == nil { newByLabel[child.label ?? ""] = child.value }
          if isDone { return }
        }
        var seen = Set<String>()
        for child in a.children {
          guard !isDone else { return }
          let label = child.label ?? ""
          seen.insert(label)
          let childPath = Self.join(path, label, in: a.style)
          if let other = newByLabel[label] {
            compare(child.value, other, path: childPath, depth: depth + 1)
          } else {
            lines.append("- \(childPath): \(Self.line(child.value))")
          }
        }
        for child in b.children where !seen.contains(child.label ?? "") {
          guard !isDone else { return }
          lines.append(
            "+ \(Self.join(path, child.label ?? "", in: b.style)): \(Self.line(child.value))")
        }
      }
    }

    /// Two dictionaries' entries, matched by key.
    mutating func compare(
      dictionary old: [AnyHashable: Any], _ new: [AnyHashable: Any], path: String, depth: Int
    ) {
      for (key, value) in old {
        guard !isDone else { return }
        let childPath = path + "[\(Reflected.oneLineKey(key.base))]"
        if let other = new[key] {
          compare(value, other, path: childPath, depth: depth + 1)
        } else {
          lines.append("- \(childPath): \(Self.line(value))")
        }
      }
      for (key, value) in new where old[key] == nil {
        guard !isDone else { return }
        lines.append("+ \(path)[\(Reflected.oneLineKey(key.base))]: \(Self.line(value))")
      }
    }

    /// The value at `path` reads `before`, then `after`.
    mutating func changed(_ path: String, _ before: String, _ after: String) {
      let name = path.isEmpty ? "state" : path
      lines.append("- \(name): \(before)")
      lines.append("+ \(name): \(after)")
    }

    /// Whether two leaves read the same: strings compared whole, others by their text.
    static func sameLeaf(_ old: Any, _ new: Any, _ a: Reflected, _ b: Reflected) -> Bool {
      if let old = old as? String, let new = new as? String { return old == new }
      return a.style == .leaf && b.style == .leaf && a.summary == b.summary && a.cut == b.cut
        && a.type == b.type
    }

    static func join(_ path: String, _ label: String, in style: Reflected.Style) -> String {
      if style == .dictionary { return path + "[\(label)]" }
      return path.isEmpty ? label : path + "." + label
    }

    /// A value on one line, saying how much of its text was cut.
    static func line(_ value: Any) -> String {
      let node = ValueNode.tree(of: value, budget: 60, leafLimit: 200)
      return node.line() + (node.cut.map { " (\($0) more bytes)" } ?? "")
    }
  }
}
