import CustomDump
import Reactors
import Testing

@testable import ReactorsRecording

/// A recording read without its types: every value as `RecordedJSON`.
@Suite struct RecordedJSONTests {
  typealias Untyped = Recording<RecordedJSON, RecordedJSON, RecordedJSON>

  @Test func aFileReadsWithoutItsTypesAndWritesBackTheSame() async throws {
    let form = LoginForm()
    let live = LoginRecording(of: form, named: "login")
    form.send(.type(name: "kim"))
    let file = try live.fileBytes(checkpointEvery: 1)
    let untyped = try Untyped(bytes: file, checkingTypeNames: false)
    #expect(untyped.steps.count == live.steps.count)
    guard case .input(let action) = untyped.steps[1].kind else {
      Issue.record("expected an input, got \(untyped.steps[1].kind)")
      return
    }
    #expect(
      action
        == .object([
          .init(name: "type", value: .object([.init(name: "name", value: .string("kim"))]))
        ]))
    #expect(String(customDumping: action).contains("\"kim\""))
    // The same entries (the header names other types).
    let again = try untyped.fileBytes(checkpointEvery: 1)
    #expect(again.split(separator: 0x0A).dropFirst() == file.split(separator: 0x0A).dropFirst())
  }

  @Test func numbersKeepTheirTextAndEveryKindOfValueReadsBack() throws {
    let text = #"{"big":9007199254740993,"list":[1.5,true,null,"a"],"none":{}}"#
    let value = try JSONReading(JSONInput(ArraySlice(text.utf8)), 0).decode(
      value: RecordedJSON.self)
    guard case .object(let members) = value else {
      Issue.record("expected an object, got \(value)")
      return
    }
    #expect(members.first?.value == .number("9007199254740993"))
    #expect(members[1].value == .array([.number("1.5"), .bool(true), .null, .string("a")]))
    let output = JSONOutput()
    try output.appendLine(value)
    #expect(String(decoding: output.bytes.dropLast(), as: UTF8.self) == text)
    #expect("\(value)" == "{3 members}")
  }
}
