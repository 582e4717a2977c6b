import Foundation
import TerminalTesting

/// A real browser, driven over the W3C WebDriver protocol: Chromium, headless, through its
/// driver (`chromedriver`, started here on a free port). What the page does is asked of the
/// browser's own DOM; waits happen in the browser (a script that answers when its condition
/// holds), with a deadline.
///
/// Released, it deletes its session (the driver closes the browser and removes its profile),
/// then kills the driver, in a process group of its own, with SIGKILL: its group, what it
/// started, and it, each by its PID. (Not SIGTERM: started by Foundation's `Process` from a test
/// thread, the driver inherited a mask that blocked it, and it ran on after the tests.)
final class WebDriver: Sendable {
  /// The paths of the driver and the browser, when both are installed (Debian's `chromium`
  /// and `chromium-driver` packages).
  static var installed: (driver: String, browser: String)? {
    let drivers = ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"]
    let browsers = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
    guard let driver = drivers.first(where: FileManager.default.isExecutableFile(atPath:)),
      let browser = browsers.first(where: FileManager.default.isExecutableFile(atPath:))
    else { return nil }
    return (driver, browser)
  }

  /// The driver, in a process group of its own.
  let driver: ChildProcess
  let port: Int
  let session: String
  /// The browser's profile, a temporary folder the driver made (and removes with the session).
  let profile: String?
  /// The temporary folder of the browser's singleton socket, which the browser leaves behind.
  let socketFolder: String?

  /// Starts the driver and a browser session with a window of `width` × `height`.
  init(width: Int = 1_400, height: Int = 900) throws {
    guard let (driver, browser) = Self.installed else { throw Failure("no chromedriver") }
    // Should anything below throw, the driver is released with the half-made driver, and so
    // ended.
    (self.driver, self.port) = try Self.startDriver(driver)
    let capabilities: [String: Any] = [
      "capabilities": [
        "alwaysMatch": [
          "browserName": "chrome",
          "goog:chromeOptions": [
            "binary": browser,
            "args": [
              "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--window-size=\(width),\(height)",
            ],
          ],
        ]
      ]
    ]
    let answer = try Self.call(port, "POST", "/session", capabilities)
    guard let value = answer["value"] as? [String: Any], let id = value["sessionId"] as? String
    else { throw Failure("no session: \(answer)") }
    session = id
    let chrome = (value["capabilities"] as? [String: Any])?["chrome"] as? [String: Any]
    profile = chrome?["userDataDir"] as? String
    socketFolder = profile.flatMap { profile in
      (try? FileManager.default.destinationOfSymbolicLink(atPath: profile + "/SingletonSocket"))
        .map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
    }
    _ = try Self.call(
      port, "POST", "/session/\(id)/timeouts", ["script": 20_000, "implicit": 10_000])
  }

  /// The driver at `path`, listening on a port that was free: one the system chose, and,
  /// should another program take it first (the driver then exits), another.
  static func startDriver(_ path: String) throws -> (ChildProcess, Int) {
    var lastError: (any Error)?
    for _ in 0..<5 {
      let port = try freePort()
      let driver = try ChildProcess([path, "--port=\(port)"])
      // The driver answers once it listens.
      let deadline = ContinuousClock.now + .seconds(60)
      while ContinuousClock.now < deadline, !driver.hasExited {
        do {
          _ = try call(port, "GET", "/status", nil)
          return (driver, port)
        } catch { lastError = error }
        _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(50))
      }
    }
    throw Failure("chromedriver did not start: \(lastError.map { "\($0)" } ?? "")")
  }

  /// A TCP port on 127.0.0.1 that no program listens on now (the system's choice).
  static func freePort() throws -> Int {
    #if canImport(Glibc)
      let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let probe = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard probe >= 0 else { throw Failure("socket: errno \(errno)") }
    defer { close(probe) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(probe, $0, length) == 0 && getsockname(probe, $0, &length) == 0
      }
    }
    guard bound else { throw Failure("bind: errno \(errno)") }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  deinit {
    _ = try? Self.call(port, "DELETE", "/session/\(session)", nil)
    driver.end()
    // The profile is left behind when the session could not be deleted; the socket's folder,
    // always.
    for folder in temporaryFolders { try? FileManager.default.removeItem(atPath: folder) }
  }

  /// The temporary folders of the browser: its profile and its socket's.
  var temporaryFolders: [String] {
    [profile, socketFolder].compactMap { $0 }.filter { $0.contains("/org.chromium.Chromium.") }
  }

  /// The browser's processes: what the driver started, as long as it runs.
  var browserProcesses: [pid_t] { Processes.descendants(of: driver.pid) }

  /// Opens `url`.
  func open(_ url: URL) throws {
    _ = try command("POST", "url", ["url": url.absoluteString])
  }

  /// Runs `script` in the page and returns its value.
  @discardableResult
  func run(_ script: String) throws -> Any? {
    try command("POST", "execute/sync", ["script": script, "args": [Any]()])["value"] ?? nil
  }

  /// Waits in the browser until the JavaScript expression `condition` is true (up to 20 s).
  func wait(until condition: String) throws {
    let script = """
      const done = arguments[arguments.length - 1];
      const check = () => {
        try { if (\(condition)) { done(true); return; } } catch (error) {}
        setTimeout(check, 20);
      };
      check();
      """
    _ = try command("POST", "execute/async", ["script": script, "args": [Any]()])
  }

  /// Clicks the first element `selector` finds, as a person would.
  func click(_ selector: String) throws {
    let found = try command(
      "POST", "element", ["using": "css selector", "value": selector])
    guard let element = found["value"] as? [String: Any], let id = element.values.first as? String
    else { throw Failure("no element \(selector): \(found)") }
    _ = try command("POST", "element/\(id)/click", [String: Any]())
  }

  /// Types `text` into the first element `selector` finds (a file input takes a path).
  func type(_ text: String, into selector: String) throws {
    let found = try command(
      "POST", "element", ["using": "css selector", "value": selector])
    guard let element = found["value"] as? [String: Any], let id = element.values.first as? String
    else { throw Failure("no element \(selector): \(found)") }
    _ = try command("POST", "element/\(id)/value", ["text": text])
  }

  /// A screenshot of the window, as PNG bytes.
  func screenshot() throws -> Data {
    guard let text = try command("GET", "screenshot", nil)["value"] as? String,
      let png = Data(base64Encoded: text)
    else { throw Failure("no screenshot") }
    return png
  }

  func command(_ method: String, _ path: String, _ body: Any?) throws -> [String: Any] {
    try Self.call(port, method, "/session/\(session)/\(path)", body)
  }

  /// One request to the driver; throws its error answers.
  static func call(
    _ port: Int, _ method: String, _ path: String, _ body: Any?
  ) throws
    -> [String: Any]
  {
    let data = try body.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data()
    // A minute: a browser starting, or loading a page, on a machine whose two cores are busy
    // with other suites takes more than ten seconds now and then.
    let answer = try LoopbackHTTP.send(
      method, path, port: port, headers: body == nil ? [:] : ["Content-Type": "application/json"],
      body: data, seconds: 60)
    let json = (try? JSONSerialization.jsonObject(with: answer.body)) as? [String: Any] ?? [:]
    guard answer.status == 200 else {
      throw Failure(
        "\(method) \(path): \(answer.status) \(String(decoding: answer.body, as: UTF8.self))")
    }
    return json
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }
}
