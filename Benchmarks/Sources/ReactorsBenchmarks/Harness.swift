import HeapStatistics

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One line of the table: what Reactors did, what the baseline did, their ratio, the target.
struct Row {
  var scenario: String
  var reactors: String
  var baseline: String
  var ratio: Double
  var target: String
  var isMet: Bool?
}

/// The fastest of `runs` timings of `body`: the least disturbed by a noisy machine.
func fastest(runs: Int = 5, _ body: () -> Void) -> Duration {
  var best = Duration.seconds(1_000)
  for _ in 0..<runs {
    let start = ContinuousClock.now
    body()
    best = min(best, ContinuousClock.now - start)
  }
  return best
}

/// The time the calling thread has run, on the processor (its own work and the system's on its
/// behalf, page faults included; not the time other threads took the processor from it).
func threadTime() -> Duration {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
}

/// The fastest of `runs` timings of an async `body`.
func fastest(runs: Int = 5, _ body: () async -> Void) async -> Duration {
  var best = Duration.seconds(1_000)
  for _ in 0..<runs {
    let start = ContinuousClock.now
    await body()
    best = min(best, ContinuousClock.now - start)
  }
  return best
}

extension Duration {
  /// Seconds as a `Double`.
  var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}

/// `count` operations in `time`, as operations per second.
func rate(_ count: Int, in time: Duration) -> Double { Double(count) / time.seconds }

/// A rate for the table: "12.3 M/s".
func formatRate(_ perSecond: Double) -> String {
  perSecond >= 1e6
    ? "\(rounded(perSecond / 1e6)) M/s" : "\(rounded(perSecond / 1e3)) k/s"
}

/// Nanoseconds per operation for the table.
func formatNanos(_ time: Duration, per count: Int) -> String {
  "\(rounded(time.seconds * 1e9 / Double(count))) ns"
}

/// A count for the table: "1 M", "100 k".
func formatCount(_ count: Int) -> String {
  count >= 1_000_000 ? "\(count / 1_000_000) M" : "\(count / 1_000) k"
}

/// A number with three significant digits or so.
func rounded(_ value: Double) -> String {
  let digits = value >= 100 ? 0 : value >= 10 ? 1 : 2
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let text = "\((value * scale).rounded() / scale)"
  return digits == 0 && text.hasSuffix(".0") ? String(text.dropLast(2)) : text
}

/// Bytes the heap has handed out now (glibc's `mallinfo2`); `nil` where it is not available.
func heapBytesInUse() -> Int? {
  let bytes = heap_bytes_in_use()
  return bytes < 0 ? nil : bytes
}

/// Makes the allocator keep freed memory for reuse; `false` where that cannot be done.
func heapKeepFreedMemory() -> Bool { heap_keep_freed_memory() != 0 }

/// Prints the rows as one table.
func printTable(_ rows: [Row]) {
  let header = ["Scenario", "Reactors", "Baseline", "Ratio", "Target", "Met"]
  let cells = rows.map { row in
    [
      row.scenario, row.reactors, row.baseline, rounded(row.ratio), row.target,
      row.isMet.map { $0 ? "yes" : "NO" } ?? "-",
    ]
  }
  let widths = header.indices.map { column in
    ([header] + cells).map { $0[column].count }.max() ?? 0
  }
  func line(_ values: [String]) -> String {
    "| "
      + zip(values, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }
      .joined(separator: " | ") + " |"
  }
  print(line(header))
  print("|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|")
  for row in cells { print(line(row)) }
  print(
    "Rows timed in turns (see Paired.swift): Reactors and Baseline are each side's fastest round,"
      + " the ratio the median of the rounds' ratios.")
}

extension Row {
  /// A row of two times per operation, `time` against `baseline` measured in the same run; the
  /// target is at most `limit` times the baseline, or none (reported) when `limit` is `nil`.
  static func times(
    _ scenario: String, _ time: Duration, vs baseline: Duration, per count: Int,
    atMost limit: Double?
  ) -> Row {
    times(
      scenario, time, vs: baseline, ratio: time.seconds / baseline.seconds, per: count,
      atMost: limit)
  }

  /// A row comparing the times of a pair timed in turns (see ``Paired``): its ratio is the
  /// median of the rounds'.
  static func times(
    _ scenario: String, _ pair: Paired, per count: Int, atMost limit: Double?
  ) -> Row {
    times(scenario, pair.subject, vs: pair.baseline, ratio: pair.ratio, per: count, atMost: limit)
  }

  /// The row both kinds of timed rows make: the two times per operation and their `ratio`.
  private static func times(
    _ scenario: String, _ time: Duration, vs baseline: Duration, ratio: Double, per count: Int,
    atMost limit: Double?
  ) -> Row {
    Row(
      scenario: scenario, reactors: formatNanos(time, per: count),
      baseline: formatNanos(baseline, per: count), ratio: ratio,
      target: limit.map { "≤ \(rounded($0))×" } ?? "(reported)", isMet: limit.map { ratio <= $0 })
  }
}
