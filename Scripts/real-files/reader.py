#!/usr/bin/env python3
"""An independent reader of the colour and string resources of iOS and Android apps.

Python 3 standard library only. It follows the PLATFORM's documented (or open-source)
rules, not Darkroom's:

Colours
  * Xcode asset catalogs (.xcassets): every .colorset, named by its folder name, with
    "Folder/" in front inside folders whose Contents.json sets provides-namespace.
    Device: an iPhone with an sRGB display (so `idiom: iphone` entries beat
    `universal` ones, other idioms are ignored, and entries for the display-P3 gamut
    are ignored in favour of the sRGB/any-gamut ones).  Appearances are resolved in
    Apple's order: light: light, any; dark: dark, any; high contrast: X+high, X,
    high, any.  Components: "0x3C" hex bytes, values with a '.' (or exponent) are
    floats, other integers are 0-255 (what Xcode's "8-bit (0-255)" input writes);
    alpha is a float (or hex).  Colour spaces: srgb, extended-srgb (clipped),
    extended-linear-srgb (encoded with the sRGB curve, then clipped), display-p3
    (linearised, moved to sRGB primaries with the matrix derived from the
    CIE xy chromaticities of both spaces and D65, clipped, encoded), gray-gamma-22 and
    extended-gray (Apple's generic grey, gamma 2.2: linear = v^2.2, then sRGB encoded).
    System colour references are resolved with UIKit's published values.
    A colour is given as 8-digit RGBA hex (#rrggbbaa), per mode light, dark, light-hc,
    dark-hc.
  * Android res folders: every <color> / <item type="color"> in every values*/ *.xml
    file (Android merges all files of a folder). Device: a phone at API 35, portrait,
    default density; light mode reads the best of values, values-vNN; dark mode prefers
    values-night(-vNN). Values #RGB, #ARGB, #RRGGBB, #AARRGGBB, @color/x,
    @android:color/x (framework values known here), others are unresolvable.

Strings
  * .strings (old-style property list, CFOldStylePList rules): whitespace, // and /* */
    comments, quoted ("..." or '...') or unquoted [A-Za-z0-9_$/:.-] strings, escapes
    \\a \\b \\f \\n \\r \\t \\v \\" \\<newline>, \\U + up to 4 hex digits, octal
    \\ooo (NeXTSTEP Latin, ASCII range here), any other escaped character is itself;
    "key"; gives key = key; a key given twice keeps the LAST value (a dictionary).
  * .stringsdict (XML property list): NSStringLocalizedFormatKey with %#@var@
    variables, NSStringPluralRuleType, forms zero/one/two/few/many/other; the form of a
    missing category is `other`.  Same key in .stringsdict and .strings: the
    .stringsdict wins (CFBundle_Strings.c merges the stringsdict over the strings).
  * .xcstrings (JSON): stringUnit values, plural and device variations (device: an
    iPhone takes `iphone`, else `other`), substitutions with argNum / formatSpecifier,
    each substitution choosing its own plural form from its own argument; a key with
    no source-language localization is its own text.
  * Android strings.xml (and every other values*/ *.xml): <string>, <item type=string>,
    <plurals>; aapt2's rules: entities (DTD ones too) expanded by the XML parser, the
    text's leading/trailing ASCII whitespace trimmed when there are no styling tags,
    runs of ASCII whitespace (isspace) collapsed to one space outside double quotes
    (non-ASCII spaces such as U+00A0, U+202F, U+3000 are kept), double quotes removed,
    escapes \\t \\n \\uXXXX \\# \\@ \\? \\" \\' \\\\ (others: the character itself),
    <xliff:g> and HTML tags give their text; a value that is exactly a reference
    (@string/x, @android:string/x) is an alias resolved in the same locale;
    translatable="false" strings exist only in the default folder.
  * Missing keys: iOS falls back to the development language (as the brief states;
    open-source CoreFoundation returns the key instead - either way not an error);
    Android falls back values-ll-rRR -> values-ll -> values.

Run: reader.py APP_DIR [--out FILE]   (writes the resolved values as JSON)
"""
import json
import math
import os
import plistlib
import re
import sys
import xml.etree.ElementTree as ET
from xml.parsers import expat

MODES = ["light", "dark", "light-hc", "dark-hc"]

# --------------------------------------------------------------------------- colour maths


def srgb_decode(v):
    s = -1 if v < 0 else 1
    v = abs(v)
    return s * (v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4)


def srgb_encode(v):
    s = -1 if v < 0 else 1
    v = abs(v)
    return s * (v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055)


def _mat_inv(m):
    a, b, c = m[0]
    d, e, f = m[1]
    g, h, i = m[2]
    det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    return [
        [(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
        [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
        [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det],
    ]


def _mat_mul(a, b):
    return [[sum(a[r][k] * b[k][c] for k in range(3)) for c in range(3)] for r in range(3)]


def _rgb_to_xyz(prims, white):
    cols = []
    for x, y in prims:
        cols.append([x / y, 1.0, (1 - x - y) / y])
    m = [[cols[c][r] for c in range(3)] for r in range(3)]
    wx, wy = white
    w = [wx / wy, 1.0, (1 - wx - wy) / wy]
    inv = _mat_inv(m)
    s = [sum(inv[r][k] * w[k] for k in range(3)) for r in range(3)]
    return [[m[r][c] * s[c] for c in range(3)] for r in range(3)]


D65 = (0.3127, 0.3290)
P3_TO_SRGB = _mat_mul(
    _mat_inv(_rgb_to_xyz([(0.64, 0.33), (0.30, 0.60), (0.15, 0.06)], D65)),
    _rgb_to_xyz([(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)], D65),
)


def to_byte(v):
    v = min(max(v, 0.0), 1.0)
    return int(math.floor(v * 255 + 0.5))


def hex8(r, g, b, a):
    return "#%02x%02x%02x%02x" % (to_byte(r), to_byte(g), to_byte(b), to_byte(a))


def convert(space, comps, alpha):
    """Returns (hex8, notes) for components in an asset catalog colour space."""
    notes = []
    if space in ("gray-gamma-22", "extended-gray"):
        w = comps[0]
        lin = (w ** 2.2) if w > 0 else 0.0
        e = srgb_encode(lin)
        return hex8(e, e, e, alpha), notes
    r, g, b = comps
    if space in ("srgb", "extended-srgb"):
        if any(c < 0 or c > 1 for c in comps):
            notes.append("outside-srgb")
        return hex8(r, g, b, alpha), notes
    if space == "extended-linear-srgb":
        e = [srgb_encode(c) for c in comps]
        return hex8(*e, alpha), notes
    if space == "display-p3":
        lin = [srgb_decode(c) for c in comps]
        out = [sum(P3_TO_SRGB[i][k] * lin[k] for k in range(3)) for i in range(3)]
        enc = [srgb_encode(c) for c in out]
        if any(c < -1e-6 or c > 1 + 1e-6 for c in enc):
            notes.append("p3-out-of-srgb-gamut")
        return hex8(*enc, alpha), notes
    raise ValueError("unknown colour space %r" % space)


def component(text, name):
    t = text.strip()
    if t.lower().startswith("0x"):
        return int(t[2:], 16) / 255.0
    v = float(t)
    if name == "alpha" or "." in t or "e" in t.lower():
        return v
    return v / 255.0


# UIKit's system colours (iOS 13+ published values): light, dark, light-hc, dark-hc.
def _c(*hexes):
    out = []
    for h in hexes:
        h = h.lstrip("#").lower()
        out.append("#" + (h if len(h) == 8 else h + "ff"))
    return dict(zip(MODES, out))


SYSTEM_COLORS = {
    "systemRedColor": _c("FF3B30", "FF453A", "D70015", "FF6961"),
    "systemOrangeColor": _c("FF9500", "FF9F0A", "C93400", "FFB340"),
    "systemYellowColor": _c("FFCC00", "FFD60A", "B25000", "FFD426"),
    "systemGreenColor": _c("34C759", "30D158", "248A3D", "30DB5B"),
    "systemMintColor": _c("00C7BE", "63E6E2", "0C817B", "66D4CF"),
    "systemTealColor": _c("30B0C7", "40CBE0", "008299", "5DE6FF"),
    "systemCyanColor": _c("32ADE6", "64D2FF", "0071A4", "70D7FF"),
    "systemBlueColor": _c("007AFF", "0A84FF", "0040DD", "409CFF"),
    "systemIndigoColor": _c("5856D6", "5E5CE6", "3634A3", "7D7AFF"),
    "systemPurpleColor": _c("AF52DE", "BF5AF2", "8944AB", "DA8FFF"),
    "systemPinkColor": _c("FF2D55", "FF375F", "D30F45", "FF6482"),
    "systemBrownColor": _c("A2845E", "AC8E68", "7F6545", "B59469"),
    "systemGrayColor": _c("8E8E93", "8E8E93", "6C6C70", "AEAEB2"),
    "systemGray2Color": _c("AEAEB2", "636366", "8E8E93", "7C7C80"),
    "systemGray3Color": _c("C7C7CC", "48484A", "AEAEB2", "545456"),
    "systemGray4Color": _c("D1D1D6", "3A3A3C", "BCBCC0", "444446"),
    "systemGray5Color": _c("E5E5EA", "2C2C2E", "D8D8DC", "363638"),
    "systemGray6Color": _c("F2F2F7", "1C1C1E", "EBEBF0", "242426"),
    "labelColor": _c("000000", "FFFFFF", "000000", "FFFFFF"),
    "secondaryLabelColor": _c("3C3C4399", "EBEBF599", "3C3C43CC", "EBEBF5CC"),
    "tertiaryLabelColor": _c("3C3C434C", "EBEBF54C", "3C3C4366", "EBEBF566"),
    "quaternaryLabelColor": _c("3C3C432D", "EBEBF52D", "3C3C4342", "EBEBF542"),
    "systemBackgroundColor": _c("FFFFFF", "000000", "FFFFFF", "000000"),
    "secondarySystemBackgroundColor": _c("F2F2F7", "1C1C1E", "EBEBF0", "242426"),
    "tertiarySystemBackgroundColor": _c("FFFFFF", "2C2C2E", "FFFFFF", "363638"),
    "systemGroupedBackgroundColor": _c("F2F2F7", "000000", "EBEBF0", "000000"),
    "secondarySystemGroupedBackgroundColor": _c("FFFFFF", "1C1C1E", "FFFFFF", "242426"),
    "tertiarySystemGroupedBackgroundColor": _c("F2F2F7", "2C2C2E", "EBEBF0", "363638"),
    "separatorColor": _c("3C3C4349", "54545899", "3C3C435E", "545458AD"),
    "opaqueSeparatorColor": _c("C6C6C8", "38383A", "C6C6C8", "38383A"),
    "linkColor": _c("007AFF", "0984FF", "007AFF", "0984FF"),
    "placeholderTextColor": _c("3C3C434C", "EBEBF54C", "3C3C4366", "EBEBF566"),
    "systemFillColor": _c("78788033", "7878805B", "78788047", "7878806E"),
    "secondarySystemFillColor": _c("78788028", "78788051", "7878803D", "78788066"),
    "tertiarySystemFillColor": _c("7676801E", "7676803D", "76768033", "76768051"),
    "quaternarySystemFillColor": _c("74748014", "7676802D", "74748028", "76768042"),
    "whiteColor": _c("FFFFFF", "FFFFFF", "FFFFFF", "FFFFFF"),
    "blackColor": _c("000000", "000000", "000000", "000000"),
    "clearColor": _c("00000000", "00000000", "00000000", "00000000"),
}

# ------------------------------------------------------------------------ asset catalogs


def load_json(path):
    with open(path, "rb") as f:
        return json.loads(f.read().decode("utf-8-sig"))


APPLE_ORDER = {
    "light": [("light", False), ("any", False)],
    "dark": [("dark", False), ("any", False)],
    "light-hc": [("light", True), ("light", False), ("any", True), ("any", False)],
    "dark-hc": [("dark", True), ("dark", False), ("any", True), ("any", False)],
}


def appearance_key(entry):
    lum, high = "any", False
    for a in entry.get("appearances", []) or []:
        if a.get("appearance") == "luminosity":
            lum = a.get("value")
        elif a.get("appearance") == "contrast" and a.get("value") == "high":
            high = True
    return (lum, high)


def read_colorset(folder):
    """Returns {"modes": {mode: hex8 or None}, "notes": [...]}."""
    doc = load_json(os.path.join(folder, "Contents.json"))
    notes = set()
    chosen = {}
    for entry in doc.get("colors", []) or []:
        idiom = entry.get("idiom", "universal")
        if idiom not in ("universal", "iphone"):
            notes.add("idiom-" + idiom)
            continue
        gamut = entry.get("display-gamut")
        if gamut and gamut != "sRGB":
            notes.add("display-gamut-" + gamut)
            continue
        color = entry.get("color")
        if color is None:
            # Xcode's AccentColor template: an entry with no value gives nothing
            notes.add("entry-without-color")
            continue
        if color.get("platform") not in (None, "ios", "universal"):
            # a system colour of another platform (NSColor's): not in an iOS build
            notes.add("platform-" + str(color.get("platform")))
            continue
        key = appearance_key(entry)
        if key[0] not in ("any", "light", "dark"):
            notes.add("luminosity-" + str(key[0]))
            continue
        if key in chosen and chosen[key][0] == "iphone" and idiom == "universal":
            continue
        if key in chosen and chosen[key][0] == idiom:
            notes.add("duplicate-entry")
            continue
        if idiom == "iphone":
            notes.add("iphone-entry")
        chosen[key] = (idiom, entry)
    values = {}
    for key, (idiom, entry) in chosen.items():
        if key[0] != "any" or key[1]:
            notes.add("appearance-" + key[0] + ("-high" if key[1] else ""))
        color = entry.get("color")
        if color is None:
            notes.add("entry-without-color")
            continue
        if "reference" in color:
            notes.add("system-reference")
            ref = SYSTEM_COLORS.get(color["reference"])
            if ref is None:
                notes.add("unknown-reference-" + color["reference"])
                continue
            values[key] = ("ref", ref)
            continue
        space = color.get("color-space", "srgb")
        comps = color.get("components", {})
        notes.add("space-" + space)
        for n, v in comps.items():
            t = str(v).strip()
            notes.add("components-" + ("hex" if t.lower().startswith("0x") else "float" if ("." in t or n == "alpha") else "int"))
        names = ["white"] if space in ("gray-gamma-22", "extended-gray") else ["red", "green", "blue"]
        vals = [component(str(comps[n]), n) for n in names]
        alpha = component(str(comps.get("alpha", "1")), "alpha")
        hx, more = convert(space, vals, alpha)
        notes.update(more)
        values[key] = ("lit", hx)
    modes = {}
    for mode, order in APPLE_ORDER.items():
        modes[mode] = None
        for key in order:
            if key in values:
                kind, v = values[key]
                modes[mode] = v[mode] if kind == "ref" else v
                break
    return {"modes": modes, "notes": sorted(notes)}


def read_imageset(folder):
    doc = load_json(os.path.join(folder, "Contents.json"))
    files = []
    for entry in doc.get("images", []) or []:
        fn = entry.get("filename")
        if not fn:
            continue
        idiom = entry.get("idiom", "universal")
        files.append({"file": fn, "idiom": idiom, "scale": entry.get("scale"),
                      "appearance": "-".join(str(x) for x in appearance_key(entry)),
                      "exists": os.path.exists(os.path.join(folder, fn))})
    return files


IGNORED_SETS = (".appiconset", ".symbolset", ".dataset", ".launchimage", ".stickerpack", ".textureset",
                ".cubetextureset", ".spriteatlas", ".arimageset", ".brandassets", ".imagestack", ".iconset",
                ".solidimagestack")


def provides_namespace(folder):
    p = os.path.join(folder, "Contents.json")
    if not os.path.exists(p):
        return False
    try:
        return bool(load_json(p).get("properties", {}).get("provides-namespace", False))
    except Exception:
        return False


def read_catalog(path):
    colors, images, other_sets = {}, {}, {}

    def walk(folder, ns):
        for entry in sorted(os.listdir(folder)):
            full = os.path.join(folder, entry)
            if entry.startswith(".") or not os.path.isdir(full):
                continue
            stem, ext = os.path.splitext(entry)
            if ext == ".colorset":
                colors[ns + stem] = read_colorset(full)
                colors[ns + stem]["path"] = os.path.relpath(full, path)
            elif ext == ".imageset":
                images[ns + stem] = read_imageset(full)
            elif ext in IGNORED_SETS:
                other_sets[ext] = other_sets.get(ext, 0) + 1
            else:
                walk(full, ns + entry + "/" if provides_namespace(full) else ns)

    walk(path, "")
    return {"kind": "xcassets", "colors": colors, "images": images, "otherSets": other_sets}


# ------------------------------------------------------------------- Android resources

ANDROID_FRAMEWORK_COLORS = {
    "white": "#ffffffff", "black": "#000000ff", "transparent": "#00000000",
    "darker_gray": "#aaaaaaff", "background_dark": "#000000ff", "background_light": "#ffffffff",
    "holo_blue_light": "#33b5e5ff", "holo_blue_dark": "#0099ccff", "holo_green_light": "#99cc00ff",
    "holo_green_dark": "#669900ff", "holo_red_light": "#ff4444ff", "holo_red_dark": "#cc0000ff",
    "holo_orange_light": "#ffbb33ff", "holo_orange_dark": "#ff8800ff", "holo_purple": "#aa66ccff",
    "holo_blue_bright": "#00ddffff",
}


def parse_qualifiers(folder):
    """values-night-v27 -> {"night": True, "v": 27, "other": [...], "lang": ...}."""
    parts = folder.split("-")[1:]
    q = {"night": None, "v": 0, "other": [], "lang": None}
    i = 0
    while i < len(parts):
        p = parts[i]
        if p == "night":
            q["night"] = True
        elif p == "notnight":
            q["night"] = False
        elif re.fullmatch(r"v\d+", p):
            q["v"] = int(p[1:])
        elif re.fullmatch(r"[a-z]{2,3}", p) and q["lang"] is None and i == 0:
            q["lang"] = p
            if i + 1 < len(parts) and re.fullmatch(r"r([A-Z]{2}|\d{3})", parts[i + 1]):
                q["lang"] += "-" + parts[i + 1][1:]
                i += 1
        elif p.startswith("b+") and i == 0:
            q["lang"] = "-".join(p.split("+")[1:])
        else:
            q["other"].append(p)
        i += 1
    return q


API_LEVEL = 35


def android_color_value(text):
    t = text.strip()
    if t.startswith("#"):
        h = t[1:]
        if not re.fullmatch(r"[0-9a-fA-F]+", h):
            return None
        if len(h) == 3:
            return "#" + "".join(c * 2 for c in h).lower() + "ff"
        if len(h) == 4:
            return "#" + "".join(c * 2 for c in h[1:]).lower() + (h[0] * 2).lower()
        if len(h) == 6:
            return "#" + h.lower() + "ff"
        if len(h) == 8:
            return "#" + h[2:].lower() + h[:2].lower()
        return None
    return None


def read_android_colors(res):
    """Every colour of every values*/ folder usable on the model device, per mode."""
    by_folder = {}
    files_with_colors = {}
    for folder in sorted(os.listdir(res)):
        if not folder.startswith("values") or not os.path.isdir(os.path.join(res, folder)):
            continue
        q = parse_qualifiers(folder)
        for fn in sorted(os.listdir(os.path.join(res, folder))):
            if not fn.endswith(".xml"):
                continue
            path = os.path.join(res, folder, fn)
            try:
                root = ET.parse(path).getroot()
            except ET.ParseError:
                continue
            for el in root:
                if el.tag == "color" or (el.tag == "item" and el.get("type") == "color"):
                    name = el.get("name")
                    by_folder.setdefault(folder, {})[name] = {"raw": "".join(el.itertext()).strip(), "file": fn}
                    files_with_colors.setdefault(folder + "/" + fn, 0)
                    files_with_colors[folder + "/" + fn] += 1
    names = sorted({n for f in by_folder.values() for n in f})

    def candidates(night):
        """Folders usable in this mode, best first."""
        out = []
        for folder in by_folder:
            q = parse_qualifiers(folder)
            if q["other"] or q["lang"] or q["v"] > API_LEVEL:
                continue
            if q["night"] is not None and q["night"] != night:
                continue
            out.append((1 if q["night"] == night and q["night"] is not None else 0, q["v"], folder))
        out.sort(reverse=True)
        return [f for _, _, f in out]

    def resolve(name, night, depth=0):
        if depth > 20:
            return None, ["cycle"]
        for folder in candidates(night):
            if name in by_folder[folder]:
                raw = by_folder[folder][name]["raw"]
                tags = []
                if folder != "values" and folder != "values-night":
                    tags.append("folder-" + folder)
                v = android_color_value(raw)
                if v is not None:
                    return v, tags
                if raw.startswith("@color/"):
                    r, t = resolve(raw[len("@color/"):], night, depth + 1)
                    return r, tags + ["reference"] + t
                if raw.startswith("@android:color/"):
                    fw = raw[len("@android:color/"):]
                    return ANDROID_FRAMEWORK_COLORS.get(fw), tags + ["framework-" + fw]
                return None, tags + ["unresolvable:" + raw]
        return None, ["not-found"]

    colors = {}
    for name in names:
        light, t1 = resolve(name, False)
        dark, t2 = resolve(name, True)
        files = sorted({f + "/" + by_folder[f][name]["file"] for f in by_folder if name in by_folder[f]})
        colors[name] = {"modes": {"light": light, "dark": dark, "light-hc": light, "dark-hc": dark},
                        "notes": sorted(set(t1 + t2)), "files": files}
    return {"kind": "android", "colors": colors, "filesWithColors": files_with_colors}


# ------------------------------------------------------------------------ .strings files


class StringsParseError(Exception):
    pass


def decode_text(data):
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8")
    if data.startswith(b"\xff\xfe") or data.startswith(b"\xfe\xff"):
        return data.decode("utf-16")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("utf-16-le" if data[1:2] == b"\0" else "utf-16-be")


UNQUOTED = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$/:.-")


def parse_dot_strings(text):
    """CFOldStylePList's strings-file parse: returns (dict, duplicates)."""
    s = text
    n = len(s)
    i = 0
    out = {}
    dups = []

    def skip():
        nonlocal i
        while i < n:
            c = s[i]
            if "\t" <= c <= "\r" or c == " " or c in "\u2028\u2029":
                i += 1
            elif c == "/" and i + 1 < n and s[i + 1] == "/":
                i += 2
                while i < n and s[i] not in "\n\r\u2028\u2029":
                    i += 1
            elif c == "/" and i + 1 < n and s[i + 1] == "*":
                i += 2
                while i < n and not (s[i] == "*" and i + 1 < n and s[i + 1] == "/"):
                    i += 1
                i += 2
            else:
                return True
        return False

    def slashed():
        nonlocal i
        c = s[i]
        i += 1
        if c in "01234567":
            num = ord(c) - 48
            if i < n and s[i] in "01234567":
                num = num * 8 + ord(s[i]) - 48
                i += 1
                if i < n and s[i] in "01234567":
                    num = num * 8 + ord(s[i]) - 48
                    i += 1
            return chr(num & 0xFF)
        if c == "U":
            num, k = 0, 0
            while i < n and k < 4 and s[i] in "0123456789abcdefABCDEF":
                num = num * 16 + int(s[i], 16)
                i += 1
                k += 1
            return chr(num)
        return {"a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v", '"': '"', "\n": "\n"}.get(c, c)

    def string():
        nonlocal i
        if not skip():
            return None
        c = s[i]
        if c in "'\"":
            i += 1
            buf = []
            while i < n and s[i] != c:
                if s[i] == "\\":
                    i += 1
                    buf.append(slashed())
                else:
                    buf.append(s[i])
                    i += 1
            if i >= n:
                raise StringsParseError("unterminated quoted string")
            i += 1
            return fix_surrogates("".join(buf))
        if c in UNQUOTED:
            start = i
            while i < n and s[i] in UNQUOTED:
                i += 1
            return s[start:i]
        raise StringsParseError("invalid string character %r at offset %d" % (c, i))

    key = string()
    while key is not None:
        if not skip():
            raise StringsParseError("missing ';'")
        if s[i] == ";":
            value = key
        elif s[i] == "=":
            i += 1
            value = string()
            if value is None:
                raise StringsParseError("missing value")
        else:
            raise StringsParseError("expected ';' or '=' after key")
        if key in out:
            dups.append(key)
        out[key] = value
        if skip() and s[i] == ";":
            i += 1
            key = string()
        else:
            raise StringsParseError("missing ';' after %r" % key)
    return out, dups


def fix_surrogates(t):
    """Joins UTF-16 surrogate pairs that escapes produced one unit at a time."""
    if not any("\ud800" <= ch <= "\udfff" for ch in t):
        return t
    return t.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


# ------------------------------------------------------------------- CLDR plural rules


def plural_category(lang, n):
    """CLDR (v44) cardinal category of the whole number n in lang (i = n, v = 0)."""
    lang = lang.replace("_", "-")
    base = lang.split("-")[0].lower()
    if lang.lower() in ("pt-pt",):
        return "one" if n == 1 else ("many" if n != 0 and n % 1000000 == 0 else "other")
    i = n
    m10, m100 = i % 10, i % 100
    if base in ("ja", "zh", "ko", "th", "vi", "id", "in", "ms", "my", "lo", "km", "yue", "jv", "ig", "yo",
                "bo", "dz", "sah", "to", "wo", "su", "kea", "ses", "sg", "ii", "osa", "jbo", "nqo", "kde", "ko"):
        return "other"
    if base in ("fr",):
        return "one" if i in (0, 1) else ("many" if i != 0 and i % 1000000 == 0 else "other")
    if base in ("pt",):
        return "one" if i in (0, 1) else ("many" if i != 0 and i % 1000000 == 0 else "other")
    if base in ("es", "it", "ca", "vec", "scn", "lld"):
        if i == 1:
            return "one"
        return "many" if i != 0 and i % 1000000 == 0 else "other"
    if base in ("hi", "bn", "fa", "gu", "kn", "mr", "am", "zu", "as", "doi", "pcm"):
        return "one" if i in (0, 1) else "other"
    if base in ("hy", "ff", "kab"):
        return "one" if i in (0, 1) else "other"
    if base in ("ak", "bho", "guw", "ln", "mg", "nso", "pa", "ti", "wa"):
        return "one" if i in (0, 1) else "other"
    if base == "si":
        return "one" if i in (0, 1) else "other"
    if base == "tzm":
        # CLDR: one: n = 0..1 or n = 11..99.
        return "one" if i in (0, 1) or 11 <= i <= 99 else "other"
    if base in ("da",):
        return "one" if i == 1 else "other"
    if base in ("ar", "ars"):
        if i == 0:
            return "zero"
        if i == 1:
            return "one"
        if i == 2:
            return "two"
        if 3 <= m100 <= 10:
            return "few"
        if 11 <= m100 <= 99:
            return "many"
        return "other"
    if base in ("he", "iw"):
        return "one" if i == 1 else ("two" if i == 2 else "other")
    if base in ("ru", "uk", "be"):
        if m10 == 1 and m100 != 11:
            return "one"
        if 2 <= m10 <= 4 and not 12 <= m100 <= 14:
            return "few"
        return "many"
    if base == "pl":
        if i == 1:
            return "one"
        if 2 <= m10 <= 4 and not 12 <= m100 <= 14:
            return "few"
        return "many"
    if base in ("cs", "sk"):
        return "one" if i == 1 else ("few" if 2 <= i <= 4 else "other")
    if base in ("ro", "mo"):
        if i == 1:
            return "one"
        if i == 0 or (i != 1 and 1 <= m100 <= 19):
            return "few"
        return "other"
    if base == "lt":
        if m10 == 1 and not 11 <= m100 <= 19:
            return "one"
        if 2 <= m10 <= 9 and not 11 <= m100 <= 19:
            return "few"
        return "other"
    if base in ("lv", "prg"):
        if m10 == 0 or 11 <= m100 <= 19:
            return "zero"
        if m10 == 1 and m100 != 11:
            return "one"
        return "other"
    if base in ("sl", "dsb", "hsb"):
        return {1: "one", 2: "two", 3: "few", 4: "few"}.get(m100, "other")
    if base in ("hr", "sr", "bs", "sh"):
        if m10 == 1 and m100 != 11:
            return "one"
        if 2 <= m10 <= 4 and not 12 <= m100 <= 14:
            return "few"
        return "other"
    if base in ("is", "mk"):
        return "one" if m10 == 1 and m100 != 11 else "other"
    if base == "ga":
        if i == 1:
            return "one"
        if i == 2:
            return "two"
        if 3 <= i <= 6:
            return "few"
        if 7 <= i <= 10:
            return "many"
        return "other"
    if base == "gd":
        if i in (1, 11):
            return "one"
        if i in (2, 12):
            return "two"
        if 3 <= i <= 10 or 13 <= i <= 19:
            return "few"
        return "other"
    if base == "cy":
        return {0: "zero", 1: "one", 2: "two", 3: "few", 6: "many"}.get(i, "other")
    if base == "mt":
        if i == 1:
            return "one"
        if i == 2:
            return "two"
        if i == 0 or 3 <= m100 <= 10:
            return "few"
        if 11 <= m100 <= 19:
            return "many"
        return "other"
    if base in ("fil", "tl"):
        return "one" if i in (1, 2, 3) or m10 not in (4, 6, 9) else "other"
    if base == "br":
        if m10 == 1 and m100 not in (11, 71, 91):
            return "one"
        if m10 == 2 and m100 not in (12, 72, 92):
            return "two"
        if m10 in (3, 4, 9) and not (10 <= m100 <= 19 or 70 <= m100 <= 79 or 90 <= m100 <= 99):
            return "few"
        if i != 0 and i % 1000000 == 0:
            return "many"
        return "other"
    if base in ("se", "smn", "sms", "sma", "smj", "iu", "naq", "sat"):
        return "one" if i == 1 else ("two" if i == 2 else "other")
    if base == "shi":
        return "one" if i in (0, 1) else ("few" if 2 <= i <= 10 else "other")
    if base == "kw":
        if i == 0:
            return "zero"
        if i == 1:
            return "one"
        if m100 in (2, 22, 42, 62, 82) or (i % 1000 == 0 and (20000 <= i % 100000 <= 80000 or i % 100000 == 0)) and i != 0:
            return "two"
        if m100 in (3, 23, 43, 63, 83):
            return "few"
        if i != 1 and m100 in (1, 21, 41, 61, 81):
            return "many"
        return "other"
    # one: n = 1 (en, de, nl, sv, nb, fi, et, el, hu, tr, bg, eu, gl, ...)
    return "one" if i == 1 else "other"


def sample_counts(lang):
    """The smallest count of each category lang uses (and 1000000 for 'many')."""
    out = {}
    for n in list(range(0, 200)) + [1000000]:
        out.setdefault(plural_category(lang, n), n)
    return out


# ---------------------------------------------------------------------- printf formatting

SPEC = re.compile(r"%(?:(\d+)\$)?([-+ 0#,']*)(\d+)?(?:\.(\d+))?(hh|ll|h|l|q|L|z|t|j)?([@dDiuUxXoOfFeEgGcCsSaAp%])")


def format_count(fmt, n):
    """printf-style formatting of fmt with the integer n for every argument (ASCII
    digits, no grouping: n is chosen below 1000)."""

    def rep(m):
        pos, flags, width, prec, length, conv = m.groups()
        if conv == "%":
            return "%"
        if conv in "@sSdDiuU":
            body = str(n)
        elif conv in "xX":
            body = format(n, "x" if conv == "x" else "X")
        elif conv in "oO":
            body = format(n, "o")
        elif conv in "fF":
            body = ("%." + str(6 if prec is None else int(prec)) + "f") % n
        else:
            return m.group(0)
        if prec is not None and conv in "dDiuUxXoO" and len(body) < int(prec):
            body = "0" * (int(prec) - len(body)) + body
        if width and len(body) < int(width):
            pad = int(width) - len(body)
            if "-" in flags:
                body = body + " " * pad
            elif "0" in flags and conv not in "@sS":
                body = "0" * pad + body
            else:
                body = " " * pad + body
        return body

    return SPEC.sub(rep, fmt)


def argument_count(fmt):
    seq, high = 0, 0
    for m in SPEC.finditer(fmt):
        if m.group(6) == "%":
            continue
        if m.group(1):
            high = max(high, int(m.group(1)))
        else:
            seq += 1
    return max(seq, high)


# ----------------------------------------------------------------------- .stringsdict


# CoreFoundation's format parser takes digits after the position as a width and goes
# on, so `%1#@count@` (as DuckDuckGo writes it) names the variable `count` too.
VAR = re.compile(r"%(?:(\d+)\$)?\d*#@([^@%\s]+)@")


def read_stringsdict(path):
    with open(path, "rb") as f:
        doc = plistlib.load(f)
    out = {}
    for key, entry in doc.items():
        if not isinstance(entry, dict):
            continue
        fmt = entry.get("NSStringLocalizedFormatKey")
        if fmt is None:
            continue
        variables = {}
        for name, spec in entry.items():
            if name == "NSStringLocalizedFormatKey" or not isinstance(spec, dict):
                continue
            if spec.get("NSStringFormatSpecTypeKey") == "NSStringPluralRuleType":
                variables[name] = {c: spec[c] for c in ("zero", "one", "two", "few", "many", "other") if c in spec}
        out[key] = {"format": fmt, "variables": variables}
    return out


def resolve_stringsdict(entry, lang, n):
    """The text of a stringsdict entry for the count n (every variable takes n)."""
    cat = plural_category(lang, n)

    def sub(m):
        var = entry["variables"].get(m.group(2))
        if var is None:
            return m.group(0)
        form = var.get(cat, var.get("other", ""))
        if n == 0 and "zero" in var:  # Apple: the `zero` form is used for 0 in every language
            form = var["zero"]
        return form

    text = entry["format"]
    for _ in range(5):
        new = VAR.sub(sub, text)
        if new == text:
            break
        text = new
    return format_count(text, n)


# ---------------------------------------------------------------------------- .xcstrings


def xc_text(node, tags):
    """A localization's text: a str, {"plural": {...}} or None."""
    if "stringUnit" in node:
        return node["stringUnit"].get("value")
    var = node.get("variations")
    if not var:
        return None
    if "plural" in var:
        forms = {}
        for cat, form in var["plural"].items():
            t = xc_text(form, tags)
            if isinstance(t, dict):
                t = t["plural"].get(cat, t["plural"].get("other"))
            if t is not None:
                forms[cat] = t
        return {"plural": forms} if forms else None
    if "device" in var:
        tags.add("device-variation")
        devs = var["device"]
        for d in ["iphone", "other"] + sorted(devs):
            if d in devs:
                if d == "iphone":
                    tags.add("device-iphone")
                t = xc_text(devs[d], tags)
                if t is not None:
                    return t
        return None
    tags.add("unknown-variation")
    return None


def read_xcstrings(path):
    doc = load_json(path)
    source = doc.get("sourceLanguage", "en")
    table = {}  # lang -> key -> {"value": ..., "subs": {...}, "tags": [...]}
    for key, entry in doc.get("strings", {}).items():
        locs = entry.get("localizations", {}) or {}
        for lang, loc in locs.items():
            tags = set()
            t = xc_text(loc, tags)
            if t is None:
                continue
            subs = {}
            for name, sub in (loc.get("substitutions") or {}).items():
                st = xc_text(sub, tags)
                subs[name] = {"argNum": sub.get("argNum"), "spec": sub.get("formatSpecifier", "lld"), "value": st}
            if subs:
                tags.add("substitutions-%d" % len(subs))
            if isinstance(t, dict):
                tags.add("plural")
            table.setdefault(lang, {})[key] = {"value": t, "subs": subs, "tags": sorted(tags)}
        if key not in table.get(source, {}):
            table.setdefault(source, {})[key] = {"value": key, "subs": {}, "tags": ["key-is-text"]}
        if entry.get("shouldTranslate") is False:
            table[source][key]["tags"] = sorted(set(table[source][key]["tags"]) | {"shouldTranslate-false"})
    return source, table


def resolve_xc(item, lang, n):
    """The text of an xcstrings entry; n None: no count (the format unfilled)."""
    value = item["value"]
    subs = item["subs"]
    if n is None and not isinstance(value, dict) and not subs:
        return value
    if n is None:
        return None
    cat = plural_category(lang, n)

    def pick(forms):
        # Foundation uses an explicit `zero` form for 0 in every language
        if n == 0 and "zero" in forms:
            return forms["zero"]
        return forms.get(cat, forms.get("other", ""))

    text = pick(value["plural"]) if isinstance(value, dict) else value

    def sub(m):
        s = subs.get(m.group(2))
        if s is None:
            return m.group(0)
        v = s["value"]
        form = pick(v["plural"]) if isinstance(v, dict) else (v or "")
        arg = ("%%%d$%s" % (s["argNum"], s["spec"])) if s["argNum"] else "%" + s["spec"]
        return form.replace("%arg", arg)

    text = VAR.sub(sub, text)
    return format_count(text, n)


# ------------------------------------------------------------------- Android strings.xml

ASCII_SPACE = " \t\n\v\f\r"


class _Node:
    def __init__(self, kind, name=None):
        self.kind = kind  # root, text, span, xliff
        self.name = name
        self.children = []
        self.data = ""


def flatten_element(el, tags):
    """aapt2's FlattenXmlSubtree + StringBuilder for one <string> or <item>."""
    root = _Node("root")
    segments = []
    saw_span = False

    def build(e, parent):
        nonlocal saw_span
        if e.text:
            t = _Node("text")
            t.data = e.text
            parent.children.append(t)
            segments.append(t)
        for child in e:
            if not isinstance(child.tag, str):  # comments, processing instructions
                if child.tail:
                    t = _Node("text")
                    t.data = child.tail
                    parent.children.append(t)
                    segments.append(t)
                continue
            if child.tag.startswith("{"):
                tags.add("xliff" if "xliff" in child.tag else "namespaced-tag")
                node = _Node("xliff")
            else:
                tags.add("html-" + child.tag)
                node = _Node("span", child.tag)
                saw_span = True
            parent.children.append(node)
            build(child, node)
            if child.tail:
                t = _Node("text")
                t.data = child.tail
                parent.children.append(t)
                segments.append(t)

    build(el, root)
    # consecutive text nodes in one parent are one segment in aapt2 (comments split none)
    if not saw_span and segments:
        segments[0].data = segments[0].data.lstrip(ASCII_SPACE)
        segments[-1].data = segments[-1].data.rstrip(ASCII_SPACE)
    raw = "".join(el.itertext())
    out = []
    state = {"quote": False, "space": False}

    def append_text(text):
        i = 0
        while i < len(text):
            c = text[i]
            i += 1
            if not state["quote"] and c in ASCII_SPACE:
                if not state["space"]:
                    out.append(" ")
                    state["space"] = True
                continue
            state["space"] = False
            if c == "\\":
                if i < len(text):
                    d = text[i]
                    i += 1
                    if d == "t":
                        out.append("\t")
                    elif d == "n":
                        out.append("\n")
                    elif d == "u":
                        h = text[i:i + 4]
                        if not re.fullmatch(r"[0-9a-fA-F]{4}", h):
                            raise ValueError("invalid unicode escape")
                        out.append(chr(int(h, 16)))
                        i += 4
                    else:
                        out.append(d)
            elif c == '"':
                state["quote"] = not state["quote"]
            elif not state["quote"] and c == "'":
                tags.add("unescaped-apostrophe")
                out.append(c)
            else:
                out.append(c)

    def emit(node):
        for ch in node.children:
            if ch.kind == "text":
                append_text(ch.data)
            elif ch.kind == "span":
                state["quote"], state["space"] = False, False
                emit(ch)
                state["quote"], state["space"] = False, False
            else:
                emit(ch)

    emit(root)
    text = fix_surrogates("".join(out))
    return text, raw


REF = re.compile(r"^\s*@(?:\+)?(?:([\w.]+):)?(string)/([\w.]+)\s*$")


def android_lang(folder):
    if folder == "values":
        return ""
    q = parse_qualifiers(folder)
    if q["other"] or q["night"] is not None or q["v"]:
        return None
    return q["lang"]


OLD_CODES = {"iw": "he", "in": "id", "ji": "yi"}


def read_android_strings(res, include_files=None):
    """{lang: {key: entry}} for every values*/ folder of one res folder ('' = default)."""
    tables = {}
    meta = {"files": [], "toolsLocale": None, "parseErrors": []}
    for folder in sorted(os.listdir(res)):
        full = os.path.join(res, folder)
        if not folder.startswith("values") or not os.path.isdir(full):
            continue
        lang = android_lang(folder)
        if lang is None:
            continue
        for fn in sorted(os.listdir(full)):
            if not fn.endswith(".xml"):
                continue
            path = os.path.join(full, fn)
            with open(path, "rb") as f:
                data = f.read()
            if b"<string" not in data and b"<plurals" not in data and b'type="string"' not in data:
                continue
            try:
                parser = ET.XMLParser()
                root = ET.fromstring(data, parser=parser)
            except ET.ParseError as e:
                meta["parseErrors"].append("%s/%s: %s" % (folder, fn, e))
                continue
            has_dtd = b"<!ENTITY" in data
            if folder == "values":
                tl = root.get("{http://schemas.android.com/tools}locale")
                if tl:
                    meta["toolsLocale"] = tl
            meta["files"].append(folder + "/" + fn)
            table = tables.setdefault(lang, {})
            for el in root:
                if not isinstance(el.tag, str):
                    continue
                name = el.get("name")
                if el.tag == "string" or (el.tag == "item" and el.get("type") == "string"):
                    tags = set()
                    text, raw = flatten_element(el, tags)
                    entry = {"kind": "text", "text": text, "raw": raw, "file": folder + "/" + fn}
                elif el.tag == "plurals":
                    tags = set(["plural"])
                    forms = {}
                    for item in el:
                        if isinstance(item.tag, str) and item.tag == "item":
                            t, raw = flatten_element(item, tags)
                            forms[item.get("quantity")] = t
                    entry = {"kind": "plural", "forms": forms, "file": folder + "/" + fn}
                    text, raw = None, "".join(el.itertext())
                else:
                    continue
                if el.get("translatable") == "false":
                    tags.add("translatable-false")
                if fn != "strings.xml":
                    tags.add("file-" + fn)
                if has_dtd:
                    tags.add("dtd-file")
                if entry["kind"] == "text":
                    if REF.match(text):
                        tags.add("alias")
                    for ch, tag in (("\u00a0", "nbsp"), ("\u202f", "narrow-nbsp"), ("\u3000", "ideographic-space"),
                                    ("\u2009", "thin-space"), ("\u2007", "figure-space")):
                        if ch in text:
                            tags.add(tag)
                    if "%," in text or re.search(r"%\d+\$,", text):
                        tags.add("format-comma")
                    if len(text) > 1000:
                        tags.add("over-1000")
                else:
                    for t in entry["forms"].values():
                        if "%," in t or re.search(r"%\d+\$,", t):
                            tags.add("format-comma")
                entry["tags"] = sorted(tags)
                if name in table:
                    entry["tags"] = sorted(set(entry["tags"]) | {"duplicate-name"})
                table[name] = entry
    return tables, meta


def android_chain(lang):
    """values-ll-rRR -> values-ll -> values (languages as folder tags, '' = default)."""
    chain = [lang]
    if "-" in lang:
        chain.append(lang.split("-")[0])
    chain.append("")
    return chain


def android_resolve(tables, lang, key, depth=0):
    """(entry, from_lang) with @string/ aliases followed, or (None, None)."""
    for l in android_chain(lang):
        if key in tables.get(l, {}):
            e = tables[l][key]
            if e["kind"] == "text":
                m = REF.match(e["text"])
                if m and depth < 20 and m.group(1) in (None, ""):
                    target, _ = android_resolve(tables, lang, m.group(3), depth + 1)
                    if target is not None:
                        return target, l
            return e, l
    return None, None


# --------------------------------------------------------------------------- app scan


def find_string_sources(app):
    """Groups of string files that form one table on the platform."""
    sources = []
    lproj_tables = {}
    for dirpath, dirnames, filenames in os.walk(app):
        dirnames.sort()
        for fn in sorted(filenames):
            path = os.path.join(dirpath, fn)
            rel = os.path.relpath(path, app)
            if fn.endswith(".xcstrings"):
                sources.append({"kind": "xcstrings", "path": rel})
            elif (fn.endswith(".strings") or fn.endswith(".stringsdict")) and dirpath.endswith(".lproj"):
                parent = os.path.dirname(os.path.relpath(dirpath, app))
                table = os.path.splitext(fn)[0]
                lproj_tables.setdefault((parent, table), []).append(rel)
    for (parent, table), files in sorted(lproj_tables.items()):
        sources.append({"kind": "lproj", "path": parent, "table": table, "files": sorted(files)})
    return sources


def read_lproj_table(app, src, dev="en"):
    """{lang: {key: entry}} for one table (e.g. Localizable) across .lproj folders."""
    tables, meta = {}, {"duplicates": {}, "parseErrors": [], "stringsdictOnly": 0, "files": src["files"]}
    for rel in src["files"]:
        folder = os.path.basename(os.path.dirname(rel))
        lang = folder[:-len(".lproj")]
        path = os.path.join(app, rel)
        t = tables.setdefault(lang, {})
        if rel.endswith(".strings"):
            with open(path, "rb") as f:
                data = f.read()
            try:
                d, dups = parse_dot_strings(decode_text(data))
            except StringsParseError as e:
                meta["parseErrors"].append("%s: %s" % (rel, e))
                continue
            if dups:
                meta["duplicates"][rel] = dups
            for k, v in d.items():
                tags = []
                if k in dups:
                    tags.append("duplicate-key")
                if k not in t:  # a stringsdict entry of the same key wins
                    t[k] = {"kind": "text", "text": v, "tags": tags}
            if not d:
                meta.setdefault("emptyFiles", []).append(rel)
        else:
            try:
                d = read_stringsdict(path)
            except Exception as e:
                meta["parseErrors"].append("%s: %s" % (rel, e))
                continue
            for k, v in d.items():
                t[k] = {"kind": "stringsdict", "entry": v, "tags": ["stringsdict"]}
    return tables, meta


def read_app(app):
    result = {"app": os.path.basename(app.rstrip("/")), "colorSources": {}, "stringSources": []}
    for dirpath, dirnames, filenames in os.walk(app):
        dirnames.sort()
        for d in list(dirnames):
            full = os.path.join(dirpath, d)
            rel = os.path.relpath(full, app)
            if d.endswith(".xcassets"):
                result["colorSources"][rel] = read_catalog(full)
                dirnames.remove(d)
            elif d == "res" and any(x.startswith("values") for x in os.listdir(full)):
                c = read_android_colors(full)
                if c["colors"]:
                    result["colorSources"][rel] = c
    for src in find_string_sources(app):
        result["stringSources"].append(src)
    return result


if __name__ == "__main__":
    app = sys.argv[1]
    out = read_app(app)
    if "--out" in sys.argv:
        with open(sys.argv[sys.argv.index("--out") + 1], "w") as f:
            json.dump(out, f, indent=1, ensure_ascii=False, sort_keys=True)
    else:
        print(json.dumps({k: (len(v) if hasattr(v, "__len__") else v) for k, v in out.items()}, indent=1))
