/// What a path that SwiftUI wrote into a `NavigationStack(path:)` binding means for the
/// ``StackState`` behind it: see ``StackState/changeWritten(byPath:)``.
///
/// SwiftUI writes the path itself only when the user goes back (the back button, an edge
/// swipe, a long press on back), and then only removes screens from the top; everything else
/// should come from state. So a write is either nothing new, a pop, or something the state does
/// not take.
public enum StackWriteBack: Equatable, Sendable {
  /// The path is the stack's ids as they are: nothing to do.
  case unchanged
  /// The screens from this id up were removed: send `StackAction.popFrom(id:)` with it.
  case popFrom(StackElementID)
  /// The path is not the stack with screens removed from the top; the sentence says how, and
  /// that the state was left unchanged. Report it as a runtime warning and keep the state.
  case unsupported(String)
}

extension StackState {
  /// What SwiftUI meant by writing `newIDs` into the path binding of a `NavigationStack` showing
  /// this stack: ``StackWriteBack/unchanged`` when they are this stack's ids,
  /// ``StackWriteBack/popFrom(_:)`` with the first id that went when they are this stack's ids
  /// with some removed from the top, and ``StackWriteBack/unsupported(_:)`` with the reason for
  /// any other rewrite (an id that is not in the stack, a screen repeated, moved, or removed
  /// from the middle). It changes nothing itself.
  public func changeWritten(byPath newIDs: [StackElementID]) -> StackWriteBack {
    if newIDs == elementIDs { return .unchanged }
    if newIDs.count < elementIDs.count, elementIDs.starts(with: newIDs) {
      return .popFrom(elementIDs[newIDs.count])
    }
    let unchanged =
      "SwiftUI only removes screens from the top, so the write was not applied and the state "
      + "is unchanged; change the path through the state (push(_:), pop(from:)) instead."
    let unknown = newIDs.filter { !elementIDs.contains($0) }
    if !unknown.isEmpty {
      return .unsupported(
        "The path written holds \(unknown.map(\.description).joined(separator: ", ")), which "
          + "the stack \(idList) does not; \(unchanged)")
    }
    if Set(newIDs).count < newIDs.count {
      return .unsupported(
        "The path written \(newIDs) shows a screen twice, and the stack \(idList) holds each "
          + "once; \(unchanged)")
    }
    return .unsupported(
      "The path written \(newIDs) moves screens or removes them from the middle of the stack "
        + "\(idList); \(unchanged)")
  }
}
