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
      port, "POST", "/session/\(id)/timeouts", ["script": 45_000, "implicit": 10_000])
  }

  /// The driver at `path`, on a port the system chooses (`--port=0`), and that port: read from
  /// the line the driver writes once it listens ("… started successfully on port N."), so the
  /// wait ends on that line, not on a poll.
  static func startDriver(_ path: String) throws -> (ChildProcess, Int) {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw Failure("pipe: errno \(errno)") }
    let (reading, writing) = (ends[0], ends[1])
    let driver: ChildProcess
    do {
      driver = try ChildProcess([path, "--port=0"], output: writing)
    } catch {
      close(reading)
      close(writing)
      throw error
    }
    close(writing)
    var said: [UInt8] = []
    let deadline = ContinuousClock.now + .seconds(60)
    while true {
      let text = String(decoding: said, as: UTF8.self)
      if let range = text.range(of: "started successfully on port "),
        let end = text[range.upperBound...].firstIndex(of: "."),
        let port = Int(text[range.upperBound..<end])
      {
        // The rest of what it writes is read and dropped, so that it never blocks on a full
        // pipe; the reader ends with the driver.
        Thread {
          var buffer = [UInt8](repeating: 0, count: 4_096)
          while buffer.withUnsafeMutableBytes({ read(reading, $0.baseAddress, $0.count) }) > 0 {}
          close(reading)
        }.start()
        return (driver, port)
      }
      var buffer = [UInt8](repeating: 0, count: 4_096)
      let count =
        Processes.isReadable(reading, by: deadline)
        ? buffer.withUnsafeMutableBytes { read(reading, $0.baseAddress, $0.count) } : 0
      guard count > 0 else {
        close(reading)
        throw Failure("chromedriver did not start; it said: \(text)")
      }
      said += buffer[..<count]
    }
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

  /// Waits in the browser until the JavaScript expression `condition` is true, up to `seconds`
  /// (below the driver's script timeout of 45 s, so that this wait, not the driver, says what
  /// failed): a condition still false then fails naming the caller's line, the condition, its
  /// last error and the page's status line.
  func wait(
    until condition: String, within seconds: Int = 30, fileID: String = #fileID,
    line: Int = #line
  ) throws {
    let script = """
      const done = arguments[arguments.length - 1];
      const end = performance.now() + \(seconds * 1000);
      let last = null;
      const check = () => {
        try { if (\(condition)) { done({ ok: true }); return; } } catch (error) { last = String(error); }
        if (performance.now() > end) {
          const status = document.getElementById('status');
          done({ ok: false, error: last, status: status ? status.textContent : null });
          return;
        }
        setTimeout(check, 20);
      };
      check();
      """
    let answer = try command("POST", "execute/async", ["script": script, "args": [Any]()])
    let value = answer["value"] as? [String: Any]
    guard value?["ok"] as? Bool != true else { return }
    throw Failure(
      "\(fileID):\(line): not true within \(seconds) s: \(condition) "
        + "(last error: \(value?["error"] as? String ?? "none"); the page's status: "
        + "\(value?["status"] as? String ?? "none"))")
  }

  /// Clicks the first element `selector` finds, as a person would. When the page drew that
  /// element again between finding and clicking it (its rows are redrawn as steps arrive), the
  /// driver calls it stale: it is found again and clicked, as a person clicks what is there.
  func click(_ selector: String) throws {
    var attempt = 0
    while true {
      let found = try command(
        "POST", "element", ["using": "css selector", "value": selector])
      guard let element = found["value"] as? [String: Any],
        let id = element.values.first as? String
      else { throw Failure("no element \(selector): \(found)") }
      do {
        _ = try command("POST", "element/\(id)/click", [String: Any]())
        return
      } catch let failure as Failure where failure.description.contains("stale element") {
        attempt += 1
        guard attempt < 5 else { throw failure }
      }
    }
  }

  /// Types `text` into the first element `selector` finds (a file input takes a path).
  func type(_ text: String, into selector: String) throws {
    let found = try command(
      "POST", "element", ["using": "css selector", "value": selector])
    guard let element = found["value"] as? [String: Any], let id = element.values.first as? String
    else { throw Failure("no element \(selector): \(found)") }
    _ = try command("POST", "element/\(id)/value", ["text": text])
  }

  /// Presses `key` on the keyboard, into the page's focused element (the document's body when
  /// none): a WebDriver key (``arrowDown``, ``arrowUp``, ``enter``) or a character.
  func press(_ key: String) throws {
    let actions: [[String: Any]] = [
      [
        "type": "key", "id": "keyboard",
        "actions": [["type": "keyDown", "value": key], ["type": "keyUp", "value": key]],
      ]
    ]
    _ = try command("POST", "actions", ["actions": actions])
  }

  /// WebDriver's keys, for ``press(_:)``.
  static let arrowDown = "\u{E015}"
  static let arrowUp = "\u{E013}"
  static let enter = "\u{E007}"

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
