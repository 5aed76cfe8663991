#!/usr/bin/env python3
"""Measures Darkroom's Swift colour sources on an app's own files, against an
independent reading of the literals.

Python 3 standard library only, and none of Darkroom's code: the Swift files are
read with regular expressions line by line (comments stripped, types found by their
braces), the arithmetic on literals is evaluated by a small evaluator of numbers and
+ - * / ( ), and the colour spaces and asset catalogs are read by reader.py (the
independent reader of the platforms' rules the other real-file measurements use).

The forms read here are the literal ones:
  * Color / UIColor / .init / Self / #colorLiteral with red:green:blue:(alpha:|opacity:),
    an optional first colour space (.sRGB, .displayP3, .sRGBLinear), displayP3Red:;
  * white:(alpha:|opacity:) (SwiftUI: sRGB grey; UIKit: grey with gamma 2.2);
  * hex: with a six-digit integer (0xRRGGBB) or string ("#RRGGBB", "RRGGBB");
  * .white, .black, .clear and SwiftUI's standard colours (UIKit's system colours);
  * Color("name"), UIColor(named: "name") read from the app's asset catalogs;
  * a name of another colour read here; .opacity(x) on any of these;
  * Color(light: a, dark: b) and a UIColor provider `… userInterfaceStyle == .dark ? a : b`
    or `if … userInterfaceStyle == .dark { return a } else { return b }`.

For every colour Darkroom read (from `darkroom palette`'s listing) that this script
also reads, the light and dark values must be equal, as 8-bit RGBA; each difference
is a mismatch. Colours only one side reads are counted, never compared.

Run:
  swift_colors.py DARKROOM APP_DIR --swift REL [--swift REL…] [--catalog REL…]
                  [--name NAME] [--json OUT] [--list]
  (REL paths are relative to APP_DIR; APP_DIR is where darkroom runs, the project's
  boundary.)
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reader  # noqa: E402


# ----------------------------------------------------------------- arithmetic

def evaluate(text):
    """The value of an expression of number literals, + - * / and parentheses, or
    None. Integer literals are read as Swift reads them where a Double or CGFloat is
    expected (as a floating-point number)."""
    tokens = re.findall(r"0x[0-9a-fA-F_]+(?:\.[0-9a-fA-F_]+)?(?:[pP][-+]?\d+)?|\d[\d_]*(?:\.\d[\d_]*)?(?:[eE][-+]?\d+)?|[-+*/()]|\S", text)
    position = 0

    def number(tok):
        t = tok.replace("_", "")
        if t.lower().startswith("0x"):
            return float.fromhex(t) if ("p" in t.lower() or "." in t) else float(int(t, 16))
        return float(t)

    def primary():
        nonlocal position
        if position >= len(tokens):
            raise ValueError("end")
        tok = tokens[position]
        position += 1
        if tok == "(":
            value = expression()
            if position >= len(tokens) or tokens[position] != ")":
                raise ValueError(")")
            position += 1
            return value
        if tok == "-":
            return -primary()
        if tok == "+":
            return primary()
        if re.match(r"[0-9]", tok):
            return number(tok)
        raise ValueError(tok)

    def term():
        nonlocal position
        value = primary()
        while position < len(tokens) and tokens[position] in "*/":
            op = tokens[position]
            position += 1
            right = primary()
            value = value * right if op == "*" else value / right
        return value

    def expression():
        nonlocal position
        value = term()
        while position < len(tokens) and tokens[position] in "+-":
            op = tokens[position]
            position += 1
            right = term()
            value = value + right if op == "+" else value - right
        return value

    try:
        value = expression()
    except (ValueError, ZeroDivisionError, OverflowError):
        return None
    if position != len(tokens) or value != value or value in (float("inf"), float("-inf")):
        return None
    return value


# ------------------------------------------------------------- Swift, by lines

def strip_comments(text):
    """The text with // and (nested) /* */ comments blanked, strings kept."""
    out = []
    i, n, depth, in_string = 0, len(text), 0, False
    while i < n:
        c = text[i]
        if depth:
            if text.startswith("/*", i):
                depth += 1
                i += 2
                continue
            if text.startswith("*/", i):
                depth -= 1
                i += 2
                continue
            out.append("\n" if c == "\n" else " ")
            i += 1
            continue
        if in_string:
            out.append(c)
            if c == "\\" and i + 1 < n:
                out.append(text[i + 1])
                i += 2
                continue
            if c == '"' or c == "\n":
                in_string = False
            i += 1
            continue
        if c == '"':
            in_string = True
            out.append(c)
            i += 1
            continue
        if text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
            continue
        if text.startswith("/*", i):
            depth = 1
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


TYPE_RE = re.compile(r"\b(struct|class|enum|extension|actor|protocol)\s+([A-Za-z_][\w.]*)")
DECL_RE = re.compile(r"\b(?:let|var)\s+`?([A-Za-z_]\w*)`?\s*(?::\s*([\w.?!]+))?\s*(=|\{)")


def declarations(path):
    """(scope path, name, type, initializer text, line) of each property at a type's
    level or the top of the file."""
    text = strip_comments(open(path, encoding="utf-8").read())
    lines = text.split("\n")
    # Each `{` is a type's body or something else; properties are read at a type's
    # level only (the top of the file counts as one).
    stack = []  # entries: (kind, name) kind "type" | "other"
    pending_type = None
    found = []
    index = 0
    while index < len(lines):
        line = lines[index]
        stripped = line.strip()
        at_type_level = all(kind == "type" for kind, _ in stack)
        if at_type_level and not stripped.startswith(("case ", "func ", "init", "if ", "guard ", "for ", "while ")):
            m = DECL_RE.search(line)
            if m and not re.search(r"\b(func|if|guard|while|for|case)\b[^=]*$", line[: m.start()]):
                name, type_, opener = m.group(1), m.group(2), m.group(3)
                scope = [n for _, n in stack if n]
                if opener == "=":
                    expr, consumed = take_expression(lines, index, m.end())
                else:
                    expr, consumed = take_body(lines, index, m.end())
                    expr = "{" + expr
                found.append((scope, name, type_, expr, index + 1))
                # The body or value was read; braces inside it do not open scopes.
                for skipped in range(index + 1, index + consumed):
                    lines[skipped] = ""
                line = line[: m.start()]
        tm = TYPE_RE.search(line)
        if tm and not re.search(r"\.\s*$", line[: tm.start()]):
            name = tm.group(2)
            if tm.group(1) == "extension":
                name = re.sub(r"^(SwiftUI|UIKit)\.", "", name)
                same = re.search(r"\bwhere\s+Self\s*==\s*(?:SwiftUI\.)?(\w+)", line)
                if same:
                    name = same.group(1)
            pending_type = name if tm.group(1) != "protocol" else "#protocol"
        for c in line:
            if c == "{":
                if pending_type is not None:
                    stack.append(("type", pending_type if pending_type != "#protocol" else None))
                    pending_type = None
                else:
                    stack.append(("other", None))
            elif c == "}" and stack:
                stack.pop()
        index += 1
    return found


def take_expression(lines, index, start):
    """The initializer from `start` on line `index`, across lines while brackets
    are open; and how many lines it took."""
    text = lines[index][start:]
    depth = sum(text.count(o) for o in "([{") - sum(text.count(c) for c in ")]}")
    count = 1
    while depth > 0 and index + count < len(lines):
        nxt = lines[index + count]
        text += " " + nxt.strip()
        depth += sum(nxt.count(o) for o in "([{") - sum(nxt.count(c) for c in ")]}")
        count += 1
    # A member chain continued on the next line (`.opacity(0.5)`).
    while index + count < len(lines) and lines[index + count].strip().startswith("."):
        text += lines[index + count].strip()
        count += 1
    return text.strip(), count


def take_body(lines, index, start):
    text = lines[index][start:]
    depth = 1 + text.count("{") - text.count("}")
    count = 1
    while depth > 0 and index + count < len(lines):
        nxt = lines[index + count]
        text += " " + nxt.strip()
        depth += nxt.count("{") - nxt.count("}")
        count += 1
    return text.strip(), count


# ----------------------------------------------------------------- colours

SWIFTUI = {
    "red": "systemRedColor", "orange": "systemOrangeColor", "yellow": "systemYellowColor",
    "green": "systemGreenColor", "mint": "systemMintColor", "teal": "systemTealColor",
    "cyan": "systemCyanColor", "blue": "systemBlueColor", "indigo": "systemIndigoColor",
    "purple": "systemPurpleColor", "pink": "systemPinkColor", "brown": "systemBrownColor",
    "gray": "systemGrayColor", "primary": "labelColor", "secondary": "secondaryLabelColor",
}
FIXED = {"white": "#ffffffff", "black": "#000000ff", "clear": "#00000000"}
NUM = r"[-+*/().0-9a-fA-Fx_ eEpP]+?"


def split_top(text):
    """Top-level comma-separated parts of an argument list."""
    parts, depth, current = [], 0, ""
    for c in text:
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        if c == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += c
    if current.strip():
        parts.append(current.strip())
    return parts


def both(value):
    return {"light": value, "dark": value}


def with_alpha(hex8, factor):
    a = int(hex8[7:9], 16) / 255.0 * factor
    return hex8[:7] + "%02x" % reader.to_byte(a)


FUNC_RE = re.compile(
    r"\b(?:func\s+([A-Za-z_]\w*)|(init))\s*\(([^()]*)\)\s*(?:->\s*[\w.?]+\s*)?\{\s*(?:return\s+)?(.*?)\s*\}", re.S)


def helpers(paths):
    """Functions and initializers whose body is one expression (or `self.init(…)`):
    {name: [(params, body)]}, params as (label, name, default)."""
    found = {}
    for path in paths:
        text = strip_comments(open(path, encoding="utf-8").read())
        for m in FUNC_RE.finditer(text):
            name = m.group(1) or "init"
            body = m.group(4)
            if "\n" in body.strip() and not re.match(r"^[\w.]*\(.*\)$", body.strip(), re.S):
                continue
            if name == "init":
                if not body.startswith("self.init("):
                    continue
                body = "Self(" + body[len("self.init("):]
            params = []
            for part in split_top(m.group(3)):
                pm = re.match(r"^(\w+)(?:\s+(\w+))?\s*:\s*([\w.]+)(?:\s*=\s*(.+))?$", part.strip())
                if not pm:
                    params = None
                    break
                label, inner = pm.group(1), pm.group(2) or pm.group(1)
                params.append((None if label == "_" else label, inner, pm.group(3), pm.group(4)))
            if params is not None:
                found.setdefault(name, []).append((params, body))
    return found


INTEGER_TYPES = {"Int", "UInt", "UInt8", "Int8", "UInt16", "Int16", "UInt32", "Int32", "UInt64", "Int64"}


class Colours:
    helpers = {}

    def __init__(self, catalogs):
        self.catalog = {}
        for path in catalogs:
            for name, colour in reader.read_catalog(path)["colors"].items():
                modes = colour.get("modes") or {}
                if modes.get("light") and modes.get("dark"):
                    self.catalog.setdefault(name, modes)

    def value(self, expr, kind, known, scope):
        """{"light": hex8, "dark": hex8} for a literal form, else None."""
        e = expr.strip()
        if e.endswith("!"):
            e = e[:-1].strip()
        m = re.match(r"^(.*)\.opacity\((" + NUM + r")\)$", e)
        if m:
            base, amount = self.value(m.group(1), kind, known, scope), evaluate(m.group(2))
            if base and amount is not None:
                return {k: with_alpha(v, amount) for k, v in base.items()}
            return None
        # A helper: its one expression with the arguments in the parameters' places.
        m = re.match(r"^(?:(?:Color|UIColor|Self)?\.)?([a-z_]\w*|Color|UIColor|Self|\.init)\s*\((.*)\)$", e, re.S)
        if m and m.group(1) in self.helpers or (m and m.group(1) in ("Color", "UIColor", "Self", ".init") and "init" in self.helpers):
            name = m.group(1) if m.group(1) in self.helpers and m.group(1) not in ("Color", "UIColor", "Self", ".init") else "init"
            args = split_top(m.group(2))
            for params, body in self.helpers.get(name, []):
                substituted = self.substitute(params, body, args)
                if substituted:
                    k = kind if name != "init" else ({"Color": "swiftui", "UIColor": "uikit"}.get(m.group(1), kind))
                    value = self.value(substituted, k, known, scope)
                    if value:
                        return value
        if m and re.match(r"^\s*light\s*:", m.group(2) or "") and "dark:" in m.group(2):
            labelled = dict(re.match(r"^(\w+)\s*:\s*(.*)$", a, re.S).groups() for a in split_top(m.group(2)) if ":" in a)
            if set(labelled) == {"light", "dark"}:
                light, dark = self.value(labelled["light"], kind, known, scope), self.value(labelled["dark"], kind, known, scope)
                if light and dark:
                    return {"light": light["light"], "dark": dark["dark"]}
        m = re.match(r"^(?:SwiftUI\.)?(Color|UIColor|Self|\.init|Color\.init|UIColor\.init|#colorLiteral)\s*\((.*)\)$", e, re.S)
        if m:
            callee = m.group(1)
            k = "uikit" if callee.startswith("UIColor") or callee == "#colorLiteral" else kind
            if callee in ("Self", ".init") and kind is None:
                return None
            return self.initializer(split_top(m.group(2)), k, known, scope)
        m = re.match(r"^(?:(Color|UIColor)\s*)?\.(\w+)$", e)
        if m:
            k = {"Color": "swiftui", "UIColor": "uikit"}.get(m.group(1), kind)
            member = m.group(2)
            if member in FIXED:
                return both(FIXED[member])
            if k == "swiftui" and member in SWIFTUI:
                return dict(zip(("light", "dark"), [reader.SYSTEM_COLORS[SWIFTUI[member]][mode] for mode in ("light", "dark")]))
            if m.group(1):
                return self.reference(m.group(1) + "." + member, known, scope)
            return self.reference((kind_type(k) or "") + "." + member, known, scope) if k else None
        m = re.match(r"^([A-Za-z_][\w.]*)$", e)
        if m:
            return self.reference(m.group(1), known, scope)
        return None

    def substitute(self, params, body, args):
        """The body with each parameter replaced by its argument, or None when the
        arguments do not fit (labels, an integer parameter given a fraction)."""
        values = {}
        position = 0
        for label, inner, type_, default in params:
            arg = args[position] if position < len(args) else None
            m = re.match(r"^(\w+)\s*:\s*(.*)$", arg, re.S) if arg is not None else None
            arg_label, arg_value = (m.group(1), m.group(2)) if m else (None, arg)
            if arg is not None and arg_label == label:
                if type_ in INTEGER_TYPES and not re.match(r"^-?(0x[0-9a-fA-F_]+|\d[\d_]*)$", arg_value.strip()):
                    return None
                values[inner] = arg_value
                position += 1
            elif default is not None:
                values[inner] = default
            else:
                return None
        if position != len(args):
            return None
        out = body
        for inner, value in values.items():
            # Not an argument label (`red: red / 255`).
            out = re.sub(r"(?<![\w.])" + re.escape(inner) + r"(?!\w)(?!\s*:)", "(" + value + ")", out)
        # Conversions of a literal: Double(226), CGFloat(0.5).
        out = re.sub(r"\b(?:Double|CGFloat|Float)\((\([^()]*\))\)", r"\1", out)
        out = re.sub(r"\b(?:Double|CGFloat|Float)\((0x[0-9a-fA-F]+|[\d.]+)\)", r"(\1)", out)
        return out

    def reference(self, name, known, scope):
        name = re.sub(r"^Self\.", ".".join(scope) + ".", name)
        for cut in range(len(scope), -1, -1):
            full = ".".join(scope[:cut] + [name]) if name else None
            if full in known and known[full]:
                return known[full]
        return None

    def initializer(self, args, kind, known, scope):
        labels = []
        values = []
        for a in args:
            m = re.match(r"^([A-Za-z_]\w*)\s*:\s*(.*)$", a, re.S)
            labels.append(m.group(1) if m else "_")
            values.append(m.group(2).strip() if m else a)
        space = "srgb"
        if labels and labels[0] == "_" and len(labels) > 1 and values[0] in (".sRGB", ".displayP3", ".sRGBLinear"):
            space = {".sRGB": "srgb", ".displayP3": "display-p3", ".sRGBLinear": "extended-linear-srgb"}[values[0]]
            labels, values = labels[1:], values[1:]
        table = dict(zip(labels, values))
        alpha_text = table.get("alpha", table.get("opacity", "1"))
        alpha = evaluate(alpha_text)
        if alpha is None or not 0 <= alpha <= 1:
            return None
        if set(labels) <= {"red", "green", "blue", "alpha", "opacity"} and {"red", "green", "blue"} <= set(labels):
            comps = [evaluate(table[c]) for c in ("red", "green", "blue")]
            if any(c is None or c < 0 or c > 1 for c in comps):
                return None
            return both(reader.convert(space, comps, alpha)[0])
        if set(labels) <= {"displayP3Red", "green", "blue", "alpha"} and "displayP3Red" in labels:
            comps = [evaluate(table[c]) for c in ("displayP3Red", "green", "blue")]
            if any(c is None or c < 0 or c > 1 for c in comps):
                return None
            return both(reader.convert("display-p3", comps, alpha)[0])
        if set(labels) <= {"white", "alpha", "opacity"} and "white" in labels:
            w = evaluate(table["white"])
            if w is None or not 0 <= w <= 1:
                return None
            if kind == "uikit":
                return both(reader.convert("gray-gamma-22", [w], alpha)[0])
            return both(reader.convert(space, [w, w, w], alpha)[0])
        if labels and labels[0] == "hex" and set(labels) <= {"hex", "alpha", "opacity"}:
            text = table["hex"]
            m = re.match(r'^(?:0x([0-9A-Fa-f_]+)|"(?:#|0x)?([0-9A-Fa-f]+)")$', text)
            if not m:
                return None
            digits = (m.group(1) or "").replace("_", "") or m.group(2)
            if m.group(2) and len(digits) == 3:
                digits = "".join(c * 2 for c in digits)
            if m.group(1):
                value = int(digits, 16)
                if value > 0xFFFFFF:
                    return None
                digits = "%06x" % value
            if len(digits) != 6:
                return None
            r, g, b = (int(digits[i:i + 2], 16) / 255.0 for i in (0, 2, 4))
            return both(reader.hex8(r, g, b, alpha))
        if labels in (["_"], ["_", "bundle"], ["named"], ["named", "in", "compatibleWith"], ["named", "in"]):
            m = re.match(r'^"([^"\\]*)"$', values[0])
            if m and m.group(1) in self.catalog:
                v = self.catalog[m.group(1)]
                return {"light": v["light"], "dark": v["dark"]}
            return None
        if sorted(labels) == ["dark", "light"]:
            light = self.value(table["light"], kind, known, scope)
            dark = self.value(table["dark"], kind, known, scope)
            if light and dark:
                return {"light": light["light"], "dark": dark["dark"]}
        return None

    def provider(self, expr, known, scope):
        """A UIColor { … userInterfaceStyle == .dark ? a : b } provider."""
        m = re.search(r"userInterfaceStyle\s*==\s*\.dark\s*\?\s*(.+?)\s*:\s*(.+?)\s*\}\s*\)?$", expr, re.S)
        if m:
            dark, light = self.value(m.group(1), "uikit", known, scope), self.value(m.group(2), "uikit", known, scope)
        else:
            m = re.search(r"userInterfaceStyle\s*==\s*\.dark\s*\{\s*return\s+(.+?)\s*\}\s*else\s*\{\s*return\s+(.+?)\s*\}", expr, re.S)
            if not m:
                return None
            dark, light = self.value(m.group(1), "uikit", known, scope), self.value(m.group(2), "uikit", known, scope)
        if light and dark:
            return {"light": light["light"], "dark": dark["dark"]}
        return None


def kind_type(kind):
    return {"swiftui": "Color", "uikit": "UIColor"}.get(kind)


def read_swift(paths, catalogs):
    """{name: {"light": hex8, "dark": hex8}} for the literal forms, and the names
    seen as colour declarations."""
    colours = Colours(catalogs)
    colours.helpers = helpers(paths)
    entries = []
    for path in paths:
        for scope, name, type_, expr, line in declarations(path):
            t = (type_ or "").rstrip("?!")
            t = re.sub(r"^(SwiftUI|UIKit)\.", "", t)
            kind = {"Color": "swiftui", "UIColor": "uikit"}.get(t)
            if kind is None and t == "Self" and scope:
                kind = {"Color": "swiftui", "UIColor": "uikit"}.get(scope[-1])
            if type_ and kind is None:
                continue
            entries.append((scope, name, kind, expr))
    known = {}
    # References may point forwards or to another file: settle in passes.
    for _ in range(8):
        changed = False
        for scope, name, kind, expr in entries:
            full = ".".join(scope + [name])
            if full in known:
                continue
            if expr.startswith("{"):
                body = expr[1:].rstrip("}").strip()
                body = re.sub(r"^return\s+", "", body)
                value = colours.value(body, kind, known, scope)
            elif "userInterfaceStyle" in expr:
                value = colours.provider(expr, known, scope)
            else:
                value = colours.value(expr, kind, known, scope)
            if value:
                known[full] = value
                changed = True
        if not changed:
            break
    return known


# ------------------------------------------------------------------ Darkroom

LISTED = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+):(?P<col>\d+): (?P<rest>.*)$")


def run_darkroom(binary, app, swift, catalogs):
    """What `darkroom palette` lists: {name: {"light", "dark"}} read, {name: reason} skipped."""
    measure = tempfile.mkdtemp(prefix="darkroom-measure-", dir=app)
    try:
        sources = "".join("  - \"%s\"\n" % os.path.relpath(os.path.join(app, p), measure) for p in catalogs + swift)
        with open(os.path.join(measure, "theme.yml"), "w") as f:
            f.write("sources:\n" + sources)
        out = os.path.join(measure, "out")
        run = subprocess.run(
            [binary, "palette", "--theme", os.path.join(os.path.basename(measure), "theme.yml"), "--out", out],
            cwd=app, capture_output=True, text=True)
        if run.returncode != 0:
            raise SystemExit("darkroom palette failed: " + run.stderr.strip())
    finally:
        shutil.rmtree(measure, ignore_errors=True)
    read, skipped = {}, {}
    for line in run.stdout.splitlines():
        m = LISTED.match(line)
        if not m:
            continue
        rest = m.group("rest")
        if rest.startswith("skipped "):
            name, _, reason = rest[len("skipped "):].partition(": ")
            skipped[name] = reason
            continue
        name, _, values = rest.partition(" ")
        values = values.split(" = ")[0]
        def h8(h):
            return h if len(h) == 9 else h + "ff"
        pair = re.match(r"^(#[0-9a-f]+) light, (#[0-9a-f]+) dark$", values)
        if pair:
            read[name] = {"light": h8(pair.group(1)), "dark": h8(pair.group(2))}
        elif re.match(r"^#[0-9a-f]+$", values):
            read[name] = both(h8(values))
    return read, skipped


REASONS = [
    ("a function call", r"calls `|a function|calls a function"),
    ("a name the files do not define", r"which is not a colour these files define"),
    ("hex of eight digits (alpha first or last?)", r"hex digits"),
    ("a component outside 0…1", r"outside 0…1"),
    ("a build condition (#if)", r"a condition of the build"),
    ("the app's state (@State, @AppStorage)", r"wrapped by|stored by"),
    ("a condition other than the appearance", r"chooses by|switches on"),
    ("an initializer the app declares", r"the app's own code"),
    ("defined twice", r"defined \d+ times"),
    ("not a finite number / divides by zero", r"finite|divides by zero"),
    ("a system colour Darkroom does not draw", r"not among the system colours"),
    ("AppKit / Core Graphics", r"NSColor|CGColor|CIColor"),
    ("a variable", r"is a variable|known when the app runs"),
    ("not parsed", r"^not read:"),
]


def reason_class(reason):
    for label, pattern in REASONS:
        if re.search(pattern, reason):
            return label
    return "other: " + reason[:60]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("darkroom")
    parser.add_argument("app")
    parser.add_argument("--swift", action="append", default=[], help="a .swift file or folder, relative to APP")
    parser.add_argument("--catalog", action="append", default=[], help="an asset catalog, relative to APP")
    parser.add_argument("--name", default=None)
    parser.add_argument("--json", default=None)
    parser.add_argument("--list", action="store_true", help="print every colour compared")
    args = parser.parse_args()
    app = os.path.abspath(args.app)
    files = []
    for rel in args.swift:
        full = os.path.join(app, rel)
        if os.path.isdir(full):
            for folder, dirs, names in os.walk(full):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                files += [os.path.join(folder, n) for n in sorted(names) if n.endswith(".swift")]
        else:
            files.append(full)
    catalogs = [os.path.join(app, c) for c in args.catalog]
    read, skipped = run_darkroom(os.path.abspath(args.darkroom), app, args.swift, args.catalog)
    independent = read_swift(files, catalogs)
    compared = sorted(set(read) & set(independent))
    mismatches = [(n, read[n], independent[n]) for n in compared if read[n] != independent[n]]
    by_reason = {}
    for name, reason in skipped.items():
        by_reason.setdefault(reason_class(reason), []).append(name)
    name = args.name or os.path.basename(app)
    print("%s: %d colours read by Darkroom, %d skipped; the independent reading reads %d; %d compared, %d mismatches"
          % (name, len(read), len(skipped), len(independent), len(compared), len(mismatches)))
    for label, names in sorted(by_reason.items(), key=lambda item: -len(item[1])):
        print("  skipped, %s: %d (e.g. %s)" % (label, len(names), ", ".join(sorted(names)[:3])))
    only_independent = sorted(set(independent) - set(read))
    if only_independent:
        print("  read independently but not by Darkroom: %d (%s)" % (len(only_independent), ", ".join(only_independent[:5])))
    print("  read by Darkroom, not by the independent reading (not compared): %d" % len(set(read) - set(independent)))
    for n, ours, theirs in mismatches:
        print("  MISMATCH %s: Darkroom %s, independent %s" % (n, ours, theirs))
    if args.list:
        for n in compared:
            print("  %s %s %s" % (n, read[n]["light"], read[n]["dark"]))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"app": name, "read": read, "skipped": skipped, "independent": independent,
                       "compared": len(compared), "mismatches": [m[0] for m in mismatches],
                       "skippedByReason": {k: len(v) for k, v in by_reason.items()}}, f, indent=1, sort_keys=True)
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
