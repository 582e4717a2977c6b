import Synchronization

extension SpeechClient {
  /// A speech client for a terminal: each line of `lines` (typed, or read from a file) is one
  /// more sentence said in the meeting being recorded. Always authorized.
  ///
  /// A meeting's transcript is its lines joined by spaces, yielded whole after each line, as a
  /// recognizer yields its partial results; a meeting that reads slower than lines come gets
  /// the newest. Lines that arrive while no meeting records are
  /// dropped; each meeting starts with an empty transcript. When `lines` ends, the meeting
  /// being recorded goes on without more text, and later meetings get none.
  ///
  /// `lines` is read by one task, started with the first meeting, for as long as it lasts, so
  /// that one input serves every meeting of the session (a stream iterated from a meeting's
  /// task would end with the first meeting).
  public static func lines(_ lines: AsyncStream<String>) -> SpeechClient {
    let feed = LineFeed(lines)
    return SpeechClient(
      authorizationStatus: { .authorized }, requestAuthorization: { .authorized },
      transcripts: { feed.listen() })
  }
}

/// Hands the lines of one input to the meeting recording now.
private final class LineFeed: Sendable {
  private struct State {
    /// The input, until the pump starts reading it.
    var source: AsyncStream<String>?
    /// Whether the input ended.
    var ended = false
    /// The meeting recording now, with its transcript so far, and its number.
    var listener: (id: Int, continuation: AsyncThrowingStream<String, any Error>.Continuation)?
    var transcript = ""
    var nextID = 0
  }

  private let state: Mutex<State>

  init(_ source: AsyncStream<String>) { state = Mutex(State(source: source)) }

  /// A meeting's transcripts: replaces the meeting listening before, which gets no more.
  func listen() -> AsyncThrowingStream<String, any Error> {
    // Each transcript holds every line before it: only the newest is worth keeping for a
    // meeting that reads slower than lines come (a transcript file read at once), so that
    // what waits stays one transcript, not every one of them.
    let (stream, continuation) = AsyncThrowingStream<String, any Error>.makeStream(
      bufferingPolicy: .bufferingNewest(1))
    let (source, previous, ended, id) = state.withLock { state in
      let previous = state.listener?.continuation
      let id = state.nextID
      state.nextID += 1
      state.listener = (id, continuation)
      state.transcript = ""
      let source = state.source
      state.source = nil
      return (source, previous, state.ended, id)
    }
    previous?.finish()
    if ended { continuation.finish() }
    continuation.onTermination = { [weak self] _ in self?.stopListening(id) }
    if let source { Task { await self.pump(source) } }
    return stream
  }

  /// Forgets meeting `id` once its stream ends.
  private func stopListening(_ id: Int) {
    state.withLock { state in
      if state.listener?.id == id { state.listener = nil }
    }
  }

  /// Reads the input to its end, handing each line to the meeting recording then.
  private func pump(_ source: AsyncStream<String>) async {
    for await line in source {
      let trimmed = line.trimmingWhitespace
      guard !trimmed.isEmpty else { continue }
      let delivery = state.withLock {
        state -> (AsyncThrowingStream<String, any Error>.Continuation, String)? in
        guard let listener = state.listener else { return nil }
        state.transcript += state.transcript.isEmpty ? trimmed : " " + trimmed
        return (listener.continuation, state.transcript)
      }
      if let (continuation, transcript) = delivery { continuation.yield(transcript) }
    }
    let last = state.withLock { state in
      state.ended = true
      defer { state.listener = nil }
      return state.listener?.continuation
    }
    last?.finish()
  }
}

extension String {
  /// The string without leading and trailing spaces, tabs and newlines.
  fileprivate var trimmingWhitespace: String {
    var slice = Substring(self)
    while slice.first?.isWhitespace == true { slice.removeFirst() }
    while slice.last?.isWhitespace == true { slice.removeLast() }
    return String(slice)
  }
}
