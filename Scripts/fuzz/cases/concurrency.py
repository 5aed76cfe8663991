"""Two runs at once: two records of differently coloured copies writing one
Golden/; the goldens must be wholly one run's, and the loser must say why."""

import os
import shutil
import subprocess

from harness import Case
from projects import edit, showcase_project


def two_records(folder, binary):
    """Golden written at once by two records of differently coloured copies."""
    showcase_project(["buttons", "cells"])(folder, binary)
    shutil.copytree(os.path.join(folder, "Layouts"), os.path.join(folder, "Other"))
    edit("Layouts/theme.yml", 'blue40: "#3c64f4"', 'blue40: "#3c64f5"')(folder, binary)
    edit("Other/theme.yml", 'blue40: "#3c64f4"', 'blue40: "#3c64f6"')(folder, binary)


def start_other_record(process, folder):
    other = subprocess.run(
        [process.args[0], "record", "--layouts", "Other"], cwd=folder, capture_output=True, text=True)
    with open(os.path.join(folder, "other.status"), "w") as f:
        f.write(f"{other.returncode}\n{other.stderr}")


def goldens_from_one_run(folder, binary, result):
    """The goldens match one of the two themes wholly, and the loser said why."""
    with open(os.path.join(folder, "other.status")) as f:
        other_status, other_stderr = f.read().split("\n", 1)
    statuses = sorted([result.status, int(other_status)])
    if statuses not in ([0, 0], [0, 2]):
        return [f"two records exited {statuses}: {other_stderr.strip()} {result.stderr.strip()}"]
    if statuses == [0, 2] and "another darkroom is writing Golden/" not in other_stderr + result.stderr:
        return [f"the second record did not name the first: {other_stderr.strip()} {result.stderr.strip()}"]
    verdicts = []
    for layouts in ("Layouts", "Other"):
        check = subprocess.run([binary, "verify", "--layouts", layouts, "--report", "check-" + layouts], cwd=folder,
                               capture_output=True)
        verdicts.append(check.returncode)
    return [] if 0 in verdicts else [f"goldens match neither run (verify: {verdicts})"]


def cases():
    return [
        Case("16 two records on one Golden/", ["record"], [0, 2], seconds=20, setup=two_records,
             during=start_other_record, after=goldens_from_one_run, alone=False),
    ]
