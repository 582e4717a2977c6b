import Foundation
import Reactors
import ReactorsRecording
import StandupsCore
import TerminalTesting
import Testing

/// `standups --record FILE` and `--inspect`, driven in tmux: the screens' actions are the
/// store's recorded inputs.
extension StandupsProgramTests {
  @Test func aRecordedSessionHoldsTheScreensActions() async throws {
    try await endToEnd {
      let session = try StandupsSession()
      let path = session.file("session.jsonl")
      try session.start(["--clock-speed", "20", "--record", path])
      try session.waitFor("(no standups yet")
      try session.type("a")
      try session.waitFor("New standup")
      try session.type("Recorded" + escape)
      try session.waitFor("Keys: s save")
      try session.type("s")
      try session.waitFor("1. Recorded")
      try session.type("1")
      try session.waitFor("Standups › Recorded")
      try session.type("s")
      try session.waitFor("Meeting in progress")
      try session.type("x")
      try session.waitFor("End meeting?")
      try session.type("d")
      try session.waitUntil { !$0.contains("Meeting in progress") && $0.contains("(none yet") }
      try session.type("b")
      try session.waitUntil { $0.hasPrefix("Standups\n") }
      try session.quit()

      let recording = try Recording<AppFeature.Action, AppFeature.Action, AppFeature.State>(
        contentsOf: path)
      #expect(recording.warnings.isEmpty)
      #expect(recording.steps.first?.state == AppFeature.State())
      let inputs = recording.steps.compactMap { step -> AppFeature.Action? in
        if case .input(let action) = step.kind { action } else { nil }
      }
      let id = try #require(try session.saved().first?.id)
      #expect(inputs.contains(.list(.addButtonTapped)))
      #expect(inputs.contains(.list(.addSheet(.presented(.setTitle("Recorded"))))))
      #expect(inputs.contains(.list(.confirmAddButtonTapped)))
      #expect(inputs.contains(.list(.standupTapped(id))))
      let screens = inputs.compactMap { action -> AppFeature.PathAction? in
        if case .path(.element(_, let action)) = action { action } else { nil }
      }
      #expect(screens.contains(.detail(.startMeetingButtonTapped)))
      #expect(screens.contains(.record(.onTask)))
      #expect(screens.contains(.record(.endMeetingButtonTapped)))
      #expect(screens.contains(.record(.alert(.presented(.confirmDiscard)))))
      #expect(screens.contains(.record(.delegate(.discard))))
      #expect(inputs.contains { if case .path(.popFrom) = $0 { true } else { false } })

      // Causes link the screens' steps: the record screen's "discard" outcome leads back,
      // cause by cause, to the alert button that caused it.
      func step(
        _ action: AppFeature.PathAction
      ) -> RecordedStep<
        AppFeature.Action, AppFeature.Action, AppFeature.State
      >? {
        recording.steps.first { step in
          guard case .input(.path(.element(_, let screen))) = step.kind else { return false }
          return screen == action
        }
      }
      let discard = try #require(step(.record(.delegate(.discard))))
      let button = try #require(step(.record(.alert(.presented(.confirmDiscard)))))
      var chain: [Int] = []
      var cause = discard.cause?.index
      while let index = cause, index != button.index, chain.count < 10 {
        chain.append(index)
        cause = recording.steps.first { $0.index == index }?.cause?.index
      }
      #expect(cause == button.index, "causes from the discard: \(chain)")
    }
  }

  @Test func theInspectorSeesTheScreensActions() async throws {
    try await endToEnd {
      let session = try StandupsSession([Seed.design])
      try session.start(["--inspect"])
      let first = try session.waitFor("1. Design", "Inspector: ")
      let page = try #require(InspectorPage(screen: first))
      try session.type("1")
      try session.waitFor("Standups › Design")
      try session.type("b")
      try session.waitUntil { $0.hasPrefix("Standups\n") }
      let answer = try page.json("/api/steps?r=0&from=0&count=100&kinds=input")
      let inputs = (answer["steps"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
      #expect(inputs.contains { $0.contains("standupTapped") })
      #expect(inputs.contains { $0.contains("popFrom") })
      try session.quit()
    }
  }
}
