import Synchronization

/// Writes a program's screens until the program closes it: a screen an observer draws on
/// another thread (an effect's) is either written before ``close()`` returns or not at all, so
/// nothing is drawn over the goodbye line.
public final class ScreenWriter: Sendable {
  private let isOpen = Mutex(true)
  private let output: @Sendable (String) -> Void

  /// An open writer to `output`: the terminal, unless a test gives another.
  public init(output: @escaping @Sendable (String) -> Void = { Terminal.write($0) }) {
    self.output = output
  }

  /// Writes `text`, unless the writer is closed. A write in progress finishes before
  /// ``close()`` returns.
  public func write(_ text: String) {
    isOpen.withLock { isOpen in
      if isOpen { output(text) }
    }
  }

  /// Writes nothing more from now on.
  public func close() {
    isOpen.withLock { $0 = false }
  }
}
