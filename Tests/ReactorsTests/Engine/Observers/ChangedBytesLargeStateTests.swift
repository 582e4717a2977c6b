import Reactors
import ReactorsTestSupport
import Testing

/// Sixteen numbers: 128 bytes, two of the registry's 64-byte blocks.
struct SixteenNumbers: Equatable, Sendable {
  var values: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) =
    (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  var first: Int {
    get { values.0 }
    set { values.0 = newValue }
  }
  var last: Int {
    get { values.15 }
    set { values.15 = newValue }
  }

  static func == (lhs: SixteenNumbers, rhs: SixteenNumbers) -> Bool {
    withUnsafeBytes(of: lhs.values) { left in
      withUnsafeBytes(of: rhs.values) { right in left.elementsEqual(right) }
    }
  }
}

/// A state over 1 KB (the registry compares 1 KB runs, then 64-byte blocks): a number, then
/// ten groups of sixteen, the first of which straddles a block boundary (it starts at byte 8).
struct LargeState: Equatable, Sendable {
  var head = 0
  var p0 = SixteenNumbers(), p1 = SixteenNumbers(), p2 = SixteenNumbers()
  var p3 = SixteenNumbers(), p4 = SixteenNumbers(), p5 = SixteenNumbers()
  var p6 = SixteenNumbers(), p7 = SixteenNumbers(), p8 = SixteenNumbers()
  var p9 = SixteenNumbers()

  nonisolated(unsafe) static let groups: [WritableKeyPath<LargeState, SixteenNumbers>] = [
    \.p0, \.p1, \.p2, \.p3, \.p4, \.p5, \.p6, \.p7, \.p8, \.p9,
  ]
}

enum LargeAction: Sendable {
  case head(Int)
  case first(group: Int, Int)
  case last(group: Int, Int)
}

func largeReducer(_ state: inout LargeState, _ action: LargeAction) {
  switch action {
  case .head(let value): state.head = value
  case .first(let group, let value): state[keyPath: LargeState.groups[group]].first = value
  case .last(let group, let value): state[keyPath: LargeState.groups[group]].last = value
  }
}

/// The byte comparison on a state larger than one 1 KB run, with observed values that straddle
/// 64-byte blocks: a change anywhere in a value is seen, and only its observers are called.
@Suite(.timeLimit(.minutes(5))) struct ChangedBytesLargeStateTests {
  @Test func changesPastTheFirstKilobyteAndInStraddlingValuesAreSeen() {
    #expect(MemoryLayout<LargeState>.size > 1024)
    #expect(MemoryLayout<LargeState>.offset(of: \.p0) == 8)
    let store = Store(initial: LargeState(), reducer: largeReducer)
    let calls = ChangedBytesTests.Calls()
    var tokens = [store.observe(\.head, calls.record("head"))]
    for (index, group) in LargeState.groups.enumerated() {
      tokens.append(store.observe(group, calls.record("p\(index)")))
    }
    for index in [0, 9] {
      let group = LargeState.groups[index]
      tokens.append(store.observe(group.appending(path: \.first), calls.record("p\(index).first")))
      tokens.append(store.observe(group.appending(path: \.last), calls.record("p\(index).last")))
    }
    tokens.append(store.observe(\.p5.values.7, calls.record("p5.7")))
    #expect(tokens.count >= 16)  // enough for the byte comparison

    // p0 starts in the first block and ends in the third: its last number is in the third.
    store.dispatch(.last(group: 0, 1))
    #expect(calls.take() == ["p0=\(LargeState().p0.with(last: 1))", "p0.last=1"])
    store.dispatch(.first(group: 0, 2))
    #expect(
      calls.take() == ["p0=\(LargeState().p0.with(last: 1).with(first: 2))", "p0.first=2"])
    // p9 lies past the first kilobyte.
    store.dispatch(.last(group: 9, 3))
    #expect(calls.take() == ["p9=\(LargeState().p9.with(last: 3))", "p9.last=3"])
    store.dispatch(.first(group: 9, 4))
    #expect(
      calls.take() == ["p9=\(LargeState().p9.with(last: 3).with(first: 4))", "p9.first=4"])
    // A group in the middle, and the head: nothing else is called.
    store.dispatch(.last(group: 5, 5))
    #expect(calls.take() == ["p5=\(LargeState().p5.with(last: 5))"])
    store.dispatch(.head(6))
    #expect(calls.take() == ["head=6"])
    // The same values again: no call.
    store.dispatch(.last(group: 9, 3))
    store.dispatch(.head(6))
    #expect(calls.take() == [])
    withExtendedLifetime(tokens) {}
  }
}

extension SixteenNumbers {
  fileprivate func with(first: Int) -> SixteenNumbers {
    var copy = self
    copy.first = first
    return copy
  }

  fileprivate func with(last: Int) -> SixteenNumbers {
    var copy = self
    copy.last = last
    return copy
  }
}
