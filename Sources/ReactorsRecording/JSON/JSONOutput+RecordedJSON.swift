extension JSONOutput {
  /// Writes `json` as it was read: a number's text as is (`-0`, `1E2`, 23 digits and `1e400`
  /// stay what they were), so that a file read as ``RecordedJSON`` writes back byte for byte.
  ///
  /// - Throws: `EncodingError.invalidValue` for a ``RecordedJSON/number(_:)`` whose text is
  ///   not a JSON number, or nesting deeper than a file may hold.
  func write(
    json: RecordedJSON, _ path: @autoclosure () -> [any CodingKey], depth: Int = 0
  )
    throws
  {
    guard depth < JSONInput.maximumDepth else {
      throw EncodingError.invalidValue(
        json,
        .init(
          codingPath: path(),
          debugDescription:
            "The value nests deeper than \(JSONInput.maximumDepth) levels, which a recording "
            + "file cannot hold."))
    }
    switch json {
    case .null: writeNull()
    case .bool(let bool): write(bool)
    case .string(let string): write(string)
    case .number(let text):
      guard JSONInput.isNumber(text.utf8) else {
        throw EncodingError.invalidValue(
          json,
          .init(
            codingPath: path(),
            debugDescription:
              "RecordedJSON.number(\"\(text.prefix(40))\") is not a JSON number: make it "
              + "from a number's text, such as \"12\", \"-0.5\" or \"1e3\"."))
      }
      bytes.append(contentsOf: text.utf8)
    case .array(let elements):
      bytes.append(UInt8(ascii: "["))
      for (position, element) in elements.enumerated() {
        if position > 0 { bytes.append(UInt8(ascii: ",")) }
        try write(json: element, path() + [JSONKey(index: position)], depth: depth + 1)
      }
      bytes.append(UInt8(ascii: "]"))
    case .object(let members):
      bytes.append(UInt8(ascii: "{"))
      for (position, member) in members.enumerated() {
        if position > 0 { bytes.append(UInt8(ascii: ",")) }
        write(member.name)
        bytes.append(UInt8(ascii: ":"))
        try write(json: member.value, path() + [JSONKey(member.name)], depth: depth + 1)
      }
      bytes.append(UInt8(ascii: "}"))
    }
  }
}
