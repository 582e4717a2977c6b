import Reactors
import Testing

/// A plain class standing in for a UIKit view controller.
@MainActor
final class CounterView: ReactorView {
  let reactorBindings = Bindings()
  var label = ""
  var alerts: [String?] = []
  var bindCount = 0
  var onTap: (@Sendable () -> Void)?
  /// Told of each label the binding sets, for a test that awaits one.
  var labelSet: ((String) -> Void)?

  func bind(reactor: ProbeReactor) {
    bindCount += 1
    onTap = reactor.action(.increment)
    bindState(\.count) { [weak self] count in
      self?.label = "\(count)"
      self?.labelSet?("\(count)")
    }
    bindPulse(\.$alert) { [weak self] alert in self?.alerts.append(alert) }
  }
}

@MainActor
final class StoryboardCounterView: DeferredReactorView {
  let reactorBindings = Bindings()
  var label = ""

  func bind(reactor: ProbeReactor) {
    bindState(\.count) { [weak self] count in self?.label = "\(count)" }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(5))) struct ReactorViewTests {
  @Test func assigningTheReactorBindsAtOnce() {
    let view = CounterView()
    let reactor = ProbeReactor()
    view.reactor = reactor
    #expect(view.bindCount == 1)
    #expect(view.label == "0")
    view.onTap?()
    #expect(view.label == "1")
    reactor.send(.fire("hi"))
    #expect(view.alerts == ["hi"])
  }

  @Test func assigningAnotherReactorEndsTheOldBindings() {
    let view = CounterView()
    let old = ProbeReactor()
    let new = ProbeReactor()
    view.reactor = old
    view.reactor = new
    #expect(view.bindCount == 2)
    old.send(.add(5))
    #expect(view.label == "0")
    new.send(.add(7))
    #expect(view.label == "7")
    #expect(view.cancelBag.count == 2)
  }

  @Test func assigningNilEndsTheBindings() {
    let view = CounterView()
    let reactor = ProbeReactor()
    view.reactor = reactor
    view.reactor = nil
    reactor.send(.increment)
    #expect(view.label == "0")
    #expect(view.reactor == nil)
  }

  @Test func theBindingsEndWithTheView() {
    let reactor = ProbeReactor()
    weak var weakView: CounterView?
    do {
      let view = CounterView()
      weakView = view
      view.reactor = reactor
    }
    #expect(weakView == nil)
    // The bindings held the view weakly and ended with it: no observer is left behind.
    #expect(!reactor.storage.hasObservers)
    reactor.send(.increment)  // nobody left to call
    #expect(reactor.currentState.count == 1)
  }

  @Test func aDeferredViewBindsOnceItHasLoaded() {
    let view = StoryboardCounterView()
    let reactor = ProbeReactor()
    reactor.send(.add(3))
    view.reactor = reactor
    #expect(view.label == "")
    view.reactorViewDidLoad()
    #expect(view.label == "3")
    let next = ProbeReactor()
    view.reactor = next
    #expect(view.label == "0")  // loaded already: binds at once
  }

  @Test func changesFromAnotherThreadReachTheViewOnTheMainActorNewestLast() async {
    let view = CounterView()
    let reactor = ProbeReactor()
    let (changes, changed) = AsyncStream.makeStream(of: String.self)
    view.labelSet = { changed.yield($0) }
    view.reactor = reactor
    await Task.detached {
      for _ in 0..<1_000 { reactor.send(.increment) }
    }.value
    // The labels arrive on the main actor in order, the newest last.
    var seen: [Int] = []
    var labels = changes.makeAsyncIterator()
    while let label = await labels.next() {
      seen.append(Int(label) ?? -1)
      if label == "1000" { break }
    }
    #expect(seen == seen.sorted() && Set(seen).count == seen.count)
    // On the main actor, a change is applied at once; no older label comes after it.
    reactor.send(.increment)
    #expect(view.label == "1001")
    #expect(await labels.next() == "1001")
  }
}
