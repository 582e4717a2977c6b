import CustomDump
import Foundation
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

/// What an imported file can do to the reader: numbers written back as read, and the deepest
/// nesting accepted read, written and rendered on a thread with the smallest stack an Apple
/// platform gives a secondary thread (512 KB), in a debug build.
@Suite(.timeLimit(.minutes(1))) struct RecordedJSONBoundsTests {
  @Test func numbersWriteBackAsTheyWereRead() throws {
    let text = #"[-0,1E2,12345678901234567890123,1e400,1e-400,-1.50e+3,0.1]"#
    let value = try RecordedJSON(parsing: Array(text.utf8))
    let output = JSONOutput()
    try output.appendLine(value)
    #expect(String(decoding: output.bytes.dropLast(), as: UTF8.self) == text)
    // A number made from text that is not a number is refused, saying how to make one.
    let bad = JSONOutput()
    #expect {
      try bad.appendLine(RecordedJSON.array([.number("12abc")]))
    } throws: { error in
      "\(error)".contains("is not a JSON number")
    }
  }

  /// Through Foundation's coders (as the inspector hands an agent's action to the app's
  /// `Decodable`), every whole number up to `UInt64.max` stays exact.
  @Test func wholeNumbersStayExactThroughFoundationsCoders() throws {
    struct Ids: Codable, Equatable {
      var signed: Int64
      var unsigned: UInt64
      var precise: Int64
    }
    let text =
      #"{"signed":-9223372036854775808,"unsigned":18446744073709551615,"#
      + #""precise":9007199254740993}"#
    let json = try RecordedJSON(parsing: Array(text.utf8))
    let ids = try JSONDecoder().decode(Ids.self, from: JSONEncoder().encode(json))
    #expect(ids == Ids(signed: .min, unsigned: .max, precise: 9_007_199_254_740_993))
    // And back: Foundation's decoder gives the same numbers as text.
    let decoded = try JSONDecoder().decode(RecordedJSON.self, from: Data(text.utf8))
    guard case .object(let members) = decoded else {
      Issue.record("expected an object, got \(decoded)")
      return
    }
    #expect(
      members.map(\.value).sorted { "\($0)" < "\($1)" }
        == [
          .number("-9223372036854775808"), .number("18446744073709551615"),
          .number("9007199254740993"),
        ].sorted { "\($0)" < "\($1)" })
    // A number with a fraction is still a Double's.
    #expect(
      try JSONDecoder().decode(RecordedJSON.self, from: Data("[1.5,-2.25]".utf8))
        == .array([.number("1.5"), .number("-2.25")]))
  }

  @Test func aFileWhoseBeganHoldsAHugeNumberReadsBackTheSame() throws {
    let form = LoginForm()
    let live = LoginRecording(of: form, named: "login")
    form.send(.type(name: "kim"))
    var lines = try live.fileBytes(checkpointEvery: 1).split(separator: 0x0A).map(Array.init)
    // A state that holds 1e400 and -0, which no Double can hold as written.
    let began = String(decoding: lines[1], as: UTF8.self)
    let changed = began.replacingOccurrences(
      of: "\"s\":{", with: "\"s\":{\"huge\":1e400,\"zero\":-0,")
    #expect(changed != began)
    lines[1] = Array(changed.utf8)
    let file = Array(lines.joined(separator: [0x0A])) + [0x0A]
    let untyped = try RecordedJSONTests.Untyped(bytes: file, checkingTypeNames: false)
    let again = try untyped.fileBytes(checkpointEvery: 1)
    #expect(again.split(separator: 0x0A).dropFirst() == file.split(separator: 0x0A).dropFirst())
  }

  @Test func theDeepestNestingAcceptedSurvivesASmallStack() async throws {
    let depth = JSONInput.maximumDepth
    let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let objects =
      String(repeating: #"{"child":"#, count: depth - 1) + "null"
      + String(repeating: "}", count: depth - 1)
    let outcome = try await onThread(stackSize: 512 << 10) {
      let json = try RecordedJSON(parsing: Array(nested.utf8))
      let output = JSONOutput()
      try output.appendLine(json)
      let tree = try JSONReading(JSONInput(ArraySlice(objects.utf8)), 0).decode(value: Tree.self)
      let untyped = try RecordedJSON(parsing: Array(objects.utf8))
      return (output.bytes.count, tree.depth, untyped == untyped)
    }
    #expect(outcome.0 == 2 * depth + 1)
    #expect(outcome.1 == depth - 2)
    #expect(outcome.2)
    // One more level is refused with a sentence, not a crash.
    let deeper = String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1)
    #expect(throws: DecodingError.self) { try RecordedJSON(parsing: Array(deeper.utf8)) }
  }

  /// A user's recursive `Decodable`.
  final class Tree: Decodable, Sendable {
    let child: Tree?
    var depth: Int { child.map { $0.depth + 1 } ?? 0 }
  }

  /// `body`'s result, run on a new thread of `stackSize` bytes.
  func onThread<Value: Sendable>(
    stackSize: Int, _ body: @escaping @Sendable () throws -> Value
  ) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
      let thread = Thread { continuation.resume(with: Result { try body() }) }
      thread.stackSize = stackSize
      thread.start()
    }
  }
}
