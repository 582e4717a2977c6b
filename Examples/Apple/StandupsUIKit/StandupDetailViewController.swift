#if canImport(UIKit) && !os(watchOS)
  import Reactors
  import StandupsAppSupport
  import StandupsCore
  import UIKit

  /// A standup's screen: "Start meeting", its length and theme, its past meetings (a tap opens
  /// one), its attendees, "Delete" (after the alert asks), and "Edit" with its sheet. Its state
  /// is `nil` once the screen was popped: what it sends then is dropped.
  final class StandupDetailViewController: UITableViewController {
    private let store: ScopedStore<StandupDetail.State?, StandupDetail.Action>
    private let bag = CancelBag()
    /// The standup, as the state had it when last drawn.
    private var standup: Standup?
    private var editSheet: PresentationCoordinator<FormSheet>?
    private var alert: PresentationCoordinator<AlertState<StandupDetail.Alert>>?

    /// The table's sections, in order.
    private enum Section: Int, CaseIterable {
      case info, meetings, attendees, delete
    }

    init(store: ScopedStore<StandupDetail.State?, StandupDetail.Action>) {
      self.store = store
      super.init(style: .insetGrouped)
    }

    required init?(coder: NSCoder) { fatalError("made in code only") }

    override func viewDidLoad() {
      super.viewDidLoad()
      navigationItem.rightBarButtonItem = .button("Edit") { [store] in
        store.dispatch(.editButtonTapped)
      }
      bind(store, \.?.standup, in: bag) { [weak self] standup in
        guard let self, let standup else { return }
        self.standup = standup
        title = standup.title
        tableView.reloadData()
      }
      bind(store, \.?.editSheet?.sheet, in: bag) { [weak self] _ in self?.editSheet?.update() }
      bind(store, \.?.alert?.id, in: bag) { [weak self] _ in self?.alert?.update() }
    }

    /// Starts presenting what the state holds, now that the screen is in the window.
    override func viewDidAppear(_ animated: Bool) {
      super.viewDidAppear(animated)
      guard editSheet == nil else { return }
      let store = store
      editSheet = PresentationCoordinator(
        presenter: self,
        presentation: store.presentationBinding(\.?.editSheet?.sheet, action: { .editSheet($0) })
      ) { [weak self] _ in
        StandupFormViewController.sheet(
          form: store.scope(optional: \.?.editSheet, action: { .editSheet(.presented($0)) }),
          title: self?.standup?.title ?? "",
          cancel: ("Cancel", { store.dispatch(.cancelEditButtonTapped) }),
          confirm: ("Done", { store.dispatch(.doneEditingButtonTapped) }))
      }
      alert = PresentationCoordinator(
        presenter: self,
        presentation: store.presentationBinding(\.?.alert, action: StandupDetail.Action.alert)
      ) { _ in alertController(store.alertBinding(\.?.alert, action: StandupDetail.Action.alert)) }
    }

    override func numberOfSections(in tableView: UITableView) -> Int { Section.allCases.count }

    override func tableView(
      _ tableView: UITableView, titleForHeaderInSection section: Int
    ) -> String? {
      switch Section(rawValue: section) {
      case .info: "Standup info"
      case .meetings: standup?.meetings.isEmpty == false ? "Past meetings" : nil
      case .attendees: "Attendees"
      case .delete, nil: nil
      }
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      guard let standup else { return 0 }
      return switch Section(rawValue: section) {
      case .info: 3
      case .meetings: standup.meetings.count
      case .attendees: standup.attendees.count
      case .delete: 1
      case nil: 0
      }
    }

    override func tableView(
      _ tableView: UITableView, cellForRowAt indexPath: IndexPath
    ) -> UITableViewCell {
      let cell = UITableViewCell(style: .value1, reuseIdentifier: nil)
      var content = cell.defaultContentConfiguration()
      let row = indexPath.row
      switch (Section(rawValue: indexPath.section), standup) {
      case (.info, let standup?):
        let rows: [(String, String?)] = [
          ("Start meeting", nil), ("Length", standup.duration.minutesAndSeconds),
          ("Theme", standup.theme.name),
        ]
        content.text = rows[row].0
        content.secondaryText = rows[row].1
      case (.meetings, let standup?):
        content.text = standup.meetings[row].dateText
        cell.accessoryType = .disclosureIndicator
      case (.attendees, let standup?):
        content.text = standup.attendees[row].name
      case (.delete, _):
        content.text = "Delete"
      default:
        break
      }
      cell.contentConfiguration = content
      return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
      tableView.deselectRow(at: indexPath, animated: true)
      switch (Section(rawValue: indexPath.section), indexPath.row) {
      case (.info, 0): store.dispatch(.startMeetingButtonTapped)
      case (.meetings, let row):
        guard let meeting = standup?.meetings[row] else { return }
        store.dispatch(.meetingTapped(meeting.id))
      case (.delete, _): store.dispatch(.deleteButtonTapped)
      default: break
      }
    }
  }
#endif
