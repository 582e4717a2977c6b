import Reactors
import StandupsCore

/// What each key does on the screen on top: the actions a person's taps would send, as plain
/// functions of the app's state and the ``LocalState``, tried by ``ScreenLayout``'s order (the
/// app's alert, then the screen's alert, sheet, and the screen itself).
enum Input {
  /// What `key` asks for on `state`; `local` is updated (and forgotten when it belonged to a
  /// screen no longer on top).
  static func commands(
    for key: Key, in state: AppFeature.State, local: inout LocalState
  ) -> [Command] {
    local = local.current(in: state)
    local.note = nil
    if key == .interrupt { return [.quit] }
    if let alert = state.alert {
      return AlertKeys.action(alert, key).map { [.send(.alert($0))] } ?? []
    }
    guard let id = state.path.ids.last, let screen = state.path.last else {
      return list(key, state.list, local: &local)
    }
    let send = { (action: AppFeature.PathAction) in
      Command.send(.path(.element(id: id, action: action)))
    }
    switch screen {
    case .detail(let detail):
      return self.detail(key, detail, local: &local, back: .send(.path(.popFrom(id: id)))) {
        send(.detail($0))
      }
    case .record(let record):
      return self.record(key, record, local: &local) { send(.record($0)) }
    case .meeting:
      switch key {
      case .character("b"), .escape: return [.send(.path(.popFrom(id: id)))]
      case .character("q"): return [.quit]
      default: return []
      }
    }
  }

  /// The list, its add sheet and its alert.
  static func list(_ key: Key, _ list: StandupsList.State, local: inout LocalState) -> [Command] {
    if let alert = list.alert {
      return AlertKeys.action(alert, key).map { [.send(.list(.alert($0)))] } ?? []
    }
    if let sheet = list.addSheet {
      return form(
        key, sheet, save: .send(.list(.confirmAddButtonTapped)),
        cancel: .send(.list(.dismissAddButtonTapped))
      ) { .send(.list(.addSheet(.presented($0)))) }
    }
    switch key {
    case .character("a"): return [.send(.list(.addButtonTapped))]
    case .character("q"): return [.quit]
    case .character(let digit) where digit.isNumber:
      guard let number = digit.wholeNumberValue, (1...9).contains(number),
        number <= list.standups.count
      else {
        local.note = "There is no standup \(digit)."
        return []
      }
      return [.send(.list(.standupTapped(list.standups[number - 1].id)))]
    default: return []
    }
  }

  /// A detail, its edit sheet and its alert; `b` (or Esc) sends `back`.
  static func detail(
    _ key: Key, _ detail: StandupDetail.State, local: inout LocalState, back: Command,
    send: (StandupDetail.Action) -> Command
  ) -> [Command] {
    if let alert = detail.alert {
      return AlertKeys.action(alert, key).map { [send(.alert($0))] } ?? []
    }
    if let sheet = detail.editSheet {
      return form(
        key, sheet, save: send(.doneEditingButtonTapped), cancel: send(.cancelEditButtonTapped)
      ) { send(.editSheet(.presented($0))) }
    }
    let meetings = detail.standup.meetings
    if local.choosingMeeting {
      local.choosingMeeting = false
      guard case .character(let digit) = key, let number = digit.wholeNumberValue else {
        return []
      }
      guard (1...9).contains(number), number <= meetings.count else {
        local.note = "There is no meeting \(number)."
        return []
      }
      return [send(.meetingTapped(meetings[number - 1].id))]
    }
    switch key {
    case .character("s"): return [send(.startMeetingButtonTapped)]
    case .character("e"): return [send(.editButtonTapped)]
    case .character("d"): return [send(.deleteButtonTapped)]
    case .character("m"):
      if meetings.isEmpty {
        local.note = "No meeting was held yet."
      } else {
        local.choosingMeeting = true
      }
      return []
    case .character("b"), .escape: return [back]
    case .character("q"): return [.quit]
    default: return []
    }
  }

  /// A meeting: the line being said (after `t`) takes every key until Enter or Esc.
  static func record(
    _ key: Key, _ record: RecordMeeting.State, local: inout LocalState,
    send: (RecordMeeting.Action) -> Command
  ) -> [Command] {
    if let line = local.saying {
      switch key {
      case .character(let character): local.saying = line + String(character)
      case .backspace: local.saying = String(line.dropLast())
      case .escape: local.saying = nil
      case .enter:
        local.saying = nil
        return line.allSatisfy(\.isWhitespace) ? [] : [.say(line)]
      default: break
      }
      return []
    }
    if let alert = record.alert {
      return AlertKeys.action(alert, key).map { [send(.alert($0))] } ?? []
    }
    switch key {
    case .character("n"): return [send(.nextButtonTapped)]
    case .character("x"): return [send(.endMeetingButtonTapped)]
    case .character("t"): local.saying = ""
    default: break
    }
    return []
  }

  /// The form's keys. While a field has the focus, characters are typed into it; Tab and
  /// Shift-Tab move the focus (title, each attendee, then none), Enter adds an attendee,
  /// Backspace in an empty attendee deletes it, and Esc leaves the field. With no field
  /// focused: `s` saves, Esc cancels, `+`/`-` change the length by a minute (1 to 60), `t`
  /// takes the next theme.
  static func form(
    _ key: Key, _ form: StandupForm.State, save: Command, cancel: Command,
    send: (StandupForm.Action) -> Command
  ) -> [Command] {
    let standup = form.standup
    let fields = [StandupForm.Field.title] + standup.attendees.map { .attendee($0.id) }
    let position = form.focus.flatMap { fields.firstIndex(of: $0) } ?? fields.count
    switch key {
    case .tab: return [send(.setFocus(position + 1 < fields.count ? fields[position + 1] : nil))]
    case .backTab:
      return [send(.setFocus(position == 0 ? nil : fields[position - 1]))]
    case .enter: return [send(.addAttendeeButtonTapped)]
    default: break
    }
    switch (form.focus, key) {
    case (nil, .escape): return [cancel]
    case (_, .escape): return [send(.setFocus(nil))]
    case (.title, .character(let character)): return [send(.setTitle(standup.title + [character]))]
    case (.title, .backspace): return [send(.setTitle(String(standup.title.dropLast())))]
    case (.attendee(let id), .character(let character)):
      let name = standup.attendees[id: id]?.name ?? ""
      return [send(.renameAttendee(id: id, name: name + [character]))]
    case (.attendee(let id), .backspace):
      let name = standup.attendees[id: id]?.name ?? ""
      if name.isEmpty, let index = standup.attendees.firstIndex(where: { $0.id == id }) {
        return [send(.deleteAttendees(atOffsets: [index]))]
      }
      return [send(.renameAttendee(id: id, name: String(name.dropLast())))]
    case (nil, .character("s")): return [save]
    case (nil, .character("+")), (nil, .character("=")):
      return [send(.setDuration(.seconds(min(60, standup.seconds / 60 + 1) * 60)))]
    case (nil, .character("-")):
      return [send(.setDuration(.seconds(max(1, (standup.seconds + 59) / 60 - 1) * 60)))]
    case (nil, .character("t")):
      let themes = Theme.allCases
      let next = ((themes.firstIndex(of: standup.theme) ?? 0) + 1) % themes.count
      return [send(.setTheme(themes[next]))]
    default: return []
    }
  }
}
