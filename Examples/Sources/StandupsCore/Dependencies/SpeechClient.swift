import Reactors

/// Whether the app may transcribe what is said: the four answers of `SFSpeechRecognizer`.
public enum SpeechAuthorization: String, Codable, Equatable, Sendable {
  /// Not asked yet: the meeting asks when it starts.
  case notDetermined
  /// The person said no: meetings are not transcribed until they allow it in the settings.
  case denied
  /// The device cannot transcribe (a policy, or no recognizer): meetings are not transcribed.
  case restricted
  /// Meetings are transcribed.
  case authorized
}

/// Turns what is said during a meeting into text.
///
/// The meeting screen asks ``authorizationStatus`` (and ``requestAuthorization`` when it is
/// ``SpeechAuthorization/notDetermined``), then reads ``transcripts`` for as long as it is
/// shown: each element is the whole transcript so far (a partial result replaces the one
/// before), and the stream throws when recognition fails.
///
/// **On Linux** the terminal program feeds lines typed, or read from a file, through
/// ``lines(_:)``. **On iOS** an app provides the same shape over `SFSpeechRecognizer`:
///
/// ```swift
/// SpeechClient(
///   authorizationStatus: { SpeechAuthorization(SFSpeechRecognizer.authorizationStatus()) },
///   requestAuthorization: {
///     await withCheckedContinuation { continuation in
///       SFSpeechRecognizer.requestAuthorization { continuation.resume(returning: .init($0)) }
///     }
///   },
///   transcripts: {
///     AsyncThrowingStream { continuation in
///       // Start an AVAudioEngine whose input tap appends its buffers to an
///       // SFSpeechAudioBufferRecognitionRequest, then:
///       let task = recognizer.recognitionTask(with: request) { result, error in
///         if let result { continuation.yield(result.bestTranscription.formattedString) }
///         if let error { continuation.finish(throwing: error) }
///       }
///       continuation.onTermination = { _ in
///         audioEngine.stop()
///         audioEngine.inputNode.removeTap(onBus: 0)
///         task.finish()
///       }
///     }
///   })
/// ```
///
/// `onTermination` matters: the stream ends when the meeting screen goes (its effects are
/// cancelled), and the microphone must stop with it.
public struct SpeechClient: Sendable {
  /// What the person allowed, without asking.
  public var authorizationStatus: @Sendable () -> SpeechAuthorization
  /// Asks the person (once; later calls answer at once) and returns the answer.
  public var requestAuthorization: @Sendable () async -> SpeechAuthorization
  /// Starts transcribing: the whole transcript so far, each time it changes, until the
  /// consumer stops; throws when recognition fails.
  public var transcripts: @Sendable () -> AsyncThrowingStream<String, any Error>

  /// A client made of its three endpoints.
  public init(
    authorizationStatus: @escaping @Sendable () -> SpeechAuthorization,
    requestAuthorization: @escaping @Sendable () async -> SpeechAuthorization,
    transcripts: @escaping @Sendable () -> AsyncThrowingStream<String, any Error>
  ) {
    self.authorizationStatus = authorizationStatus
    self.requestAuthorization = requestAuthorization
    self.transcripts = transcripts
  }

  /// A device that cannot transcribe: ``SpeechAuthorization/restricted``, and no text.
  public static var unavailable: SpeechClient {
    SpeechClient(
      authorizationStatus: { .restricted }, requestAuthorization: { .restricted },
      transcripts: { AsyncThrowingStream { $0.finish() } })
  }
}

extension SpeechClient: DependencyKey {
  /// ``unavailable``: no speech recognizer runs on Linux. The terminal program provides
  /// ``lines(_:)``; an iOS app provides one over `SFSpeechRecognizer` (see ``SpeechClient``).
  public static var liveValue: SpeechClient { .unavailable }

  /// Fails the test that reaches speech recognition without providing a client.
  public static func testValue(_ unimplemented: Unimplemented) -> SpeechClient {
    SpeechClient(
      authorizationStatus: unimplemented("authorizationStatus", placeholder: .denied),
      requestAuthorization: unimplemented("requestAuthorization", placeholder: .denied),
      transcripts: {
        unimplemented.report("transcripts")
        return AsyncThrowingStream { $0.finish() }
      })
  }
}

extension Dependencies {
  /// The speech recognizer (``SpeechClient``).
  public var speechClient: SpeechClient {
    get { self[SpeechClient.self] }
    set { self[SpeechClient.self] = newValue }
  }
}
