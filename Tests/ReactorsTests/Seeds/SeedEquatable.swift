import Reactors

// The seeds' states and mutations are not `Equatable` as the articles wrote them, and their
// files stay as written. The testers compare states (and `receive(_:)` values), so the tests
// add the conformances here, by hand: a synthesized one must be declared beside the type.

extension CounterViewReactor.State: nonisolated Equatable {
  nonisolated static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.value == rhs.value && lhs.isLoading == rhs.isLoading
  }
}

extension CounterViewReactor.Mutation: nonisolated Equatable {
  nonisolated static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.increaseValue, .increaseValue), (.decreaseValue, .decreaseValue): true
    case (.setLoading(let left), .setLoading(let right)): left == right
    default: false
    }
  }
}

extension ProfileViewReactor.State: nonisolated Equatable {
  nonisolated static func == (lhs: Self, rhs: Self) -> Bool { lhs.isFollowing == rhs.isFollowing }
}

extension ProfileViewReactor.Mutation: nonisolated Equatable {
  nonisolated static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.setFollowing(let left), .setFollowing(let right)): left == right
    }
  }
}

extension UserViewReactor.State: nonisolated Equatable {
  nonisolated static func == (lhs: Self, rhs: Self) -> Bool { lhs.isFollowing == rhs.isFollowing }
}

extension UserViewReactor.Mutation: nonisolated Equatable {
  nonisolated static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.setFollowing(let left), .setFollowing(let right)): left == right
    }
  }
}

extension MyReactor.State: nonisolated Equatable {
  nonisolated static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.isBookmarked == rhs.isBookmarked && lhs.isLoading == rhs.isLoading
  }
}

extension AppState: nonisolated Equatable {
  nonisolated static func == (lhs: Self, rhs: Self) -> Bool {
    sameTab(lhs.tabState.selectedTab, rhs.tabState.selectedTab)
      && lhs.navigationState.path.elementsEqual(rhs.navigationState.path, by: sameScreen)
      && lhs.loginState.isLoggingIn == rhs.loginState.isLoggingIn
      && lhs.loginState.userName == rhs.loginState.userName
      && lhs.loginState.errorMessage == rhs.loginState.errorMessage
  }
}

// The seed's enums are `Equatable` on the main actor only (this target's default isolation);
// the state's `==` runs anywhere, so it matches their cases itself.
nonisolated func sameTab(_ lhs: AppState.TabState.Tab, _ rhs: AppState.TabState.Tab) -> Bool {
  switch (lhs, rhs) {
  case (.home, .home), (.profile, .profile): true
  default: false
  }
}

nonisolated func sameScreen(
  _ lhs: AppState.NavigationState.Screen, _ rhs: AppState.NavigationState.Screen
) -> Bool {
  switch (lhs, rhs) {
  case (.login, .login), (.home, .home): true
  default: false
  }
}
