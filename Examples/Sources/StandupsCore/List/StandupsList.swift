import Foundation
import Reactors

/// The first screen: every standup, a sheet that adds one, and the alert shown when the file
/// could not be read.
///
/// Tapping a standup opens its detail: the app does that (``Action/standupTapped(_:)``), since
/// the navigation stack is the app's.
public enum StandupsList {
  /// The buttons of the list's alert.
  public enum Alert: Codable, Equatable, Sendable {
    /// "Yes": replace the list with ``Standup/samples``.
    case confirmLoadSampleData
  }

  /// The list and what it presents.
  public struct State: Codable, Equatable, Sendable {
    /// Every standup, in order.
    public var standups: IdentifiedArray<Standup>
    /// The "New standup" sheet, while shown.
    public var addSheet: StandupForm.State?
    /// The alert, while shown.
    public var alert: AlertState<Alert>?

    /// A list of `standups`, presenting nothing unless told.
    public init(
      standups: IdentifiedArray<Standup> = [], addSheet: StandupForm.State? = nil,
      alert: AlertState<Alert>? = nil
    ) {
      self.standups = standups
      self.addSheet = addSheet
      self.alert = alert
    }
  }

  /// What a person does with the list.
  public enum Action: Codable, Equatable, Sendable {
    /// Tapped "+": the middleware makes the new standup's ids and sends ``addSheetOpened(_:)``.
    case addButtonTapped
    /// The "New standup" sheet opens, editing this standup.
    case addSheetOpened(Standup)
    /// Something happened in the sheet's form, or the sheet was swiped away.
    case addSheet(PresentationAction<StandupForm.Action>)
    /// Tapped "Add": the standup joins the list, without its blank attendees.
    case confirmAddButtonTapped
    /// Tapped "Dismiss": the new standup is dropped.
    case dismissAddButtonTapped
    /// Deleted the standups at these positions (a swipe).
    case deleteStandups(atOffsets: [Int])
    /// Tapped a standup: the app opens its detail.
    case standupTapped(Standup.ID)
    /// Tapped a button of the alert, or dismissed it.
    case alert(PresentationAction<Alert>)
  }

  /// The list's reducer, its sheet's form and alert included.
  public static let reducer: MutatingReducer<State, Action> = combineReducers(
    ifLet(
      StandupForm.reducer, presented: \State.addSheet,
      action: { if case .addSheet(let action) = $0 { action } else { nil } }),
    ifLet(
      { (_: inout AlertState<Alert>, _: Alert) in }, presented: \State.alert,
      action: { if case .alert(let action) = $0 { action } else { nil } }),
    reduceList)

  /// The list's own actions.
  private static let reduceList: MutatingReducer<State, Action> = { state, action in
    switch action {
    case .addButtonTapped, .addSheet, .standupTapped, .alert(.dismiss):
      break
    case .addSheetOpened(let standup):
      state.addSheet = StandupForm.State(standup: standup)
    case .confirmAddButtonTapped:
      guard let form = state.addSheet else { return }
      state.standups.append(withoutBlankAttendees(form.standup))
      state.addSheet = nil
    case .dismissAddButtonTapped:
      state.addSheet = nil
    case .deleteStandups(let offsets):
      for offset in Set(offsets).sorted(by: >) where state.standups.indices.contains(offset) {
        state.standups.remove(at: offset)
      }
    case .alert(.presented(.confirmLoadSampleData)):
      state.alert = nil
      state.standups = IdentifiedArray(Standup.samples)
    }
  }

  /// `standup` without the attendees whose names are blank; when all are, with the first.
  static func withoutBlankAttendees(_ standup: Standup) -> Standup {
    var trimmed = standup
    trimmed.attendees.removeAll { $0.name.allSatisfy(\.isWhitespace) }
    if trimmed.attendees.isEmpty, let first = standup.attendees.first {
      trimmed.attendees.append(first)
    }
    return trimmed
  }

  /// The list's effects: the new standup's ids, and those of its form.
  public static func middleware(dependencies: Dependencies) -> Middleware<State, Action> {
    let uuid = dependencies.uuid
    let form = ifLet(
      middleware: StandupForm.middleware(dependencies: dependencies),
      presented: \State.addSheet,
      action: { if case .addSheet(let action) = $0 { action } else { nil } },
      embed: { Action.addSheet(.presented($0)) })
    return { state, action in
      switch action {
      case .addButtonTapped:
        let id = uuid()
        return .just(.addSheetOpened(Standup(id: id, attendees: [Attendee(id: uuid())])))
      default:
        return form(state, action)
      }
    }
  }
}

extension AlertState where Action == StandupsList.Alert {
  /// The file could not be read: offers the sample standups.
  public static func dataFailedToLoad(_ reason: String) -> Self {
    AlertState(
      title: "Data failed to load",
      message: "\(reason)\n\nWould you like to load some sample data?",
      buttons: [
        ButtonState(title: "Yes", action: .confirmLoadSampleData),
        ButtonState(title: "No", role: .cancel),
      ])
  }
}
