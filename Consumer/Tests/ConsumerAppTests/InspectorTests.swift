import Reactors
import ReactorsInspector
import Testing

@testable import ConsumerApp

/// The inspector, started from an app target's settings (main actor by default), showing a
/// recording of `Codable` types (with its file) and one of other types.
@Suite(.timeLimit(.minutes(1))) struct InspectorTests {
  @Test func anAppStartsTheInspectorAndShowsItsRecordings() async throws {
    let notes = NoteReactor()
    let profile = ProfileReactor { name in Member(name: name, followers: 1) }
    let inspector = try await Inspector.start(printsAddress: false)
    inspector.inspect(Recording(of: notes, named: "notes"))
    inspector.inspect(Recording(of: profile, named: "profile"))
    #expect(inspector.address.contains("/?token="))
    await inspector.stop()
  }
}
