/// What the effects of one reactor share: a weak reference to it and the tasks it owns. Made
/// with the reactor's first effect.
///
/// Copying a weak reference is an atomic operation on the reactor's side table; an effect's
/// host is copied into its task and into its `Send`, so it holds this object (an ordinary
/// retain) and loads the weak reference once per value it delivers. The tasks have a lock of
/// their own, so that starting and ending one never waits for the engine.
@usableFromInline
final class ReactorLink<R: Reactor>: Sendable {
  @usableFromInline let weakReactor: WeakReference<R>
  @usableFromInline let tasks = Locked(TaskRegistry())

  @inlinable
  init(_ reactor: R) { weakReactor = WeakReference(reactor) }

  /// The reactor, while it exists.
  @inlinable var reactor: R? { weakReactor.object }
}
