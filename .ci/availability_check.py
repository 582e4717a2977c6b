#!/usr/bin/env python3
"""Checks that Swift code names no Apple API newer than the package's minimum platforms unless
an `@available` or `#available` at least as new covers it, that `canImport(UIKit)` leaves out
watchOS (whose UIKit has no UIControl), and that no availability check is at or below the
minimums (a warning on Apple, an error under warnings-as-errors).

A lexical check, not a compiler: comments and string literals are skipped; an `@available`
covers the declaration whose body is the next `{` (its signature and body), `if #available`
its first branch, `guard #available` the rest of its scope; code under `#if canImport(Glibc)`,
`canImport(Musl)`, `os(Linux)` and the like is never built on Apple platforms and is not
checked. A system API counts only in a file that imports its module (RxSwift's `Observable`
is not Observation's). The types the checked code declares with an `@available` are checked
where they are used, in the same test target or anywhere for a library's.

What it does not see: an `@available` on a declaration without a body (a protocol
requirement, a stored property) covers the next `{` instead; `@available` functions and
properties of the checked code are not followed to their uses; `#unavailable` is not
understood; `canImport(UIKit)` is flagged even around UIKit types that watchOS has.

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
# (pattern, name, versions needed, the import that brings it, or None for the standard library).
# A name a file uses without that import is another type (RxSwift's `Observable`, a home-made
# `Mutex`), not the system's.
APIS = [
    (re.compile(r"\bObservable\b"), "Observation's Observable", OBSERVATION, "Observation"),
    (re.compile(r"\b(ObservationRegistrar|withObservationTracking|ObservationIgnored|"
                r"ObservationTracked|Bindable)\b"), "Observation", OBSERVATION, "Observation"),
    (re.compile(r"\b(Mutex|Atomic)\s*[<(]"), "Synchronization", SYNCHRONIZATION,
     "Synchronization"),
    (re.compile(r"\bTask\s*(<[^>]*>)?\s*\.\s*immediate(Detached)?\b|\baddImmediateTask\w*\b"),
     "Task.immediate", OS26, None),
]

# The modules that bring each one (SwiftUI re-exports Observation).
IMPORTS = {"Observation": ("Observation", "SwiftUI"), "Synchronization": ("Synchronization",)}

# SwiftPM's minimums where a manifest names none (tools version 6.2).
DEFAULT_MINIMUMS = {"iOS": (12, 0), "macOS": (10, 13), "tvOS": (12, 0), "watchOS": (4, 0),
                    "visionOS": (1, 0)}

NON_APPLE_TERM = re.compile(
    r"^(canImport\((Glibc|Musl|WinSDK|Android)\)|os\((Linux|Windows|Android|WASI|FreeBSD|"
    r"OpenBSD)\)|!canImport\(Darwin\)|!os\((macOS|iOS)\))$")


def is_non_apple(condition):
    """Whether code under `#if condition` is never built for an Apple platform: each of its
    `||` alternatives is a non-Apple one."""
    terms = []
    for term in condition.replace(" ", "").split("||"):
        while term.startswith("(") and term.endswith(")"):
            term = term[1:-1]
        terms.append(term)
    return bool(terms) and all(NON_APPLE_TERM.match(term) for term in terms)


def minimums(package_swift):
    """The minimum Apple platforms a Package.swift names: `.iOS(.v16)` gives iOS 16."""
    text = Path(package_swift).read_text()
    found = {}
    for platform, major, minor in re.findall(
            r"\.(iOS|macOS|tvOS|watchOS|visionOS)\(\.v(\d+)(?:_(\d+))?", text):
        found[platform] = (int(major), int(minor or 0))
    return {platform: found.get(platform, DEFAULT_MINIMUMS[platform]) for platform in APPLE}


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


def join_availability(code):
    """`code` with each `@available(...)` and `#available(...)` on one line (swift-format wraps
    long ones): the line breaks inside move after its closing parenthesis, so lines keep their
    numbers but for that one."""
    def one_line(match):
        text = match.group(0)
        return text.replace("\n", " ") + "\n" * text.count("\n")
    return re.sub(r"[@#](?:un)?available\s*\([^)]*\)", one_line, code)


def check_source(source, path, floor, apis=()):
    """The findings in one file's text, as 'path:line: error: message' strings; `apis` adds to
    the APIs that need a check (see ``declared_apis``)."""
    code = join_availability(blank_comments_and_strings(source))
    imported = set(re.findall(
        r"^[ \t]*(?:@\w+[ \t]+)*import[ \t]+(?:(?:struct|class|enum|protocol|func|var|let|"
        r"typealias)[ \t]+)?(\w+)", code, re.M))
    apis = [(pattern, name, needed) for pattern, name, needed, module in APIS
            if module is None or imported & set(IMPORTS[module])] + list(apis)
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
                    r"!\s*os\(watchOS\)|\bos\((iOS|tvOS|visionOS)\)", condition):
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
        not_built_on_apple = any(is_non_apple(c) for c in conditions)
        tokens = re.finditer(
            r"@available\s*\(([^)]*)\)|(if|guard)\s+#available\s*\(([^)]*)\)|#available\s*\(([^)]*)\)|[{}]",
            line)
        events = list(tokens)
        # Uses on this line are checked against what is in force where they stand.
        for pattern, name, needed in apis:
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
                redundant = [p for p in (found or {}) if found[p] <= floor[p]]
                if redundant and text.lstrip().startswith(("#", "if", "guard")):
                    findings.append(
                        f"{path}:{line_number}: error: `{text}` checks {', '.join(redundant)} at "
                        "or below the package's minimum platforms, where it is always true (a "
                        "warning on Apple platforms): leave those platforms out")
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
