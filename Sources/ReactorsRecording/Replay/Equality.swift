import CustomDump

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a replay tells whether a recorded value and a replayed one are the same, decided once
/// for the type: by `==` when it is `Equatable`; else, when it is `Encodable`, by its encoding
/// (the same text is the same value; different text is checked again by custom dump, since a
/// `Set` may encode its elements in another order); else by custom dump alone. A custom dump
/// of a small value costs several times its encoding.
///
/// Not thread-safe: one replay, on one thread.
@usableFromInline
struct ValueComparison<Value> {
  /// Whether two values are certainly the same; `false` is not certain but for `Equatable`.
  @usableFromInline
  let isSame: ((Value, Value) -> Bool)?
  @usableFromInline
  let isEquatable: Bool

  @inlinable
  init() {
    if let equatable = Value.self as? any Equatable.Type {
      isSame = Self.byOperator(equatable)
      isEquatable = true
    } else if let encodable = Value.self as? any Encodable.Type {
      isSame = Self.byEncoding(encodable)
      isEquatable = false
    } else {
      isSame = nil
      isEquatable = false
    }
  }

  // `Same` is `Value` itself, found `Equatable` or `Encodable` at run time. The comparison is
  // written for `Same`, and the closure is cast once, here, to a closure of `Value`s: a checked
  // cast between function types, which succeeds since the types are the same (`nil`, were it
  // to fail: the values would then be compared by custom dump). No value is cast on a replay.

  @usableFromInline
  static func byOperator<Same: Equatable>(_ type: Same.Type) -> ((Value, Value) -> Bool)? {
    let isSame: (Same, Same) -> Bool = { $0 == $1 }
    return isSame as? (Value, Value) -> Bool
  }

  @usableFromInline
  static func byEncoding<Same: Encodable>(_ type: Same.Type) -> ((Value, Value) -> Bool)? {
    let output = JSONOutput()
    let isSame: (Same, Same) -> Bool = { recorded, replayed in
      output.removeAll()
      guard (try? output.appendLine(recorded)) != nil else { return false }
      let split = output.bytes.count
      guard (try? output.appendLine(replayed)) != nil, output.bytes.count == 2 * split
      else { return false }
      return output.bytes.withUnsafeBufferPointer {
        memcmp($0.baseAddress!, $0.baseAddress! + split, split) == 0
      }
    }
    return isSame as? (Value, Value) -> Bool
  }

  /// What differs between `recorded` and `replayed` (recorded −, replayed +), or `nil`.
  @inlinable
  func difference(_ recorded: Value, _ replayed: Value) -> String? {
    if let isSame {
      if isSame(recorded, replayed) { return nil }
      if !isEquatable { return diff(recorded, replayed, format: .proportional) }
    } else {
      return diff(recorded, replayed, format: .proportional)
    }
    // Unequal, yet dumped alike (a NaN, a reference compared by identity): both, in full.
    return diff(recorded, replayed, format: .proportional)
      ?? "− \(String(customDumping: recorded))\n+ \(String(customDumping: replayed))"
  }
}
