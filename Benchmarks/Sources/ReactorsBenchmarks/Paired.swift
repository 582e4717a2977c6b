/// A baseline and a subject timed in turns, round after round, and compared round by round.
///
/// Timed as two blocks (every run of the baseline, then every run of the subject), a ratio is
/// off by as much as the machine's speed changed between the blocks: on CI's virtual machine a
/// processor runs stretches of tenths of a second about 1.7× slower (see ``Processors``), and a
/// row read 0.08 of its baseline in one run and 0.17 in the next. In a round, the two run one
/// after the other on one processor, in the same stretch or nearly, so their ratio keeps what
/// the code costs; the median of the rounds' ratios leaves out the rounds a change of stretch
/// fell into.
struct Paired {
  /// The fastest of the baseline's runs.
  var baseline: Duration
  /// The fastest of the subject's runs.
  var subject: Duration
  /// The median of the rounds' ratios: the subject's time over the baseline's.
  var ratio: Double

  /// Times `baseline` and then `subject`, `rounds` times; `pinned` (the default) keeps the
  /// thread on one processor meanwhile, which a subject that starts threads must not ask for:
  /// they would all share that processor.
  init(rounds: Int = 9, pinned: Bool = true, baseline: () -> Void, subject: () -> Void) {
    func measure() -> (baseline: [Duration], subject: [Duration]) {
      var times: (baseline: [Duration], subject: [Duration]) = ([], [])
      for _ in 0..<rounds {
        times.baseline.append(fastest(runs: 1, baseline))
        times.subject.append(fastest(runs: 1, subject))
      }
      return times
    }
    let times = pinned ? Processors.pinnedHere(measure) : measure()
    let ratios = zip(times.subject, times.baseline).map { $0.seconds / $1.seconds }.sorted()
    self.baseline = times.baseline.min()!
    self.subject = times.subject.min()!
    ratio = ratios[ratios.count / 2]
  }
}
