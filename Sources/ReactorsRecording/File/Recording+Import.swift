import Reactors

extension Recording where Action == RecordedJSON, Mutation == RecordedJSON, State == RecordedJSON {
  /// The longest line an import reads: every value of a line is held as nodes while it is
  /// read (about 20 bytes each, 10 times the text of a list of small numbers), so a line's cost
  /// stays a few tens of megabytes.
  package static var importLineLimit: Int { 1 << 20 }

  /// Reads a recording file of any types from `bytes`, as the inspector imports one: any
  /// schema version, type names not checked, lines of at most ``importLineLimit`` bytes (a
  /// longer one is a `RecordingFileError` that says so).
  package convenience init(importing bytes: [UInt8], path: String) throws {
    var lines = LineStream(bytes: bytes)
    lines.limit = Self.importLineLimit
    var reader = RecordingReader<RecordedJSON, RecordedJSON, RecordedJSON>(
      path: path, schemaVersions: Int.min...Int.max, checksTypeNames: false, lines: lines)
    let (name, steps, warnings) = try reader.readAll()
    self.init(name: name, steps: steps, warnings: warnings)
  }
}
