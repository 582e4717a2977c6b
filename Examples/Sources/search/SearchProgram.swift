import ExampleTerminal
import Foundation
import Reactors
import ReactorsInspector
import ReactorsRecording
import SearchCore

/// `search`: the names of all Unicode scalars, searched over HTTP as you type (or a scalar by
/// its code point, `1f600` or `U+1F600`); Down or Ctrl-N loads more, Up or Ctrl-P scrolls back.
///
/// - `search` starts the search server on a free port of 127.0.0.1, then the search screen;
/// - `search serve [--port N]` runs only the server, until it is killed;
/// - `search --server http://127.0.0.1:N` runs only the screen, against that server;
/// - `--record FILE`, with either way of running the screen, records the session into FILE
///   (see the Recordings article): a test replays it;
/// - `--inspect`, with either way of running the screen, records the session in memory too,
///   and serves the inspector (its address, with its token, on the screen's last line): open
///   it in a browser to watch the steps, see any step's state, and travel back in time; an
///   agent asks the same over MCP, and may send the screen's actions and replay files;
/// - `--inspect-read-only` serves a read-only inspector: no travel, no action sent.
///
/// `SEARCH_LATENCY_MS=500` makes the server wait that long before each answer (a slow network);
/// `SEARCH_LATENCY_MS=5000,0` makes the first answer wait 5 s and the others none (the last
/// number applies from then on). `search serve` prints each request as it comes (`-> dog #1`)
/// and each answer as it goes (`<- dog #1 200`).
@main
enum SearchProgram {
  static func main() async {
    do {
      var arguments = Array(CommandLine.arguments.dropFirst())
      let record = try recordingPath(taking: &arguments)
      let readOnly = arguments.contains("--inspect-read-only")
      let inspect = arguments.contains("--inspect") || readOnly
      arguments.removeAll { $0 == "--inspect" || $0 == "--inspect-read-only" }
      switch try Options(arguments[...]) {
      case .serve(let port):
        guard record == nil, !inspect else {
          throw UsageError("--record and --inspect are the screen's; `search serve` has none.")
        }
        try await serve(port: port)
      case .screen(let server):
        try await runScreen(
          server: server, recordingTo: record, inspecting: inspect, readOnly: readOnly)
      case .both:
        let server = try makeServer(port: 0)
        let serving = Task { try await server.run() }
        let port = try await server.waitUntilListening()
        try await runScreen(
          server: URL(string: "http://127.0.0.1:\(port)")!, recordingTo: record,
          inspecting: inspect, readOnly: readOnly)
        serving.cancel()
      }
    } catch {
      FileHandle.standardError.write(Data("search: \(Sanitized.lines("\(error)"))\n".utf8))
      exit(2)
    }
  }

  static func makeServer(port: UInt16, logging: Bool = false) throws -> SearchServer {
    let latencies = try millisecondsSetting("SEARCH_LATENCY_MS", like: "500 or 5000,0")
    return try SearchServer(
      names: { UnicodeNames() }, port: port,
      faults: .init(latency: latencies.last ?? .zero, nextLatencies: latencies.dropLast()),
      onRequest: { query, page in
        if logging { Terminal.write("-> \(Sanitized.text(query)) #\(page)\n") }
      },
      onAnswer: { query, page, status in
        if logging { Terminal.write("<- \(Sanitized.text(query)) #\(page) \(status)\n") }
      })
  }

  static func serve(port: UInt16) async throws {
    let server = try makeServer(port: port, logging: true)
    let serving = Task { try await server.run() }
    let bound = try await server.waitUntilListening()
    Terminal.write(
      "Serving Unicode names on http://127.0.0.1:\(bound)/search?q=WORDS "
        + "(process \(ProcessInfo.processInfo.processIdentifier))\n")
    try await serving.value
  }

  /// The search screen: keys from a thread of their own (reading blocks), actions sent from
  /// here, the screen redrawn by an observer on whichever thread reduced the change.
  static func runScreen(
    server: URL, recordingTo record: String?, inspecting inspect: Bool, readOnly: Bool = false
  ) async throws {
    let client = SearchClient(server: server)
    let reactor = SearchReactor { page, query in try await client.page(page, of: query) }
    // The inspector shows the steps kept in memory: a file's recording keeps them too.
    let recording =
      try record.map { path in
        try Recording(of: reactor, named: "search", writingTo: path, keepingSteps: inspect)
      } ?? (inspect ? Recording(of: reactor, named: "search") : nil)
    let inspector =
      inspect ? try await Inspector.start(allowsTimeTravel: !readOnly, printsAddress: false) : nil
    // An agent may send the screen's actions over MCP, and replay a recording file on a search
    // that asks no server (a replay injects what the requests answered); read only, neither.
    if let inspector, let recording, readOnly {
      inspector.inspect(recording)
    } else if let inspector, let recording {
      inspector.inspect(
        recording, replayingOn: { SearchReactor { _, _ in throw CancellationError() } },
        sending: { reactor.send($0) })
    }
    let note = inspector.map { "Inspector: \($0.address)" }
    let terminal = Terminal()
    let size = Terminal.size()
    let writer = ScreenWriter()
    let screen = reactor.observe(\.self) { state in
      writer.write(SearchScreen.render(state, rows: size.rows, columns: size.columns, note: note))
    }
    let listRows = SearchScreen.listRows(rows: size.rows, hasNote: note != nil)
    var text = ""
    reading: for await key in keys(from: terminal) {
      switch SearchScreen.edit(&text, with: key, listRows: listRows) {
      case .send(let action): reactor.send(action)
      case .quit: break reading
      case nil: continue
      }
    }
    writer.close()
    screen.cancel()
    recording?.stop()
    await inspector?.stop()
    terminal.restore()
    Terminal.write("\u{1B}[\(size.rows);1H\r\nBye.\n")
  }

  /// The keys typed, read on a thread of their own; the sequence ends at the end of input.
  static func keys(from terminal: Terminal) -> AsyncStream<KeyReader.Key> {
    let (keys, continuation) = AsyncStream.makeStream(of: KeyReader.Key.self)
    let reader = Thread {
      var decoder = KeyReader()
      while let byte = terminal.readKey() {
        if let key = decoder.read(byte) { continuation.yield(key) }
      }
      continuation.finish()
    }
    reader.start()
    return keys
  }
}

/// The FILE of `--record FILE`, taken out of `arguments`; `nil` without it.
func recordingPath(taking arguments: inout [String]) throws -> String? {
  guard let index = arguments.firstIndex(of: "--record") else { return nil }
  guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") else {
    throw UsageError("--record needs a file: --record session.jsonl.")
  }
  let path = arguments[index + 1]
  arguments.removeSubrange(index...(index + 1))
  return path
}

/// What the command line asks for.
enum Options: Equatable {
  case both
  case serve(port: UInt16)
  case screen(server: URL)

  init(_ arguments: ArraySlice<String>) throws {
    let words = Array(arguments)
    if words.isEmpty {
      self = .both
    } else if words == ["serve"] {
      self = .serve(port: 0)
    } else if words.count == 3, words[0] == "serve", words[1] == "--port" {
      guard let port = UInt16(words[2]) else {
        throw UsageError("'\(words[2])' is not a port number.")
      }
      self = .serve(port: port)
    } else if words.count == 2, words[0] == "--server" {
      guard let url = URL(string: words[1]), url.scheme == "http", url.host != nil else {
        throw UsageError("'\(words[1])' is not a server address like http://127.0.0.1:8080.")
      }
      self = .screen(server: url)
    } else {
      throw UsageError("Unknown arguments: \(words.joined(separator: " ")).")
    }
  }
}

/// A command line the program does not understand, with how to use it.
struct UsageError: Error, CustomStringConvertible {
  let problem: String
  init(_ problem: String) { self.problem = problem }
  var description: String {
    problem
      + " Usage: search [--record FILE] [--inspect | --inspect-read-only] | search serve [--port N]"
      + " | search --server http://127.0.0.1:N [--record FILE] [--inspect | --inspect-read-only]"
  }
}
