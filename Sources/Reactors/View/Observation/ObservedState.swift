#if canImport(Observation)
  import Observation

  /// A main-actor, `Observable` view of a reactor's (or a store's) state, for SwiftUI: read a
  /// property through dynamic member lookup, send actions, and a view is invalidated only when
  /// a property it read changed. Made as an ``ObservedReactor`` or an ``ObservedStore``.
  ///
  /// ```swift
  /// struct CounterView: View {
  ///   @State var model = ObservedReactor(CounterReactor())
  ///   var body: some View {
  ///     Text("\(model.value)")                       // invalidated when `value` changes only
  ///     Button("+") { model.send(.increase) }
  ///   }
  /// }
  /// ```
  ///
  /// - **Per property, without a macro.** Reading `model.value` (an `Equatable` value) starts,
  ///   on first read, a key-path observer of the reactor (contract 7): a change to `value`
  ///   invalidates the views that read it, a change elsewhere does not. Reading ``state``, or a
  ///   value that is not `Equatable`, invalidates on every change.
  /// - **Fresh on the next line.** A read returns the reactor's current state, so a change made
  ///   on the main actor is visible on the next line, and invalidates the views at once.
  ///   Changes made on other threads invalidate them on the main actor, in order.
  /// - **Lifetime.** The model keeps its reactor alive; the reactor keeps nothing of the model:
  ///   its observers hold only a weak reference to what the model names its values by, and end
  ///   with the model.
  ///
  /// Thread rules: the model lives on the main actor; the reactor under it works from any
  /// thread.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
  @MainActor
  @dynamicMemberLookup
  public class ObservedState<State: Sendable, Action: Sendable>: Observable {
    @usableFromInline let source: any ObservedSource<State, Action>
    /// Calls its argument with the published state where it lies (no copy of the whole state),
    /// with the engine's lock held: the argument only reads (a computed property's getter, which
    /// must be pure). Made where the reactor's type is known,
    /// so that a read runs the engine compiled for it; through `source`, an existential, it
    /// ran generic code (about 1,000 instructions a read in scenario 8 of the benchmarks).
    @usableFromInline let readState: ((UnsafePointer<State>) -> Void) -> Void
    /// The model's registrar, kept by ``keys``.
    @usableFromInline let registrar: ObservationRegistrar
    /// The reactor observers started by reads, in the order they started; they end when the
    /// model goes away.
    /// The fields below are marked `@exclusivity(unchecked)`: the model is isolated to the main
    /// actor and never accesses one while another access to it is in progress, and the runtime's
    /// checks cost about 80 instructions a read.
    @exclusivity(unchecked) @usableFromInline final var fields: [Observed] = []
    /// The number of each observed key path's observer in ``fields``.
    @exclusivity(unchecked) @usableFromInline final var observations: [AnyKeyPath: Int] = [:]
    /// The same, by the key path object read: a view reads through the same object each time
    /// (a key path literal is made once), and finding it by identity does not walk its
    /// components. A number, not the observer itself, so that a read retains nothing to find it.
    @exclusivity(unchecked) @usableFromInline final var byIdentity = IdentityTable()
    /// How many keys ``changeKeyPath(_:)`` has made: each observer's is its own.
    @exclusivity(unchecked) @usableFromInline final var keysMade = 0
    /// The key path objects ``byIdentity`` knows, kept so that their identities are not reused.
    @exclusivity(unchecked) @usableFromInline final var identified: [AnyKeyPath] = []
    /// The root of the key paths Observation knows the observed values by (see
    /// ``changeKeyPath(_:)``).
    @usableFromInline let keys: ObservedKeys
    /// The observer of every change, started by the first read of the whole state.
    private var everyChange: ObservationToken?

    @usableFromInline
    init(
      source: any ObservedSource<State, Action>,
      readState: @escaping ((UnsafePointer<State>) -> Void) -> Void
    ) {
      self.source = source
      self.readState = readState
      keys = ObservedKeys()
      registrar = keys.registrar
    }

    /// The whole state: a view that reads it is invalidated on every change.
    public var state: State {
      registrar.access(keys, keyPath: ObservedKeys.wholeState)
      observeEveryChange()
      return source.currentState
    }

    /// The value at `keyPath`: a view that reads it is invalidated when it changes, and only
    /// then. Inlinable, so that the comparison the reactor makes after each change, and the
    /// read, are compiled for the concrete state and value (a few nanoseconds for a stored
    /// property).
    @inlinable
    public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
      let index = byIdentity.value(for: ObjectIdentifier(keyPath)) ?? startObserving(keyPath)
      registrar.access(keys, keyPath: fields[index].changed)
      let field = FieldAccess(keyPath, offset: fields[index].offset)
      return read { field.withValue(in: $0) { $0.pointee } }
    }

    /// The value at `keyPath`, which is not `Equatable`: a view that reads it is invalidated on
    /// every change of the state.
    public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
      registrar.access(keys, keyPath: ObservedKeys.wholeState)
      observeEveryChange()
      return read { $0.pointee[keyPath: keyPath] }
    }

    /// What `body` reads from the published state, through ``readState``.
    @inlinable
    final func read<Value>(_ body: (UnsafePointer<State>) -> Value) -> Value {
      var value: Value?
      readState { value = body($0) }
      return value.unsafelyUnwrapped
    }

    /// How many key path objects the model finds by identity, for tests: bounded however many
    /// a view makes.
    package var keyPathObjectCount: Int { byIdentity.count }

    /// Sends `action` to the reactor (dispatches it to the store).
    ///
    /// `fileID` and `line` name the call, for a recording to show where an input came from:
    /// leave them to their defaults.
    public func send(_ action: Action, fileID: StaticString = #fileID, line: UInt = #line) {
      source.send(action, at: CallSite(fileID, line))
    }

    /// Starts the reactor observer of `keyPath`, the first time a view reads it (or reads it
    /// through another key path object), and returns its number in ``fields``.
    @inlinable
    final func startObserving<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> Int {
      let index: Int
      if let known = observations[keyPath] {
        index = known
      } else {
        // Starting the observer may run other code on this thread first (the reactor's start,
        // its queued work and observers), which may read another value for the first time: the
        // key is reserved before, and the number taken after.
        let changed = changeKeyPath(keysMade)
        keysMade += 1
        let body: @Sendable (Value) -> Void = ignoringValue(invalidator(of: changed))
        let token = source.addObserver(ObserverRegistry.observer(of: keyPath, afterItsStart: body))
        if let started = observations[keyPath] {
          // Started meanwhile by the code this one ran; this observer ends with `token`.
          index = started
        } else {
          index = fields.count
          fields.append(
            Observed(
              token: token, changed: changed, offset: MemoryLayout<State>.offset(of: keyPath)))
          observations[keyPath] = index
        }
      }
      // Key paths made anew at each read would grow the cache without end: start it over.
      if byIdentity.count >= 2 * fields.count + 64 {
        byIdentity.removeAll()
        identified.removeAll()
      }
      byIdentity.set(index, for: ObjectIdentifier(keyPath))
      identified.append(keyPath)
      return index
    }

    /// What Observation knows the observed key path number `index` by: a key path whose
    /// argument is an `Int` and whose root is not generic, cheap to hash at each read and change
    /// (one holding the state's key path would hash that one's components too).
    @usableFromInline
    final func changeKeyPath(_ index: Int) -> KeyPath<ObservedKeys, Int> & Sendable { \.[index] }

    private func observeEveryChange() {
      guard everyChange == nil else { return }
      let invalidate = invalidator(of: ObservedKeys.wholeState)
      let hasStarted = Locked(false)
      everyChange = source.observeAll { _ in
        // The first call is the state it starts from.
        if setting(hasStarted) { invalidate() }
      }
    }

    /// What invalidates the views that read `keyPath`: at once on the main actor, in order
    /// through it from other threads, one hop at a time.
    ///
    /// The invalidation itself (`withMutation`) is not isolated: the registrar and `keys`
    /// are `Sendable`. It is called only on the main actor, where it is known to run (on the
    /// main queue, or in a task on the main actor), without `MainActor.assumeIsolated`, whose
    /// check cost about an allocation an invalidation here (scenario 8).
    @inlinable
    final func invalidator(
      of keyPath: KeyPath<ObservedKeys, Int> & Sendable
    ) -> @Sendable () -> Void {
      // A weak reference to `keys`, which holds the registrar, not to the model: a weak
      // reference gives its object a side table, through which every retain and release of it
      // then goes, and a view's reads retain the model (scenario 8).
      let invalidate: @Sendable () -> Void = { [weak keys] in
        guard let keys else { return }
        keys.registrar.withMutation(of: keys, keyPath: keyPath) {}
      }
      // One hop to the main actor at a time: changes made meanwhile are covered by it.
      let isScheduled = Locked(false)
      return {
        if isOnMainQueue() {
          invalidate()
        } else if !setting(isScheduled) {
          Task { @MainActor in
            isScheduled.withLock { $0 = false }
            invalidate()
          }
        }
      }
    }

    /// A reactor observer a read started, what Observation knows it by, and where the value
    /// lies in the state (for a stored property).
    @usableFromInline
    struct Observed {
      @usableFromInline let token: ObservationToken
      @usableFromInline let changed: KeyPath<ObservedKeys, Int> & Sendable
      @usableFromInline let offset: Int?

      @inlinable
      init(
        token: ObservationToken, changed: KeyPath<ObservedKeys, Int> & Sendable, offset: Int?
      ) {
        self.token = token
        self.changed = changed
        self.offset = offset
      }
    }
  }

  /// The root of the key paths by which Observation knows the values an ``ObservedState``
  /// observes, one per value: Observation hashes them at each read and change, and a key path
  /// from a class that is not generic, with an `Int` argument, is among the cheapest to hash.
  /// It holds the model's registrar, through which both are observed, so that the reactor's
  /// observers reach the registrar without a reference to the model.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
  @usableFromInline
  final class ObservedKeys: Observable, Sendable {
    /// The registrar of the model and of these key paths.
    @usableFromInline let registrar = ObservationRegistrar()

    @usableFromInline init() {}
    /// The key path of the observed value number `index`.
    subscript(index: Int) -> Int { index }

    /// What Observation knows the whole state by: a view that reads it is invalidated by every
    /// change (observed values are numbered from 0).
    @usableFromInline static var wholeState: KeyPath<ObservedKeys, Int> & Sendable { \.[-1] }
  }

  /// `body`, as an observer of values it does not read. Not isolated to the main actor, so the
  /// observer does not capture the value's type from an isolated context.
  @inlinable
  func ignoringValue<Value>(_ body: @escaping @Sendable () -> Void) -> @Sendable (Value) -> Void {
    { _ in body() }
  }

  /// Sets `flag` and returns what it was.
  @usableFromInline
  func setting(_ flag: Locked<Bool>) -> Bool {
    flag.withLock { flag in
      defer { flag = true }
      return flag
    }
  }
#endif
