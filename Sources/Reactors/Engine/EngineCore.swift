/// Everything a reactor's engine knows, guarded by the storage's lock.
@usableFromInline
struct EngineCore<R: Reactor> {
  /// Who processes, and the queue of work.
  @usableFromInline var processing = Processing<Work<R>, ThreadIdentity>()
  /// Started, plain, reducing (see ``Lifecycle``). Its ``Lifecycle/hasStarted`` tells whether
  /// the state is set (see ``ReactorStorage/stateSlot``).
  @usableFromInline var lifecycle = Lifecycle()
  /// What the `transform` hooks returned, when the reactor overrides one; set once, when it
  /// starts, and never replaced.
  @usableFromInline var transforms: Transforms<R>?
  @usableFromInline var observers = ObserverRegistry<R.State>()
  /// How many times each effect id has been cancelled (see ``EffectMark``); absent is 0.
  @usableFromInline var cancellations: [EffectID: UInt64] = [:]
  /// What every effect's host shares (a weak reference, the tasks); made with the first
  /// effect.
  @usableFromInline var link: ReactorLink<R>?
  /// What few reactors use, made on first use: while it is `nil` (and the reactor has no
  /// `transform` stage), `send` takes its shortest path.
  @usableFromInline var extras: EngineExtras<R>?
  /// Inlinable, so a reactor's storage is built with its concrete types' layout known.
  @inlinable init() {}

  /// ``extras``, made if needed.
  @inlinable
  mutating func makeExtras() -> EngineExtras<R> {
    if let extras { return extras }
    let made = EngineExtras<R>()
    extras = made
    lifecycle.gainedExtras()
    return made
  }

}
