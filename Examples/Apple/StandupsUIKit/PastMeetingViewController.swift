#if canImport(UIKit) && !os(watchOS)
  import StandupsAppSupport
  import StandupsCore
  import UIKit

  /// A past meeting, read only: when it was held and its transcript. It has no actions, so it
  /// shows the state it was pushed with; the navigation controller's back button is its only
  /// way out.
  final class PastMeetingViewController: UIViewController {
    private let meeting: PastMeeting.State

    init(meeting: PastMeeting.State) {
      self.meeting = meeting
      super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("made in code only") }

    override func viewDidLoad() {
      super.viewDidLoad()
      title = meeting.meeting.dateText
      let standup = UILabel()
      standup.text = meeting.standup.title
      let transcript = UILabel()
      transcript.numberOfLines = 0
      transcript.text = meeting.transcriptText
      layOut([standup, transcript])
    }
  }
#endif
