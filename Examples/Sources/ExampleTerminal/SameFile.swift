#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether `path` and `other` name the same existing file (the same device and inode, through
/// any link or spelling): a program given both as a database and as a recording would write
/// one over the other.
public func isSameFile(_ path: String, as other: String) -> Bool {
  var first = stat()
  var second = stat()
  guard stat(path, &first) == 0, stat(other, &second) == 0 else { return false }
  return first.st_dev == second.st_dev && first.st_ino == second.st_ino
}
