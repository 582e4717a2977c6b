#if canImport(UIKit) && !os(watchOS)
  import Reactors
  import StandupsAppSupport
  import StandupsCore
  import UIKit

  /// The first screen: every standup (a tap opens its detail), "+" and its "New standup" sheet,
  /// and the alert shown when the file could not be read.
  final class StandupsListViewController: UITableViewController {
    private let store: ScopedStore<StandupsList.State, StandupsList.Action>
    private let bag = CancelBag()
    /// The rows, as the state had them when last drawn.
    private var standups: IdentifiedArray<Standup> = []
    private var addSheet: PresentationCoordinator<FormSheet>?
    private var alert: PresentationCoordinator<AlertState<StandupsList.Alert>>?
    /// Called once, when the list first appears (the window shows it): a presenter then can.
    var onFirstAppearance: (@MainActor () -> Void)?

    init(store: ScopedStore<StandupsList.State, StandupsList.Action>) {
      self.store = store
      super.init(style: .insetGrouped)
    }

    required init?(coder: NSCoder) { fatalError("made in code only") }

    override func viewDidLoad() {
      super.viewDidLoad()
      title = "Daily Standups"
      navigationItem.rightBarButtonItem = .button("Add") { [store] in
        store.dispatch(.addButtonTapped)
      }
      bind(store, \.standups, in: bag) { [weak self] standups in
        self?.standups = standups
        self?.tableView.reloadData()
      }
      bind(store, \.addSheet?.sheet, in: bag) { [weak self] _ in self?.addSheet?.update() }
      bind(store, \.alert?.id, in: bag) { [weak self] _ in self?.alert?.update() }
    }

    /// Starts presenting what the state holds, now that the list is in the window.
    override func viewDidAppear(_ animated: Bool) {
      super.viewDidAppear(animated)
      guard addSheet == nil else { return }
      let store = store
      addSheet = PresentationCoordinator(
        presenter: self,
        presentation: store.presentationBinding(\.addSheet?.sheet, action: { .addSheet($0) })
      ) { _ in
        StandupFormViewController.sheet(
          form: store.scope(optional: \.addSheet, action: { .addSheet(.presented($0)) }),
          title: "New standup",
          cancel: ("Dismiss", { store.dispatch(.dismissAddButtonTapped) }),
          confirm: ("Add", { store.dispatch(.confirmAddButtonTapped) }))
      }
      alert = PresentationCoordinator(
        presenter: self,
        presentation: store.presentationBinding(\.alert, action: StandupsList.Action.alert)
      ) { _ in alertController(store.alertBinding(\.alert, action: StandupsList.Action.alert)) }
      onFirstAppearance?()
      onFirstAppearance = nil
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      standups.count
    }

    override func tableView(
      _ tableView: UITableView, cellForRowAt indexPath: IndexPath
    ) -> UITableViewCell {
      let standup = standups[indexPath.row]
      let cell = UITableViewCell(style: .subtitle, reuseIdentifier: nil)
      var content = cell.defaultContentConfiguration()
      content.text = standup.title
      content.secondaryText = standup.summary
      cell.contentConfiguration = content
      cell.accessoryType = .disclosureIndicator
      return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
      tableView.deselectRow(at: indexPath, animated: true)
      store.dispatch(.standupTapped(standups[indexPath.row].id))
    }
  }
#endif
