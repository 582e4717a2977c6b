#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The program's terminal: keys one at a time without echo while it runs, restored on `restore()`.
///
/// When standard input is not a terminal (a pipe, a file), keys are read as they come and
/// nothing is changed. Writes go straight to `STDOUT_FILENO`, unbuffered, so that output shows
/// at once from whichever thread renders.
public struct Terminal: Sendable {
  private var saved: termios?

  /// Switches standard input to raw keys (no line buffering, no echo, Ctrl-C as a key).
  public init() {
    var settings = termios()
    guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &settings) == 0 else { return }
    saved = settings
    settings.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
    withUnsafeMutablePointer(to: &settings.c_cc) { cc in
      cc.withMemoryRebound(to: cc_t.self, capacity: Int(NCCS)) { chars in
        chars[Int(VMIN)] = 1
        chars[Int(VTIME)] = 0
      }
    }
    tcsetattr(STDIN_FILENO, TCSANOW, &settings)
  }

  /// Puts the terminal back as it was before `init()`.
  public func restore() {
    guard var settings = saved else { return }
    tcsetattr(STDIN_FILENO, TCSANOW, &settings)
  }

  /// The next byte typed, or `nil` at the end of input.
  public func readKey() -> UInt8? {
    var byte: UInt8 = 0
    while true {
      let count = read(STDIN_FILENO, &byte, 1)
      if count == 1 { return byte }
      if count < 0 && errno == EINTR { continue }
      return nil
    }
  }

  /// The window's size in rows and columns, or 24 × 80 when standard output is not a terminal.
  public static func size() -> (rows: Int, columns: Int) {
    var window = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0 else {
      return (24, 80)
    }
    return (Int(window.ws_row), Int(window.ws_col))
  }

  /// Writes `text` to standard output at once.
  public static func write(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer in
        #if canImport(Glibc)
          Glibc.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
        #else
          Darwin.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
        #endif
      }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return }
      offset += written
    }
  }
}
