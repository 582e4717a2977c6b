/// Counts observer calls, so a scenario can check its observers really ran. Observers run one
/// at a time under the reactor's lock, so a plain counter suffices.
final class CallCount: @unchecked Sendable {
  // Audited (benchmark support): only touched by observers, which the engine runs one at a
  // time, and read after the measured loop has ended on the same thread. Behind a pointer so
  // that counting costs an add, not a dynamic exclusivity check.
  private let count = UnsafeMutablePointer<Int>.allocate(capacity: 1)
  init() { count.initialize(to: 0) }
  deinit { count.deallocate() }
  var value: Int { count.pointee }
  func increment() { count.pointee &+= 1 }
}
