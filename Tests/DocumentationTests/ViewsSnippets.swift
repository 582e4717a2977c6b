// The code of the article "Views" (Sources/Reactors/Reactors.docc), compiled and run. UIKit
// cannot be built on Linux: `Button` and `Label` stand in for `UIButton` and `UILabel`, and the
// article shows the UIKit one-liners beside the calls they are made of.

import Reactors
import Testing

/// The article's view, with its stand-ins in a namespace: at the module's level they would shadow
/// SwiftUI's `Button` and `Label` for the other snippets on Apple platforms.
enum UIKitViewsArticle {
  /// A stand-in for a `UIButton`: a tap handler and a selected flag.
  @MainActor final class Button {
    var onTap: (() -> Void)?
    var isSelected = false
    func tap() { onTap?() }
  }

  /// A stand-in for a `UILabel`.
  @MainActor final class Label {
    var text: String?
  }

  final class ProfileViewController: ReactorView {
    let reactorBindings = Bindings()
    let followButton = Button()
    let nameLabel = Label()

    func bind(reactor: ProfileReactor) {
      // Action: followButton.rx.tap.map { .follow }.bind(to: reactor.action)
      bindEvents(
        { [followButton] handler in
          followButton.onTap = handler
          return { followButton.onTap = nil }
        }, send: { .follow })
      // State: reactor.state.map(\.name).distinctUntilChanged().bind(to: nameLabel.rx.text)
      bindState(\.name, to: nameLabel, \.text)
      bindState(\.isFollowing) { [weak self] in self?.followButton.isSelected = $0 }
    }
  }
}

@MainActor @Suite(.timeLimit(.minutes(1))) struct ViewsSnippets {
  typealias ProfileViewController = UIKitViewsArticle.ProfileViewController

  @Test func actionsGoOutAndStateComesIn() {
    let api = ProfileAPI(name: { "kim" }, follow: {})
    let view = ProfileViewController()
    view.reactor = ProfileReactor(api: api)
    #expect(view.nameLabel.text == "")
    view.reactor?.send(.refresh)
    if ImmediateTasks.areAvailable {
      // The fake answers before it suspends, so where the `.run` starts on this thread (Linux,
      // Apple systems from 26) the label shows it on the next line; earlier, a moment later.
      #expect(view.nameLabel.text == "kim")
    }
    view.followButton.tap()
    #expect(view.followButton.isSelected)
    view.reactor = nil
    #expect(view.followButton.onTap == nil)
  }

  @Test func aViewTestWithAStub() {
    let reactor = ProfileReactor(api: ProfileAPI(name: { "" }, follow: {}))
    reactor.stub.isEnabled = true
    let view = ProfileViewController()
    view.reactor = reactor

    view.followButton.tap()
    #expect(reactor.stub.actions.last == .follow)  // the view sent the action

    reactor.stub.state.name = "lee"  // the view shows the state
    #expect(view.nameLabel.text == "lee")
  }
}
