/// The query whose results a search screen shows (its status line), if any.
func resultsQuery(_ screen: String) -> String? {
  for line in screen.split(separator: "\n") where line.contains(" match") {
    let parts = line.split(separator: "\"")
    if parts.count >= 2 { return String(parts[1]) }
  }
  return nil
}

/// How many results a search screen's status line says are loaded ("…, 40 loaded."), if it
/// says.
func loaded(_ screen: String) -> Int? {
  for line in screen.split(separator: "\n") where line.hasSuffix(" loaded.") {
    return line.split(separator: " ").dropLast().last.flatMap { Int($0) }
  }
  return nil
}

/// The hits a search screen lists, each as `U+1F600  GRINNING FACE`, top to bottom.
func hitLines(_ screen: String) -> [String] {
  screen.split(separator: "\n").filter { $0.hasPrefix("  U+") }.map { String($0.dropFirst(2)) }
}
