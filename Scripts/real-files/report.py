#!/usr/bin/env python3
"""Summarises measure.py's results (one or more JSON files) per app and per failure class.

usage: report.py results.json [more.json …] [--md FILE]"""
import collections
import json
import re
import sys
import unicodedata


def refusal_class(msg):
    rules = [
        (r"an entry has no 'color'", "colour set entry without `color`"),
        (r"'[^']*\.(pdf|PDF)' is not a PNG", "image set with a PDF file"),
        (r"'[^']*\.(svg|SVG)' is not a PNG", "image set with an SVG file"),
        (r"'[^']*\.(jpe?g|JPE?G)' is not a PNG", "image set with a JPEG file"),
        (r"'[^']*\.(heic|HEIC)' is not a PNG", "image set with a HEIC file"),
        (r"is not a PNG", "image set with another non-PNG file"),
        (r"is a lone surrogate", "Android \\uD83E\\uDD14 surrogate-pair escape refused (file left out)"),
        (r"has two \dx files for appearance", "image set with universal and iPhone files for one appearance"),
        (r"'[^']* [^']*' is not a usable colour name", "colour name with a space"),
        (r"'[^']*-[^']*' is not a usable colour name", "colour name with a hyphen"),
        (r"is not a usable colour name", "colour name with another character"),
        (r"already a built-in colour", "Android colour named like a built-in (white/black/clear)"),
        (r"theme attribute", "Android colour valued ?attr/…"),
        (r"neither an asset catalog", "res folder whose colours are all outside values/colors.xml"),
        (r"no strings found", "res folder with no values*/strings.xml (strings in other files)"),
        (r"must be in a language's \.lproj", ".strings file in Base.lproj"),
        (r"no string source has the locale", "locale whose only .strings file is empty"),
        (r"only \.stringsdict files", "table with only .stringsdict files"),
        (r"has no image|no PNG file for iPhone", "image set with no iPhone PNG"),
        (r"two .* entries for appearance", "colour/image set with two entries for one appearance"),
        (r"malformed", "malformed file"),
        (r"expected a key in double quotes", ".strings file with single-quoted strings"),
        (r"has two '.*' values in this source|defined twice", "colour defined twice"),
    ]
    for pat, name in rules:
        if re.search(pat, msg):
            return name
    return "other: " + msg[:120]


def layout_refusal_class(msg, tags=()):
    if "has no value:" in msg and "gives no colour" in msg:
        return "colour set without a colour (Xcode's AccentColor template): no value on the platform either"
    if "has no value:" in msg and "theme attribute" in msg:
        return "Android colour valued ?attr/…: no value outside a theme"
    if "has no value:" in msg:
        return "colour without a value: " + re.sub(r"'[^']*'|\([^)]*\)", "…", msg.split("has no value: ", 1)[1])[:100]
    if "has no text Darkroom can show" in msg:
        return "Android alias to a string the res folder does not define (a library's or the framework's)"
    if "takes its form from argument" in msg:
        return "substitution without an argument"
    if msg.startswith("unknown colour"):
        return "colour unknown to Darkroom (defined outside values/colors.xml or values-night/colors.xml)"
    if msg.startswith("unknown string key"):
        if "stringsdict" in tags:
            return "key only in a .stringsdict"
        return "unknown key (file Darkroom does not read)"
    if "has no text in" in msg:
        return "key missing in the locale's own file (platform falls back)"
    if "is not a format specifier darkroom knows" in msg:
        m = re.search(r"'(%.)…'", msg)
        return "format specifier refused: %s" % (m.group(1) if m else "?")
    if "is not supported by darkroom's formatter" in msg:
        return "format conversion refused: " + (re.search(r"'(%[^']*)'", msg).group(1) if re.search(r"'(%[^']*)'", msg) else "?")
    if re.search(r"gives \d+ characters", msg):
        return "text over 1000 characters"
    if re.search(r"needs \d+ arguments?", msg):
        return "format needs more arguments than the count"
    if "needs a whole number" in msg or "needs a number" in msg:
        return "argument type refused"
    if "substitution with no definition" in msg:
        return "xcstrings substitution without definition"
    return "other: " + msg[:120]


WS = re.compile(r"\s+")


def darkroom_like_collapse(t):
    return WS.sub(" ", t).strip()


def string_mismatch_class(m):
    tags = set(m.get("tags", []))
    exp, got = m["expected"], m["darkroom"]
    if unicodedata.normalize("NFC", exp) == unicodedata.normalize("NFC", got):
        return "canonically equivalent text shown with another text's characters (layout memo keyed by String ==)"
    if darkroom_like_collapse(exp) == darkroom_like_collapse(got) and exp != got:
        return "non-ASCII space collapsed or trimmed"
    if "alias-resolved" in tags or got.startswith("@string/"):
        return "@string/ alias shown as its reference"
    if re.search(r"% [a-z@]", exp + got) and "plural" in tags:
        return "malformed format '% s' in a translation (platform throws; Darkroom prints it)"
    if "device-iphone" in tags:
        return "xcstrings device variation: iphone not chosen"
    if "substitutions-2" in tags or any(t.startswith("substitutions-") and t != "substitutions-1" for t in tags):
        return "xcstrings with two substitutions: second takes `other`"
    if "explicit-zero" in tags:
        return "explicit `zero` form not used for 0"
    if "alias" in tags:
        return "@string/ alias shown as its reference"
    if {"nbsp", "narrow-nbsp", "ideographic-space", "thin-space", "figure-space"} & tags:
        return "non-ASCII space collapsed or trimmed"
    if "dtd-file" in tags:
        return "DTD entity dropped"
    if "duplicate-key" in tags:
        return ".strings duplicate key: Darkroom keeps the first value, Foundation the last"
    if any(t.startswith("plural-") for t in tags):
        return "plural category of the count differs (CLDR rules: %s)" % m["locale"].split("-")[0] if m["locale"] != "pt-PT" \
            else "plural category of the count differs (CLDR rules: pt-PT)"
    return "other"


def color_mismatch_class(m):
    notes = set(m.get("notes", []))
    e, g = m["expected"], m["darkroom"]
    if e is None:
        return "no value on the platform (no iPhone/universal entry)"
    if "system-reference" in notes:
        return "system colour reference (reference values; unverified)"
    try:
        d = max(abs(int(e[i:i + 2], 16) - int(g[i:i + 2], 16)) for i in (1, 3, 5, 7))
    except ValueError:
        d = 999
    if "space-display-p3" in notes and d <= 1:
        return "display-p3 converted: rounding (±1)"
    if "space-display-p3" in notes:
        return "display-p3 converted: differs by more than 1"
    if d <= 1:
        return "rounding (±1)"
    return "other"


def main():
    files = [a for a in sys.argv[1:] if a.endswith(".json")]
    md_path = sys.argv[sys.argv.index("--md") + 1] if "--md" in sys.argv else None
    apps = {}
    for f in files:
        apps.update(json.load(open(f)))
    out = []
    classes = collections.defaultdict(lambda: {"count": 0, "apps": set(), "examples": []})

    def note(cls, app, example, n=1):
        c = classes[cls]
        c["count"] += n
        c["apps"].add(app)
        if len(c["examples"]) < 3:
            c["examples"].append(example)

    totals = collections.Counter()
    for app, r in sorted(apps.items()):
        out.append("### %s\n\n`%s` at `%s`\n" % (app, r["repo"], r["commit"]))
        out.append("| source | kind | files/colours | refused | compared | matches | mismatches | not compared (refused) |")
        out.append("| --- | --- | --- | --- | --- | --- | --- | --- |")
        t = collections.Counter()
        for c in r["colorSources"]:
            ref = "whole source" if c.get("refusedWhole") else ("%d set(s) left out" % len(c["excluded"]) if c["excluded"] else "no")
            first = c["refusals"][0]["message"] if c["refusals"] else ""
            out.append("| %s | colours (%s) | %d colours | %s%s | %d | %d | %d | %d |" % (
                c["source"], c["kind"], c["colors"], ref, (": " + first[:90]) if first else "", c["compared"], c["matches"],
                len(c["mismatches"]), c["notComparedRefused"] + (0 if c.get("refusedWhole") else 0)))
            for x in c["refusals"]:
                note(refusal_class(x["message"]), app, "%s: %s" % (c["source"], x["message"]))
            for x in c["layoutRefusals"]:
                note(layout_refusal_class(x["message"]), app, "%s: %s" % (c["source"], x["message"]))
            for m in c["mismatches"]:
                note("colour: " + color_mismatch_class(m), app, "%s %s %s: expected %s, Darkroom %s" % (
                    c["source"], m["name"], m["mode"], m["expected"], m["darkroom"]))
            t["colour values compared"] += c["compared"]
            t["colour matches"] += c["matches"]
            t["colour mismatches"] += len(c["mismatches"])
            t["colour values not compared (refused)"] += c["notComparedRefused"]
            t["colour values without a value on the platform, refused where used"] += c.get("agreedNoValue", 0)
            t["colour sources"] += 1
            t["colour sources refused (whole or in part)"] += 1 if c["refusals"] else 0
        for s in r["stringSources"]:
            ref = "whole source" if s.get("refusedWhole") else ("%d file(s) left out" % len(s["excluded"]) if s["excluded"] else "no")
            first = s["refusals"][0]["message"] if s["refusals"] else ""
            nfiles = len(s.get("files", []))
            fb = s.get("fallbackPredicted", 0)
            pu = sum(v["values"] for v in s.get("predictedUnknown", {}).values())
            nc = s["notComparedRefused"] + fb + pu + len(s["layoutRefusals"])
            out.append("| %s | strings (%s), %d locales | %d files, %d keys | %s%s | %d | %d | %d | %d |" % (
                s["source"], s["kind"], len(s["locales"]), nfiles, s.get("keys", 0), ref,
                (": " + first[:90]) if first else "", s["compared"], s["matches"], len(s["mismatches"]), nc))
            for x in s["refusals"]:
                cls = refusal_class(x["message"])
                if "no string source has the locale" in x["message"] and s["excluded"]:
                    cls = "locale lost because its file was refused (see that file's refusal)"
                note(cls, app, "%s: %s" % (s["source"], x["message"]))
            for x in s["layoutRefusals"]:
                note(layout_refusal_class(x["message"], x.get("tags", [])), app,
                     "%s [%s] %s: %s" % (s["source"], x.get("locale"), x["key"][:60], x["message"][:160]))
            if fb:
                note("key missing in the locale's own file (platform falls back)", app,
                     "%s: %d values in %d locales would fall back (samples: %s)" % (
                         s["source"], fb, len(s["locales"]),
                         "; ".join(x.get("message", "")[:100] for x in s["fallbackSamples"][:1])), n=fb)
            for why, v in s.get("predictedUnknown", {}).items():
                cls = "key only in a .stringsdict" if "stringsdict" in why else (
                    "format specifier refused: %," if "%," in why else "unknown key (file Darkroom does not read)")
                note(cls, app, "%s: %d keys %s, e.g. %s" % (s["source"], v["keys"], why, ", ".join(v["examples"][:3])),
                     n=v["values"])
            for m in s["mismatches"]:
                note("string: " + string_mismatch_class(m), app, "%s [%s] %s%s: expected %r, Darkroom %r" % (
                    s["source"], m["locale"], m["key"][:60], "" if m.get("count") is None else " (count %s)" % m["count"],
                    m["expected"][:120], m["darkroom"][:120]))
            t["string values compared"] += s["compared"]
            t["string matches"] += s["matches"]
            t["string mismatches"] += len(s["mismatches"])
            t["string values not compared (refused/fallback)"] += nc
            t["string values the platform throws on (not compared)"] += s.get("platformThrows", 0)
            t["string values with Java's %,d at a count of 1000 or more (locale grouping; not compared)"] += \
                s.get("groupingNotModelled", 0)
            t["string sources"] += 1
            t["string sources refused (whole or in part)"] += 1 if s["refusals"] else 0
        out.append("")
        out.append("Totals: " + ", ".join("%s %d" % (k, v) for k, v in sorted(t.items())) + "\n")
        totals.update(t)
    head = ["## Totals over %d apps\n" % len(apps), "| measure | count |", "| --- | --- |"]
    head += ["| %s | %d |" % (k, v) for k, v in sorted(totals.items())]
    head.append("")
    cls = ["## Classes found (counts are values or refusals)\n", "| class | count | apps | example |", "| --- | --- | --- | --- |"]
    for name, c in sorted(classes.items(), key=lambda kv: -kv[1]["count"]):
        cls.append("| %s | %d | %s | %s |" % (name, c["count"], ", ".join(sorted(c["apps"])),
                                               c["examples"][0].replace("|", "\\|").replace("\n", "\\n")[:300]))
    text = "\n".join(head + cls + ["", "## Per app\n"] + out)
    if md_path:
        with open(md_path, "w") as f:
            f.write(text + "\n")
        with open(md_path.replace(".md", "-classes.json"), "w") as f:
            json.dump({k: {"count": v["count"], "apps": sorted(v["apps"]), "examples": v["examples"]}
                       for k, v in classes.items()}, f, indent=1, ensure_ascii=False)
    else:
        print(text)


if __name__ == "__main__":
    main()
