import Reactors
import ReactorsTestSupport
import Testing

/// A state wide enough that its observers are found by comparing bytes first (16 or more
/// observed key paths): twenty stored numbers, a string, a nested value, a double.
struct WideState: Equatable, Sendable {
  struct Inner: Equatable, Sendable {
    var x = 0
    var y = 0
  }
  var n0 = 0, n1 = 0, n2 = 0, n3 = 0, n4 = 0, n5 = 0, n6 = 0, n7 = 0, n8 = 0, n9 = 0
  var n10 = 0, n11 = 0, n12 = 0, n13 = 0, n14 = 0, n15 = 0, n16 = 0, n17 = 0, n18 = 0, n19 = 0
  var name = ""
  var inner = Inner()
  var ratio = 0.0
  /// Computed: observed without bytes of its own.
  var sum01: Int { n0 + n1 }

  nonisolated(unsafe) static let numbers: [WritableKeyPath<WideState, Int>] = [
    \.n0, \.n1, \.n2, \.n3, \.n4, \.n5, \.n6, \.n7, \.n8, \.n9,
    \.n10, \.n11, \.n12, \.n13, \.n14, \.n15, \.n16, \.n17, \.n18, \.n19,
  ]
}

enum WideAction: Sendable {
  case set([(field: Int, value: Int)])
  case name(String)
  /// Empties the name, then makes it anew from `text`: the old buffer is freed first, so the
  /// new one may take its address.
  case rebuildName(String)
  case inner(WideState.Inner)
  case ratio(Double)
}

func wideReducer(_ state: inout WideState, _ action: WideAction) {
  switch action {
  case .set(let changes):
    for change in changes { state[keyPath: WideState.numbers[change.field]] = change.value }
  case .name(let name): state.name = name
  case .rebuildName(let text):
    state.name = ""
    state.name = String(repeating: text, count: 100)
  case .inner(let inner): state.inner = inner
  case .ratio(let ratio): state.ratio = ratio
  }
}

/// A string of `count` copies of `text`, made at run time: its own heap buffer each time.
private func heapString(_ text: String, _ count: Int) -> String {
  String(repeating: text, count: count)
}

/// Contract 7 with many observed key paths, where the registry compares the state's bytes
/// before asking each observed value.
@Suite(.timeLimit(.minutes(5))) struct ChangedBytesTests {
  /// What each observer saw after its first call, as "label=value".
  final class Calls: Sendable {
    let seen = Shared<[String]>([])
    func record<Value>(_ label: String) -> @Sendable (Value) -> Void {
      let isFirst = Shared(true)
      return { [seen] value in
        let first = isFirst.withLock { isFirst in
          defer { isFirst = false }
          return isFirst
        }
        if !first { seen.withLock { $0.append("\(label)=\(value)") } }
      }
    }
    func take() -> [String] {
      seen.withLock { seen in
        defer { seen = [] }
        return seen
      }
    }
  }

  /// Observes every number (the last first, so creation order is not offset order), the name,
  /// the nested value and one of its fields, and the computed sum.
  func observeAll(_ store: Store<WideState, WideAction>, _ calls: Calls) -> [ObservationToken] {
    var tokens = (0..<20).reversed().map { field in
      store.observe(WideState.numbers[field], calls.record("n\(field)"))
    }
    tokens.append(store.observe(\.name, calls.record("name")))
    tokens.append(store.observe(\.inner, calls.record("inner")))
    tokens.append(store.observe(\.inner.x, calls.record("inner.x")))
    tokens.append(store.observe(\.sum01, calls.record("sum01")))
    tokens.append(store.observe(\.ratio, calls.record("ratio")))
    return tokens
  }

  @Test func onlyTheObserversOfWhatChangedAreCalledInTheOrderTheyWereMade() {
    let store = Store(initial: WideState(), reducer: wideReducer)
    let calls = Calls()
    let tokens = observeAll(store, calls)
    store.dispatch(.set([(7, 1)]))
    #expect(calls.take() == ["n7=1"])
    store.dispatch(.set([(0, 2)]))
    #expect(calls.take() == ["n0=2", "sum01=2"])
    // Far apart in the state; n19's observer was made first.
    store.dispatch(.set([(2, 5), (19, 1)]))
    #expect(calls.take() == ["n19=1", "n2=5"])
    store.dispatch(.set([(2, 5)]))
    #expect(calls.take() == [])
    withExtendedLifetime(tokens) {}
  }

  @Test func aValueEqualToTheLastInOtherBytesIsNotAChangeAndLaterChangesAreSeen() {
    let store = Store(initial: WideState(), reducer: wideReducer)
    let calls = Calls()
    let tokens = observeAll(store, calls)
    store.dispatch(.name(heapString("a", 100)))
    #expect(calls.take() == ["name=\(heapString("a", 100))"])
    // Equal, in another buffer: not a change.
    store.dispatch(.name(heapString("a", 100)))
    #expect(calls.take() == [])
    // New buffers, freed as soon as replaced, may come back at the same address with other
    // contents: every change is still seen.
    var expected: [String] = []
    for step in 0..<200 {
      let name = heapString(step % 2 == 0 ? "b" : "c", 100)
      store.dispatch(.name(name))
      expected.append("name=\(name)")
    }
    #expect(calls.take() == expected)
    // A buffer equal to the last value's, freed by a later reduce that makes a different one
    // in its place: seen, because the registry kept the equal buffer as the last value.
    store.dispatch(.name(heapString("d", 100)))
    _ = calls.take()
    for step in 0..<200 {
      store.dispatch(.rebuildName("d"))  // equal, another buffer
      store.dispatch(.rebuildName(step % 2 == 0 ? "e" : "d"))
      let expected = step % 2 == 0 ? ["name=\(heapString("e", 100))"] : []
      #expect(calls.take() == expected)
      if step % 2 == 0 { store.dispatch(.rebuildName("d")) }
      _ = calls.take()
    }
    // 0.0 and -0.0 are equal and differ in their bytes.
    store.dispatch(.ratio(-0.0))
    #expect(calls.take() == [])
    store.dispatch(.ratio(1.5))
    #expect(calls.take() == ["ratio=1.5"])
    withExtendedLifetime(tokens) {}
  }

  @Test func aValueAndAFieldInsideItAreEachToldOfTheirOwnChanges() {
    let store = Store(initial: WideState(), reducer: wideReducer)
    let calls = Calls()
    let tokens = observeAll(store, calls)
    store.dispatch(.inner(.init(x: 1, y: 0)))
    #expect(calls.take() == ["inner=Inner(x: 1, y: 0)", "inner.x=1"])
    store.dispatch(.inner(.init(x: 1, y: 2)))
    #expect(calls.take() == ["inner=Inner(x: 1, y: 2)"])
    withExtendedLifetime(tokens) {}
  }

  @Test func observersAddedAndRemovedBetweenChangesSeeExactlyTheirChanges() {
    let store = Store(initial: WideState(), reducer: wideReducer)
    let calls = Calls()
    var tokens = observeAll(store, calls)
    store.dispatch(.set([(3, 1)]))
    #expect(calls.take() == ["n3=1"])
    // Cancel the observers of n19 … n15 (made first): 20 key paths are still observed.
    for token in tokens.prefix(5) { token.cancel() }
    tokens.removeFirst(5)
    store.dispatch(.set([(15, 1), (5, 1)]))
    #expect(calls.take() == ["n5=1"])
    // A late observer starts from the current value and is told of the next change.
    let started = Shared<[Int]>([])
    tokens.append(store.observe(\.n15) { value in started.withLock { $0.append(value) } })
    store.dispatch(.set([(15, 2), (14, 1)]))
    #expect(started.current == [1, 2])
    #expect(calls.take() == ["n14=1"])
    // Down to a few observers: each is asked again.
    for token in tokens.prefix(17) { token.cancel() }
    tokens.removeFirst(17)
    store.dispatch(.set([(0, 9), (15, 3)]))
    #expect(calls.take() == ["sum01=9"])
    #expect(started.current == [1, 2, 3])
    withExtendedLifetime(tokens) {}
  }

  @Test func eightThreadsChangingTheirOwnFieldsAreEachSeenInOrder() async throws {
    let store = Store(initial: WideState(), reducer: wideReducer)
    let outOfOrder = Shared(0)
    let lastSeen = Shared([Int](repeating: 0, count: 20))
    let tokens = (0..<20).map { field in
      store.observe(WideState.numbers[field]) { value in
        let inOrder = lastSeen.withLock { seen in
          defer { seen[field] = value }
          return value == 0 || value > seen[field]
        }
        if !inOrder { outOfOrder.increment() }
      }
    }
    let finished = await onThreads(8, within: 120) { thread in
      for value in 1...2_000 { store.dispatch(.set([(thread * 2, value)])) }
    }
    try #require(finished)  // else idle() could wait for ever
    await store.engine.storage.idle()
    #expect(outOfOrder.current == 0)
    #expect(lastSeen.current == (0..<20).map { $0 % 2 == 0 && $0 < 16 ? 2_000 : 0 })
    withExtendedLifetime(tokens) {}
  }
}

/// A value that counts how often it is compared: 16 bytes, so four share a 64-byte block.
struct Compared: Equatable, Sendable {
  var value = 0
  let comparisons: Shared<Int>

  static func == (lhs: Compared, rhs: Compared) -> Bool {
    lhs.comparisons.increment()
    return lhs.value == rhs.value
  }
}

/// Twenty observed `Compared` values, enough for the byte comparison.
struct ComparedState: Equatable, Sendable {
  var fields: (Compared, Compared, Compared, Compared, Compared, Compared, Compared, Compared)
  var more: (Compared, Compared, Compared, Compared, Compared, Compared, Compared, Compared)
  var last: (Compared, Compared, Compared, Compared)

  init(_ comparisons: Shared<Int>) {
    let value = Compared(comparisons: comparisons)
    fields = (value, value, value, value, value, value, value, value)
    more = (value, value, value, value, value, value, value, value)
    last = (value, value, value, value)
  }

  static func == (lhs: ComparedState, rhs: ComparedState) -> Bool {
    withUnsafeBytes(of: lhs) { left in withUnsafeBytes(of: rhs) { left.elementsEqual($0) } }
  }

  nonisolated(unsafe) static let paths: [WritableKeyPath<ComparedState, Compared>] = [
    \.fields.0, \.fields.1, \.fields.2, \.fields.3, \.fields.4, \.fields.5, \.fields.6,
    \.fields.7, \.more.0, \.more.1, \.more.2, \.more.3, \.more.4, \.more.5, \.more.6, \.more.7,
    \.last.0, \.last.1, \.last.2, \.last.3,
  ]
}

@Suite struct ChangedBytesWordTests {
  /// Within a 64-byte block that differs, only the values whose own 8-byte words differ are
  /// asked: one comparison for one changed value, not one for each of the block's four.
  @Test func onlyTheChangedValueInABlockIsCompared() {
    let comparisons = Shared(0)
    let store = Store(initial: ComparedState(comparisons)) { (state, field: Int) in
      state[keyPath: ComparedState.paths[field]].value += 1
    }
    let seen = Shared<[Int]>([])
    let tokens = ComparedState.paths.indices.map { field in
      store.observe(ComparedState.paths[field]) { _ in seen.withLock { $0.append(field) } }
    }
    seen.withLock { $0 = [] }
    // The first change compares every value and copies the state's bytes.
    store.dispatch(0)
    comparisons.withLock { $0 = 0 }
    for field in [5, 6, 17] {
      store.dispatch(field)
      #expect(comparisons.current == 1)
      comparisons.withLock { $0 = 0 }
    }
    #expect(seen.current == [0, 5, 6, 17])
    withExtendedLifetime(tokens) {}
  }
}
