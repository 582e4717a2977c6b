// Runs every scenario in one process and prints one table: Reactors, the raw baseline measured
// in the same run, their ratio, the target and whether it is met.

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
