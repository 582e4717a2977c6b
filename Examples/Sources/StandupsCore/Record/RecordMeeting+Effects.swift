import Foundation
import Reactors

extension RecordMeeting {
  /// The id of a meeting's timer and transcription, to stop them when the meeting ends.
  struct MeetingEffect: Hashable, Sendable {
    let standup: Standup.ID
  }

  /// The meeting's effects: the timer and the transcription while the screen exists, and the
  /// saved meeting (its id and date from the dependencies) when it ends.
  ///
  /// The timer and the transcription are one effect (two child tasks), so a test's
  /// `advance(by:)` sees one effect asleep on the clock while the transcription waits for
  /// speech.
  public static func middleware(dependencies: Dependencies) -> Middleware<State, Action> {
    let clock = dependencies.clock
    let speech = dependencies.speechClient
    let uuid = dependencies.uuid
    let date = dependencies.date
    return { state, action in
      let meeting = MeetingEffect(standup: state.standup.id)
      switch action {
      case .onTask:
        return .run { send in
          let status = speech.authorizationStatus()
          let authorization =
            status == .notDetermined ? await speech.requestAuthorization() : status
          await withTaskGroup(of: Void.self) { group in
            if authorization == .authorized {
              group.addTask { await transcribe(speech, send: send) }
            }
            group.addTask { await tick(on: clock, send: send) }
          }
        }
        .cancellable(id: meeting, cancelInFlight: true)
      case .timerTick where state.isTimeUp && state.alert == nil,
        .alert(.presented(.confirmSave)):
        let saved = Meeting(id: uuid(), date: date.now, transcript: state.transcript)
        return .merge(.cancel(id: meeting), .just(.delegate(.save(saved))))
      case .alert(.presented(.confirmDiscard)):
        return .merge(.cancel(id: meeting), .just(.delegate(.discard)))
      default:
        return .none
      }
    }
  }

  /// Sends ``Action/timerTick`` each second on `clock` until cancelled. Each deadline is a
  /// second after the one before, so a late wake-up does not shift the ticks after it.
  private static func tick<C: Clock<Duration>>(on clock: C, send: Send<Action>) async {
    var deadline = clock.now
    while true {
      deadline = deadline.advanced(by: .seconds(1))
      do {
        try await clock.sleep(until: deadline, tolerance: nil)
      } catch {
        return
      }
      send(.timerTick)
    }
  }

  /// Sends what the speech client hears, then ``Action/speechFailure`` if it fails.
  private static func transcribe(_ speech: SpeechClient, send: Send<Action>) async {
    do {
      for try await transcript in speech.transcripts() {
        send(.speechResult(transcript))
      }
    } catch is CancellationError {
      return
    } catch {
      guard !Task.isCancelled else { return }
      send(.speechFailure)
    }
  }
}
