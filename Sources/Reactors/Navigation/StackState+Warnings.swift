// The runtime warnings of StackState's misuses: each says what happened, that nothing changed,
// and what to call instead.
extension StackState {
  /// The ids present, for a warning: `[#0, #1]`.
  var idList: String { "[\(elementIDs.map(\.description).joined(separator: ", "))]" }

  /// `pop()` on an empty stack.
  @usableFromInline
  func warnPoppingEmpty() {
    runtimeWarning(
      "StackState.pop() was called on an empty stack, so nothing changed. Check "
        + "`!stack.isEmpty` first, or call popToRoot(), which does nothing on an empty stack.",
      key: "StackState.pop.empty")
  }

  /// `pop(from:)` or `pop(to:)` with an id no element has.
  @usableFromInline
  func warnUnknown(_ id: StackElementID, in call: String) {
    runtimeWarning(
      "StackState.\(call): no element has the id \(id) (the stack holds \(idList)), so nothing "
        + "changed. The screen was probably popped already; pop by an id from `stack.ids`.",
      key: "StackState.pop.unknown")
  }

  /// `stack[id: id] = nil`.
  @usableFromInline
  func warnSettingNil(_ id: StackElementID) {
    runtimeWarning(
      "Setting StackState[id: \(id)] to nil does not remove a screen, so nothing changed. To "
        + "remove it and every screen above it, call pop(from: \(id)).",
      key: "StackState.subscript.nil")
  }

  /// `stack[id: id] = element` for an id no element has.
  @usableFromInline
  func warnSettingUnknown(_ id: StackElementID) {
    runtimeWarning(
      "Setting StackState[id: \(id)]: no element has the id \(id) (the stack holds \(idList)), "
        + "so nothing changed. Add a screen with push(_:); the subscript only changes one that "
        + "is there, and removing one is pop(from:).",
      key: "StackState.subscript.unknown")
  }

  /// `push(_:)` with the counter at `Int.max`.
  @usableFromInline
  func warnExhausted() {
    runtimeWarning(
      "StackState.push(_:): the stack's next id is \(nextID), the largest there is, so another "
        + "push would reuse an id; nothing changed. This stack was decoded or made with an "
        + "unreasonable counter: start from a new StackState.",
      key: "StackState.push.exhausted")
  }

  /// `push(_:id:)` with an id that may have been given, or that leaves no next id.
  @usableFromInline
  func warnRefusedID(_ id: StackElementID) {
    let reason =
      id.rawValue == Int.max
      ? "it is the largest id, which leaves none for the next push"
      : "ids below the stack's next id, \(nextID), may have been given already and are never "
        + "reused"
    runtimeWarning(
      "StackState.push(_:id: \(id)) was refused, so nothing changed: \(reason). Take the id "
        + "from `stack.nextID`, or call push(_:), which picks it.",
      key: "StackState.push.id")
  }
}
