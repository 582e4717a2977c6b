import Foundation

/// Durations read from an environment variable in milliseconds: `500`, or several separated
/// by commas (`5000,0`), which the examples use to slow a server, a disk or a counter down.
/// Empty when the variable is unset or empty.
///
/// ```swift
/// let latencies = try millisecondsSetting("SEARCH_LATENCY_MS", like: "500 or 5000,0")
/// ```
public func millisecondsSetting(
  _ name: String, like example: String,
  in environment: [String: String] = ProcessInfo.processInfo.environment
) throws(SettingError) -> [Duration] {
  guard let text = environment[name], !text.isEmpty else { return [] }
  let parts = text.split(separator: ",", omittingEmptySubsequences: false)
  let milliseconds = parts.compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
  guard milliseconds.count == parts.count, milliseconds.allSatisfy({ $0 >= 0 }) else {
    throw SettingError(
      "\(name)='\(Sanitized.text(text))' is not a list of milliseconds like \(example).")
  }
  return milliseconds.map { .milliseconds($0) }
}

/// A setting that could not be read, said so a person knows what to write instead.
public struct SettingError: Error, CustomStringConvertible {
  /// What was wrong, with an example of what works.
  public let description: String

  init(_ description: String) { self.description = description }
}
