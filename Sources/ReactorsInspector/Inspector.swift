import Foundation
import Reactors
import ReactorsRecording

/// A page the app serves itself, in any browser, that shows its recordings as they grow: each
/// reactor's and store's timeline of inputs, mutations and effects with their causes, the
/// state at any step as a tree and its diff with the step before, time travel (the app's own
/// screens go back to a step, and forward again), and each recording's file.
///
/// ```swift
/// let inspector = try await Inspector.start()  // prints its address, with a token
/// inspector.inspect(Recording(of: search, named: "search"))
/// ```
///
/// **Debug builds only.** Start it behind `#if DEBUG`: it shows every value the recordings
/// keep (redact secrets with the recording's redactions) and lets the page move the app's
/// state. Its ``mcpAddress`` serves the same recordings to a coding agent over the Model
/// Context Protocol (see <doc:DebuggingWithAnAgent>). It listens on 127.0.0.1 unless told
/// otherwise; every request must carry the token
/// printed with the address, name that address in its `Host` header, and come from the
/// inspector's own page when it has an `Origin` header; anything else gets 403. Pass
/// `allowsTimeTravel: false` for a read-only page.
///
/// Lifetime and threads: it serves until ``stop()`` (or the end of the process); inspect
/// recordings from any thread, at any time. The page reads the recordings' steps a window at a
/// time and renders them on the server's tasks, never on the app's threads.
public final class Inspector: Sendable {
  /// The page's address, with its token: what the app prints, and what a browser opens.
  public let address: String
  /// The port it listens on.
  public let port: UInt16
  /// The Model Context Protocol server's address (Streamable HTTP), for a coding agent: it
  /// takes the same token, as the header `Authorization: Bearer <token>`.
  public let mcpAddress: String
  /// A client configuration to paste (the `mcpServers` entry most agents read): the MCP
  /// server's address and its `Authorization` header, as one line of JSON.
  public let mcpConfiguration: String
  let state: InspectorState
  let server: InspectorServer

  init(
    address: String, port: UInt16, mcpAddress: String, mcpConfiguration: String,
    state: InspectorState, server: InspectorServer
  ) {
    self.address = address
    self.port = port
    self.mcpAddress = mcpAddress
    self.mcpConfiguration = mcpConfiguration
    self.state = state
    self.server = server
  }

  /// Starts serving the page, and prints its address (with its token) to standard error.
  ///
  /// - Parameters:
  ///   - port: The port to listen on; 0 lets the system choose one (see ``port``).
  ///   - host: The IPv4 address to listen on: the loopback address unless the page must be
  ///     reached from another machine (a device's app from a Mac), which the token then
  ///     guards alone, with the `Host` check.
  ///   - allowsTimeTravel: Whether the page may move the app's state (`Recording.travel(to:)`).
  ///   - printsAddress: Whether to print the address to standard error.
  /// - Throws: When the port cannot be opened (already in use, say).
  public static func start(
    port: UInt16 = 0, host: String = "127.0.0.1", allowsTimeTravel: Bool = true,
    printsAddress: Bool = true
  ) async throws -> Inspector {
    let state = InspectorState(allowsTimeTravel: allowsTimeTravel)
    let routes = InspectorRoutes(state: state)
    let server: InspectorServer
    do {
      server = try await InspectorServer.start(
        host: host, port: port, admit: { routes.admission($0) },
        handler: { await routes.answer($0) })
    } catch {
      state.stepsLane.close()
      state.valuesLane.close()
      throw error
    }
    let listening = server.port
    let token = Gatekeeper.newToken()
    state.open(Gatekeeper(token: token, address: host, port: listening))
    let address = "http://\(host):\(listening)/?token=\(token)"
    let mcpAddress = "http://\(host):\(listening)/mcp"
    let configuration =
      #"{"mcpServers":{"reactors":{"type":"http","url":"\#(mcpAddress)","#
      + #""headers":{"Authorization":"Bearer \#(token)"}}}}"#
    if printsAddress {
      FileHandle.standardError.write(
        Data(
          """
          Reactors inspector: \(address)
          Reactors MCP server: \(mcpAddress) (header Authorization: Bearer \(token)); a client's \
          configuration:
            \(configuration)

          """.utf8))
    }
    return Inspector(
      address: address, port: listening, mcpAddress: mcpAddress,
      mcpConfiguration: configuration, state: state, server: server)
  }

  /// Shows `recording` on the page, from now on. It must keep its steps in memory (one made
  /// with `Recording(of:named:)`, or a file's with `keepingSteps: true`).
  public func inspect<Action, Mutation, State>(_ recording: Recording<Action, Mutation, State>) {
    state.add(InspectedSteps(recording, exporter: nil))
  }

  /// Shows `recording` on the page, from now on, with its file to download: a file with a
  /// state at every step, so that the page shows each step's state when it is imported.
  public func inspect<Action: Codable, Mutation: Codable, State: Codable>(
    _ recording: Recording<Action, Mutation, State>
  ) {
    add(recording, access: .of(recording, send: nil))
  }

  /// Shows `recording` with its file to download, and lets what it gives access to.
  func add<Action: Codable, Mutation: Codable, State: Codable>(
    _ recording: Recording<Action, Mutation, State>, access: AgentAccess
  ) {
    state.add(
      InspectedSteps(
        recording,
        exporter: { [weak recording] in
          guard let recording else { throw InspectorError.gone }
          return try recording.fileBytes(checkpointEvery: 1)
        }, agentAccess: access,
        encodeState: { Array(try MCPEndpoint.pretty.encode($0)) }))
  }

  /// Stops serving and closes every connection.
  public func stop() async {
    await server.stop()
    state.stepsLane.close()
    state.valuesLane.close()
  }
}

/// Why the inspector could not do what it was asked.
public enum InspectorError: Error, CustomStringConvertible {
  /// The port could not be opened.
  case cannotListen(String)
  /// The recording was released.
  case gone

  /// What went wrong, and what to do.
  public var description: String {
    switch self {
    case .cannotListen(let reason):
      "The inspector cannot listen (\(reason)). Pass another port, or 0 for any free one."
    case .gone: "The recording was released: keep it while the inspector shows it."
    }
  }
}

/// What the inspector's routes share: the recordings shown, and who may ask.
final class InspectorState: Sendable {
  let allowsTimeTravel: Bool
  let recordings = Locked<[any InspectedRecording]>([])
  let gate = Locked<Gatekeeper?>(nil)
  /// Where pages of steps are made.
  let stepsLane = RenderLane(named: "Reactors inspector: steps")
  /// Where states, diffs, imports and exports are made.
  let valuesLane = RenderLane(named: "Reactors inspector: values")

  init(allowsTimeTravel: Bool) { self.allowsTimeTravel = allowsTimeTravel }

  func open(_ gatekeeper: Gatekeeper) { gate.withLock { $0 = gatekeeper } }
  /// Shows `recording`; its id.
  @discardableResult
  func add(_ recording: any InspectedRecording) -> Int {
    recordings.withLock {
      $0.append(recording)
      return $0.count - 1
    }
  }

  /// Recording number `id`, if there is one.
  func recording(_ id: Int?) -> (any InspectedRecording)? {
    guard let id else { return nil }
    return recordings.withLock { id >= 0 && id < $0.count ? $0[id] : nil }
  }
}
