#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The lines of a file (or of bytes in memory), one at a time, read in chunks: what is held
/// is the line being read, not the file.
@usableFromInline
struct LineStream {
  /// One line, without its newline; `isCut` for a last line that has none (the writer was
  /// stopped in the middle of it).
  @usableFromInline
  struct Line {
    @usableFromInline
    let bytes: ArraySlice<UInt8>
    @usableFromInline
    let number: Int
    @usableFromInline
    let isCut: Bool

    @inlinable
    init(bytes: ArraySlice<UInt8>, number: Int, isCut: Bool) {
      self.bytes = bytes
      self.number = number
      self.isCut = isCut
    }
  }

  /// The next chunk of bytes; `nil` at the end.
  @usableFromInline
  let fill: () throws -> [UInt8]?
  /// The longest line read: past it, ``next()`` throws ``LineTooLong`` rather than hold a
  /// file with no newline whole.
  @usableFromInline
  var limit = 1 << 28
  @usableFromInline
  var buffer: [UInt8] = []
  @usableFromInline
  var start = 0
  /// Where the search for the next newline goes on from: the bytes before it have none.
  @usableFromInline
  var scanned = 0
  @usableFromInline
  var isAtEnd = false
  /// The number of the last line given, from 1.
  @usableFromInline
  var number = 0

  /// The lines of `bytes`.
  @inlinable
  init(bytes: [UInt8]) {
    var given = false
    fill = {
      defer { given = true }
      return given ? nil : bytes
    }
  }

  /// The lines of the open file `file`, which the stream closes when it is done; read errors
  /// are thrown by `failure`.
  @inlinable
  init(file: Int32, failure: @escaping (Int32) -> any Error) {
    let reader = FileChunks(file: file)
    fill = { try reader.next(failure) }
  }

  @inlinable
  mutating func next() throws -> Line? {
    while true {
      if let newline = buffer[max(start, scanned)...].firstIndex(of: 0x0A) {
        guard newline - start <= limit else { throw LineTooLong(number: number + 1, limit: limit) }
        defer {
          start = newline + 1
          scanned = start
        }
        number += 1
        return Line(bytes: buffer[start..<newline], number: number, isCut: false)
      }
      if isAtEnd {
        guard start < buffer.count else { return nil }
        defer { start = buffer.count }
        number += 1
        return Line(bytes: buffer[start...], number: number, isCut: true)
      }
      buffer.removeFirst(start)
      start = 0
      scanned = buffer.count
      guard buffer.count <= limit else { throw LineTooLong(number: number + 1, limit: limit) }
      if let chunk = try fill() { buffer += chunk } else { isAtEnd = true }
    }
  }
}

/// Reads an open file in chunks and closes it when done or released.
@usableFromInline
final class FileChunks {
  @usableFromInline
  let file: Int32
  @usableFromInline
  var isClosed = false

  @inlinable
  init(file: Int32) { self.file = file }

  deinit { if !isClosed { _ = close(file) } }

  /// The next chunk; `nil` at the end of the file.
  @inlinable
  func next(_ failure: (Int32) -> any Error) throws -> [UInt8]? {
    guard !isClosed else { return nil }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(file, $0.baseAddress!, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw failure(errno)
      }
      if count == 0 {
        isClosed = true
        _ = close(file)
        return nil
      }
      chunk.removeSubrange(count...)
      return chunk
    }
  }
}

/// A line longer than a ``LineStream``'s limit.
@usableFromInline
struct LineTooLong: Error {
  @usableFromInline let number: Int
  @usableFromInline let limit: Int

  @inlinable
  init(number: Int, limit: Int) {
    self.number = number
    self.limit = limit
  }
}
