import Foundation
import Reactors
import ReactorsInspector
import TerminalTesting
import Testing

/// A recording of huge values (strings of a megabyte, an object of 100,000 members) keeps the
/// inspector and the app responsive: a step's page, state and diff are cut before they are
/// rendered, and a normal request answers within a second while huge diffs are asked for.
@Suite struct InspectorHugeValuesTests {
  /// A reactor whose every state holds a 1 MB string and a dictionary of 100,000 members.
  final class Huge: Reactor {
    struct State: Sendable {
      var text = String(repeating: "x", count: 1 << 20)
      var members = Dictionary(uniqueKeysWithValues: (0..<100_000).map { ("key\($0)", $0) })
    }
    let storage = Storage()
    let initialState = State()
    func reduce(state: inout State, mutation: Int) {
      state.text = String(repeating: "\(mutation % 10)", count: 1 << 20)
      for key in ["key1", "key50000", "key99999"] { state.members[key] = mutation }
    }
  }

  @Test func hugeValuesAreCutAndANormalRequestAnswersWithinASecond() async throws {
    let reactor = Huge()
    let recording = Recording(of: reactor, named: "huge")
    for step in 1...20 { reactor.send(step) }
    let inspector = try await Inspector.start(printsAddress: false)
    defer { Task { await inspector.stop() } }
    inspector.inspect(recording)
    let page = InspectorPage(address: try #require(URL(string: inspector.address)))
    let clock = ContinuousClock()

    // A page of steps: each line cut to 300 characters.
    let steps = try page.json("/api/steps?r=0&from=0&count=200")["steps"] as? [[String: Any]]
    #expect(steps?.count == 41)
    #expect(steps?.allSatisfy { ($0["text"] as? String ?? "").count <= 300 } == true)

    // A state and a diff, bounded, saying what was cut.
    let started = clock.now
    let diff = try page.json("/api/diff?r=0&i=40")
    let state = try page.json("/api/state?r=0&i=40")
    #expect(clock.now - started < .seconds(2))
    let lines = (diff["diff"] as? String ?? "").split(separator: "\n")
    // Step 40 is the 20th mutation (its text all "0"), after the 19th's (all "9").
    #expect(lines.contains { $0.hasPrefix("- text: \"9999") && $0.hasSuffix("more bytes)") })
    #expect(lines.contains { $0.hasPrefix("+ text: \"0000") })
    #expect(lines.contains { $0 == "- members[\"key50000\"]: 19" })
    #expect(lines.contains { $0 == "+ members[\"key50000\"]: 20" })
    let tree = try #require(state["tree"] as? [String: Any])
    let children = try #require(tree["children"] as? [[String: Any]])
    let members = try #require(children.first { $0["label"] as? String == "members" })
    #expect(members["more"] as? Int ?? 0 > 90_000)

    // Eight huge diffs at once, on threads of their own; a normal request meanwhile.
    let (finished, finish) = AsyncStream.makeStream(of: Void.self)
    for index in 0..<8 {
      Thread {
        _ = try? page.json("/api/diff?r=0&i=\(40 - index)")
        finish.yield()
      }.start()
    }
    let normal = clock.now
    #expect(try page.json("/api/recordings")["recordings"] != nil)
    #expect(clock.now - normal < .seconds(1))
    var count = 0
    for await _ in finished {
      count += 1
      if count == 8 { break }
    }
  }
}
