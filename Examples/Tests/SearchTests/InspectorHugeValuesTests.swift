import Foundation
import TerminalTesting
import Testing

extension InspectorBrowserSuites {
  /// A recording of huge values (strings of 100,000 characters, objects of 50,000 members)
  /// keeps the inspector and the app responsive: a step's page, state and diff are cut before
  /// they are rendered, and a normal request answers within a second while eight huge diffs are
  /// asked for. Served by `search --inspect`, in a process of its own, from an imported file.
  @Suite(.enabled(if: Tmux.isAvailable, "tmux is not installed (apt-get install -y tmux)"))
  struct InspectorHugeValuesTests {
    @Test func hugeValuesAreCutAndANormalRequestAnswersWithinASecond() async throws {
      let program = try #require(builtProduct(named: "search"), "build the search product first")
      let screen = try Tmux(running: "\(program) --inspect")
      let first = try screen.waitForScreen { $0.contains("Inspector: http://127.0.0.1:") }
      let page = try #require(InspectorPage(screen: first))
      let imported = try LoopbackHTTP.send(
        "POST", "/api/import", port: try #require(page.address.port),
        headers: ["X-Reactors-Token": Self.token(of: page)], body: Data(try Self.hugeFile()))
      #expect(imported.status == 200, "\(String(decoding: imported.body, as: UTF8.self))")
      let clock = ContinuousClock()

      // A page of steps: each line cut to 300 characters.
      let steps = try page.json("/api/steps?r=1&from=0&count=200")["steps"] as? [[String: Any]]
      #expect(steps?.count == 13)
      #expect(steps?.allSatisfy { ($0["text"] as? String ?? "").count <= 300 } == true)

      // A state and a diff, bounded, saying what was cut; the three members that changed among
      // 50,000 are found.
      let diff = try page.json("/api/diff?r=1&i=12")
      let state = try page.json("/api/state?r=1&i=12")
      let lines = (diff["diff"] as? String ?? "").split(separator: "\n").map(String.init)
      #expect(lines.contains { $0.hasPrefix("- text: \"5555") && $0.hasSuffix("more bytes)") })
      #expect(lines.contains { $0.hasPrefix("+ text: \"6666") })
      #expect(lines.contains("- members.key25000: 5"))
      #expect(lines.contains("+ members.key25000: 6"))
      #expect(lines.count == 8, "\(lines)")
      let tree = try #require(state["tree"] as? [String: Any])
      let children = try #require(tree["children"] as? [[String: Any]])
      let members = try #require(children.first { $0["label"] as? String == "members" })
      #expect(members["more"] as? Int ?? 0 > 45_000)

      // Eight huge diffs at once, on threads of their own; a normal request once all eight
      // threads have started (each about to send its request).
      let (started, start) = AsyncStream.makeStream(of: Void.self)
      let (finished, finish) = AsyncStream.makeStream(of: String.self)
      for index in 0..<8 {
        Thread {
          start.yield()
          let diff = try? page.json("/api/diff?r=1&i=\(12 - 2 * (index % 6))")["diff"] as? String
          finish.yield(diff ?? "no diff")
        }.start()
      }
      var sending = 0
      for await _ in started {
        sending += 1
        if sending == 8 { break }
      }
      let normal = clock.now
      #expect(try page.json("/api/recordings")["recordings"] != nil)
      #expect(clock.now - normal < .seconds(1))
      // Each huge diff answered too, with the member that changed.
      var diffs: [String] = []
      for await diff in finished {
        diffs.append(diff)
        if diffs.count == 8 { break }
      }
      #expect(
        diffs.allSatisfy { $0.contains("members.key25000") }, "\(diffs.map { $0.prefix(200) })")
      try screen.type("\u{3}")
      try screen.waitForScreen { $0.contains("Bye.") }
    }

    static func token(of page: InspectorPage) -> String {
      URLComponents(url: page.address, resolvingAgainstBaseURL: false)?
        .queryItems?.first { $0.name == "token" }?.value ?? ""
    }

    /// A recording file of 13 steps: a state at each of its 6 mutations, each a text of 100,000
    /// characters and an object of 50,000 members, 3 of which each mutation changes.
    static func hugeFile() throws -> [UInt8] {
      func state(_ version: Int) -> [String: Any] {
        var members = [String: Any]()
        for key in 0..<50_000 { members["key\(key)"] = key }
        for key in [1, 25_000, 49_999] { members["key\(key)"] = version }
        return ["text": String(repeating: "\(version)", count: 100_000), "members": members]
      }
      var lines: [[String: Any]] = [
        [
          "format": "reactors-recording", "version": 1, "name": "huge", "schema": 1,
          "action": "Int", "mutation": "Int", "state": "State", "checkpointEvery": 1,
        ],
        ["i": 0, "t": 0, "k": "began", "s": state(0)],
      ]
      for version in 1...6 {
        lines.append(["i": 2 * version - 1, "t": version * 1_000, "k": "input", "a": version])
        lines.append([
          "i": 2 * version, "t": version * 1_000 + 500, "k": "mutation", "m": version,
          "c": "huge#\(2 * version - 1)", "s": state(version),
        ])
      }
      var bytes: [UInt8] = []
      for line in lines {
        bytes += try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys])
        bytes.append(0x0A)
      }
      return bytes
    }
  }
}
