/// The Reactors package itself: what an app can ask of the library it was built with.
///
/// A namespace, with no cases: there is nothing to make of it.
public enum ReactorsPackage {
  /// The version of the Reactors package these sources belong to, as tagged in git ("0.1.0"):
  /// the one place it is written in code.
  ///
  /// `CHANGELOG.md`'s first release heading and the README's `.package(url:from:)` line name
  /// the same version; a test in `ReactorsTests` fails when either differs. `RELEASING.md` says
  /// what to change for a release.
  public static let version = "0.1.0"
}
