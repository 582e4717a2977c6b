import Foundation
import Reactors

// Runs every scenario in one process and prints one table: Reactors, the raw baseline measured
// in the same run, their ratio, the target and whether it is met.

// `--profile send|dispatch|contention|two-threads|eight-threads|scope|observers|changing|create|
// immediate|async|suspending|floor|baseline|observed|observed-baseline|observers-1000|recorded|
// recorded-in-memory` runs one path alone, for valgrind --tool=callgrind or perf: no table.
// `async`, `suspending`, `floor` and `baseline` (scenario 5's rows) use threads: perf only;
// `immediate` is scenario 5's `.run` sent from a plain loop, which changes no thread, for
// callgrind. `contention`, `two-threads`, `eight-threads`, `observed`, `observed-baseline` and
// `observers-1000` take a count after them. `--profile split` prints scenario 8's read and send
// costs apart.
if let index = CommandLine.arguments.firstIndex(of: "--profile") {
  let what = CommandLine.arguments.dropFirst(index + 1).first ?? "send"
  /// The count given after the profile's name, or `default`.
  func count(default: Int) -> Int {
    Int(CommandLine.arguments.dropFirst(index + 2).first ?? "") ?? `default`
  }
  if what == "replay" {
    // Records `count` sends to a file, then replays it: the replay's profile is the difference
    // between two counts' runs.
    let path = "/tmp/reactors-profile-replay-\(getpid()).jsonl"
    let reactor = CounterReactor()
    let recording = try! CounterRecording(
      of: reactor, named: "counter", writingTo: path, bufferSteps: 1 << 22)
    for _ in 0..<count(default: 100_000) { reactor.send(.increment) }
    recording.stop()
    if CommandLine.arguments.contains("--replay") {
      _ = try! CounterRecording.divergence(replayingFileAt: path, on: CounterReactor())
    }
    unlink(path)
  } else if what == "replay-memory" {
    replayMemory(path: CommandLine.arguments.dropFirst(index + 2).first ?? "")
  } else if what == "recorded-in-memory" {
    let reactor = CounterReactor()
    let recording = CounterRecording(of: reactor, named: "counter")
    for _ in 0..<count(default: 100_000) { reactor.send(.increment) }
    recording.stop()
  } else if what == "recorded" {
    let reactor = CounterReactor()
    let recording = try! CounterRecording(
      of: reactor, named: "counter", writingTo: "/tmp/reactors-profile-recorded.jsonl",
      bufferSteps: 1 << 20)
    for _ in 0..<count(default: 100_000) { reactor.send(.increment) }
    // Not stopped: the writer's last batch would run on this thread (`queue.sync`), and a
    // profile of this thread is a profile of the sends.
    withExtendedLifetime(recording) {}
  } else if what == "observers-1000" {
    sendsToAThousandObservers(actions: count(default: 10_000))
  } else if what == "children" {
    // Adds and removes `count` child reactors, newest first.
    let list = ListBenchReactor()
    let rows = count(default: 10_000)
    for id in 0..<rows { list.send(.add(id)) }
    for id in (0..<rows).reversed() { list.send(.remove(id)) }
    print(list.rows.count)
  } else if what == "store-rows" {
    // A row's dispatch through one of 1,000 observed element scopes.
    storeRowDispatches(count(default: 100_000))
  } else if what == "split" {
    splitCosts()
  } else if what == "observed" {
    print(observedPerField(actions: count(default: 200_000)))
  } else if what == "observed-baseline" {
    print(observableBaseline(actions: count(default: 20_000)))
  } else if what == "create" {
    print(idleReactors(count: 10_000).map(\.reactors))
  } else if what == "floor" {
    await roundTrips(HandMadeTaskReactor(), count: 100_000)
  } else if what == "suspending" {
    await roundTrips(SuspendingReactor(), count: 100_000)
  } else if what == "baseline" {
    await taskRoundTrips(count: 100_000)
  } else if what == "immediate" {
    let reactor = AsyncReactor()
    for _ in 0..<100_000 { reactor.send(.tick) }
    print(reactor.currentState.count)
  } else if what == "async" {
    await roundTrips(AsyncReactor(), count: 100_000)
  } else if what == "scope" {
    let leaf = Store(initial: AppTree(), reducer: appTreeReduce)
      .scope(state: \.feature, action: AppTreeAction.feature)
      .scope(state: \.detail, action: FeatureAction.detail)
    let observation = leaf.observe(\.count) { blackHole($0) }
    for _ in 0..<1_000_000 { leaf.dispatch(.increment) }
    withExtendedLifetime(observation) { print(leaf.currentState.count) }
  } else if what == "two-threads" {
    let perThread = count(default: 1_000_000)
    for _ in 0..<5 { sendFromThreads(2, perThread, to: CounterReactor()) }
  } else if what == "eight-threads" {
    let perThread = count(default: 250_000)
    for _ in 0..<5 { sendFromThreads(8, perThread, to: CounterReactor()) }
  } else if what == "contention" {
    print(contention(perThread: count(default: 100_000)).map(\.reactors))
  } else if what == "dispatch" {
    let store = Store(initial: BenchState(), reducer: benchReduce)
    for _ in 0..<100_000 { store.dispatch(.increment) }
    print(store.currentState.count)
  } else {
    let reactor = CounterReactor()
    let titles = (0..<(what == "send" ? 0 : 100)).map { _ in
      what == "changing"
        ? reactor.observe(\.count) { blackHole($0) } : reactor.observe(\.title) { blackHole($0) }
    }
    for _ in 0..<100_000 { reactor.send(.increment) }
    withExtendedLifetime(titles) { print(reactor.currentState.count) }
  }
  exit(0)
}

let quick = CommandLine.arguments.contains("--quick")
let scale = quick ? 10 : 1

// `--scenario N` prints scenario N's rows alone (1, 6, 7, 8, 9, 10 and 11).
if let index = CommandLine.arguments.firstIndex(of: "--scenario"),
  let scenario = CommandLine.arguments.dropFirst(index + 1).first
{
  switch scenario {
  case "1": printTable(synchronousSends(count: 1_000_000 / scale))
  case "6": printTable(contention(perThread: 1_000_000 / scale))
  case "7": printTable(scopedStores(count: 1_000_000 / scale))
  case "8": printTable(observedFields(actions: 10_000))
  case "9":
    printTable(
      recordings(count: 100_000 / scale) + [largeReplay(steps: 1_000_000 / scale)]
        + coders(count: 100_000 / scale))
  case "10": printTable(await inspecting(steps: 1_000_000 / scale))
  case "11": printTable(childFeatures(count: 1_000_000 / scale))
  default: print("--scenario takes 1, 6, 7, 8, 9, 10 or 11; run without it for every scenario.")
  }
  exit(0)
}

var rows: [Row] = []
rows += synchronousSends(count: 1_000_000 / scale)
rows += observedSends(count: 1_000_000 / scale)
let idle = idleReactors(count: 10_000)
let async = await asyncEffects(count: 10_000 / scale)
let contended = contention(perThread: 1_000_000 / scale)
let scopes = scopedStores(count: 1_000_000 / scale)
// Scenario 8 keeps its full count in `--quick`: a turn of 1,000 actions lasts 2 ms, and its
// ratio swung from 1.46 to 2.49 between quick runs.
let observed = observedFields(actions: 10_000)
let recorded =
  recordings(count: 100_000 / scale) + [largeReplay(steps: 1_000_000 / scale)]
  + coders(count: 100_000 / scale)
let inspected = await inspecting(steps: 1_000_000 / scale)
let children = childFeatures(count: 1_000_000 / scale)
// Growth last: its second half changes the allocator's settings for the rest of the process.
rows += growth()
printTable(
  rows + idle + async + contended + scopes + observed + recorded + inspected + children)
