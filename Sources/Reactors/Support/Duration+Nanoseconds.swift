extension Duration {
  /// The duration in whole nanoseconds (a recording's step times, as its file holds them).
  @inlinable
  package var wholeNanoseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000
  }
}
