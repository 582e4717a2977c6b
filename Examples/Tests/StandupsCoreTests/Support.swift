import Foundation
import Reactors
import StandupsCore
import Synchronization

extension UUID {
  /// The id numbered `number` by `UUIDGenerator.incrementing`: `UUID(0)`, `UUID(1)`, …
  init(_ number: Int) { self = UUIDGenerator.counting(number) }
}

extension Standup {
  /// A standup of six attendees, one minute long: each speaks ten seconds.
  static let mock = Standup(
    id: UUID(uuidString: "DE51A000-0000-0000-0000-000000000001")!, title: "Design",
    duration: .seconds(60),
    attendees: IdentifiedArray(
      ["Blob", "Blob Jr", "Blob Sr", "Blob Esq", "Blob III", "Blob I"].enumerated().map {
        Attendee(
          id: UUID(uuidString: "A77E0000-0000-0000-0000-00000000000\($0.offset)")!, name: $0.element
        )
      }),
    theme: .orange)

  /// A standup of three unnamed attendees, six seconds long: each speaks two seconds.
  static let sixSeconds = Standup(
    id: UUID(uuidString: "5EC0D500-0000-0000-0000-000000000006")!, duration: .seconds(6),
    attendees: IdentifiedArray(
      (1...3).map { Attendee(id: UUID(uuidString: "5EC0D500-0000-0000-0000-00000000010\($0)")!) }))
}

/// The date every test's meetings end at.
let meetingDate = Date(timeIntervalSince1970: 1_234_567_890)

/// A speech client that hears `transcripts`, then ends, or fails with `failure`.
func speech(
  _ authorization: SpeechAuthorization, hearing transcripts: [String] = [],
  failingWith failure: (any Error)? = nil
) -> SpeechClient {
  SpeechClient(
    authorizationStatus: { authorization }, requestAuthorization: { authorization },
    transcripts: {
      AsyncThrowingStream { continuation in
        for transcript in transcripts { continuation.yield(transcript) }
        continuation.finish(throwing: failure)
      }
    })
}

/// The error a failing speech client throws.
struct SpeechRecognitionFailure: Error {}

/// A value a test's client sets from another task, and the test reads.
final class Box<Value: Sendable>: Sendable {
  private let value: Mutex<Value>
  init(_ value: Value) { self.value = Mutex(value) }
  var current: Value { value.withLock { $0 } }
  func set(_ newValue: Value) { value.withLock { $0 = newValue } }
}

/// A folder of its own for a test, removed when the test's value goes away.
final class TemporaryFolder: Sendable {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("standups-tests-\(UUID().uuidString)")

  init() throws {
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// A path in the folder.
  func path(_ name: String = "standups.sqlite") -> String {
    url.appendingPathComponent(name).path
  }
}
