import Foundation
import TerminalTesting
import Testing

/// `search --inspect`, driven in tmux as a person would, with the inspector's page asked what a
/// browser's page asks: the session's steps appear as they happen, and time travel takes the
/// program's own screen back to a step and forward again, with what was typed meanwhile.
@Suite(.enabled(if: Tmux.isAvailable, "tmux is not installed (apt-get install -y tmux)"))
struct SearchInspectorTests {
  @Test func theInspectorWatchesTheSessionAndTravelsTheScreen() throws {
    let program = try #require(builtProduct(named: "search"), "build the search product first")
    let screen = try Tmux(running: "\(program) --inspect")
    let first = try screen.waitForScreen { $0.contains("Inspector: http://127.0.0.1:") }
    let page = try #require(InspectorPage(screen: first))

    try screen.type("dog")
    try screen.waitForScreen { resultsQuery($0) == "dog" && loaded($0) != nil }
    let inputs = try page.json("/api/steps?r=0&from=0&count=100&kinds=input")
    let typed = (inputs["steps"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    #expect(typed.count == 3)
    #expect(typed.last?.contains("\"dog\"") == true)

    // Back to the beginning: the program's screen shows its first state again.
    #expect(try page.post("/api/travel?r=0&i=0") == 204)
    try screen.waitForScreen { $0.contains("Try: dog") && resultsQuery($0) == nil }
    try screen.type("s")  // held while the screen shows the past, then processed back live
    #expect(try page.post("/api/live?r=0") == 204)
    try screen.waitForScreen { resultsQuery($0) == "dogs" }
    let after = try page.json("/api/steps?r=0&from=0&count=100&kinds=input")
    let all = (after["steps"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    #expect(all.count == 4)
    #expect(all.last?.contains("\"dogs\"") == true)
    try screen.type("\u{3}")
    try screen.waitForScreen { $0.contains("Bye.") }
  }
}
