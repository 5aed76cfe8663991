"""Hostile Swift colour sources (`sources:` naming .swift files): files meant to
exhaust the reader's stack, memory or time, or to leave Swift's lexical grammar.
Each must end in a located error or a skipped colour, within the bounds."""

import os
import random

from harness import FIXTURES, Case
from projects import copy, small_project

THEME = "sources:\n  - Palette.swift\ncolors:\n  c0: \"#000000\"\n"
USES = "size: [10, 10]\nroot:\n  box: { fill: H.c }\n"
BOX = "size: [10, 10]\nroot:\n  box: { fill: c0 }\n"


def swift_project(swift, layout=BOX):
    """A theme over Palette.swift, whose text is `swift`, and one layout."""
    def setup(folder, binary):
        small_project(THEME, {"a": layout})(folder, binary)
        with open(folder + "/Layouts/Palette.swift", "w") as f:
            f.write(swift)
    return setup


def damaged_fixture(index):
    """The Swift-source fixture project with one of its files damaged (seeded)."""
    from cases.mutations import mutate_text
    rng = random.Random(53_000 + index)
    base = os.path.join(FIXTURES, "swift-sources")
    victims = sorted(os.path.relpath(os.path.join(p, f), base)
                     for folder in ("Layouts", "DesignSystem") for p, _, fs in os.walk(os.path.join(base, folder)) for f in fs)
    victim = rng.choice(victims)

    def setup(folder, binary):
        copy(base + "/Layouts", folder, "Layouts")
        copy(base + "/DesignSystem", folder, "DesignSystem")
        path = os.path.join(folder, victim)
        with open(path, "rb") as f:
            data = f.read()
        for _ in range(rng.randint(1, 3)):
            data, _ = mutate_text(data, rng)
        with open(path, "wb") as f:
            f.write(data)
    return Case(f"S-damage {index}: {victim}", ["render", "--out", "out"], [0, 2], setup=setup)


def cases():
    deep = 200_000
    return [
        Case("S1 200,000 nested parentheses in a colour", ["render", "--out", "out"], [2],
             "colour 'H.c' has no value", setup=swift_project(
                 "enum H {\n  static let c: Color = " + "(" * deep + ".red" + ")" * deep + "\n}\n", USES)),
        Case("S2 a sum of 300,000 terms", ["render", "--out", "out"], [2], "colour 'H.c' has no value",
             setup=swift_project("enum H {\n  static let c = Color(red: " + "0 + " * 300_000 + "0, green: 0, blue: 0)\n}\n", USES)),
        Case("S3 a chain of 200,000 .opacity calls", ["render", "--out", "out"], [2], "nests more than 96 deep",
             setup=swift_project("enum H {\n  static let c = Color.red" + ".opacity(1)" * 200_000 + "\n}\n", USES)),
        Case("S4 100,000 nested types", ["render", "--out", "out"], [2], "types nest more than 64 deep",
             setup=swift_project("struct S {\n" * 100_000 + "}\n" * 100_000)),
        Case("S5 an unterminated nested comment", ["render", "--out", "out"], [2], "Palette.swift:1:1: error: unterminated '/*' comment",
             setup=swift_project("/* " * 100_000)),
        Case("S6 an unterminated string of 10 MB", ["render", "--out", "out"], [2], "unterminated string literal",
             setup=swift_project("let s = \"" + "a" * 10_000_000)),
        Case("S7 1e309, 0/0 and a division by zero", ["render", "--out", "out"], [2], "is not a finite number",
             setup=swift_project("enum H {\n  static let c = Color(red: 1e309 - 1e309, green: 0 / 0, blue: 1 / 0)\n}\n", USES)),
        Case("S8 more tokens than any palette", ["render", "--out", "out"], [2], "far more than a colour file",
             setup=swift_project("a;" * 1_100_000)),
        Case("S9 interpolations 1,000 deep", ["render", "--out", "out"], [2], "interpolations nest more than 16 deep",
             setup=swift_project("let s = " + "\"\\(" * 1000 + "1" + ")\"" * 1000 + "\n")),
        Case("S10 a name of 1 MB and a catalog name of 1 MB", ["render", "--out", "out"], [0, 2],
             setup=swift_project("enum H {\n  static let " + "n" * 1_000_000 + " = Color(\"" + "x" * 1_000_000 + "\")\n}\n")),
        Case("S11 a chain of 100,000 helpers calling helpers", ["render", "--out", "out"], [2], "colour 'H.c' has no value",
             setup=swift_project("".join(f"func f{i}() -> Color {{ f{i + 1}() }}\n" for i in range(100_000))
                                 + "func f100000() -> Color { .red }\nenum H {\n  static let c = f0()\n}\n", USES)),
        Case("S12 100,000 colours naming the next", ["render", "--out", "out"], [2],
             "more than 20000 colour properties", setup=swift_project(
                 "enum H {\n" + "".join(f"  static let c{i} = c{i + 1}\n" for i in range(100_000)) + "  static let c100000 = Color.red\n}\n")),
    ] + [damaged_fixture(index) for index in range(24)]
