import Reactors

/// Plain stand-ins for UIKit's controls: no UIKit here, and the core knows nothing of it.
final class RefreshControl {
  enum Event { case valueChanged }
  var onValueChanged: (() -> Void)?
  func sendActions(for event: Event) { onValueChanged?() }
}

final class ActivityIndicator {
  var isAnimating = false
}

/// Seed 003's `MyView`, bound to `MyReactor` as a `ReactorView`.
final class MyView: ReactorView {
  let reactorBindings = Bindings()
  let refreshControl = RefreshControl()
  let activityIndicator = ActivityIndicator()
  private(set) var bindCount = 0

  func bind(reactor: MyReactor) {
    bindCount += 1
    // Action
    let refresh = reactor.action(.refresh)
    refreshControl.onValueChanged = { refresh() }
    // State
    bindState(\.isLoading) { [weak self] isLoading in
      self?.activityIndicator.isAnimating = isLoading
    }
  }
}
