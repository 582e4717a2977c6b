import Foundation
import ReactorsRecording

/// One JSON-RPC 2.0 message from an MCP client, checked: a request (with its id), a
/// notification, or a client's response to the server (which this server never asks for, and
/// accepts and drops as the protocol lets it).
///
/// Pure: ``parse(_:)`` reads bytes from a request's body, which is hostile until checked.
struct JSONRPCMessage: Sendable {
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

  /// Whether `id` is what MCP allows as a request's id: a string or a number, no longer than
  /// 200 characters (so that an answer never echoes a huge one).
  static func isValidID(_ id: RecordedJSON) -> Bool {
    switch id {
    case .string(let text): text.utf8.count <= 200
    case .number(let text): text.utf8.count <= 40
    default: false
    }
  }
}

/// A JSON-RPC error: its code, the id of the request it answers (`null` when unknown), and a
/// message that says what to fix.
struct JSONRPCError: Error, Sendable {
  static let parseError = -32_700
  static let invalidRequest = -32_600
  static let methodNotFound = -32_601
  static let invalidParams = -32_602
  static let internalError = -32_603

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
