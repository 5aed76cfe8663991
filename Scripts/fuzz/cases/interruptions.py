"""Runs stopped half-way: SIGTERM during verify, SIGINT during record, kill -9
during record followed by another record, two SIGINTs during a review at several
moments. Goldens stay whole, the old report stays, nothing is left behind."""

import os
import signal
import tempfile
import time

from harness import LEFTOVER, Case, tree
from projects import committed, darkroom_quietly, edit, showcase_project, then


def signal_when_started(number, delay=0.4):
    def during(process, folder):
        time.sleep(delay)
        process.send_signal(number)
    return during


def review_folders():
    scratch = tempfile.gettempdir()
    return {name for name in os.listdir(scratch) if name.startswith("darkroom-review-")}


def signal_twice_when_started(number, delay=0.4):
    def during(process, folder):
        time.sleep(delay)
        process.send_signal(number)
        time.sleep(0.05)
        process.send_signal(number)
    return during


def no_review_folder_left(before):
    def after(folder, binary, result):
        left = review_folders() - before
        return [f"review left {sorted(left)} in {tempfile.gettempdir()}"] if left else []
    return after


def report_kept(folder, binary, result):
    """After a signal: the first run's report, whole (the setup made it)."""
    index = os.path.join(folder, ".darkroom", "report", "index.html")
    if not os.path.isfile(index):
        return ["the old report is gone"]
    return []


def killed_record_then_cleaned(folder, binary, result):
    """After kill -9 during record: the next record removes what the first left."""
    darkroom_quietly(binary, folder, "record")
    left = [p for p in tree(folder) if LEFTOVER.search(os.path.basename(p))]
    return [f"the next record left {left[:5]}"] if left else []


def verified_then_changed(folder, binary):
    darkroom_quietly(binary, folder, "verify")
    edit("Layouts/theme.yml", 'blue40: "#3c64f4"', 'blue40: "#3c64f5"')(folder, binary)


def cases():
    bluer = edit("Layouts/theme.yml", 'blue40: "#3c64f4"', 'blue40: "#3c64f5"')
    cases = [
        Case("15 SIGTERM during verify", ["verify"], [143], "stopped by SIGTERM", seconds=10,
             setup=then(showcase_project(), verified_then_changed), during=signal_when_started(signal.SIGTERM),
             after=report_kept),
        Case("15 SIGINT during record", ["record"], [130], "stopped by SIGINT", seconds=10,
             setup=then(showcase_project(), bluer), during=signal_when_started(signal.SIGINT)),
        Case("15 kill -9 during record, then record", ["record"], [-9], seconds=10,
             setup=then(showcase_project(), bluer),
             during=signal_when_started(signal.SIGKILL, 0.8), after=killed_record_then_cleaned),
    ]
    # The second signal lands in a different step at each delay: exporting the
    # base, drawing it, removing the scratch folder on the first signal's way out.
    for delay in [0.2, 0.35, 0.45, 0.5, 0.55]:
        cases.append(Case(f"15 two SIGINTs during review, {delay} s in", ["review", "--base", "main"], [130], seconds=10,
             setup=then(showcase_project(), committed, bluer),
             during=signal_twice_when_started(signal.SIGINT, delay), after=no_review_folder_left(review_folders())))
    return cases
