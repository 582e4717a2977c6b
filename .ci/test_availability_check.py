"""The availability check on planted mistakes, and on their corrections.

Run: python3 -m unittest discover -s .ci -p 'test_*.py'
"""

import tempfile
import unittest
from pathlib import Path

import availability_check as check

FLOOR = {"iOS": (16, 0), "macOS": (13, 0), "tvOS": (16, 0), "watchOS": (9, 0),
         "visionOS": (1, 0)}
OBSERVATION = "@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)"


def findings(source):
    return check.check_source(source, "Planted.swift", FLOOR)


class PlantedMistakes(unittest.TestCase):
    def test_an_observable_class_without_available_is_found(self):
        found = findings("import Observation\nfinal class Keys: Observable, Sendable {}\n")
        self.assertEqual(len(found), 1)
        self.assertIn("Planted.swift:2:", found[0])
        self.assertIn("iOS 17", found[0])

    def test_an_observable_class_with_available_passes(self):
        self.assertEqual(
            findings(f"import Observation\n{OBSERVATION}\nfinal class Keys: Observable {{}}\n"), [])

    def test_a_multi_line_available_covers_as_one_line_does(self):
        source = ("import Observation\n@available(\n  iOS 17, macOS 14, tvOS 17, watchOS 10,\n"
                  "  visionOS 1, *\n)\nfinal class Keys: Observable {}\n")
        self.assertEqual(findings(source), [])

    def test_an_observable_of_another_module_is_not_observations(self):
        source = "import RxSwift\nfunc names() -> Observable<String> { .just(\"kim\") }\n"
        self.assertEqual(findings(source), [])

    def test_an_available_too_old_for_what_it_covers_is_found(self):
        source = ("import SwiftUI\n@available(iOS 16.4, macOS 13.3, *)\n"
                  "func f() { withObservationTracking {} onChange: {} }\n")
        self.assertEqual(len(findings(source)), 1)

    def test_task_immediate_outside_an_availability_check_is_found(self):
        source = "func start() {\n  Task.immediate { await work() }\n}\n"
        found = findings(source)
        self.assertEqual(len(found), 1)
        self.assertIn("Task.immediate", found[0])
        self.assertEqual(len(findings("let t = Task<Void, Never>.immediate { }\n")), 1)

    def test_task_immediate_inside_if_available_passes_but_not_in_its_else(self):
        source = (
            "func start() {\n"
            "  if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {\n"
            "    Task.immediate { await work() }\n"
            "  } else {\n"
            "    group.addImmediateTask { await work() }\n"
            "  }\n"
            "}\n")
        found = findings(source)
        self.assertEqual(len(found), 1)
        self.assertIn(":5:", found[0])

    def test_guard_available_covers_the_rest_of_its_scope(self):
        source = (
            "func start() {\n"
            "  guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return }\n"
            "  Task.immediate { await work() }\n"
            "}\n"
            "func later() { Task.immediate { await work() } }\n")
        found = findings(source)
        self.assertEqual(len(found), 1)
        self.assertIn(":5:", found[0])

    def test_mutex_and_atomic_need_18_outside_linux_only_code(self):
        planted = "import Synchronization\nlet lock = Mutex<Int>(0)\nlet word = Atomic<UInt>(0)\n"
        self.assertEqual(len(findings(planted)), 2)
        linux = ("import Synchronization\n#if canImport(Glibc) || canImport(Musl)\n"
                 "  let word = Atomic<UInt>(0)\n#elseif canImport(Darwin)\n  let lock = Mutex(0)\n"
                 "#endif\n")
        found = findings(linux)
        self.assertEqual(len(found), 1)
        self.assertIn(":5:", found[0])
        # A type of one's own by that name, without the import, is not the system's.
        self.assertEqual(findings("final class Mutex<Value> {}\nlet lock = Mutex<Int>()\n"), [])

    def test_a_uikit_guard_that_lets_watchos_in_is_found(self):
        self.assertEqual(len(findings("#if canImport(UIKit)\nimport UIKit\n#endif\n")), 1)
        self.assertEqual(findings("#if canImport(UIKit) && !os(watchOS)\nimport UIKit\n#endif\n"), [])
        self.assertEqual(findings("#if canImport(UIKit) && os(iOS)\nimport UIKit\n#endif\n"), [])

    def test_an_available_at_or_below_the_minimums_is_found(self):
        source = "func warn() {\n  if #available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *) {}\n}\n"
        found = findings(source)
        self.assertEqual(len(found), 1)
        self.assertIn("minimum", found[0])
        # One platform at its minimum is enough for the compiler's warning.
        self.assertEqual(len(findings("func f() {\n  if #available(macOS 14, iOS 16, *) {}\n}\n")), 1)
        # A declaration's @available below the minimums is harmless: no warning.
        self.assertEqual(findings(f"{OBSERVATION}\nstruct S {{}}\n@available(iOS 15, *)\nstruct T {{}}\n"), [])

    def test_comments_and_strings_are_not_code(self):
        source = (
            "// final class Keys: Observable {}\n"
            "/* Task.immediate { } /* nested */ Mutex<Int> */\n"
            'let text = "Task.immediate { }"\n'
            'let more = """\n  withObservationTracking\n  """\n'
            "/// `#if canImport(UIKit)`\n")
        self.assertEqual(findings(source), [])

    def test_a_type_the_code_declares_newer_needs_the_same_check_where_it_is_used(self):
        with tempfile.TemporaryDirectory() as folder:
            library = Path(folder, "Sources", "Lib")
            tests = Path(folder, "Tests", "LibTests")
            library.mkdir(parents=True)
            tests.mkdir(parents=True)
            Path(library, "Model.swift").write_text(
                f"import Observation\n{OBSERVATION}\npublic final class Model: Observable {{}}\n")
            Path(tests, "ModelTests.swift").write_text(
                f"func bad() {{ _ = Model() }}\n{OBSERVATION}\nfunc good() {{ _ = Model() }}\n")
            found = check.check_paths([folder], FLOOR)
        self.assertEqual(len(found), 1)
        self.assertIn("ModelTests.swift:1:", found[0])

    def test_the_minimums_are_read_from_the_manifest(self):
        with tempfile.TemporaryDirectory() as folder:
            manifest = Path(folder, "Package.swift")
            manifest.write_text(
                "platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)]")
            self.assertEqual(check.minimums(manifest), FLOOR)
            manifest.write_text("platforms: [.iOS(.v17), .macOS(.v14_4)]")
            read = check.minimums(manifest)
            self.assertEqual(read["iOS"], (17, 0))
            self.assertEqual(read["macOS"], (14, 4))
            self.assertEqual(read["watchOS"], check.DEFAULT_MINIMUMS["watchOS"])


class TheProject(unittest.TestCase):
    def test_the_project_has_no_finding(self):
        root = Path(__file__).resolve().parent.parent
        floor = check.minimums(root / "Package.swift")
        paths = [root / "Sources", root / "Tests", root / "Consumer" / "Sources",
                 root / "Consumer" / "Tests"]
        self.assertEqual(check.check_paths(paths, floor), [])


if __name__ == "__main__":
    unittest.main()
