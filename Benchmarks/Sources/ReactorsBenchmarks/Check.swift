/// Counts observer calls, so a scenario can check its observers really ran. Observers run one
/// at a time under the reactor's lock, so a plain counter in a class suffices.
final class CallCount: @unchecked Sendable {
  // Audited (benchmark support): only touched by observers, which the engine runs one at a
  // time, and read after the measured loop has ended on the same thread.
  private(set) var value = 0
  func increment() { value &+= 1 }
}
