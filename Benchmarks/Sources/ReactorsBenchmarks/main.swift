import Foundation

// Runs every scenario in one process and prints one table: Reactors, the raw baseline measured
// in the same run, their ratio, the target and whether it is met.

// `--profile send` only sends (for valgrind --tool=callgrind): no table.
if CommandLine.arguments.contains("--profile") {
  let reactor = CounterReactor()
  for _ in 0..<100_000 { reactor.send(.increment) }
  print(reactor.currentState.count)
  exit(0)
}

let quick = CommandLine.arguments.contains("--quick")
let scale = quick ? 10 : 1

var rows: [Row] = []
rows += synchronousSends(count: 1_000_000 / scale)
rows += observedSends(count: 1_000_000 / scale)
rows += growth()
rows += idleReactors(count: 10_000)
rows += await asyncEffects(count: 10_000 / scale)
rows += contention(perThread: 1_000_000 / scale)
printTable(rows)
