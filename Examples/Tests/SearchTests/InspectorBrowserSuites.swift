import Testing

/// The suites that load the inspector with a browser or huge values: each takes much of both
/// cores for seconds (Chromium, an import of megabytes, eight huge diffs), so they run one
/// after another, never beside each other, while the other suites run as usual.
@Suite(.serialized) enum InspectorBrowserSuites {}
