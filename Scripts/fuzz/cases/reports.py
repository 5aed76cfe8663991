"""Shards' reports given to merge-reports: numbers past every range, names that
climb out of the output folder, a link inside a report."""

import os

from harness import Case
from projects import darkroom_quietly, edit, fixture_project, then, write


def sharded_reports(folder, binary):
    fixture_project(folder, binary)
    darkroom_quietly(binary, folder, "verify", "--sheets", "--shard", "1/2", "--report", "r1")
    darkroom_quietly(binary, folder, "verify", "--sheets", "--shard", "2/2", "--report", "r2")


def link_in_report(folder, binary):
    write(folder, "secret.txt", "not for the report")
    victim = os.path.join(folder, "r1", "card", "dark.thumb.png")
    os.remove(victim)
    os.symlink(os.path.join(folder, "secret.txt"), victim)


def cases():
    results = "r1/results.json"
    merge = ["merge-reports", "r1", "r2", "--out", "all"]
    return [
        Case("3 shard 2/9223372036854775807", merge, [2], "a shard is K/N",
             setup=then(sharded_reports, edit(results, '"shard" : "1\\/2"', '"shard" : "2\\/9223372036854775807"'))),
        Case("3 scale 1e308", merge, [2], "scales are 1 to 4",
             # The fixture draws at one pixel a point.
             setup=then(sharded_reports, edit(results, '"scale" : 1', '"scale" : 1e308'))),
        Case("14 layout ../../../outside/pwned", merge, [2], "not a file name",
             setup=then(sharded_reports, edit(results, '"layout" : "badge"', '"layout" : "..\\/..\\/..\\/outside\\/pwned"'))),
        Case("14 a link inside a shard's report", merge, [2], "found a link",
             setup=then(sharded_reports, link_in_report)),
    ]
