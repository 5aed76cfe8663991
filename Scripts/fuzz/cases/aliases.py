"""Aliases that would expand without bound: YAML alias bombs used as mapping keys,
and design-token aliases that form a cycle."""

from harness import Case
from projects import BLACK, BOX, small_project, then, write


def cases():
    bomb = "a: &a [x,x,x,x,x,x,x,x,x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [" + ",".join([f"*{chr(97 + i)}"] * 9) + "]\n" for i in range(8))
    tokens = ",\n".join(f'  "t{i}": {{ "$value": "{{t{(i + 1) % 1500}}}" }}' for i in range(1500))
    tokens = "{\n" + tokens + ',\n  "end": { "$type": "color", "$value": "{t0}" }\n}\n'
    return [
        Case("4 alias bomb as a key (layout)", ["render", "--out", "out"], [2], "an alias may not be a mapping key",
             setup=small_project(BLACK, {"a": bomb + "? *i\n: 1\nsize: [10, 10]\nroot: spacer\n"})),
        Case("4 alias bomb as a key (theme)", ["render", "--out", "out"], [2], "an alias may not be a mapping key",
             setup=small_project(bomb + "*i : 1\n" + BLACK, {"a": BOX})),
        Case("6 1500 untyped token aliases in a cycle", ["render", "--out", "out"], [2], "aliases form a cycle",
             setup=then(small_project("sources:\n  - tokens.json\n", {"a": "size: [10, 10]\nroot: spacer\n"}),
                        lambda folder, binary: write(folder, "Layouts/tokens.json", tokens))),
    ]
