import CustomDump

/// Whether two values of one type are the same: by `==` when the type is `Equatable`, else by
/// their custom dumps. Returns a diff (recorded −, replayed +) when they differ.
@inlinable
func difference<Value>(_ recorded: Value, _ replayed: Value) -> String? {
  guard let equatable = recorded as? any Equatable else {
    return diff(recorded, replayed, format: .proportional)
  }
  if equatable.isEqual(to: replayed) { return nil }
  // Unequal, yet dumped alike (a NaN, a reference compared by identity): both, in full.
  return diff(recorded, replayed, format: .proportional)
    ?? "− \(String(customDumping: recorded))\n+ \(String(customDumping: replayed))"
}

extension Equatable {
  /// Whether `other` is a value of this type equal to this one.
  @usableFromInline func isEqual(to other: Any) -> Bool {
    (other as? Self).map { $0 == self } ?? false
  }
}
