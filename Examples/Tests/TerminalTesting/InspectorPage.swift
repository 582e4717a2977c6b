import Foundation

/// What the inspector's page asks, from its address (with its token).
public struct InspectorPage: Sendable {
  /// The page's address, with its token.
  public let address: URL

  /// The page at `address`.
  public init(address: URL) { self.address = address }

  /// The page whose address a program's screen shows on its `Inspector: …` line.
  public init?(screen: String) {
    guard let line = screen.split(separator: "\n").first(where: { $0.hasPrefix("Inspector: ") }),
      let address = URL(
        string: line.dropFirst("Inspector: ".count).trimmingCharacters(in: .whitespaces))
    else { return nil }
    self.address = address
  }

  /// The JSON answer to `GET path`.
  public func json(_ path: String) throws -> [String: Any] {
    let (status, body) = try request("GET", path)
    guard status == 200 else {
      throw LoopbackHTTP.Failure(
        description: "\(path): \(status) \(String(decoding: body, as: UTF8.self))")
    }
    return try JSONSerialization.jsonObject(with: body) as? [String: Any] ?? [:]
  }

  /// The status of `POST path`.
  public func post(_ path: String) throws -> Int { try request("POST", path).status }

  /// The status and body of `method path`, with the token.
  public func request(_ method: String, _ path: String) throws -> (status: Int, body: Data) {
    let token =
      URLComponents(url: address, resolvingAgainstBaseURL: false)?
      .queryItems?.first { $0.name == "token" }?.value ?? ""
    let answer = try LoopbackHTTP.send(
      method, path, port: address.port ?? 0, headers: ["X-Reactors-Token": token])
    return (answer.status, answer.body)
  }
}
