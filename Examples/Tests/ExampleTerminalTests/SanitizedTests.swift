import ExampleTerminal
import Testing

/// Outside text as a terminal shows it: every character that would act on the terminal is
/// shown as `�`, and everything else is kept as it was.
@Suite struct SanitizedTests {
  @Test func controlsBidirectionalMarksAndSeparatorsShowAsReplacementCharacters() {
    let acting: [Unicode.Scalar] = [
      "\u{0}", "\u{7}", "\u{8}", "\t", "\n", "\r", "\u{1B}", "\u{1F}", "\u{7F}", "\u{80}",
      "\u{9B}", "\u{9F}", "\u{61C}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202E}",
      "\u{2066}", "\u{2069}", "\u{2028}", "\u{2029}",
    ]
    for scalar in acting {
      #expect(!Sanitized.isShowable(scalar), "U+\(String(scalar.value, radix: 16))")
      #expect(Sanitized.text("a" + String(scalar) + "b") == "a\u{FFFD}b")
    }
    #expect(Sanitized.text("\u{1B}[2J\u{1B}]0;title\u{7}") == "\u{FFFD}[2J\u{FFFD}]0;title\u{FFFD}")
  }

  @Test func everythingElseIsKeptAsItWas() {
    for text in ["", "Plain text: 1 + 2 = 3", "é, é, 😀, 👩‍👩‍👧, 한국어, عربي", "\u{A0}\u{FFFD}\u{10FFFF}"] {
      #expect(Sanitized.text(text) == text)
      #expect(Sanitized.text(text[...]) == text)
    }
  }
}
