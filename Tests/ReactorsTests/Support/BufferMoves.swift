import ReactorsTestSupport

/// Counts how often an array in state moves to a new buffer, seen from an observer: appending
/// in place moves it only when its capacity doubles; a copy per action moves it every time.
final class BufferMoves: Sendable {
  private let moves = Shared(0)
  private let records = Shared(0)
  private let lastAddress = Shared<UInt>(0)

  /// Notes where `items` lives now.
  func record(_ items: [Int]) {
    let address = items.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    records.increment()
    lastAddress.withLock { last in
      if last != address { moves.increment() }
      last = address
    }
  }

  /// How many moves were seen.
  var count: Int { moves.current }

  /// How many states were seen: a count of moves means something only if every state was.
  var recorded: Int { records.current }

  /// The most moves `appends` in-place appends may cost: about two per doubling.
  static func bound(forAppends appends: Int) -> Int {
    2 * (Int.bitWidth - appends.leadingZeroBitCount) + 4
  }
}
