/// Text from outside the program (typed, read from a database, a file or a server, sent by an
/// agent, given on the command line) as a terminal may show it: as text only.
///
/// A terminal acts on control characters instead of showing them: an escape sequence in a
/// standup's title or a server's answer could clear the screen, move the cursor or retitle the
/// window, and a bidirectional override could reorder what follows. Each of these is shown as
/// `�` instead. What every example program writes to its terminal goes through it, but for the
/// program's own escape sequences.
public enum Sanitized {
  /// `text` with every control character (C0, DEL, C1), bidirectional control, and line or
  /// paragraph separator replaced by `�`.
  public static func text(_ text: some StringProtocol) -> String {
    shown(text, keepingLineBreaks: false)
  }

  /// `text` as ``text(_:)`` shows it, but for its line breaks (`\n`), kept: a message of
  /// several lines.
  public static func lines(_ text: some StringProtocol) -> String {
    shown(text, keepingLineBreaks: true)
  }

  /// `text` with each scalar that is not showable replaced by `�`, but for `\n` when
  /// `keepingLineBreaks`.
  private static func shown(_ text: some StringProtocol, keepingLineBreaks: Bool) -> String {
    var shown = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      let kept = isShowable(scalar) || keepingLineBreaks && scalar == "\n"
      shown.append(kept ? scalar : "\u{FFFD}")
    }
    return String(shown)
  }

  /// Whether `scalar` shows as itself.
  public static func isShowable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: false
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: false
    case 0x2028, 0x2029: false
    default: true
    }
  }
}
