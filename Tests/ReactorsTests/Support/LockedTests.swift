import Reactors
import ReactorsTestSupport
import Testing

/// `Locked`: one value and one mutex in one object, shared by every copy.
@Suite(.timeLimit(.minutes(5))) struct LockedTests {
  final class Payload: Sendable {}

  @Test func incrementsFromManyThreadsAreNeitherLostNorDuplicated() async {
    let counter = Locked(0)
    await onThreads(8) { _ in
      for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
    }
    #expect(counter.withLock { $0 } == 80_000)
  }

  @Test func copiesShareOneValue() {
    let original = Locked([Int]())
    let copy = original
    copy.withLock { $0.append(1) }
    #expect(original.withLock { $0 } == [1])
  }

  @Test func theValueIsReleasedWithTheLastCopy() {
    weak var released: Payload?
    do {
      let payload = Payload()
      released = payload
      let locked = Locked<Payload?>(payload)
      let copy = locked
      copy.withLock { _ in }
    }
    #expect(released == nil)
  }

  @Test func withLockPassesResultsAndErrorsThrough() {
    struct Failure: Error {}
    let locked = Locked("value")
    #expect(locked.withLock { $0.count } == 5)
    #expect(throws: Failure.self) { try locked.withLock { _ in throw Failure() } }
  }
}
