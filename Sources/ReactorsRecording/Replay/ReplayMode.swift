/// How `replay(on:)` replays a recording.
public enum ReplayMode: Sendable {
  /// The recorded inputs go through the reactor again (`mutate`, `reduce`, a store's
  /// middleware), and what the recorded effects emitted is injected where it was recorded; no
  /// effect's task starts, so no network and no clock. Catches a change in `mutate` or `reduce`.
  case inputs
  /// The recorded mutations go through `reduce` alone, from the state the recording began
  /// from. Catches a change in `reduce`, whatever `mutate` does now.
  case reduceOnly
}
