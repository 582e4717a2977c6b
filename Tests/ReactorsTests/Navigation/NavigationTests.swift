import Testing

/// The suites of navigation as state, nested so that `swift test --filter Navigation` runs them
/// all.
@Suite enum NavigationTests {}
