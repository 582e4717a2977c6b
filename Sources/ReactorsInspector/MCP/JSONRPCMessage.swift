import Foundation
import ReactorsRecording

/// One JSON-RPC 2.0 message from an MCP client, checked: a request (with its id), a
/// notification, or a client's response to the server (which this server never asks for, and
/// accepts and drops as the protocol lets it).
///
/// Pure: ``parse(_:)`` reads bytes from a request's body, which is hostile until checked.
struct JSONRPCMessage: Sendable {
  /// What the message is: a request to answer, or one that gets no answer.
  enum Kind: Sendable {
    case request(id: RecordedJSON)
    case notification
    case response
  }

  let kind: Kind
  /// The method, `""` for a response.
  let method: String
  /// The parameters: an object, or `nil`.
  let params: RecordedJSON?

  /// The message `bytes` hold, or the error to answer with.
  static func parse(_ bytes: [UInt8]) -> Result<JSONRPCMessage, JSONRPCError> {
    let json: RecordedJSON
    do {
      json = try RecordedJSON(parsing: bytes)
    } catch {
      return .failure(
        JSONRPCError(
          code: JSONRPCError.parseError, id: .null,
          message: "The body is not JSON (\(error)): send one JSON-RPC 2.0 message."))
    }
    guard case .object = json else {
      let batch = if case .array = json { " (batches are not accepted)" } else { "" }
      return .failure(
        JSONRPCError(
          code: JSONRPCError.invalidRequest, id: .null,
          message: "Send one JSON-RPC 2.0 message, an object\(batch)."))
    }
    let id = json.member("id")
    let answerID = id.flatMap { Self.isValidID($0) ? $0 : nil } ?? .null
    guard json.member("jsonrpc") == .string("2.0") else {
      return .failure(
        JSONRPCError(
          code: JSONRPCError.invalidRequest, id: answerID,
          message: "\"jsonrpc\" must be \"2.0\"."))
    }
    guard case .string(let method)? = json.member("method") else {
      if id != nil, json.member("result") != nil || json.member("error") != nil {
        return .success(JSONRPCMessage(kind: .response, method: "", params: nil))
      }
      return .failure(
        JSONRPCError(
          code: JSONRPCError.invalidRequest, id: answerID,
          message: "\"method\" is missing or not a string."))
    }
    let params = json.member("params")
    if let params {
      guard case .object = params else {
        return .failure(
          JSONRPCError(
            code: JSONRPCError.invalidParams, id: answerID,
            message: "\"params\" must be an object."))
      }
    }
    guard let id else {
      return .success(JSONRPCMessage(kind: .notification, method: method, params: params))
    }
    guard Self.isValidID(id) else {
      return .failure(
        JSONRPCError(
          code: JSONRPCError.invalidRequest, id: .null,
          message: "\"id\" must be a string or a number."))
    }
    return .success(JSONRPCMessage(kind: .request(id: id), method: method, params: params))
  }

  /// Whether `id` is what MCP allows as a request's id and this server echoes back as it came:
  /// a string of at most 200 bytes, or a whole number that fits an `Int` (one written back
  /// through a `Double` would lose digits, or not be JSON at all).
  static func isValidID(_ id: RecordedJSON) -> Bool {
    switch id {
    case .string(let text): text.utf8.count <= 200
    case .number(let text): text.utf8.count <= 20 && Int(text) != nil
    default: false
    }
  }
}

/// A JSON-RPC error: its code, the id of the request it answers (`null` when unknown), and a
/// message that says what to fix.
struct JSONRPCError: Error, Sendable {
  /// The body is not JSON.
  static let parseError = -32_700
  /// The JSON is not a JSON-RPC request.
  static let invalidRequest = -32_600
  /// No such method.
  static let methodNotFound = -32_601
  /// The method's parameters are wrong (an unknown tool among them).
  static let invalidParams = -32_602
  /// The server could not answer.
  static let internalError = -32_603
  /// MCP's code for a resource that does not exist.
  static let resourceNotFound = -32_002

  let code: Int
  let id: RecordedJSON
  let message: String
}

extension RecordedJSON {
  /// An object's member named `name` (its first, if named twice), or `nil`.
  func member(_ name: String) -> RecordedJSON? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.name == name }?.value
  }
}
