"""Arguments that would select nothing or write where they must not: empty mode
lists, a mode whose scale passes the pixel limit, a diff written to a FIFO, goldens
recorded into a folder of someone else's files."""

import os

from harness import Case
from projects import BLACK, fixture_project, small_project, then, write


def cases():
    return [
        Case("9 --modes ''", ["verify", "--modes", ""], [2], "--modes names no mode", setup=fixture_project),
        Case("9 --modes ',,,'", ["record", "--modes", ",,,"], [2], "--modes names no mode", setup=fixture_project),
        Case("10 a mode's scale past the limit", ["record"], [2], "in mode 'big' size × scale (@4x)",
             setup=small_project(BLACK + "modes:\n  light: {}\n  big: { scale: 4 }\n",
                                 {"a": "size: [4096, 2000]\nscale: 1\nroot:\n  box: { fill: c0 }\n"})),
        Case("13 diff --out a FIFO", ["diff", "Golden/card/dark.png", "Golden/card/light.png", "--out", "pipe"], [2],
             "not a regular file", setup=then(fixture_project, lambda folder, binary: os.mkfifo(os.path.join(folder, "pipe")))),
        Case("13 record into a folder of other files", ["record", "--golden", "Elsewhere"], [2], "refusing to write goldens",
             setup=then(fixture_project, lambda folder, binary: write(folder, "Elsewhere/notes.txt", "mine"))),
    ]
