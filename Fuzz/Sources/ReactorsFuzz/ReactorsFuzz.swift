import Foundation
import Reactors

@testable import ReactorsRecording

// libFuzzer's entry: each input goes to the recording file reader (without types and with
// them) and to the JSON decoder (into a type of every shape `Codable` gives), which must read
// it or throw, never trap. Where they read it, what they read must survive being written and
// read again (a trap here is a crash libFuzzer reports, with the input that caused it).

/// Reads `size` bytes at `data` every way the library reads a file or a line: libFuzzer's
/// entry, which `main.swift` hands its driver (and which a binary linked with libFuzzer's own
/// `main` would find by its name).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  readAsRecordings(bytes)
  readAsJSON(bytes)
  return 0
}

/// The recording file reader: untyped (the inspector's import), then typed as the tests' login
/// form, whose recordings are most of the corpus.
func readAsRecordings(_ bytes: [UInt8]) {
  if let untyped = try? Recording<RecordedJSON, RecordedJSON, RecordedJSON>(
    bytes: bytes, path: "fuzz", checkingTypeNames: false)
  {
    // Written back and read again: the same steps.
    guard let written = try? untyped.fileBytes(checkpointEvery: 1),
      let again = try? Recording<RecordedJSON, RecordedJSON, RecordedJSON>(
        bytes: written, path: "fuzz", checkingTypeNames: false)
    else { return }
    precondition(again.steps.count == untyped.steps.count, "steps lost in a round trip")
  }
  _ = try? Recording<LoginAction, LoginMutation, LoginState>(
    bytes: bytes, path: "fuzz", checkingTypeNames: false)
}

/// The JSON decoder, on the whole input as one line: as a ``RecordedJSON`` (every value read),
/// and as a ``Probe``; what it reads is written and read again to the same text.
func readAsJSON(_ bytes: [UInt8]) {
  guard let input = try? JSONInput(bytes[...]) else { return }
  if let json = try? JSONReading(input, 0).decode(value: RecordedJSON.self) {
    let output = JSONOutput()
    if (try? output.appendLine(json)) != nil {
      let line = output.bytes.dropLast()
      let again = try? RecordedJSON(parsing: Array(line))
      precondition(again == json, "a RecordedJSON changed in a round trip")
    }
  }
  if let probe = try? JSONReading(input, 0).decode(value: Probe.self) {
    let first = JSONOutput()
    guard (try? first.appendLine(probe)) != nil else { return }
    let line = Array(first.bytes.dropLast())
    guard let reread = try? JSONReading(JSONInput(line[...]), 0).decode(value: Probe.self)
    else { preconditionFailure("a Probe written by the coder did not read back") }
    let second = JSONOutput()
    try? second.appendLine(reread)
    precondition(second.bytes == first.bytes, "a Probe changed in a round trip")
  }
}

/// A value of every shape the decoder reads: scalars of every width, Foundation's types,
/// optionals, arrays, dictionaries and enums with payloads, nested.
indirect enum Probe: Codable, Sendable {
  case flag(Bool)
  case text(String)
  case real(Double)
  case single(Float)
  case integers(Int8, Int16, Int32, Int64, Int)
  case naturals(UInt8, UInt16, UInt32, UInt64, UInt)
  case moment(Date)
  case bytes(Data)
  case link(URL)
  case money(Decimal)
  case maybe(Probe?)
  case list([Probe])
  case table([String: Probe])
  case numbered([Int: Probe])
  case pair(left: Probe, right: String?)
  case unit
}

// The login form of ReactorsRecordingTests: the types of the corpus's recordings.

enum LoginAction: Codable, Sendable {
  case type(name: String)
  case typePassword(String)
  case lookUp
}

enum LoginMutation: Codable, Sendable {
  case setName(String)
  case setPassword(String)
  case setMatches([String])
}

struct LoginState: Codable, Sendable {
  var name = ""
  var password = ""
  var matches: [String] = []
}
