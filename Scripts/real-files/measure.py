#!/usr/bin/env python3
"""Measures Darkroom's reading of real apps' resources against reader.py.

For each app under FILES/<app>/ (written by extract.py; default
.build/real-files/apps, or $DARKROOM_REAL_FILES) and each colour source and string
source in it,
builds a temporary Darkroom project (theme.yml with `sources:` or `strings:` naming a
working copy of the source; layouts drawing every colour as a box in the modes light,
dark, light-hc, dark-hc, and every string key as a label in every locale), runs
`DARKROOM render --dump`, parses the display lists and compares every value with
reader.py's.

When Darkroom refuses a source (exit 2 with a location inside the source), the message
is recorded, the offending unit (the colour/image set folder or the string file) is left
out of the working copy, and the run is repeated, so the rest of the source is still
measured. When a layout line is refused (an unknown colour or key, a key with no text
in a locale, an unsupported format, …), the message is recorded, that label is dropped
and the run is repeated. Keys the platform would resolve by fallback (a key missing in a
locale's own file) are refused by Darkroom with "has no text"; those are confirmed on a
sample per locale (--fallback-samples) and counted, not all run one by one.

A value the platform would not show either — a colour with no value (Xcode's
AccentColor template, an Android theme attribute), a format Java's formatter throws
on (`% s`) — is counted apart, as agreed when Darkroom refuses it at the layout.

usage: measure.py DARKROOM_BINARY [--files FILES] [--apps a,b] [--out results.json] [--full]
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reader  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REAL = os.environ.get("DARKROOM_REAL_FILES", os.path.join(os.path.dirname(os.path.dirname(HERE)), ".build", "real-files", "apps"))
MODES = ["light", "dark", "light-hc", "dark-hc"]
ERR = re.compile(r"^(.*?):(\d+):(\d+): error: (.*)$")
ERR_NOLOC = re.compile(r"^(.*?): error: (.*)$")
TEXT = re.compile(r'^\s*text "(.*)" ([\d.]+)pt at (-?[\d.]+),(-?[\d.]+) (#[0-9a-f]+)$')
FILL = re.compile(r"^\s*fill (-?[\d.]+),(-?[\d.]+) ([\d.]+)×([\d.]+) corner \S+ (#[0-9a-f]+)$")

STATS = {"runs": 0, "seconds": 0.0}


def run(binary, layouts, modes=None):
    cmd = [binary, "render", "--dump", "--layouts", layouts, "--no-cache"]
    if modes:
        cmd += ["--modes", ",".join(modes)]
    t = time.time()
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=os.path.dirname(layouts),
                       env=dict(os.environ, CI="1"))
    STATS["runs"] += 1
    STATS["seconds"] += time.time() - t
    return p.returncode, p.stdout, p.stderr


def parse_error(stderr):
    for line in stderr.splitlines():
        m = ERR.match(line)
        if m:
            return {"file": m.group(1), "line": int(m.group(2)), "col": int(m.group(3)), "message": m.group(4)}
        m = ERR_NOLOC.match(line)
        if m:
            return {"file": m.group(1), "line": None, "col": None, "message": m.group(2)}
    return {"file": None, "line": None, "col": None, "message": stderr.strip()[-500:]}


def yq(s):
    """A YAML double-quoted scalar holding s exactly."""
    out = ['"']
    for ch in s:
        o = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ch == "\r":
            out.append("\\r")
        elif o < 0x20 or o == 0x7F or 0x80 <= o <= 0x9F or o in (0x2028, 0x2029, 0xFEFF) or 0xD800 <= o <= 0xDFFF \
                or o in (0xFFFE, 0xFFFF):
            out.append("\\u%04x" % o if o <= 0xFFFF else "\\U%08x" % o)
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


NAME_CHARACTER = re.compile(r"[\w./-]", re.UNICODE)


def colour_value(name):
    """How a layout writes the colour `name`: as it is when a colour value reads it
    as a name (letters, digits, _ . / - and spaces inside), else in quotes inside
    the value."""
    inner = name.strip(" ") == name and all(NAME_CHARACTER.match(c) or c == " " for c in name) and "  " not in name
    return yq(name) if inner and name else yq("'" + name + "'")


# The dump writes the characters that could reorder or break a terminal's line
# (bidirectional controls, separators) as visible escapes; the text drawn is the
# character itself.
ESCAPED = re.compile(r"\\u\{([0-9A-F]{1,6})\}")


def shown(dumped):
    """A text of the dump as it was drawn: its visible escapes undone."""
    return ESCAPED.sub(lambda m: chr(int(m.group(1), 16)), dumped)


def dump_sections(stdout):
    """{snapshot: [lines]}."""
    sections, cur = {}, None
    for line in stdout.splitlines():
        if line.startswith("# ") and ": warning:" not in line and ": error:" not in line:
            cur = line[2:].strip()
            sections[cur] = []
        elif cur is not None:
            sections[cur].append(line)
    return sections


# ------------------------------------------------------------------------------ colours


def unit_of(path, root, kind):
    """The part of a source to leave out for an error at `path`."""
    rel = os.path.relpath(path, root)
    if rel.startswith(".."):
        return None
    if kind == "xcassets":
        parts = rel.split(os.sep)
        for i, p in enumerate(parts):
            if os.path.splitext(p)[1] in (".colorset", ".imageset") or os.path.splitext(p)[1] in reader.IGNORED_SETS:
                return os.sep.join(parts[:i + 1])
        return rel
    return rel


def norm_hex(h):
    if h is None:
        return None
    h = h.lower()
    return h if len(h) == 9 else h + "ff"


def measure_colors(binary, app_dir, rel, src, work):
    result = {"source": rel, "kind": src["kind"], "refusals": [], "excluded": [], "layoutRefusals": [],
              "compared": 0, "matches": 0, "mismatches": [], "notComparedRefused": 0, "colors": len(src["colors"])}
    proj = os.path.join(work, "colors")
    shutil.rmtree(proj, ignore_errors=True)
    layouts = os.path.join(proj, "Layouts")
    os.makedirs(layouts)
    copy = os.path.join(proj, "src", os.path.basename(rel))
    shutil.copytree(os.path.join(app_dir, rel), copy, symlinks=False)
    theme = "sources:\n  - %s\nmodes:\n  light: {}\n  dark: { style: dark }\n  light-hc: { contrast: high }\n" \
            "  dark-hc: { style: dark, contrast: high }\n" % yq(os.path.relpath(copy, layouts))
    with open(os.path.join(layouts, "theme.yml"), "w") as f:
        f.write(theme)
    names = sorted(src["colors"])
    dropped = {}
    for attempt in range(3000):
        active = [n for n in names if n not in dropped]
        lines = ["size: [10, auto]", "scale: 1", "background: \"#00000000\"", "root:", "  vstack:", "    spacing: 0",
                 "    children:"]
        first_line = len(lines) + 1
        for n in active:
            lines.append("      - box: { height: 1, fill: %s }" % colour_value(n))
        if not active:
            lines.append("      - box: { height: 1, fill: \"#ff0000\" }")
        with open(os.path.join(layouts, "colors.yml"), "w") as f:
            f.write("\n".join(lines) + "\n")
        rc, out, err = run(binary, layouts)
        if rc == 0:
            break
        e = parse_error(err)
        if e["file"] and os.path.abspath(os.path.join(proj, e["file"])).endswith("colors.yml") and e["line"]:
            idx = e["line"] - first_line
            if 0 <= idx < len(active):
                dropped[active[idx]] = e["message"]
                result["layoutRefusals"].append({"name": active[idx], "message": e["message"]})
                continue
        path = os.path.abspath(os.path.join(layouts, e["file"])) if e["file"] else None
        unit = unit_of(path, copy, src["kind"]) if path else None
        if src["kind"] == "android" and path and e["line"] and path.startswith(copy + os.sep) and os.path.isfile(path):
            with open(path, encoding="utf-8") as f:
                flines = f.read().split("\n")
            text = flines[e["line"] - 1] if e["line"] <= len(flines) else ""
            if re.search(r"<(color|item)\b.*</(color|item)>", text) and len(result["excluded"]) < 200:
                flines[e["line"] - 1] = ""
                with open(path, "w", encoding="utf-8") as f:
                    f.write("\n".join(flines))
                m = re.search(r'name="([^"]+)"', text)
                unit = "%s:%d" % (os.path.relpath(path, copy), e["line"])
                result["refusals"].append({"unit": unit, "message": e["message"], "line": e["line"]})
                result["excluded"].append(unit)
                if m:
                    dropped.setdefault(m.group(1), "its element was refused")
                continue
        if unit is None or unit in ("", ".", "Contents.json") or src["kind"] == "android":
            result["refusals"].append({"unit": unit or rel, "message": e["message"], "line": e["line"], "whole": True})
            result["refusedWhole"] = True
            break
        result["refusals"].append({"unit": unit, "message": e["message"], "line": e["line"]})
        target = os.path.join(copy, unit)
        if os.path.isdir(target):
            shutil.rmtree(target)
        elif os.path.exists(target):
            os.remove(target)
        else:
            result["refusedWhole"] = True
            break
        result["excluded"].append(unit)
        for n, c in src["colors"].items():
            if c.get("path", "").startswith(unit + "/") or c.get("path") == unit:
                dropped.setdefault(n, "excluded with its refused set")
    else:
        result["refusedWhole"] = True
    if result.get("refusedWhole"):
        result["notComparedRefused"] = len(names) * len(MODES) if src["kind"] == "xcassets" else len(names) * 2
        return result
    secs = dump_sections(out)
    active = [n for n in names if n not in dropped]
    result["agreedNoValue"] = 0
    for name in names:
        if name in dropped:
            modes = MODES if src["kind"] == "xcassets" else ["light", "dark"]
            wants = [src["colors"][name]["modes"][m] for m in modes]
            if "has no value" in dropped[name] and any(w is None for w in wants):
                # the platform has no value either: agreed, not compared
                result["agreedNoValue"] += len(modes)
            else:
                result["notComparedRefused"] += len(modes)
    for mode in (MODES if src["kind"] == "xcassets" else ["light", "dark"]):
        lines = secs.get("colors/" + mode, [])
        by_y = {}
        for line in lines:
            m = FILL.match(line)
            if m:
                by_y[round(float(m.group(2)))] = m.group(5)
        for i, name in enumerate(active):
            want = src["colors"][name]["modes"][mode]
            got = norm_hex(by_y.get(i))
            if got is None:
                got = "#00000000"  # nothing drawn: fully transparent
            result["compared"] += 1
            if want == got:
                result["matches"] += 1
            else:
                result["mismatches"].append({"name": name, "mode": mode, "expected": want, "darkroom": got,
                                             "notes": src["colors"][name]["notes"]})
    return result


# ------------------------------------------------------------------------------ strings


def split_norm(text):
    """How a text shows in the dump: one line per paragraph, trailing spaces and tabs
    of each line dropped."""
    paras = re.split(r"\r\n|\r|\n|\u2028|\u2029", text)
    return "\n".join(p.rstrip(" \t") for p in paras)


def string_expectations(src_kind, data, lang, dev, key):
    """[(count or None, args count, expected text, tags)] for one key in one locale, or
    None when the platform has no text for it. `fallback` is set when the text comes from
    another locale's file."""
    if src_kind == "android":
        tables = data
        entry, from_lang = reader.android_resolve(tables, lang, key)
        if entry is None:
            return None, False
        tags = set(entry["tags"])
        own = key in tables.get(lang, {})
        fallback = not own
        if own and entry is not tables[lang][key]:
            tags.add("alias-resolved")
        if entry["kind"] == "text":
            return [(None, 0, entry["text"], tags)], fallback
        out = []
        plang = lang or dev
        for cat, n in reader.sample_counts(plang).items():
            form = entry["forms"].get(cat, entry["forms"].get("other"))
            if form is None:
                continue
            k = max([reader.argument_count(f) for f in entry["forms"].values()] + [1])
            extra = {"platform-throws"} if JAVA_THROWS.search(form) else set()
            out.append((n, k, reader.format_count(form, n), tags | {"plural-" + cat} | extra))
        return out, fallback
    if src_kind == "lproj":
        tables = data
        t = tables.get(lang, {})
        fallback = False
        if key not in t:
            t = tables.get(dev, {})
            fallback = True
            if key not in t:
                return None, True
        entry = t[key]
        tags = set(entry["tags"])
        if entry["kind"] == "text":
            return [(None, 0, entry["text"], tags)], fallback
        out = []
        e = entry["entry"]
        texts = [e["format"]] + [f for v in e["variables"].values() for f in v.values()]
        k = max([reader.argument_count(x) for x in texts] + [1])
        for cat, n in reader.sample_counts(lang).items():
            out.append((n, k, reader.resolve_stringsdict(e, lang, n), tags | {"plural-" + cat}))
        if any("zero" in v for v in e["variables"].values()) and 0 not in reader.sample_counts(lang).values():
            out.append((0, k, reader.resolve_stringsdict(e, lang, 0), tags | {"explicit-zero"}))
        return out, fallback
    # xcstrings
    source, table = data
    t = table.get(lang, {})
    fallback = False
    if key not in t:
        t = table.get(source, {})
        fallback = True
        if key not in t:
            return None, True
    item = t[key]
    tags = set(item["tags"])
    if not isinstance(item["value"], dict) and not item["subs"]:
        return [(None, 0, item["value"], tags)], fallback
    texts = []
    v = item["value"]
    texts += list(v["plural"].values()) if isinstance(v, dict) else [v]
    for s in item["subs"].values():
        sv = s["value"]
        texts += list(sv["plural"].values()) if isinstance(sv, dict) else [sv or ""]
    k = max([reader.argument_count(x.replace("%arg", "%lld")) for x in texts] + [1])
    k = max(k, max([s["argNum"] or 1 for s in item["subs"].values()] + [1]))
    out = []
    counts = reader.sample_counts(lang)
    for cat, n in counts.items():
        out.append((n, k, reader.resolve_xc(item, lang, n), tags | {"plural-" + cat}))
    has_zero = (isinstance(v, dict) and "zero" in v["plural"]) or any(
        isinstance(s["value"], dict) and "zero" in s["value"]["plural"] for s in item["subs"].values())
    if has_zero and counts.get("zero") != 0 and 0 not in counts.values():
        out.append((0, k, reader.resolve_xc(item, lang, 0), tags | {"explicit-zero"}))
    return out, fallback


# Java's formatter throws on the space flag with a text conversion (`% s`): a broken
# translation the device cannot show; Darkroom draws it as written.
JAVA_THROWS = re.compile(r"%(\d+\$)? +[sS@]")

FALLBACK_LOCALES = 3
FULL = False  # --full: every value drawn and compared, nothing predicted (for a build that resolves them)
LOCALES_PER_RUN = 8


def predicted_unknown(kind, data, lang, key):
    """Why Darkroom cannot know this key at all, from which files give it: None, or a reason."""
    if kind == "lproj":
        if not any(key in t and t[key]["kind"] == "text" for t in data.values()):
            return "only in .stringsdict files"
        return None
    if kind == "android":
        files = {t[key]["file"].split("/")[-1] for t in data.values() if key in t}
        if "strings.xml" not in files:
            return "only in values files not named strings.xml (%s)" % ", ".join(sorted(files))
        return None
    return None


def measure_strings(binary, app_dir, src, work, fallback_samples):
    kind = src["kind"]
    result = {"source": src.get("path"), "kind": kind, "refusals": [], "excluded": [], "layoutRefusals": [],
              "compared": 0, "matches": 0, "mismatches": [], "fallbackPredicted": 0, "fallbackSamples": [],
              "notComparedRefused": 0, "platformMissing": 0, "locales": [], "keys": 0}
    proj = os.path.join(work, "strings")
    shutil.rmtree(proj, ignore_errors=True)
    layouts = os.path.join(proj, "Layouts")
    os.makedirs(layouts)
    srcroot = os.path.join(proj, "src")
    # ---- the platform's view, and a working copy of the files for Darkroom
    if kind == "xcstrings":
        path = os.path.join(app_dir, src["path"])
        source, table = reader.read_xcstrings(path)
        data = (source, table)
        dev = source
        langs = sorted(table)
        keys_by_lang = {l: sorted(set(table.get(dev, {})) | set(table[l])) for l in langs}
        os.makedirs(srcroot)
        shutil.copy(path, os.path.join(srcroot, os.path.basename(path)))
        darkroom_path = os.path.join(srcroot, os.path.basename(path))
        result["files"] = [src["path"]]
        locale_of = {l: l for l in langs}
    elif kind == "lproj":
        tables, meta = reader.read_lproj_table(app_dir, src)
        result["meta"] = {k: v for k, v in meta.items() if k != "files"}
        result["files"] = meta["files"]
        data = tables
        dev = "en" if "en" in tables else ("Base" if "Base" in tables else sorted(tables)[0])
        langs = sorted(l for l in tables if l != "Base")
        if dev == "Base":
            result["devIsBase"] = True
        keys_by_lang = {l: sorted(set(tables.get(dev, {})) | set(tables[l])) for l in langs}
        for rel in src["files"]:
            dst = os.path.join(srcroot, os.path.relpath(rel, src["path"]) if src["path"] else rel)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            shutil.copy(os.path.join(app_dir, rel), dst)
        # the table's file in the development language's folder names it (a
        # .stringsdict when the table has no .strings)
        dot = [r for r in src["files"] if r.endswith(".strings")] or src["files"]
        pick = [r for r in dot if os.path.basename(os.path.dirname(r)) == dev + ".lproj"] or dot
        darkroom_path = os.path.join(srcroot, os.path.relpath(pick[0], src["path"]) if src["path"] else pick[0])
        locale_of = {l: l.replace("_", "-") for l in langs}
    else:  # android res folder
        res = os.path.join(app_dir, src["path"])
        tables, meta = reader.read_android_strings(res)
        result["meta"] = {"parseErrors": meta["parseErrors"], "toolsLocale": meta["toolsLocale"]}
        result["files"] = [os.path.join(src["path"], f) for f in meta["files"]]
        data = tables
        dev = meta["toolsLocale"] or "en"
        langs = sorted(tables)
        keys_by_lang = {l: sorted(set(tables.get("", {})) | set(tables[l])) for l in langs}
        shutil.copytree(res, srcroot, ignore=lambda d, names: [n for n in names if
                                                               os.path.isdir(os.path.join(d, n)) and not n.startswith("values")]
                        if d == res else [])
        darkroom_path = srcroot
        locale_of = {}
        for l in langs:
            if l == "":
                locale_of[l] = dev
            else:
                base = l.split("-")[0]
                locale_of[l] = "-".join([reader.OLD_CODES.get(base, base)] + l.split("-")[1:])
        # a translation folder of the default language would be the same locale: keep the default
        if "" in langs and dev in langs:
            langs.remove(dev)
    result["locales"] = [locale_of[l] for l in langs]
    result["keys"] = len(set().union(*[set(v) for v in keys_by_lang.values()])) if keys_by_lang else 0
    # ---- expectations, per locale
    items = []  # (lang, key, count, nargs, expected, tags)
    fallback = {}  # lang -> [keys]
    predicted = {}  # reason -> [(lang, key, expectations)]
    for l in langs:
        plang = l if kind != "android" else (l or dev)
        for key in keys_by_lang[l]:
            exp, fb = string_expectations("android" if kind not in ("xcstrings", "lproj") else kind, data,
                                          l if kind == "android" else l, dev, key)
            if exp is None:
                result["platformMissing"] += 1
                continue
            if fb and not FULL:
                fallback.setdefault(l, []).append((key, exp))
                continue
            why = predicted_unknown(kind, data, l, key)
            if why and not FULL:
                predicted.setdefault(why, []).append((l, key, exp))
                continue
            if fb or why:
                exp = [(n, k, text, tags | ({"via-fallback"} if fb else set()) | ({"predicted:" + why} if why else set()))
                       for n, k, text, tags in exp]
            if not FULL and any(n is not None and "format-comma" in tags for n, k, text, tags in exp):
                predicted.setdefault("plural with %,d (Java's grouping flag) given a count", []).append((l, key, exp))
                continue
            for n, k, text, tags in exp:
                if "platform-throws" in tags:
                    result["platformThrows"] = result.get("platformThrows", 0) + 1
                    continue
                if "format-comma" in tags and n is not None and n >= 1000:
                    # Java groups the digits with the locale's separator, which the
                    # reader does not model (it formats counts below 1000 exactly).
                    result["groupingNotModelled"] = result.get("groupingNotModelled", 0) + 1
                    continue
                items.append((l, key, n, k, text, tags))
    # ---- theme
    theme = "strings:\n  - %s\nlocales: [%s]\nmodes:\n  light: {}\n" % (
        yq(os.path.relpath(darkroom_path, layouts)), ", ".join(yq(locale_of[l]) for l in langs))
    with open(os.path.join(layouts, "theme.yml"), "w") as f:
        f.write(theme)
    dropped = {}  # index -> message
    dropped_keys = {}  # key -> message (unknown keys: every locale)
    dropped_locales = {}

    def write_layouts(batch_items):
        for fn in os.listdir(layouts):
            if fn.endswith(".yml") and fn != "theme.yml":
                os.remove(os.path.join(layouts, fn))
        files = {}
        by_lang = {}
        for idx, it in batch_items:
            by_lang.setdefault(it[0], []).append((idx, it))
        for l, lst in sorted(by_lang.items()):
            chunk, lines_used, part = [], 0, 0

            def flush():
                nonlocal chunk, lines_used, part
                if not chunk:
                    return
                name = "s%03d_%s_%d" % (langs.index(l), re.sub(r"[^A-Za-z0-9]", "_", locale_of[l]), part)
                head = ["size: [4096, auto]", "scale: 1", "locales: [%s]" % yq(locale_of[l]), "root:", "  vstack:",
                        "    spacing: 0", "    align: leading", "    children:"]
                body, index_at_line = [], {}
                for idx2, it2 in chunk:
                    body.append("      - box: { height: 1, width: 1, fill: \"#ff0000\" }")
                    _, key, n, k, _, _ = it2
                    t = "key: %s" % yq(key)
                    if n is not None:
                        t += ", count: %d, args: [%s]" % (n, ", ".join([str(n)] * k))
                    index_at_line[len(head) + len(body) + 1] = idx2
                    body.append("      - label: { text: { %s }, lines: 0, size: 1 }" % t)
                body.append("      - box: { height: 1, width: 1, fill: \"#ff0000\" }")
                with open(os.path.join(layouts, name + ".yml"), "w") as f:
                    f.write("\n".join(head + body) + "\n")
                files[name] = (index_at_line, [c[0] for c in chunk])
                chunk, lines_used, part = [], 0, part + 1

            for idx, it in lst:
                nl = it[4].count("\n") + it[4].count("\r") + it[4].count("\u2028") + it[4].count("\u2029") + 1
                if len(chunk) >= 1200 or lines_used + nl > 2600:
                    flush()
                chunk.append((idx, it))
                lines_used += nl + 1
            flush()
        return files

    def darkroom_pass(batch_items, label):
        """Runs until the batch renders; returns the dump sections and the layout index."""
        for attempt in range(5000):
            live = [(i, it) for i, it in batch_items if i not in dropped and it[1] not in dropped_keys
                    and it[0] not in dropped_locales]
            files = write_layouts(live)
            if not files:
                return {}, files
            rc, out, err = run(binary, layouts, ["light"])
            if rc == 0:
                return dump_sections(out), files
            e = parse_error(err)
            fname = os.path.basename(e["file"] or "")
            if fname.endswith(".yml") and fname[:-4] in files and e["line"]:
                idx = files[fname[:-4]][0].get(e["line"])
                if idx is None:
                    raise RuntimeError("error at an unexpected layout line: %r" % e)
                it = items_all[idx]
                msg = e["message"]
                if msg.startswith("unknown string key"):
                    dropped_keys[it[1]] = msg
                    result["layoutRefusals"].append({"key": it[1], "locale": "*", "message": msg, "tags": sorted(it[5])})
                else:
                    dropped[idx] = msg
                    result["layoutRefusals"].append({"key": it[1], "locale": locale_of[it[0]], "count": it[2],
                                                     "message": msg, "tags": sorted(it[5]), "expected": it[4]})
                continue
            if fname == "theme.yml":
                m = re.search(r"locale '([^']+)'", e["message"])
                bad = [l for l in langs if m and locale_of[l] == m.group(1)]
                if bad and bad[0] not in dropped_locales:
                    dropped_locales[bad[0]] = e["message"]
                    result["refusals"].append({"unit": "locale " + m.group(1), "message": e["message"]})
                    # take the locale out of the theme too
                    keep = [l for l in langs if l not in dropped_locales]
                    th = "strings:\n  - %s\nlocales: [%s]\nmodes:\n  light: {}\n" % (
                        yq(os.path.relpath(darkroom_path, layouts)), ", ".join(yq(locale_of[l]) for l in keep))
                    with open(os.path.join(layouts, "theme.yml"), "w") as f:
                        f.write(th)
                    continue
            # an error inside the source: leave that file out and go on
            path = os.path.abspath(os.path.join(layouts, e["file"])) if e["file"] else None
            if path and path.startswith(srcroot + os.sep) and os.path.isfile(path):
                unit = os.path.relpath(path, srcroot)
                result["refusals"].append({"unit": unit, "message": e["message"], "line": e["line"]})
                result["excluded"].append(unit)
                os.remove(path)
                if kind == "lproj" and path == darkroom_path:
                    others = [os.path.join(dp, fn) for dp, _, fns in os.walk(srcroot) for fn in fns if fn.endswith(".strings")]
                    if not others:
                        result["refusedWhole"] = True
                        return None, None
                    nonlocal_path[0] = sorted(others)[0]
                    rewrite_theme()
                if kind == "xcstrings":
                    result["refusedWhole"] = True
                    return None, None
                excluded_files.add(unit)
                continue
            result["refusals"].append({"unit": e["file"], "message": e["message"], "line": e["line"], "whole": True})
            result["refusedWhole"] = True
            return None, None
        raise RuntimeError("too many attempts")

    nonlocal_path = [darkroom_path]
    excluded_files = set()

    def rewrite_theme():
        keep = [l for l in langs if l not in dropped_locales]
        th = "strings:\n  - %s\nlocales: [%s]\nmodes:\n  light: {}\n" % (
            yq(os.path.relpath(nonlocal_path[0], layouts)), ", ".join(yq(locale_of[l]) for l in keep))
        with open(os.path.join(layouts, "theme.yml"), "w") as f:
            f.write(th)

    # fallback samples: a few keys per locale that only another locale's file gives
    sample_items = []
    for j, (l, lst) in enumerate(sorted(fallback.items())):
        result["fallbackPredicted"] += sum(len(exp) for _, exp in lst)
        if j >= FALLBACK_LOCALES:
            continue
        for key, exp in lst[:fallback_samples]:
            n, k, text, tags = exp[0]
            sample_items.append((l, key, n, k, text, tags | {"fallback"}))
    # keys only a file Darkroom does not read gives (a .stringsdict, an Android values
    # file other than strings.xml): counted, and confirmed on a few samples
    result["predictedUnknown"] = {}
    for why, lst in sorted(predicted.items()):
        keys = sorted({k for _, k, _ in lst})
        result["predictedUnknown"][why] = {"keys": len(keys), "values": sum(len(e) for _, _, e in lst),
                                           "examples": keys[:5]}
        seen = set()
        for l, key, exp in lst:
            if key in seen or len(seen) >= fallback_samples:
                continue
            seen.add(key)
            n, k, text, tags = exp[0]
            sample_items.append((l, key, n, k, text, tags | {"fallback", "predicted:" + why}))
    items_all = items + sample_items
    # one locale at a time: a run then checks only that locale's layouts
    per_lang = {}
    for i, it in enumerate(items_all):
        per_lang.setdefault(it[0], []).append((i, it))
    secs, files = {}, {}
    todo = [l for l in langs if l in per_lang]
    for c in range(0, len(todo), LOCALES_PER_RUN):
        group = todo[c:c + LOCALES_PER_RUN]
        s1, f1 = darkroom_pass([x for l in group for x in per_lang[l]], ",".join(group))
        if s1 is None:
            result["notComparedRefused"] = len(items) + result["fallbackPredicted"]
            return result
        secs.update(s1)
        files.update(f1)
    # parse each layout's labels: text lines between the red separator boxes
    for name, (index_at_line, idxs) in files.items():
        lines = secs.get(name + "/light", [])
        labels, cur = [], None
        for line in lines:
            if FILL.match(line):
                if cur is not None:
                    labels.append(cur)
                cur = []
            else:
                m = TEXT.match(line)
                if m and cur is not None:
                    cur.append(shown(m.group(1)))
        if len(labels) != len(idxs):
            raise RuntimeError("%s: %d labels in the dump for %d keys" % (name, len(labels), len(idxs)))
        for idx, got_lines in zip(idxs, labels):
            l, key, n, k, want, tags = items_all[idx]
            got = "\n".join(got_lines)
            if "fallback" in tags:
                result["fallbackSamples"].append({"key": key, "locale": locale_of[l], "darkroom": got,
                                                  "expected": want, "accepted": True})
                continue
            result["compared"] += 1
            if split_norm(want) == got:
                result["matches"] += 1
            else:
                result["mismatches"].append({"key": key, "locale": locale_of[l], "count": n, "expected": want,
                                             "darkroom": got, "tags": sorted(tags)})
    for r in result["layoutRefusals"]:
        if "fallback" in r.get("tags", []):
            result["fallbackSamples"].append({"key": r["key"], "locale": r["locale"], "message": r["message"]})
    result["layoutRefusals"] = [r for r in result["layoutRefusals"] if "fallback" not in r.get("tags", [])]
    # unknown keys: every label of that key went uncompared
    for key in dropped_keys:
        result["notComparedRefused"] += sum(1 for it in items if it[1] == key)
    result["notComparedRefused"] += sum(1 for i in dropped if i < len(items))
    result["notComparedRefused"] += sum(1 for it in items if it[0] in dropped_locales and it[1] not in dropped_keys)
    return result


def string_sources(app_dir, kind):
    out = []
    if kind == "ios":
        for s in reader.find_string_sources(app_dir):
            out.append(s)
    else:
        for dirpath, dirnames, filenames in os.walk(app_dir):
            dirnames.sort()
            if os.path.basename(dirpath) == "res":
                vals = [d for d in dirnames if d.startswith("values")]
                if any(os.path.exists(os.path.join(dirpath, d, "strings.xml")) for d in vals) or \
                        any(f.endswith(".xml") and "<string" in open(os.path.join(dirpath, d, f), encoding="utf-8",
                                                                       errors="replace").read()
                            for d in vals for f in os.listdir(os.path.join(dirpath, d))):
                    out.append({"kind": "android", "path": os.path.relpath(dirpath, app_dir)})
                dirnames[:] = []
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("--apps", default="")
    ap.add_argument("--files", default=None, help="the apps' files (default $DARKROOM_REAL_FILES or .build/real-files/apps)")
    ap.add_argument("--out", default="results.json")
    ap.add_argument("--fallback-samples", type=int, default=2)
    ap.add_argument("--fallback-locales", type=int, default=3)
    ap.add_argument("--locales-per-run", type=int, default=8)
    ap.add_argument("--full", action="store_true",
                    help="draw and compare every value, including keys that only fall back, keys only in files the "
                         "measured build did not read and %,d plurals (use on a build that resolves them: each refusal "
                         "costs one run)")
    ap.add_argument("--only", choices=["colors", "strings"], default=None)
    ap.add_argument("--source-filter", default="", help="regex: measure only sources whose path matches")
    args = ap.parse_args()
    binary = os.path.abspath(args.binary)
    global FALLBACK_LOCALES, LOCALES_PER_RUN, FULL, REAL
    if args.files:
        REAL = os.path.abspath(args.files)
    FALLBACK_LOCALES = args.fallback_locales
    FULL = args.full
    LOCALES_PER_RUN = args.locales_per_run
    apps_meta = json.load(open(os.path.join(REAL, "apps.json")))
    names = [a for a in args.apps.split(",") if a] or sorted(apps_meta)
    results = json.load(open(args.out)) if os.path.exists(args.out) else {}
    work = tempfile.mkdtemp(prefix="darkroom-measure-")
    try:
        for app in names:
            meta = apps_meta[app]
            app_dir = os.path.join(REAL, app)
            print("==", app, flush=True)
            res = results.get(app, {"repo": meta["repo"], "commit": meta["commit"], "kind": meta["kind"],
                                    "colorSources": [], "stringSources": []})
            res.update({"repo": meta["repo"], "commit": meta["commit"], "kind": meta["kind"]})
            if args.only != "strings":
                res["colorSources"] = [r for r in res.get("colorSources", []) if args.source_filter and
                                       not re.search(args.source_filter, r["source"])]
                info = reader.read_app(app_dir)
                for rel, src in sorted(info["colorSources"].items()):
                    if args.source_filter and not re.search(args.source_filter, rel):
                        continue
                    if not src["colors"]:
                        continue
                    r = measure_colors(binary, app_dir, rel, src, work)
                    print("  colours %s: %d compared, %d mismatches, %d refusals%s" % (
                        rel, r["compared"], len(r["mismatches"]), len(r["refusals"]),
                        " (whole source refused)" if r.get("refusedWhole") else ""), flush=True)
                    res["colorSources"].append(r)
            if args.only != "colors":
                res["stringSources"] = [r for r in res.get("stringSources", []) if args.source_filter and
                                        not re.search(args.source_filter, r["source"] or "")]
                for s in string_sources(app_dir, meta["kind"]):
                    label = s["path"] + ("/" + s["table"] if s.get("table") else "")
                    if args.source_filter and not re.search(args.source_filter, label):
                        continue
                    r = measure_strings(binary, app_dir, s, work, args.fallback_samples)
                    r["source"] = label
                    print("  strings %s: %d locales, %d compared, %d mismatches, %d layout refusals, %d fallback "
                          "predicted%s" % (label, len(r["locales"]), r["compared"], len(r["mismatches"]),
                                           len(r["layoutRefusals"]), r["fallbackPredicted"],
                                           " (whole source refused)" if r.get("refusedWhole") else ""), flush=True)
                    res["stringSources"].append(r)
            results[app] = res
            with open(args.out, "w") as f:
                json.dump(results, f, indent=1, ensure_ascii=False)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("runs: %d, %.1f s in darkroom" % (STATS["runs"], STATS["seconds"]))


if __name__ == "__main__":
    main()
