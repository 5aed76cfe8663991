"""What a pull request could spend or run (issue 49), one case per class: a command
the report prints that runs what the pull request names; a format width that builds
megabytes; `fonts vendor` through a link out of the work tree; files under the size
limit that are wide (a flow mapping or list, a string catalog, a property list, an
Android resource file of many elements); a theme that asks for thousands of modes;
raw control characters in a GitHub annotation; a numeric flag out of its range."""

import json
import os
import re
import shutil
import subprocess
import tempfile

from harness import Case
from projects import darkroom_quietly, edit, fixture_project, then, write

# The bound for a file at its size limit: five seconds and 500 MB on two cores.
LIMIT_SECONDS = 5.0
TEXT_BYTES = 16 << 20


def hostile_golden(folder, binary):
    """The fixture with its goldens in a folder named to run a command when pasted,
    named by darkroom.yml, and a palette change every card shows."""
    fixture_project(folder, binary)
    os.rename(os.path.join(folder, "Golden"), os.path.join(folder, "G$(touch PWNED);`touch PWNED2`"))
    write(folder, "darkroom.yml", "golden: 'G$(touch PWNED);`touch PWNED2`'\n")
    edit("Layouts/theme.yml", 'blue40: "#3c64f4"', 'blue40: "#3c64f5"')(folder, binary)


def pasted_commands_run_nothing(folder, binary, result):
    """Every accept command in results.json, pasted into sh with `darkroom` a
    function that prints its words: nothing else runs, and the golden folder
    arrives whole."""
    problems = []
    with open(os.path.join(folder, ".darkroom/report/results.json")) as f:
        outcomes = json.load(f)["outcomes"]
    commands = [o["accept"]["command"] for o in outcomes if (o.get("accept") or {}).get("command")]
    if not commands:
        return ["no accept command in results.json"]
    with tempfile.TemporaryDirectory() as scratch:
        for command in commands:
            script = 'darkroom() { for w in "$@"; do printf "%s\\n" "$w"; done; }\n' + command + "\n"
            out = subprocess.run(["sh", "-c", script], cwd=scratch, capture_output=True, text=True).stdout
            if os.listdir(scratch):
                problems.append(f"pasting {command!r} ran something: {os.listdir(scratch)}")
            if "G$(touch PWNED);`touch PWNED2`" not in out.splitlines():
                problems.append(f"pasting {command!r} did not pass the golden folder whole: {out!r}")
    return problems


def format_bomb(folder, binary):
    fixture_project(folder, binary)
    write(folder, "en.lproj/Localizable.strings", '"title" = "' + "%1$1000000d" * 3000 + '";\n')
    edit("Layouts/theme.yml", "palette:", "strings: [../en.lproj/Localizable.strings]\npalette:")(folder, binary)
    edit("Layouts/card.yml", 'text: "Orders"', "text: { key: title, args: [3] }")(folder, binary)


def vendor_through_link(outside):
    def setup(folder, binary):
        fixture_project(folder, binary)
        subprocess.run(["git", "init", "-q", folder], check=True)
        os.makedirs(outside, exist_ok=True)
        write(outside, "Inter-Regular.otf", "not written by darkroom")
        os.symlink(outside, os.path.join(folder, "Layouts/fonts"))
    return setup


def outside_untouched(outside):
    def after(folder, binary, result):
        try:
            names = sorted(os.listdir(outside))
            with open(os.path.join(outside, "Inter-Regular.otf")) as f:
                kept = f.read() == "not written by darkroom"
        finally:
            shutil.rmtree(outside, ignore_errors=True)
        return [] if names == ["Inter-Regular.otf"] and kept else [f"wrote outside the work tree: {names}"]
    return after


def sized(prefix, item, suffix, separator=",", room=16):
    """`prefix` + items + `suffix`, as many items as fit in the text size limit less `room`."""
    count = (TEXT_BYTES - len(prefix) - len(suffix) - 64) // (len(item(0)) + len(separator) + 2)
    text = prefix + separator.join(item(i) for i in range(count)) + suffix
    while len(text.encode()) > TEXT_BYTES - room:
        count = count * 95 // 100
        text = prefix + separator.join(item(i) for i in range(count)) + suffix
    return text


def wide_layout(make):
    def setup(folder, binary):
        fixture_project(folder, binary)
        write(folder, "Layouts/wide.yml", make())
    return setup


def string_source(path, name):
    """A setup: the fixture with `make()` written at `path` and named in the theme's
    `strings:` as `name` (relative to Layouts/), drawn in English."""
    def source(make):
        def setup(folder, binary):
            fixture_project(folder, binary)
            write(folder, path, make())
            edit("Layouts/theme.yml", "palette:", f"strings: [{name}]\nlocales: [en]\npalette:")(folder, binary)
        return setup
    return source


catalog_project = string_source("Layouts/Localizable.xcstrings", "Localizable.xcstrings")
strings_resource = string_source("res/values/strings.xml", "../res")
stringsdict = string_source("en.lproj/Localizable.stringsdict", "../en.lproj/Localizable.stringsdict")
dot_strings = string_source("en.lproj/Localizable.strings", "../en.lproj/Localizable.strings")


def catalog_at_the_limits():
    """A catalog of as many strings as a file may give, each with a translation: every
    value of it read."""
    strings = {f"key{i}": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": f"v{i}"}}}}
               for i in range(100_000)}
    return json.dumps({"sourceLanguage": "en", "strings": strings, "version": "1.0"}, separators=(",", ":"))


def theme_palette(make):
    def setup(folder, binary):
        fixture_project(folder, binary)
        edit("Layouts/theme.yml", "palette:\n", "palette:\n" + make())(folder, binary)
    return setup


def many_modes(count):
    def setup(folder, binary):
        fixture_project(folder, binary)
        path = os.path.join(folder, "Layouts/theme.yml")
        with open(path) as f:
            theme = f.read()
        modes = "\n".join(f"  m{i}: {{}}" for i in range(count))
        with open(path, "w") as f:
            f.write(re.sub(r"\nmodes:\n(  .*\n)+", "\nmodes:\n" + modes + "\n", theme))
    return setup


def control_characters_in_a_name(folder, binary):
    fixture_project(folder, binary)
    write(folder, "Layouts/bad\x1b]0;x\x07\x0b\u202e\u2028.yml", 'size: [10, 10]\nroot: { box: { "k\x1b[2J\u202e": 1 } }\n')


def no_raw_control_characters(folder, binary, result):
    for line in result.stdout.splitlines():
        if re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202e\u2028]", line):
            return [f"a raw control character in {line!r}"]
    if not any(line.startswith("::error ") for line in result.stdout.splitlines()):
        return [f"no annotation: {result.stdout!r}"]
    return []


def cases():
    outside = os.path.join(tempfile.gettempdir(), f"darkroom-fuzz-outside-{os.getpid()}")
    # The files are made when a case runs, not here: the fuzzer's own memory is each
    # run's starting peak (a forked child keeps its parent's).
    flow_map = lambda: sized("size: [10, 10]\nroot: { box: {} }\nx: {", lambda i: f"k{i}: 1", "}\n")
    flow_list = lambda: sized("size: [10, 10]\nroot: { box: {} }\nx: [", lambda i: "1", "]\n")
    wide_catalog = lambda: sized('{"sourceLanguage":"en","version":"1.0","strings":{', lambda i: f'"k{i}":{{}}', "}}")
    android = lambda: sized('<?xml version="1.0"?>\n<resources>\n', lambda i: f'<string name="k{i}">v</string>',
                            "</resources>\n", "\n")
    plist = lambda: sized('<?xml version="1.0"?>\n<plist version="1.0"><dict>',
                          lambda i: f"<key>k{i}</key><dict><key>NSStringLocalizedFormatKey</key><string>x</string></dict>",
                          "</dict></plist>\n", "\n")
    strings_file = lambda: sized("", lambda i: f'"k{i}"="v";', "\n", "\n")
    palette = lambda: sized("", lambda i: f'  p{i}: "#000000"', "\n", "\n", room=4096)
    return [
        Case("49 an accept command pasted runs nothing the golden folder's name holds", ["verify"], [1],
             setup=hostile_golden, after=pasted_commands_run_nothing),
        Case("49 a format width of a million, 3000 times in one value", ["render", "--out", "out"], [2],
             "asks for a width of 1000000", setup=format_bomb),
        Case("49 fonts vendor into a fonts folder linked out of the work tree", ["fonts", "vendor"], [2],
             "outside the project", setup=vendor_through_link(outside), after=outside_untouched(outside)),
        Case("49 a 16 MB YAML flow mapping", ["render", "--out", "out"], [2], "values (keys included)",
             seconds=LIMIT_SECONDS, setup=wide_layout(flow_map)),
        Case("49 a 16 MB YAML flow list", ["render", "--out", "out"], [2], "values (keys included)",
             seconds=LIMIT_SECONDS, setup=wide_layout(flow_list)),
        Case("49 a 16 MB string catalog of empty keys", ["render", "--out", "out"], [2], "values (keys included)",
             seconds=LIMIT_SECONDS, setup=catalog_project(wide_catalog)),
        Case("49 a string catalog of as many strings as a file may give, read whole", ["render", "--out", "out"], [0],
             seconds=LIMIT_SECONDS, setup=catalog_project(catalog_at_the_limits)),
        Case("49 a 16 MB strings.xml of small strings", ["render", "--out", "out"], [2], "elements",
             seconds=LIMIT_SECONDS, setup=strings_resource(android)),
        Case("49 a 16 MB stringsdict of many keys", ["render", "--out", "out"], [2], "elements",
             seconds=LIMIT_SECONDS, setup=stringsdict(plist)),
        Case("49 a 16 MB .strings file of small strings", ["render", "--out", "out"], [0, 2],
             seconds=LIMIT_SECONDS, setup=dot_strings(strings_file)),
        Case("49 a theme whose palette fills 16 MB", ["render", "--out", "out"], [0, 2],
             seconds=LIMIT_SECONDS, setup=theme_palette(palette)),
        Case("49 a theme of 20,000 modes", ["verify"], [2], "raise the cap with --max-snapshots",
             setup=many_modes(20_000)),
        Case("49 control characters in a file name and a key, under GitHub Actions", ["render", "--out", "out"], [2],
             setup=control_characters_in_a_name, env={"GITHUB_ACTIONS": "true"}, after=no_raw_control_characters),
        Case("49 --jobs 9223372036854775807", ["render", "--jobs", "9223372036854775807"], [2], "must be between",
             setup=fixture_project),
    ]
