#!/usr/bin/env python3
"""Checks that Swift code names no Apple API newer than the package's minimum platforms unless
an `@available` or `#available` at least as new covers it, that `canImport(UIKit)` leaves out
watchOS (whose UIKit has no UIControl), and that no availability check is at or below the
minimums (a warning on Apple, an error under warnings-as-errors).

A lexical check, not a compiler: comments and string literals are skipped; an `@available`
covers the declaration whose body is the next `{` (its signature and body), `if #available`
its first branch, `guard #available` the rest of its scope; code under `#if canImport(Glibc)`,
`canImport(Musl)` or `os(Linux)` is never built on Apple platforms and is not checked.

Usage: availability_check.py PACKAGE_SWIFT PATH...   (exit status 1 on any finding)
"""

import re
import sys
from pathlib import Path

APPLE = ("iOS", "macOS", "tvOS", "watchOS", "visionOS")

# What each API family needs, and the names that use it.
# Versions are (major, minor) tuples.
OBSERVATION = {"iOS": (17, 0), "macOS": (14, 0), "tvOS": (17, 0), "watchOS": (10, 0),
               "visionOS": (1, 0)}
SYNCHRONIZATION = {"iOS": (18, 0), "macOS": (15, 0), "tvOS": (18, 0), "watchOS": (11, 0),
                   "visionOS": (2, 0)}
OS26 = {platform: (26, 0) for platform in APPLE}
APIS = [
    (re.compile(r"\bObservable\b(?!\s*\()"), "Observation's Observable", OBSERVATION),
    (re.compile(r"\b(ObservationRegistrar|withObservationTracking|ObservationIgnored|"
                r"ObservationTracked|Bindable)\b"), "Observation", OBSERVATION),
    (re.compile(r"\b(Mutex|Atomic)\s*[<(]"), "Synchronization", SYNCHRONIZATION),
    (re.compile(r"\bTask\s*\.\s*immediate(Detached)?\b|\baddImmediateTask\w*\b"),
     "Task.immediate", OS26),
]

NON_APPLE = re.compile(r"^(canImport\((Glibc|Musl|WinSDK|Android)\)|os\((Linux|Windows|Android|WASI)\))$")


def minimums(package_swift):
    """The minimum Apple platforms a Package.swift names: `.iOS(.v16)` gives iOS 16."""
    text = Path(package_swift).read_text()
    found = {}
    for platform, major, minor in re.findall(
            r"\.(iOS|macOS|tvOS|watchOS|visionOS)\(\.v(\d+)(?:_(\d+))?", text):
        found[platform] = (int(major), int(minor or 0))
    missing = [p for p in APPLE if p not in found]
    if missing:
        raise SystemExit(f"{package_swift}: no minimum for {', '.join(missing)} in `platforms:`")
    return found


def blank_comments_and_strings(source):
    """`source` with comments and string literals' contents replaced by spaces, lines kept."""
    out = []
    i, n = 0, len(source)
    depth = 0  # nested block comments
    while i < n:
        if depth:
            if source.startswith("/*", i):
                depth += 1
                out.append("  ")
                i += 2
            elif source.startswith("*/", i):
                depth -= 1
                out.append("  ")
                i += 2
            else:
                out.append("\n" if source[i] == "\n" else " ")
                i += 1
        elif source.startswith("//", i):
            end = source.find("\n", i)
            end = n if end < 0 else end
            out.append(" " * (end - i))
            i = end
        elif source.startswith("/*", i):
            depth = 1
            out.append("  ")
            i += 2
        elif source[i] == '"' or (source[i] == "#" and re.match(r'#+"', source[i:])):
            hashes = len(re.match(r'#*', source[i:]).group(0))
            quote = '"""' if source.startswith('"""', i + hashes) else '"'
            opener = "#" * hashes + quote
            closer = quote + "#" * hashes
            end = source.find(closer, i + len(opener))
            while end > 0 and hashes == 0 and quote == '"' and _escaped(source, end):
                end = source.find(closer, end + 1)
            end = n if end < 0 else end + len(closer)
            body = source[i:end]
            out.append(re.sub(r"[^\n]", " ", body))
            i = end
        else:
            out.append(source[i])
            i += 1
    return "".join(out)


def _text(version):
    return f"{version[0]}" if version[1] == 0 else f"{version[0]}.{version[1]}"


def _escaped(source, index):
    slashes = 0
    while index - 1 - slashes >= 0 and source[index - 1 - slashes] == "\\":
        slashes += 1
    return slashes % 2 == 1


def versions(arguments):
    """`iOS 17, macOS 14, *` as {'iOS': 17, 'macOS': 14}; None for `*, unavailable` and the like."""
    found = {}
    for platform, major, minor in re.findall(
            r"\b(iOS|macOS|tvOS|watchOS|visionOS)(?:\s+|\s*,\s*introduced:\s*)(\d+)(?:\.(\d+))?",
            arguments):
        found[platform] = (int(major), int(minor or 0))
    return found or None


def covers(coverage, needed, floor):
    """Whether the checks in force (`coverage`) give every Apple platform what `needed` asks."""
    for platform in APPLE:
        have = max([c.get(platform, floor[platform]) for c in coverage] + [floor[platform]])
        if have < needed[platform]:
            return False
    return True


DECLARATION = re.compile(
    r"@available\s*\(([^)]*)\)((?:\s*@\w+(?:\([^)]*\))?)*)\s*(?:(?:public|package|internal|"
    r"fileprivate|private|open|final|nonisolated)\s+)*(?:class|struct|enum|protocol|actor|"
    r"typealias)\s+(\w+)")


def module_of(path):
    """The folder of the module a file belongs to (`Tests/ReactorsTests` for a file under it),
    and whether that is a library's (under `Sources`), whose declarations others import."""
    parts = Path(path).parts
    for index, part in enumerate(parts[:-1]):
        if part in ("Sources", "Tests"):
            return Path(*parts[: index + 2]), part == "Sources"
    return Path(path).parent, False


def declared_apis(sources):
    """The types the checked code itself declares newer than the minimums (an
    `@available(iOS 17, ...) class ObservedState`), as (module folder or None for everywhere,
    entry like those of `APIS`): their uses need the same check. A library's declarations count
    everywhere; a test target's only in that target, where a name may mean another type."""
    apis = []
    for path, source in sources.items():
        module, is_library = module_of(path)
        for match in DECLARATION.finditer(blank_comments_and_strings(source)):
            found = versions(match.group(1))
            if found:
                needed = {p: found.get(p, (0, 0)) for p in APPLE}
                entry = (re.compile(rf"\b{match.group(3)}\b"), match.group(3), needed)
                apis.append((None if is_library else module, entry))
    return apis


def check_source(source, path, floor, apis=()):
    """The findings in one file's text, as 'path:line: error: message' strings; `apis` adds to
    the APIs that need a check (see ``declared_apis``)."""
    code = blank_comments_and_strings(source)
    findings = []
    # Scopes: each entry is the list of availability dicts in force inside that brace.
    scopes = [[]]
    pending = []  # availability waiting for the next `{` (an @available, an if #available)
    conditions = []  # the #if stack: (current branch condition, anything Apple above it)
    line_number = 0
    for line in code.split("\n"):
        line_number += 1
        stripped = line.strip()
        directive = re.match(r"#(if|elseif|else|endif)\b\s*(.*)", stripped)
        if directive:
            kind, condition = directive.group(1), directive.group(2).strip()
            if "canImport(UIKit)" in condition and kind in ("if", "elseif") and not re.search(
                    r"!\s*os\(watchOS\)", condition):
                findings.append(
                    f"{path}:{line_number}: error: `canImport(UIKit)` is true on watchOS, whose "
                    "UIKit has no UIControl, UIAction or UITextField: write "
                    "`canImport(UIKit) && !os(watchOS)`")
            if kind == "if":
                conditions.append(condition)
            elif kind in ("elseif", "else") and conditions:
                conditions[-1] = condition if kind == "elseif" else "else"
            elif kind == "endif" and conditions:
                conditions.pop()
            continue
        not_built_on_apple = any(NON_APPLE.match(c) for c in conditions)
        tokens = re.finditer(
            r"@available\s*\(([^)]*)\)|(if|guard)\s+#available\s*\(([^)]*)\)|#available\s*\(([^)]*)\)|[{}]",
            line)
        events = list(tokens)
        # Uses on this line are checked against what is in force where they stand.
        for pattern, name, needed in list(APIS) + list(apis):
            for use in pattern.finditer(line):
                if not_built_on_apple:
                    continue
                in_force = [a for scope in scopes for a in scope]
                in_force += [p for p, start in pending]
                # An opening check earlier on this same line counts too.
                for event in events:
                    if event.start() >= use.start():
                        break
                    found = versions(event.group(1) or event.group(3) or event.group(4) or "")
                    if found:
                        in_force.append(found)
                if not covers(in_force, needed, floor):
                    need = ", ".join(f"{p} {_text(needed[p])}" for p in APPLE)
                    findings.append(
                        f"{path}:{line_number}: error: {use.group(0).strip()} ({name}) needs "
                        f"{need}, above the package's minimums: mark the declaration "
                        f"`@available({need}, *)` or check `#available` first")
        for event in events:
            text = event.group(0)
            arguments = event.group(1) if event.group(1) is not None else (
                event.group(3) if event.group(3) is not None else event.group(4))
            if arguments is not None:
                found = versions(arguments)
                if found and all(found[p] <= floor[p] for p in found):
                    findings.append(
                        f"{path}:{line_number}: error: `{text}` asks for no more than the "
                        "package's minimum platforms, where it is always true (a warning on "
                        "Apple platforms): remove it")
                if not found:
                    continue
                if event.group(2) == "guard":
                    scopes[-1].append(found)
                else:
                    pending.append((found, line_number))
            elif text == "{":
                scopes.append([p for p, _ in pending])
                pending = []
            elif text == "}":
                if len(scopes) > 1:
                    scopes.pop()
    return findings


def check_paths(paths, floor):
    files = []
    for root in paths:
        root = Path(root)
        files += [root] if root.is_file() else sorted(root.rglob("*.swift"))
    sources = {file: file.read_text() for file in files}
    apis = declared_apis(sources)
    findings = []
    for file, source in sources.items():
        module, _ = module_of(file)
        visible = [entry for where, entry in apis if where is None or where == module]
        findings += check_source(source, file, floor, visible)
    return findings


def main(arguments):
    if len(arguments) < 2:
        print(__doc__)
        return 2
    floor = minimums(arguments[0])
    findings = check_paths(arguments[1:], floor)
    for finding in findings:
        print(finding)
    print(f"availability check: {len(findings)} finding(s) in {', '.join(arguments[1:])}")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
