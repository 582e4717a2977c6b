import Observation
import Reactors

/// Scenario 8 taken apart (`--profile split`): nanoseconds a read and a send, each alone and
/// with no view tracking, for the `ObservedReactor` and for the hand-written Observation class;
/// and a send to a plain reactor with a thousand key-path observers, and with none. Shows which
/// side of an action the difference to the baseline is on.
@MainActor
func splitCosts(actions: Int = 200_000) {
  let model = ObservedReactor(ThousandFieldsReactor())
  for field in 0..<1_000 { _ = model[dynamicMember: thousandFieldPaths[field]] }
  let base = ThousandObservableFields()
  var sink = 0
  let readsOurs = fastest(runs: 3) {
    for step in 0..<actions { sink &+= model[dynamicMember: thousandFieldPaths[step % 1_000]] }
  }
  let readsBase = fastest(runs: 3) {
    for step in 0..<actions { sink &+= base[field: step % 1_000] }
  }
  let sendsOurs = fastest(runs: 3) {
    for step in 0..<actions { model.send(step % 1_000) }
  }
  let sendsBase = fastest(runs: 3) {
    for step in 0..<actions { base.increment(step % 1_000) }
  }
  let observed = ThousandFieldsReactor()
  let tokens = thousandFieldPaths.map { observed.observe($0) { _ in } }
  let sendsObserved = fastest(runs: 3) {
    for step in 0..<actions { observed.send(step % 1_000) }
  }
  let bare = ThousandFieldsReactor()
  let sendsBare = fastest(runs: 3) {
    for step in 0..<actions { bare.send(step % 1_000) }
  }
  withExtendedLifetime(tokens) {}
  blackHole(sink)
  func perAction(_ time: Duration) -> String {
    "\(rounded(time.seconds * 1e9 / Double(actions))) ns"
  }
  print("read:  model \(perAction(readsOurs)), Observation class \(perAction(readsBase))")
  print(
    "send:  model \(perAction(sendsOurs)), Observation class \(perAction(sendsBase)), "
      + "reactor with 1,000 observers \(perAction(sendsObserved)), with none \(perAction(sendsBare))"
  )
}

/// Sends `actions` actions to a reactor with a thousand key-path observers (`--profile
/// observers-1000`, for callgrind): the byte comparison and one group's delivery an action.
func sendsToAThousandObservers(actions: Int) {
  let reactor = ThousandFieldsReactor()
  let tokens = thousandFieldPaths.map { reactor.observe($0) { _ in } }
  for step in 0..<actions { reactor.send(step % 1_000) }
  withExtendedLifetime(tokens) {}
}
