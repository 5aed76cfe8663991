"""Damaged goldens: a file cut after its digest (verify stops, record repairs it),
and a folder where a golden belongs."""

import os

from harness import Case
from projects import edit, fixture_project, then


def cut_after_digest(folder, binary):
    path = os.path.join(folder, "Golden/card/dark.png")
    with open(path, "rb") as f:
        data = f.read()
    with open(path, "wb") as f:
        f.write(data[: data.index(b"IDAT") - 4])


def golden_made_a_folder(folder, binary):
    path = os.path.join(folder, "Golden/card/light.png")
    os.remove(path)
    os.makedirs(path)


def cases():
    return [
        Case("8 golden cut after its digest", ["verify"], [2], "the golden is damaged: no image data",
             setup=then(fixture_project, cut_after_digest)),
        Case("8 record repairs a cut golden", ["record"], [0], "repairs a damaged file",
             setup=then(fixture_project, cut_after_digest)),
        Case("11 a folder where a golden belongs", ["record"], [2], "expected a file, found a folder",
             setup=then(fixture_project, edit("Layouts/theme.yml", 'blue40: "#3c64f4"', 'blue40: "#3c64f5"'),
                        golden_made_a_folder)),
    ]
