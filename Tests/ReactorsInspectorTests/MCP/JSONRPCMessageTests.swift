import ReactorsRecording
import Testing

@testable import ReactorsInspector

/// A body from an MCP client, read without trusting it: each kind of message, and each
/// malformed one with the error JSON-RPC names and the id to answer it with.
@Suite struct JSONRPCMessageTests {
  func parse(_ text: String) -> Result<JSONRPCMessage, JSONRPCError> {
    JSONRPCMessage.parse(Array(text.utf8))
  }

  @Test func requestsNotificationsAndResponsesAreTold() throws {
    let request = try parse(#"{"jsonrpc":"2.0","id":"a","method":"ping"}"#).get()
    guard case .request(let id) = request.kind else {
      Issue.record("not a request")
      return
    }
    #expect(id == .string("a"))
    #expect(request.method == "ping")
    let notification = try parse(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
      .get()
    guard case .notification = notification.kind else {
      Issue.record("not a notification")
      return
    }
    let response = try parse(#"{"jsonrpc":"2.0","id":3,"result":{}}"#).get()
    guard case .response = response.kind else {
      Issue.record("not a response")
      return
    }
  }

  @Test(arguments: [
    (#"{"jsonrpc":"2.0","id":1,"#, JSONRPCError.parseError, RecordedJSON.null),
    ("", JSONRPCError.parseError, .null),
    (#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#, JSONRPCError.invalidRequest, .null),
    (#""ping""#, JSONRPCError.invalidRequest, .null),
    (#"{"jsonrpc":"1.0","id":1,"method":"ping"}"#, JSONRPCError.invalidRequest, .number("1")),
    (#"{"jsonrpc":"2.0","id":2,"method":7}"#, JSONRPCError.invalidRequest, .number("2")),
    (#"{"jsonrpc":"2.0","id":{},"method":"ping"}"#, JSONRPCError.invalidRequest, .null),
    (
      #"{"jsonrpc":"2.0","id":1,"method":"ping","params":[1]}"#, JSONRPCError.invalidParams,
      .number("1")
    ),
  ])
  func malformedMessagesGetTheirErrorAndTheIdToAnswer(
    body: String, code: Int, id: RecordedJSON
  ) {
    guard case .failure(let error) = parse(body) else {
      Issue.record("\(body) was accepted")
      return
    }
    #expect(error.code == code)
    #expect(error.id == id)
    #expect(!error.message.isEmpty)
  }

  @Test func aHugeOrDeepIdIsNeverEchoed() {
    let huge = String(repeating: "9", count: 5_000)
    guard case .failure(let error) = parse(#"{"jsonrpc":"2.0","id":\#(huge),"method":"ping"}"#)
    else {
      Issue.record("a 5,000-digit id was accepted")
      return
    }
    #expect(error.id == .null)
    let deep = String(repeating: "[", count: 10_000)
    guard case .failure(let nested) = parse(deep) else {
      Issue.record("10,000 brackets were accepted")
      return
    }
    #expect(nested.code == JSONRPCError.parseError)
  }
}
