// SwiftUI's app and scenes, for the standups app's `@main` (see SwiftUI.swift), with Apple's
// shapes. Type-checking only: `main()` traps.

/// `@MainActor @preconcurrency protocol App`: an app's structure; `@main` on a type that
/// conforms runs it.
@MainActor @preconcurrency
public protocol App {
  /// `associatedtype Body: Scene`.
  associatedtype Body: Scene
  /// `@SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }`.
  @SceneBuilder var body: Body { get }
  /// `@MainActor @preconcurrency init()`.
  init()
}

extension App {
  /// `@MainActor @preconcurrency static func main()`: what `@main` calls.
  public static func main() { fatalError("a stand-in, for type-checking only") }
}

/// `@MainActor @preconcurrency protocol Scene`: a part of an app's interface (a window group).
@MainActor @preconcurrency
public protocol Scene {
  /// `associatedtype Body: Scene`.
  associatedtype Body: Scene
  /// `@SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }`.
  @SceneBuilder var body: Body { get }
}

/// `extension Never: Scene`: the body of the primitive scenes.
extension Never: Scene {}

/// `@resultBuilder struct SceneBuilder`.
@resultBuilder
public struct SceneBuilder {
  /// `static func buildBlock<Content: Scene>(_ content: Content) -> Content`.
  public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

/// `nonisolated struct WindowGroup<Content: View>: Scene`: the app's windows, each showing
/// `content`.
nonisolated public struct WindowGroup<Content: View>: Scene {
  /// `nonisolated init(@ViewBuilder content: () -> Content)`.
  public init(@ViewBuilder content: () -> Content) {}
  /// `var body: Never { get }` (Apple's is `some Scene`).
  public var body: Never { fatalError("a stand-in, for type-checking only") }
}
