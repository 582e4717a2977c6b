#if canImport(UIKit) && !os(watchOS)
  import Reactors
  import StandupsAppSupport
  import StandupsCore
  import UIKit

  /// The meeting being held: the time elapsed and left, who speaks, "Next speaker", the
  /// transcript, and "End meeting" with its alert. It sends ``RecordMeeting/Action/onTask``
  /// once loaded, which starts the timer and the transcription; they stop when the screen's
  /// state goes (the meeting ends, and the app pops it). No back button: the meeting is ended,
  /// not left.
  final class RecordMeetingViewController: UIViewController {
    private let store: ScopedStore<RecordMeeting.State?, RecordMeeting.Action>
    private let bag = CancelBag()
    private let timeLabel = UILabel()
    private let speakerLabel = UILabel()
    private let transcriptLabel = UILabel()
    private var alert: PresentationCoordinator<AlertState<RecordMeeting.Alert>>?

    init(store: ScopedStore<RecordMeeting.State?, RecordMeeting.Action>) {
      self.store = store
      super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("made in code only") }

    override func viewDidLoad() {
      super.viewDidLoad()
      navigationItem.hidesBackButton = true
      navigationItem.leftBarButtonItem = .button("End meeting") { [store] in
        store.dispatch(.endMeetingButtonTapped)
      }
      transcriptLabel.numberOfLines = 0
      let next = UIButton(
        type: .system,
        primaryAction: UIAction(title: "Next speaker") { [store] _ in
          store.dispatch(.nextButtonTapped)
        })
      layOut([timeLabel, speakerLabel, next, transcriptLabel])
      bind(store, \.self, in: bag) { [weak self] meeting in
        if let meeting { self?.show(meeting) }
      }
      bind(store, \.?.alert?.id, in: bag) { [weak self] _ in self?.alert?.update() }
      store.dispatch(.onTask)
    }

    /// Starts presenting the alert the state holds, now that the screen is in the window.
    override func viewDidAppear(_ animated: Bool) {
      super.viewDidAppear(animated)
      guard alert == nil else { return }
      let store = store
      alert = PresentationCoordinator(
        presenter: self,
        presentation: store.presentationBinding(\.?.alert, action: RecordMeeting.Action.alert)
      ) { _ in alertController(store.alertBinding(\.?.alert, action: RecordMeeting.Action.alert)) }
    }

    /// Shows the meeting as the state has it now.
    private func show(_ meeting: RecordMeeting.State) {
      title = meeting.standup.title
      let elapsed = Duration.seconds(meeting.secondsElapsed).clock
      timeLabel.text = "Elapsed \(elapsed), remaining \(meeting.durationRemaining.clock)"
      speakerLabel.text = meeting.speakerText
      transcriptLabel.text = meeting.transcript.isEmpty ? "Nothing heard yet." : meeting.transcript
    }
  }
#endif
