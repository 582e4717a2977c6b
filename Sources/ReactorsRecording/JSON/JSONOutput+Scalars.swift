#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension JSONOutput {

  /// Writes `null`, `true` or `false`.
  func writeNull() { bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C]) }

  func write(_ value: Bool) {
    if value {
      bytes.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
    } else {
      bytes.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
    }
  }

  /// Writes an integer in decimal.
  func write<Integer: FixedWidthInteger>(integer value: Integer) {
    if value < 0 {
      bytes.append(UInt8(ascii: "-"))
      write(digits: UInt64(truncatingIfNeeded: 0 &- Int64(truncatingIfNeeded: value)))
    } else {
      write(digits: UInt64(truncatingIfNeeded: value))
    }
  }

  func write(digits value: UInt64) {
    guard value >= 10 else {
      bytes.append(UInt8(truncatingIfNeeded: value) &+ 0x30)
      return
    }
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
    var count = 0
    var rest = value
    withUnsafeMutableBytes(of: &digits) { buffer in
      while rest > 0 {
        count += 1
        buffer[24 - count] = UInt8(truncatingIfNeeded: rest % 10) &+ 0x30
        rest /= 10
      }
      bytes.append(contentsOf: buffer[(24 - count)...])
    }
  }

  /// Writes a finite floating-point number as `JSONEncoder` writes it: as Swift prints it (the
  /// shortest text that reads back as the same number), without a trailing `.0` (`3`, `-0`,
  /// `0.1`, `1e+16`). A whole number below 2^53 (2^24 for a `Float`), which Swift prints with
  /// its digits, is written from its integer.
  func write<Float: BinaryFloatingPoint & LosslessStringConvertible>(
    float value: Float, _ path: @autoclosure () -> [any CodingKey]
  ) throws {
    guard value.isFinite else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: path(),
          debugDescription:
            "\(value) is not a JSON number: a recording cannot hold an infinite or NaN "
            + "\(Float.self). Redact it, or encode it as a string in the type's encode(to:)."))
    }
    let exact = Float(
      sign: .plus, exponent: Float.Exponent(Float.significandBitCount + 1), significand: 1)
    if value.rounded(.towardZero) == value, abs(value) < exact, value != 0 || value.sign == .plus {
      write(integer: Int64(value))
    } else {
      let text = value.description
      bytes.append(contentsOf: text.hasSuffix(".0") ? text.utf8.dropLast(2) : text.utf8[...])
    }
  }

  /// Writes a string, quoted and escaped; whether it held a character to escape.
  @discardableResult
  func write(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { utf8 in
      bytes.append(UInt8(ascii: "\""))
      var run = 0
      for index in utf8.indices {
        let byte = utf8[index]
        guard byte == 0x22 || byte == 0x5C || byte < 0x20 else { continue }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<index]))
        writeEscape(byte)
        run = index + 1
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run...]))
      bytes.append(UInt8(ascii: "\""))
      return run > 0
    }
  }

  func writeEscape(_ byte: UInt8) {
    bytes.append(UInt8(ascii: "\\"))
    switch byte {
    case 0x22, 0x5C: bytes.append(byte)
    case 0x0A: bytes.append(UInt8(ascii: "n"))
    case 0x0D: bytes.append(UInt8(ascii: "r"))
    case 0x09: bytes.append(UInt8(ascii: "t"))
    case 0x08: bytes.append(UInt8(ascii: "b"))
    case 0x0C: bytes.append(UInt8(ascii: "f"))
    default:
      let hex: [UInt8] = Array("0123456789abcdef".utf8)
      bytes.append(contentsOf: [0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
    }
  }
}
