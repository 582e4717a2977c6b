// The code of the inspector's catalog and the README's inspector section, compiled and run.

import Reactors
import ReactorsInspector
import Testing

@Suite(.timeLimit(.minutes(2))) struct InspectorSnippets {
  @Test func startAnInspector() async throws {
    let counter = RecordingArticle.Counter()
    let recording = Recording(of: counter, named: "counter")
    let inspector = try await Inspector.start()
    inspector.inspect(recording)
    #expect(inspector.address.hasPrefix("http://127.0.0.1:\(inspector.port)/?token="))
    await inspector.stop()
  }

  @Test func letAnAgentSendAndReplay() async throws {
    typealias MyReactor = RecordingArticle.Counter
    let reactor = MyReactor()
    let recording = Recording(of: reactor, named: "counter")
    let inspector = try await Inspector.start(printsAddress: false)
    inspector.inspect(recording, replayingOn: { MyReactor() }, sending: { reactor.send($0) })
    #expect(inspector.mcpConfiguration.contains(inspector.mcpAddress))
    await inspector.stop()
  }
}
