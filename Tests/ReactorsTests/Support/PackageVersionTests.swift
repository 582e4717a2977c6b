import Foundation
import Reactors
import Testing

/// The version is written in code once (`ReactorsPackage.version`); the changelog's first
/// release and the README's installation line must name the same one.
@Suite struct PackageVersionTests {
  /// The package's root, found from this file's path (Tests/ReactorsTests/Support/).
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The text of the file at `path` under the package's root.
  static func text(of path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func theChangelogsFirstReleaseIsThePackagesVersion() throws {
    let changelog = try Self.text(of: "CHANGELOG.md")
    // The first heading such as `## [0.1.0] - Unreleased` or `## [0.1.0] - 2026-03-01`.
    let heading = changelog.firstMatch(of: /^## \[(\d+\.\d+\.\d+)\]/.anchorsMatchLineEndings())
    let found = try #require(
      heading.map { String($0.1) },
      "CHANGELOG.md has no release heading such as '## [\(ReactorsPackage.version)] - Unreleased'"
    )
    #expect(
      found == ReactorsPackage.version,
      """
      CHANGELOG.md's first release is \(found), but ReactorsPackage.version is \
      \(ReactorsPackage.version): update CHANGELOG.md's heading (or \
      Sources/Reactors/Support/Version.swift), as RELEASING.md says
      """)
  }

  @Test func theReadmeInstallsThePackagesVersion() throws {
    let readme = try Self.text(of: "README.md")
    let line = readme.firstMatch(
      of: /\.package\(url: "https:\/\/github\.com\/[^"]*\/Reactors", from: "([^"]*)"\)/)
    let found = try #require(
      line.map { String($0.1) },
      """
      README.md has no line '.package(url: "https://github.com/…/Reactors", from: "…")' in its \
      Installation section
      """)
    #expect(
      found == ReactorsPackage.version,
      """
      README.md installs Reactors from: "\(found)", but ReactorsPackage.version is \
      \(ReactorsPackage.version): update README.md's Installation section (or \
      Sources/Reactors/Support/Version.swift), as RELEASING.md says
      """)
  }

  @Test func theVersionIsThreeNumbers() {
    #expect(
      ReactorsPackage.version.wholeMatch(of: /\d+\.\d+\.\d+/) != nil,
      "ReactorsPackage.version is '\(ReactorsPackage.version)': a git tag needs x.y.z")
  }
}
