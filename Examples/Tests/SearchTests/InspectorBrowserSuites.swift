import TerminalTesting
import Testing

/// The suites that load the inspector with a browser or huge values: each takes much of both
/// cores for seconds (Chromium, an import of megabytes, eight huge diffs), so they run one
/// after another, never beside each other, while the other suites run as usual. Each test has
/// three minutes: a hung browser or program fails it rather than the run.
@Suite(.serialized, .timeLimit(.minutes(3))) enum InspectorBrowserSuites {}

extension Trait where Self == ConditionTrait {
  /// Runs only where tmux is installed: it drives the programs.
  static var tmuxInstalled: Self {
    .enabled(if: Tmux.isAvailable, "tmux is not installed (apt-get install -y tmux)")
  }

  /// Runs only where Chromium and its driver are installed: they load the page.
  static var chromiumInstalled: Self {
    .enabled(
      if: WebDriver.installed != nil,
      "Chromium and its driver are not installed (apt-get install -y chromium chromium-driver)")
  }
}
