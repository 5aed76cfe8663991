"""Input too deep or too big: colour expressions nested thousands deep, chains of
colours past the limit, thousands of blurred shadows, nested opacity layers, auto
heights past the pixel limit, a palette of hundreds of colours."""

from harness import Case
from projects import BLACK, BOX, nested, small_project


def palette_pages(folder, binary, result):
    pages = sorted({line[2:].split("/")[0] for line in result.stdout.splitlines() if line.startswith("# palette")})
    return [] if pages == ["palette", "palette-2", "palette-3", "palette-4", "palette-5"] else [f"palette pages: {pages}"]


def cases():
    deep_theme = nested(100_000, '"#ffffff"', "darken(", ", 0.01)")
    deep_fill = nested(20_000, '"#ffffff"', "darken(", ", 0.01)")
    chain = lambda n, end: "colors:\n" + "".join(f"  c{i}: c{i + 1}\n" for i in range(n)) + f"  c{n}: {end}\n"
    shadows = "".join("      - box: { width: 10, height: 10, fill: c0, shadow: { color: c0, blur: 200 } }\n" for _ in range(2000))
    opacity = nested(63, "box: { fill: c0 }", "zstack: { opacity: 0.5, children: [ { ", " } ] }")
    palette = "colors:\n" + "".join(f'  p{i}: "#{i:06x}"\n' for i in range(300))
    return [
        Case("1 colour expression 100000 deep (theme)", ["render", "--out", "out"], [2], "nest at most 32",
             setup=small_project(f"colors:\n  c0: '{deep_theme}'\n", {"a": BOX})),
        Case("1 colour expression 20000 deep (fill)", ["render", "--out", "out"], [2], "nest at most 32",
             setup=small_project(BLACK, {"a": f"size: [100, 50]\nroot:\n  box: {{ fill: '{deep_fill}' }}\n"})),
        Case("2 chain of 100000 colours", ["render", "--out", "out"], [2], "at most 2000 semantic colours",
             setup=small_project(chain(100_000, '"#123456"'), {"a": BOX})),
        Case("5 chain of 1999 colours resolves", ["render", "--dump"], [0],
             setup=small_project(chain(1_998, '"#123456"'), {"a": BOX})),
        Case("5 chain of 10000 colours", ["render", "--out", "out"], [2], "at most 2000 semantic colours",
             setup=small_project(chain(10_000, '"#123456"'), {"a": BOX})),
        Case("7 2000 boxes with blur 200", ["render", "--out", "out"], [2], "shadows blur",
             setup=small_project(BLACK, {"a": "size: [390, 844]\nroot:\n  vstack:\n    children:\n" + shadows})),
        Case("7 63 nested opacity groups", ["render", "--out", "out"], [2], "may need up to",
             setup=small_project(BLACK, {"a": f"size: [1024, 1024]\nscale: 4\nroot:\n  {opacity}\n"})),
        Case("7 63 nested opacity groups, small", ["render", "--out", "out"], [0],
             setup=small_project(BLACK, {"a": f"size: [200, 100]\nscale: 2\nroot:\n  {opacity}\n"})),
        Case("12 auto height past the limit warns", ["render", "--dump"], [0], "the snapshot stops at 4096",
             setup=small_project(BLACK + "modes:\n  big: { scale: 4 }\n", {
                 "a": "size: [1000, auto]\nroot:\n  vstack:\n    children:\n"
                      "      - box: { fill: c0, height: 2500 }\n      - box: { fill: c0, height: 2500 }\n"})),
        Case("12 300 colours make a paged palette", ["render", "--dump"], [0], 'text "p299"',
             setup=small_project(palette, {"a": "size: [10, 10]\nroot: spacer\n"}), after=palette_pages),
    ]
