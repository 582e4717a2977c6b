#if canImport(UIKit) && !os(watchOS)
  import Reactors
  import StandupsAppSupport
  import StandupsCore
  import UIKit

  /// The form that edits a standup: its title, length and attendees (its theme and the deletion
  /// of attendees are the SwiftUI app's). Shown in a sheet by the list ("New standup") and by a
  /// detail ("Edit"), whose "Cancel" and "Done" it shows in its navigation bar.
  ///
  /// Each field sends an action when edited and shows the state the store reduced: the text
  /// typed is the state's, not a copy kept by the view controller.
  final class StandupFormViewController: UIViewController {
    private let form: ScopedStore<StandupForm.State?, StandupForm.Action>
    private let bag = CancelBag()
    private let titleField = UITextField()
    private let lengthLabel = UILabel()
    private let lengthStepper = UIStepper()
    private let attendees = UIStackView()
    /// The attendees' name fields, in the order of the standup's attendees.
    private var nameFields: [(id: Attendee.ID, field: UITextField)] = []

    /// The form in a navigation controller, titled `title`, with `cancel` and `confirm` as its
    /// bar's buttons: what a presentation coordinator presents.
    static func sheet(
      form: ScopedStore<StandupForm.State?, StandupForm.Action>, title: String,
      cancel: (title: String, action: @Sendable () -> Void),
      confirm: (title: String, action: @Sendable () -> Void)
    ) -> UINavigationController {
      let controller = StandupFormViewController(form: form)
      controller.title = title
      controller.navigationItem.leftBarButtonItem = .button(cancel.title, cancel.action)
      controller.navigationItem.rightBarButtonItem = .button(confirm.title, confirm.action)
      return UINavigationController(rootViewController: controller)
    }

    private init(form: ScopedStore<StandupForm.State?, StandupForm.Action>) {
      self.form = form
      super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("made in code only") }

    override func viewDidLoad() {
      super.viewDidLoad()
      titleField.placeholder = "Title"
      titleField.borderStyle = .roundedRect
      titleField.on(.editingChanged) { [form, weak titleField] in
        form.dispatch(.setTitle(titleField?.text ?? ""))
      }
      lengthStepper.minimumValue = 1
      lengthStepper.maximumValue = 60
      lengthStepper.on(.valueChanged) { [form, weak lengthStepper] in
        guard let minutes = lengthStepper.map({ Int($0.value) }) else { return }
        form.dispatch(.setDuration(.seconds(minutes * 60)))
      }
      attendees.axis = .vertical
      attendees.spacing = 8
      let addAttendee = UIButton(
        type: .system,
        primaryAction: UIAction(title: "New attendee") { [form] _ in
          form.dispatch(.addAttendeeButtonTapped)
        })
      let length = UIStackView(arrangedSubviews: [lengthLabel, lengthStepper])
      length.axis = .horizontal
      layOut([titleField, length, attendees, addAttendee])
      bind(form, \.?.standup, in: bag) { [weak self] standup in
        if let standup { self?.show(standup) }
      }
    }

    /// Shows `standup`, as the state has it now. A field is changed only when its text is not
    /// the state's already, so that the caret stays where it is while typing.
    private func show(_ standup: Standup) {
      if titleField.text != standup.title { titleField.text = standup.title }
      lengthLabel.text = "Length: \(standup.duration.minutesAndSeconds)"
      lengthStepper.value = Double(standup.minutes)
      if nameFields.map(\.id) != standup.attendees.ids { makeNameFields(standup.attendees.ids) }
      for (id, field) in nameFields {
        let name = standup.attendees[id: id]?.name ?? ""
        if field.text != name { field.text = name }
      }
    }

    /// Replaces the name fields with one for each of `ids`.
    private func makeNameFields(_ ids: [Attendee.ID]) {
      for (_, field) in nameFields { field.removeFromSuperview() }
      nameFields = ids.map { id in
        let field = UITextField()
        field.placeholder = "Name"
        field.borderStyle = .roundedRect
        field.on(.editingChanged) { [form, weak field] in
          form.dispatch(.renameAttendee(id: id, name: field?.text ?? ""))
        }
        attendees.addArrangedSubview(field)
        return (id, field)
      }
    }
  }
#endif
