/// Turns the bytes a terminal sends in raw mode into keys: UTF-8 characters, the arrow-up and
/// arrow-down escape sequences (`ESC [ A`, `ESC [ B`), and the control keys the search screen
/// uses.
///
/// Feed it one byte at a time; it returns a key once the bytes make one, and drops what it
/// does not know (other escape sequences, malformed UTF-8). A byte that breaks a sequence
/// (a letter after a lone Esc, say) is read as a key of its own, not lost with it.
public struct KeyReader: Sendable {
  /// A key the search screen acts on.
  public enum Key: Sendable, Equatable {
    /// A character typed.
    case character(Character)
    /// Backspace (DEL or Ctrl-H).
    case backspace
    /// Ctrl-U: clear the field.
    case clear
    /// Arrow down or Ctrl-N: down the list, and at its end the next page.
    case down
    /// Arrow up or Ctrl-P: back up the list.
    case up
    /// Ctrl-C or Ctrl-D.
    case quit
  }

  private var pending: [UInt8] = []

  /// A reader with nothing pending.
  public init() {}

  /// The key `byte` completes, if any.
  public mutating func read(_ byte: UInt8) -> Key? {
    if let first = pending.first {
      pending.append(byte)
      return first == 0x1B ? escapeSequence() : utf8Character(leadingWith: first)
    }
    switch byte {
    case 0x03, 0x04: return .quit
    case 0x08, 0x7F: return .backspace
    case 0x0E: return .down
    case 0x10: return .up
    case 0x15: return .clear
    case 0x1B, 0xC0...0xF7:
      pending = [byte]
      return nil
    case 0x20...0x7E: return .character(Character(Unicode.Scalar(byte)))
    default: return nil
    }
  }

  private mutating func escapeSequence() -> Key? {
    if pending.count == 2 && pending[1] != UInt8(ascii: "[") {
      let byte = pending[1]
      pending = []
      return read(byte)
    }
    guard pending.count >= 3, (0x40...0x7E).contains(pending.last!) else {
      if pending.count > 8 { pending = [] }
      return nil
    }
    defer { pending = [] }
    guard pending.count == 3, pending[1] == UInt8(ascii: "[") else { return nil }
    switch pending[2] {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    default: return nil
    }
  }

  private mutating func utf8Character(leadingWith first: UInt8) -> Key? {
    guard let byte = pending.last, byte & 0xC0 == 0x80 else {
      let byte = pending.last ?? 0
      pending = []
      return read(byte)
    }
    let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : 2
    guard pending.count == length else { return nil }
    defer { pending = [] }
    guard let text = String(validating: pending, as: UTF8.self), let character = text.first
    else { return nil }
    return .character(character)
  }
}
