import ExampleTerminal
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A key the standups screens act on.
enum Key: Equatable, Sendable {
  /// A character to type: never a control character (see ``Sanitized``).
  case character(Character)
  /// Tab: the next field.
  case tab
  /// Shift-Tab: the field before.
  case backTab
  /// Enter.
  case enter
  /// Escape, alone (not the start of an arrow key's sequence).
  case escape
  /// Backspace (DEL or Ctrl-H).
  case backspace
  /// Ctrl-C or Ctrl-D: quit from anywhere.
  case interrupt
}

/// Turns the bytes typed into keys: UTF-8 characters, and the control keys the screens use.
/// Escape sequences (arrows, function keys, anything pasted that starts with ESC `[` or ESC
/// `O`) are read whole and dropped, so that none of their bytes is typed; other control bytes
/// are dropped too.
///
/// A lone ESC cannot be told from the start of a sequence until the input goes quiet: the
/// reader calls ``flush()`` then, which makes it ``Key/escape``.
struct KeyDecoder {
  /// The bytes of a key not finished yet.
  private var pending: [UInt8] = []

  /// Whether a key has started and not finished.
  var isPending: Bool { !pending.isEmpty }

  /// The keys `byte` finishes.
  mutating func read(_ byte: UInt8) -> [Key] {
    guard let first = pending.first else { return start(byte) }
    pending.append(byte)
    if first == 0x1B { return escapeSequence() }
    let needed = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : 2
    guard byte & 0xC0 == 0x80 else {
      // Not a continuation: the character so far is not UTF-8; the byte starts anew.
      pending = []
      return start(byte)
    }
    guard pending.count == needed else { return [] }
    defer { pending = [] }
    return characterKeys(String(decoding: pending, as: UTF8.self))
  }

  /// The input went quiet: a lone ESC is the Escape key; a cut-off character is dropped.
  mutating func flush() -> [Key] {
    defer { pending = [] }
    return pending == [0x1B] ? [.escape] : []
  }

  private mutating func start(_ byte: UInt8) -> [Key] {
    switch byte {
    case 0x03, 0x04: return [.interrupt]
    case 0x08, 0x7F: return [.backspace]
    case 0x09: return [.tab]
    case 0x0A, 0x0D: return [.enter]
    case 0x1B, 0xC2...0xF4:
      pending = [byte]
      return []
    case 0x20...0x7E: return [.character(Character(Unicode.Scalar(byte)))]
    default: return []
    }
  }

  /// The keys of ESC and what followed it so far.
  private mutating func escapeSequence() -> [Key] {
    let second = pending[1]
    guard second == UInt8(ascii: "[") || second == UInt8(ascii: "O") else {
      // ESC then another key (Alt-key, or Escape typed just before it).
      pending = []
      return [.escape] + start(second)
    }
    guard pending.count >= 3, (0x40...0x7E).contains(pending.last!) else {
      if pending.count > 16 { pending = [] }
      return []
    }
    defer { pending = [] }
    return pending == [0x1B, UInt8(ascii: "["), UInt8(ascii: "Z")] ? [.backTab] : []
  }

  /// `text` as keys to type, without what must not be typed.
  private func characterKeys(_ text: String) -> [Key] {
    text.unicodeScalars.allSatisfy(Sanitized.isShowable) ? text.map(Key.character) : []
  }
}

extension Terminal {
  /// The keys typed, read on a thread of their own (reading blocks); ends at the end of input.
  /// An ESC followed by nothing for 30 ms is the Escape key.
  func keys() -> AsyncStream<Key> {
    let (keys, continuation) = AsyncStream.makeStream(of: Key.self)
    let terminal = self
    Thread {
      var decoder = KeyDecoder()
      while let byte = terminal.readKey() {
        for key in decoder.read(byte) { continuation.yield(key) }
        if decoder.isPending && !Self.inputArrives(within: 30) {
          for key in decoder.flush() { continuation.yield(key) }
        }
      }
      continuation.finish()
    }.start()
    return keys
  }

  /// Whether standard input has a byte to read within `milliseconds`.
  private static func inputArrives(within milliseconds: Int32) -> Bool {
    var event = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    while true {
      let ready = poll(&event, 1, milliseconds)
      if ready >= 0 || errno != EINTR { return ready > 0 }
    }
  }
}
