#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one place that asks whether tasks can start on the calling thread (`Task.immediate`,
/// `addImmediateTask`): always on Linux, on Apple systems from 26. Every iOS 16-18 and macOS
/// 13-15 user takes the other path, where an effect's task starts on the global executor and
/// its values arrive after `send` returns.
///
/// That older path can be taken on every system, so that it is tested where it is not the
/// default, with the environment variable `REACTORS_WITHOUT_TASK_IMMEDIATE=1` (read once;
/// `.ci/run` runs the library's suite once so, on the build it has already made).
@usableFromInline
package enum ImmediateTasks {
  /// Whether tasks start on the calling thread here.
  @inlinable
  package static var areAvailable: Bool {
    if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
      return !isTurnedOff
    }
    return false
  }

  /// Whether the environment turns tasks that start on the calling thread off
  /// (`REACTORS_WITHOUT_TASK_IMMEDIATE=1`), read once, when first asked: a test of the path of
  /// Apple systems before 26. A constant, not a setting: it cannot change while tasks run.
  @usableFromInline
  static let isTurnedOff: Bool = {
    guard let value = getenv("REACTORS_WITHOUT_TASK_IMMEDIATE") else { return false }
    return String(cString: value) == "1"
  }()

  /// Starts `operation` in a task that runs on this thread until its first suspension, with the
  /// priority whose raw value is `rawPriority` (none: inherited); `nil` where tasks cannot start
  /// so (see ``areAvailable``), and nothing is started.
  ///
  /// The priority is passed raw: copying a `TaskPriority?` (a resilient value) costs more than
  /// the task's own bookkeeping.
  @inlinable @inline(__always)
  static func start(
    rawPriority: UInt8?, _ operation: sending @escaping () async throws -> Void
  ) -> Task<Void, any Error>? {
    if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *),
      !isTurnedOff
    {
      if let rawPriority {
        return Task.immediate(priority: TaskPriority(rawValue: rawPriority), operation: operation)
      }
      return Task.immediate(operation: operation)
    }
    return nil
  }

  /// Adds `operation` to `group`: as a task that runs on this thread until its first suspension
  /// where tasks can start so, on the global executor elsewhere.
  @inlinable
  static func add(
    _ operation: sending @escaping () async throws -> Void,
    to group: inout ThrowingTaskGroup<Void, any Error>
  ) {
    if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *),
      !isTurnedOff
    {
      return group.addImmediateTask(operation: operation)
    }
    group.addTask(operation: operation)
  }
}
