#!/usr/bin/env python3
"""The review benchmark: one palette colour changed across 1,605 snapshots.

Builds, in a git repository, the project a team with many screens has: the
showcase's five iPhone screens (cells, dashboard, feed, markets, orders), 40 copies
of each with different text, in every mode and locale (orders in four locales), and
the palette sheet: 1,605 snapshots. With each binary given, one after another, it
measures (wall seconds, median of --runs each):

  verify   a cold `darkroom verify --no-cache` of the unchanged project against
           goldens the same binary recorded (untimed) in a folder of its own: the
           peer review is measured against;
  same     `darkroom review --base HEAD --no-cache` with nothing changed;
  review   the same after one palette colour changed in the work tree (`blue40`
           #3c64f4 → #3a5ef0): the report measured below is this one's;
  images   a cold `darkroom verify --no-cache` of the changed work tree against the
           goldens of the unchanged one: verify plus the report images of every
           snapshot that changed, made once; the bound for review with a change is
           2 × verify + (images − verify);
  warm     that review with the warm cache, run twice (the cache emptied first):
           the second run's time, which reuses what the first drew;
  report   bytes and files of the report folder;
  paint    first contentful paint and largest contentful paint of the report's
           index.html in headless Chromium (through chromedriver, a new session each
           time, median of --paints), beside the same for the report of the
           60-snapshot showcase with the same change, drawn by the same binary in
           the same run; the ratio of the two is the goal (at most 1.5).

The ratios review/verify (nothing changed, one colour changed, the warm second
run) are printed per binary: the goal is at most 2 with nothing changed.

Speed is measured here on a release build, never asserted in a test.

    swift build -c release --product darkroom
    python3 Benchmarks/review-scale.py [--binary NAME=PATH ...] [--runs 1] [--paints 3] [--keep DIR]
"""

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCREENS = ["cells", "dashboard", "feed", "markets", "orders"]
COPIES = 40
CHANGE = ('blue40: "#3c64f4"', 'blue40: "#3a5ef0"')
DRIVER = "/usr/bin/chromedriver"
BROWSER = "/usr/bin/chromium"


def git(folder, *args):
    subprocess.run(["git", "-c", "user.name=bench", "-c", "user.email=bench@example.invalid", *args], cwd=folder,
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def different_text(source, n):
    """The layout with its first written text (or the orders screen's customer name) changed."""
    tag = f"#{n:02d} "
    changed, count = re.subn(r'((?:text|title): ")', lambda m: m.group(1) + tag, source, count=1)
    if count == 0:
        changed, count = re.subn(r"Ada Lovelace", f"Ada Lovelace {n:02d}", source, count=1)
    if count == 0:
        sys.exit("review-scale: a screen has no text to change")
    return changed


def build_large(folder):
    layouts = os.path.join(folder, "Layouts")
    os.makedirs(layouts)
    for name in ["theme.yml", "Localizable.xcstrings"]:
        shutil.copy(os.path.join(ROOT, "Layouts", name), layouts)
    shutil.copytree(os.path.join(ROOT, "Layouts", "images"), os.path.join(layouts, "images"))
    for screen in SCREENS:
        source = open(os.path.join(ROOT, "Layouts", f"{screen}.yml"), encoding="utf-8").read()
        for n in range(COPIES):
            with open(os.path.join(layouts, f"{screen}-{n:02d}.yml"), "w", encoding="utf-8") as out:
                out.write(different_text(source, n))
    commit_and_change(folder)


def build_showcase(folder):
    os.makedirs(folder)
    shutil.copytree(os.path.join(ROOT, "Layouts"), os.path.join(folder, "Layouts"))
    commit_and_change(folder)


def commit_and_change(folder):
    git(folder, "init", "-q")
    git(folder, "add", "-A")
    git(folder, "commit", "-q", "-m", "base")
    theme = os.path.join(folder, "Layouts", "theme.yml")
    if CHANGE[0] not in open(theme, encoding="utf-8").read():
        sys.exit("review-scale: the theme no longer defines blue40 as #3c64f4")
    change(folder, True)


def change(folder, changed):
    """The palette change made in the work tree, or undone."""
    theme = os.path.join(folder, "Layouts", "theme.yml")
    text = open(theme, encoding="utf-8").read()
    old, new = CHANGE if changed else CHANGE[::-1]
    open(theme, "w", encoding="utf-8").write(text.replace(old, new))


def timed(arguments, folder, expected):
    """Wall seconds of a darkroom run and its last line; exits unless its status is `expected`."""
    start = time.monotonic()
    done = subprocess.run(arguments, cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          env=dict(os.environ, CI="1"))
    seconds = time.monotonic() - start
    if done.returncode != expected:
        sys.exit(f"review-scale: {' '.join(arguments)} exited {done.returncode}, expected {expected}:\n"
                 f"{done.stdout.decode()[-2000:]}{done.stderr.decode()[-2000:]}")
    lines = done.stdout.decode().strip().splitlines()
    return seconds, lines[-1] if lines else ""


def review(binary, folder, report, expected=1, cache=False):
    shutil.rmtree(os.path.join(folder, report), ignore_errors=True)
    return timed([binary, "review", "--base", "HEAD", "--report", report] + ([] if cache else ["--no-cache"]),
                 folder, expected)


def verify(binary, folder, name, expected=0):
    """A cold verify against goldens this binary recorded of the unchanged project."""
    golden = f"Golden-{name}"
    if not os.path.isdir(os.path.join(folder, golden)):
        timed([binary, "record", "--golden", golden, "--no-cache"], folder, 0)
    shutil.rmtree(os.path.join(folder, f"verify-{name}"), ignore_errors=True)
    return timed([binary, "verify", "--golden", golden, "--no-cache", "--report", f"verify-{name}"], folder, expected)


def folder_size(path):
    total, files = 0, 0
    for parent, _, names in os.walk(path):
        for name in names:
            total += os.path.getsize(os.path.join(parent, name))
            files += 1
    return total, files


class Chromium:
    """chromedriver over its HTTP protocol: a new browser session per measurement."""

    def __init__(self):
        self.port = 21000 + os.getpid() % 20000
        self.process = subprocess.Popen([DRIVER, f"--port={self.port}"], stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        for _ in range(100):
            try:
                if self.call("GET", "/status")["ready"]:
                    return
            except OSError:
                pass
            time.sleep(0.1)
        sys.exit("review-scale: chromedriver did not start")

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=300) as answer:
                return json.load(answer)["value"]
        except urllib.error.HTTPError as error:
            sys.exit(f"review-scale: chromedriver {method} {path}: {error.read().decode()[:500]}")

    def paint(self, url):
        """First contentful and largest contentful paint of a fresh load, in seconds."""
        options = {"binary": BROWSER, "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                                               "--window-size=1400,1000", "--disable-dev-shm-usage"]}
        session = self.call("POST", "/session", {"capabilities": {"alwaysMatch": {
            "goog:chromeOptions": options, "pageLoadStrategy": "none"}}})["sessionId"]
        try:
            self.call("POST", f"/session/{session}/timeouts", {"script": 240000, "pageLoad": 240000})
            self.call("POST", f"/session/{session}/url", {"url": url})
            script = {"script": """
                const done = arguments[0];
                let lcp = 0;
                new PerformanceObserver(l => { for (const e of l.getEntries()) lcp = Math.max(lcp, e.startTime); })
                  .observe({type: 'largest-contentful-paint', buffered: true});
                const check = () => {
                  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
                  if (fcp && document.readyState !== 'loading') {
                    // LCP settles once the first screen's text and images have drawn; on
                    // busy cores a late heading comes more than 1.5 s after the first paint,
                    // and a shorter wait would miss it (and report the early paint).
                    setTimeout(() => done([fcp.startTime, lcp]), 5000);
                  } else setTimeout(check, 20);
                };
                check();
            """, "args": []}
            fcp, lcp = self.call("POST", f"/session/{session}/execute/async", script)
            return fcp / 1000, lcp / 1000
        finally:
            self.call("DELETE", f"/session/{session}")

    def stop(self):
        self.process.kill()
        self.process.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", action="append", default=[],
                        help="NAME=PATH of a darkroom to measure (default: this checkout's release build)")
    parser.add_argument("--runs", type=int, default=1, help="timed reviews per binary; the median is printed")
    parser.add_argument("--paints", type=int, default=3, help="page loads per report; the median is printed")
    parser.add_argument("--keep", help="build the projects here and keep them")
    options = parser.parse_args()
    binaries = [b.split("=", 1) for b in options.binary] or [["this", os.path.join(ROOT, ".build", "release",
                                                                                  "darkroom")]]
    for name, path in binaries:
        if not os.access(path, os.X_OK):
            sys.exit(f"review-scale: no executable for {name} at {path}; swift build -c release --product darkroom")
    for tool in (DRIVER, BROWSER):
        if not os.access(tool, os.X_OK):
            sys.exit(f"review-scale: {tool} is missing; Scripts/install-deps --browser installs it")

    folder = options.keep or tempfile.mkdtemp(prefix="darkroom-review-scale-")
    if options.keep and os.path.exists(folder):
        shutil.rmtree(folder)
    large, showcase = os.path.join(folder, "large"), os.path.join(folder, "showcase")
    chromium = None
    try:
        build_large(large)
        build_showcase(showcase)
        chromium = Chromium()
        print(f"review-scale: {len(SCREENS)} screens × {COPIES} copies in every mode and locale, palette change "
              f"{CHANGE[0]} → {CHANGE[1]}; {os.cpu_count()} cores")
        print(f"{'binary':10} {'verify s':>9} {'same s':>7} {'review s':>9} {'images s':>9} {'warm s':>7} "
              f"{'report MB':>10} "
              f"{'files':>6} {'html KB':>8} {'FCP s':>7} {'LCP s':>7} {'show FCP':>9} {'show LCP':>9} "
              f"{'FCP ×':>6} {'LCP ×':>6}")
        for name, path in binaries:
            path = os.path.abspath(path)
            median = lambda runs: statistics.median(seconds for seconds, _ in runs)
            change(large, False)
            verifies = [verify(path, large, name) for _ in range(options.runs)]
            same = [review(path, large, f"report-{name}", expected=0) for _ in range(options.runs)]
            change(large, True)
            changed = [review(path, large, f"report-{name}") for _ in range(options.runs)]
            images = [verify(path, large, name, expected=1) for _ in range(options.runs)]
            last = changed[-1][1]
            warm = []
            for _ in range(options.runs):
                shutil.rmtree(os.path.join(large, ".darkroom", "cache"), ignore_errors=True)
                review(path, large, f"report-{name}-warm", cache=True)
                warm.append(review(path, large, f"report-{name}-warm", cache=True))
            review(path, showcase, f"report-{name}")
            report = os.path.join(large, f"report-{name}")
            size, files = folder_size(report)
            html = os.path.getsize(os.path.join(report, "index.html"))
            big = [chromium.paint(f"file://{report}/index.html") for _ in range(options.paints)]
            small = [chromium.paint(f"file://{showcase}/report-{name}/index.html") for _ in range(options.paints)]
            fcp, lcp = statistics.median(p[0] for p in big), statistics.median(p[1] for p in big)
            sfcp, slcp = statistics.median(p[0] for p in small), statistics.median(p[1] for p in small)
            cold = median(verifies)
            print(f"{name:10} {cold:9.1f} {median(same):7.1f} {median(changed):9.1f} {median(images):9.1f} "
                  f"{median(warm):7.1f} "
                  f"{size / 1e6:10.1f} {files:6d} {html / 1e3:8.0f} "
                  f"{fcp:7.2f} {lcp:7.2f} {sfcp:9.2f} {slcp:9.2f} {fcp / sfcp:6.2f} {lcp / max(slcp, 1e-3):6.2f}")
            print(f"           review/verify: nothing changed {median(same) / cold:.2f}, one colour changed "
                  f"{median(changed) / cold:.2f}, warm second run {median(warm) / cold:.2f}")
            bound = 2 * cold + (median(images) - cold)
            print(f"           review with a change {median(changed):.1f} s against its bound 2 × verify + images "
                  f"{bound:.1f} s: {median(changed) / bound:.2f}×")
            print(f"           ({last})")
            summary = os.path.join(report, "summary.md")
            print(f"           summary.md {os.path.getsize(summary) / 1e3:.0f} KB")
            sys.stdout.flush()
        return 0
    finally:
        if chromium:
            chromium.stop()
        if not options.keep:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
