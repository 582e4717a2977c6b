import Dispatch
import Reactors

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The writer's system calls: writing bytes to its file, and what is left when a write stops.
extension RecordingWriter {
  /// Writes `bytes`; what was not written (none, or `bytes` itself when nothing was, with no
  /// copy of a buffer kept for a full disk), and the error that stopped the write.
  @inlinable
  func writeKeepingRest(_ bytes: [UInt8]) -> (rest: [UInt8], errno: Int32?) {
    let (written, number) = write(bytes)
    guard number != nil else { return ([], nil) }
    return (written == 0 ? bytes : Array(bytes[written...]), number)
  }

  /// Writes `bytes` to the file: how many were written, and the error that stopped it before
  /// the end, if one did.
  @inlinable
  func write(_ bytes: [UInt8]) -> (written: Int, errno: Int32?) {
    bytes.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let count = writeFile(file, bytes.baseAddress! + offset, bytes.count - offset)
        if count < 0 {
          if errno == EINTR { continue }
          return (offset, errno)
        }
        offset += count
      }
      return (offset, nil)
    }
  }
}

/// Closes a file descriptor (the system's `close`, which the writer's own `close()` hides).
@usableFromInline func closeFile(_ file: Int32) {
  _ = close(file)
}

/// Writes to a file descriptor (the system's `write`, which the writer's own `write(_:)` hides).
@usableFromInline func writeFile(_ file: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(file, bytes, count)
}

/// The key that marks a writer's queue (see ``RecordingWriter/close()``): made once, never
/// changed.
@usableFromInline let writerQueueKey = DispatchSpecificKey<Bool>()
