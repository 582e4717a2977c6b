import Foundation
import Reactors
import ReactorsInspector

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Scenario 10: the inspector on a session of `steps` steps of scenario 8's state (1,000
/// fields; a state kept every 32 mutations), asked over HTTP what its page asks: the first
/// screen (the recordings, then the last 200 steps), and a step's state and diff (the worst of
/// 20 steps spread over the session, states made again with `reduce` included).
func inspecting(steps: Int) async -> [Row] {
  let reactor = ThousandFieldsReactor()
  let recording = Recording(of: reactor, named: "fields", keepingStatesEvery: 32)
  for step in 0..<(steps / 2) { reactor.send(step % 1_000) }
  let inspector = try! await Inspector.start(printsAddress: false)
  inspector.inspect(recording)
  let page = InspectorPage(address: URL(string: inspector.address)!)
  let count = recording.steps.count

  let firstScreen = await fastest(runs: 3) {
    _ = await page.get("/api/recordings")
    _ = await page.get("/api/steps?r=0&from=\(max(count - 200, 0))&count=200")
  }
  var worst = Duration.zero
  for probe in 0..<20 {
    // Spread over the session, and off the kept states (a state 31 mutations after one).
    let index = min(count - 1, probe * (count / 20) + 61)
    let start = ContinuousClock.now
    _ = await page.get("/api/state?r=0&i=\(index)")
    _ = await page.get("/api/diff?r=0&i=\(index)")
    worst = max(worst, ContinuousClock.now - start)
  }
  await inspector.stop()
  withExtendedLifetime(recording) {}
  let first = firstScreen.seconds * 1_000
  let step = worst.seconds * 1_000
  let size = "\(steps / 1_000) k steps of scenario 8's state"
  return [
    Row(
      scenario: "10. inspector, \(size): first screen", reactors: "\(rounded(first)) ms",
      baseline: "-", ratio: first / 300, target: "≤ 300 ms", isMet: first <= 300),
    Row(
      scenario: "10. inspector, \(size): a step's state and diff (worst of 20)",
      reactors: "\(rounded(step)) ms", baseline: "-", ratio: step / 100, target: "≤ 100 ms",
      isMet: step <= 100),
  ]
}

/// What the inspector's page asks, from its address (with its token).
struct InspectorPage {
  let address: URL

  /// The body of `GET path`; empty when it fails.
  func get(_ path: String) async -> Data {
    let token =
      URLComponents(url: address, resolvingAgainstBaseURL: false)?
      .queryItems?.first { $0.name == "token" }?.value ?? ""
    var request = URLRequest(url: URL(string: path, relativeTo: address)!.absoluteURL)
    request.setValue(token, forHTTPHeaderField: "X-Reactors-Token")
    guard let (data, response) = try? await URLSession.shared.data(for: request),
      (response as? HTTPURLResponse)?.statusCode == 200
    else {
      FileHandle.standardError.write(Data("inspector: \(path) failed\n".utf8))
      return Data()
    }
    return data
  }
}
