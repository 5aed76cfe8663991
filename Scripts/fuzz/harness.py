"""The fuzzer's harness: run the release darkroom on a project, and judge the run.

Every run must exit 0, 1 or 2 (130/143 when signalled), within its time bound and
500 MB of memory, and on exit 2 print one error line and write nothing. Goldens
change only under record, and no temporary, staging folder or lock is left behind.
"""

import hashlib
import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHOWCASE = os.path.join(ROOT, "Layouts")
SHOWCASE_GOLDEN = os.path.join(ROOT, "Golden")
FIXTURES = os.path.join(ROOT, "Tests", "DarkroomTests", "Fixtures")

# The bounds for bad input, and a kill for what would otherwise hang.
SECONDS = 2.0
MEGABYTES = 500
HANG_SECONDS = 30
# Leftovers a run must never leave behind: temporaries, staging folders, locks.
LEFTOVER = re.compile(r"(\.tmp$|\.darkroom-\d+|staging-|\.old-\d+|\.nosync|\.darkroom\.lock$)")


class Run:
    """One finished run of darkroom: status, wall time, peak memory, output."""

    def __init__(self, status, seconds, megabytes, stdout, stderr, killed):
        self.status, self.seconds, self.megabytes = status, seconds, megabytes
        self.stdout, self.stderr, self.killed = stdout, stderr, killed


def run(binary, args, cwd, during=None, extra_env=None):
    """Runs darkroom with its own peak memory (wait4's rusage for this child alone).

    `during(process)` runs in a thread while it works (to signal it); `extra_env`
    adds variables (GITHUB_ACTIONS)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        env = dict(os.environ, CI="1", **(extra_env or {}))
        env.pop("DARKROOM_RECORD", None)
        start = time.monotonic()
        process = subprocess.Popen([binary] + args, cwd=cwd, stdout=out, stderr=err, stdin=subprocess.DEVNULL, env=env)
        killed = []

        def kill():
            killed.append(True)
            process.kill()

        timer = threading.Timer(HANG_SECONDS, kill)
        timer.start()
        helper = threading.Thread(target=during, args=(process,)) if during else None
        if helper:
            helper.start()
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.monotonic() - start
        timer.cancel()
        process.returncode = os.waitstatus_to_exitcode(status)
        if helper:
            helper.join()
        out.seek(0)
        err.seek(0)
        return Run(
            process.returncode, seconds, usage.ru_maxrss / 1024,
            out.read().decode("utf-8", "replace"), err.read().decode("utf-8", "replace"), bool(killed))


def tree(folder):
    """Every path under `folder` with its kind, and a file's or link's content."""
    state = {}
    for parent, folders, files in os.walk(folder):
        for name in folders + files:
            path = os.path.join(parent, name)
            relative = os.path.relpath(path, folder)
            if os.path.islink(path):
                state[relative] = ("link", os.readlink(path))
            elif os.path.isdir(path):
                state[relative] = ("folder", None)
            elif os.path.isfile(path):
                with open(path, "rb") as f:
                    state[relative] = ("file", hashlib.sha1(f.read()).hexdigest())
            else:
                state[relative] = ("other", None)
    return state


def changes(before, after, under=""):
    """The paths (under a prefix) that differ between two trees."""
    paths = set(before) | set(after)
    return sorted(p for p in paths if p.startswith(under) and before.get(p) != after.get(p))


class Case:
    """A project, a command, and what the run may do."""

    def __init__(self, name, args, statuses=(0, 1, 2), says=None, seconds=SECONDS, setup=None, during=None, after=None,
                 alone=True, env=None):
        self.name, self.args, self.statuses, self.says = name, args, set(statuses), says
        self.env = env
        self.seconds, self.setup, self.during, self.after = seconds, setup, during, after
        # Whether this run is the only writer of its folder (else its writes are not judged).
        self.alone = alone
        self.damages = []


def judge(case, folder, result, before, after):
    """The ways a finished run broke the rules, as sentences (none: it held)."""
    problems = []
    signalled = {130, 143}
    if result.killed:
        return [f"hung: killed after {HANG_SECONDS} s"]
    if result.status == -signal.SIGKILL and result.status in case.statuses:
        return []  # killed on purpose: what it leaves is for the next run (the case's `after`)
    if result.status < 0:
        return [f"crashed with signal {-result.status}: {result.stderr.strip()[-300:]}"]
    if result.status not in case.statuses:
        problems.append(f"exit {result.status}, expected {sorted(case.statuses)}: {result.stderr.strip()[:300]}")
    if result.seconds > case.seconds:
        problems.append(f"took {result.seconds:.2f} s, bound {case.seconds:.1f} s")
    if result.megabytes > MEGABYTES:
        problems.append(f"peak memory {result.megabytes:.0f} MB, bound {MEGABYTES} MB")
    if case.says and case.says not in result.stdout + result.stderr:
        problems.append(f"the output lacks {case.says!r}: {(result.stdout + result.stderr).strip()[-300:]}")
    if "Fatal error" in result.stderr or "Stack dump" in result.stderr:
        problems.append("a Swift runtime trap: " + result.stderr.strip()[:300])
    if result.status == 2:
        errors = [line for line in result.stderr.splitlines() if "error:" in line]
        if len(errors) != 1 or not result.stderr.rstrip("\n").splitlines()[-1:] == errors:
            problems.append(f"exit 2 without exactly one error line, last: {result.stderr.strip()[-300:]!r}")
        written = changes(before, after)
        if written and case.alone:
            problems.append(f"exit 2 but wrote {written[:5]}")
    command = case.args[0] if case.args else ""
    if command != "record" and "--record" not in case.args:
        golden = changes(before, after, "Golden")
        if golden:
            problems.append(f"{command} changed goldens: {golden[:5]}")
    if result.status in signalled:
        report = changes(before, after, ".darkroom/report")
        if report and any(after.get(p) and before.get(p) for p in report):
            problems.append(f"a signalled run changed the old report: {report[:5]}")
    leftovers = [p for p in after if LEFTOVER.search(os.path.basename(p)) and p not in before]
    if leftovers:
        problems.append(f"left behind {leftovers[:5]}")
    return problems


def execute(binary, case, keep, retries=1):
    """Builds the case's project, runs it and judges the run; a run only over its
    time bound is tried once more, as a loaded machine is not a slow program."""
    folder = tempfile.mkdtemp(prefix="darkroom-fuzz-")
    try:
        if case.setup:
            case.setup(folder, binary)
        before = tree(folder)
        result = run(binary, case.args, folder, (lambda p: case.during(p, folder)) if case.during else None, case.env)
        after = tree(folder)
        problems = judge(case, folder, result, before, after)
        if case.after and not problems:
            problems += case.after(folder, binary, result)
        if problems and retries and all(p.startswith("took ") for p in problems):
            shutil.rmtree(folder, ignore_errors=True)
            return execute(binary, case, keep, retries - 1)
        if problems and keep:
            kept = os.path.join(keep, re.sub(r"[^A-Za-z0-9._-]", "_", case.name))
            shutil.rmtree(kept, ignore_errors=True)
            shutil.copytree(folder, kept, symlinks=True)
            problems.append(f"kept in {kept}; rerun: cd {kept} && {binary} {' '.join(case.args)}")
        return result, problems
    finally:
        shutil.rmtree(folder, ignore_errors=True)
