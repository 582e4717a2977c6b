import ExampleTerminal
import Testing

/// The environment settings that slow the examples down.
@Suite struct MillisecondsSettingTests {
  @Test func oneNumberOrSeveralSeparatedByCommas() throws {
    #expect(try millisecondsSetting("X_MS", like: "5", in: [:]) == [])
    #expect(try millisecondsSetting("X_MS", like: "5", in: ["X_MS": ""]) == [])
    #expect(try millisecondsSetting("X_MS", like: "5", in: ["X_MS": "300"]) == [.milliseconds(300)])
    #expect(
      try millisecondsSetting("X_MS", like: "5", in: ["X_MS": "0, 0,5000"])
        == [.zero, .zero, .seconds(5)])
  }

  @Test func anythingElseIsExplainedWithAnExample() {
    for bad in ["fast", "-1", "300,", "1.5"] {
      #expect(throws: SettingError.self) {
        try millisecondsSetting("X_MS", like: "300 or 0,5000", in: ["X_MS": bad])
      }
    }
    do {
      _ = try millisecondsSetting("X_MS", like: "300 or 0,5000", in: ["X_MS": "fast"])
    } catch {
      #expect(error.description == "X_MS='fast' is not a list of milliseconds like 300 or 0,5000.")
    }
    // The value is quoted as text only: the message goes to the terminal.
    let error = #expect(throws: SettingError.self) {
      try millisecondsSetting("X_MS", like: "300", in: ["X_MS": "1\u{1B}[2J"])
    }
    #expect(error?.description == "X_MS='1\u{FFFD}[2J' is not a list of milliseconds like 300.")
  }
}
