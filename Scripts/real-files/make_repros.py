#!/usr/bin/env python3
"""Writes the minimal reproducers of every failure class found by measure.py into
OUT/<class>/ (each a small Darkroom project: Layouts/theme.yml, Layouts/r.yml and the
resource files, written here by hand in the shape of the real files), and
OUT/manifest.json with what the platform shows for each. OUT is the first argument,
else .build/real-files/repro.

run_repros.py runs them against a Darkroom binary."""
import json
import os
import shutil
import struct
import sys
import zlib


def jpeg(rgb=(255, 0, 0)):
    """An 8×8 baseline JPEG of one colour (RGB components, quantization 1, the block's
    DC alone), written here: decoders give the colour back exactly."""
    def segment(marker, body):
        return bytes([0xFF, marker]) + struct.pack(">H", len(body) + 2) + body
    dc_counts = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]
    codes, code, k = {}, 0, 0
    for length in range(1, 17):
        for _ in range(dc_counts[length - 1]):
            codes[k] = (code, length)
            code, k = code + 1, k + 1
        code <<= 1
    bits = []
    for c in rgb:
        diff = (c - 128) * 8
        size = abs(diff).bit_length()
        code, length = codes[size]
        bits += [(code >> i) & 1 for i in range(length - 1, -1, -1)]
        extra = diff if diff > 0 else diff + (1 << size) - 1
        bits += [(extra >> i) & 1 for i in range(size - 1, -1, -1)]
        bits += [0]  # AC: end of block, the only code of its table
    bits += [1] * (-len(bits) % 8)
    data = bytearray()
    for i in range(0, len(bits), 8):
        byte = int("".join(map(str, bits[i:i + 8])), 2)
        data += bytes([byte, 0]) if byte == 0xFF else bytes([byte])
    return (b"\xff\xd8" + segment(0xEE, b"Adobe" + struct.pack(">HHHB", 100, 0, 0, 0))
            + segment(0xDB, bytes([0]) + bytes([1] * 64))
            + segment(0xC0, struct.pack(">BHHB", 8, 8, 8, 3) + bytes([1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]))
            + segment(0xC4, bytes([0x00]) + bytes(dc_counts) + bytes(range(12)))
            + segment(0xC4, bytes([0x10]) + bytes([1] + [0] * 15) + bytes([0]))
            + segment(0xDA, bytes([3, 1, 0, 2, 0, 3, 0, 0, 63, 0])) + bytes(data) + b"\xff\xd9")


def png(rgb=(255, 0, 0)):
    """A 1×1 PNG file's bytes."""
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
    raw = b"\x00" + bytes(rgb)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.dirname(HERE)), ".build", "real-files", "repro")

MODES4 = "modes:\n  light: {}\n  dark: { style: dark }\n  light-hc: { contrast: high }\n  dark-hc: { style: dark, contrast: high }\n"


def colorset(comps_any, comps_dark=None):
    def entry(c, dark):
        e = {"color": {"color-space": "srgb", "components": c}, "idiom": "universal"}
        if dark:
            e["appearances"] = [{"appearance": "luminosity", "value": "dark"}]
        return e

    colors = [entry(comps_any, False)] + ([entry(comps_dark, True)] if comps_dark else [])
    return {"colors": colors, "info": {"author": "xcode", "version": 1}}


RED = {"red": "1.000", "green": "0.000", "blue": "0.000", "alpha": "1.000"}
BLUE = {"red": "0x00", "green": "0x00", "blue": "0xFF", "alpha": "1.000"}
INFO = {"info": {"author": "xcode", "version": 1}}

REPROS = []


def repro(name, title, files, theme, layout, platform, locales=None):
    REPROS.append({"name": name, "title": title, "files": files, "theme": theme, "layout": layout,
                   "platform": platform})


def box_layout(names):
    return "size: [10, auto]\nscale: 1\nroot:\n  vstack:\n    spacing: 0\n    children:\n" + "".join(
        "      - box: { height: 1, fill: %s }\n" % json.dumps(n) for n in names)


def label_layout(texts, locale=None):
    head = "size: [400, auto]\nscale: 1\n" + ("locales: [%s]\n" % locale if locale else "")
    return head + "root:\n  vstack:\n    children:\n" + "".join(
        "      - label: { text: %s, lines: 0 }\n" % t for t in texts)


# ------------------------------------------------------------------------------ colours

repro("colorset-entry-without-color",
      "A colour set whose entry has no `color` (Xcode's AccentColor template) refuses the whole catalog",
      {"Colors.xcassets/Contents.json": INFO,
       "Colors.xcassets/AccentColor.colorset/Contents.json": {"colors": [{"idiom": "universal"}], **INFO},
       "Colors.xcassets/Brand.colorset/Contents.json": colorset(RED)},
      "sources:\n  - Colors.xcassets\n" + MODES4, box_layout(["Brand"]),
      "Brand is #ff0000 in every mode; AccentColor has no value (UIColor(named:) gives the system tint / nil); "
      "nothing is refused")

for ext in ("pdf", "svg", "jpg", "heic"):
    repro("imageset-" + ext,
          "An image set whose file is a .%s refuses the whole catalog, colours included" % ext,
          {"Colors.xcassets/Contents.json": INFO,
           "Colors.xcassets/Icon.imageset/Contents.json": {"images": [{"filename": "icon." + ext, "idiom": "universal"}],
                                                           **INFO, "properties": {"preserves-vector-representation": True}},
           "Colors.xcassets/Icon.imageset/icon." + ext: jpeg() if ext == "jpg" else "a vector or HEIC image, never read\n",
           "Colors.xcassets/Brand.colorset/Contents.json": colorset(RED)},
          "sources:\n  - Colors.xcassets\n" + MODES4, box_layout(["Brand"]),
          "Brand is #ff0000; the %s image is an image Xcode compiles (PDF/SVG vectors, JPEG, HEIC)" % ext.upper())

repro("colorset-name-with-space",
      "A colour set named with a space refuses the whole catalog",
      {"Colors.xcassets/Contents.json": INFO,
       "Colors.xcassets/Dark Brand.colorset/Contents.json": colorset(BLUE),
       "Colors.xcassets/Brand.colorset/Contents.json": colorset(RED)},
      "sources:\n  - Colors.xcassets\n" + MODES4, box_layout(["Brand"]),
      "UIColor(named: \"Dark Brand\") and UIColor(named: \"Brand\") both exist")

repro("namespace-folder-with-space",
      "A namespace folder (provides-namespace) named with a space refuses the whole catalog",
      {"Colors.xcassets/Contents.json": INFO,
       "Colors.xcassets/Edit History/Contents.json": {**INFO, "properties": {"provides-namespace": True}},
       "Colors.xcassets/Edit History/Background.colorset/Contents.json": colorset(BLUE),
       "Colors.xcassets/Brand.colorset/Contents.json": colorset(RED)},
      "sources:\n  - Colors.xcassets\n" + MODES4, box_layout(["Brand"]),
      "UIColor(named: \"Edit History/Background\") exists")

repro("colorset-name-with-hyphen",
      "A colour set named with a hyphen refuses the whole catalog",
      {"Colors.xcassets/Contents.json": INFO,
       "Colors.xcassets/brand-blue.colorset/Contents.json": colorset(BLUE),
       "Colors.xcassets/Brand.colorset/Contents.json": colorset(RED)},
      "sources:\n  - Colors.xcassets\n" + MODES4, box_layout(["Brand"]),
      "UIColor(named: \"brand-blue\") exists")

repro("system-reference-osx",
      "A macOS-only system colour reference (`platform: osx`) read as UIKit's",
      {"Colors.xcassets/Contents.json": INFO,
       "Colors.xcassets/Separator.colorset/Contents.json": {"colors": [
           {"color": {"color-space": "gray-gamma-22", "components": {"white": "0.900", "alpha": "1.000"}}, "idiom": "universal"},
           {"appearances": [{"appearance": "luminosity", "value": "dark"}],
            "color": {"platform": "osx", "reference": "quaternaryLabelColor"}, "idiom": "universal"}], **INFO}},
      "sources:\n  - Colors.xcassets\n" + MODES4, box_layout(["Separator"]),
      "the entry is for macOS (NSColor.quaternaryLabelColor); an iOS build has no such entry")

# Android colours
ANDROID_COLORS = '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n%s</resources>\n'
repro("android-colors-other-file",
      "Colours defined in a values file other than colors.xml are unknown",
      {"res/values/colors.xml": ANDROID_COLORS % '    <color name="brand">#ff0000</color>\n',
       "res/values/colors_services.xml": ANDROID_COLORS % '    <color name="service">#00ff00</color>\n'},
      "sources:\n  - res\n" + MODES4, box_layout(["brand", "service"]),
      "R.color.service is #00ff00 (aapt2 merges every file of values/)")

repro("android-colors-white-black",
      "Android colours named like Darkroom's built-ins (white, black)",
      {"res/values/colors.xml": ANDROID_COLORS % '    <color name="white">#fafafa</color>\n    <color name="black">#101010</color>\n'},
      "sources:\n  - res\n" + MODES4, box_layout(["white", "black"]),
      "R.color.white is #fafafa and R.color.black #101010 (the app's own, not the framework's)")

repro("android-colors-v-qualifier",
      "values-v27/colors.xml overrides values/ on a current device; Darkroom reads values/ only",
      {"res/values/colors.xml": ANDROID_COLORS % '    <color name="bar">#000000</color>\n',
       "res/values-v27/colors.xml": ANDROID_COLORS % '    <color name="bar">#ffffff</color>\n'},
      "sources:\n  - res\n" + MODES4, box_layout(["bar"]),
      "R.color.bar is #ffffff on API 27+ (and #000000 below)")

repro("android-colors-attr",
      "A colour whose value is a theme attribute (?attr/...) refuses the whole file",
      {"res/values/colors.xml": ANDROID_COLORS % '    <color name="brand">#ff0000</color>\n    <color name="accent">?attr/colorAccent</color>\n'},
      "sources:\n  - res\n" + MODES4, box_layout(["brand"]),
      "R.color.brand is #ff0000; accent depends on the theme")

# ------------------------------------------------------------------------------ strings

XC = lambda d: {"sourceLanguage": "en", "version": "1.0", "strings": d}

repro("xcstrings-device-no-other",
      "A device variation without `other`: Darkroom takes the first device in sorted order (applevision), not iphone",
      {"L.xcstrings": XC({"platform": {"localizations": {"en": {"variations": {"device": {
          "applevision": {"stringUnit": {"state": "translated", "value": "Apple Vision"}},
          "ipad": {"stringUnit": {"state": "translated", "value": "iPad"}},
          "iphone": {"stringUnit": {"state": "translated", "value": "iPhone"}}}}}}}})},
      "strings:\n  - L.xcstrings\nmodes:\n  light: {}\n", label_layout(["{ key: platform }"]),
      "iPhone")

repro("xcstrings-device-iphone-and-other",
      "A device variation with `iphone` and `other`: Darkroom takes `other`",
      {"L.xcstrings": XC({"where": {"localizations": {"en": {"variations": {"device": {
          "iphone": {"stringUnit": {"state": "translated", "value": "On My iPhone"}},
          "other": {"stringUnit": {"state": "translated", "value": "On My Device"}}}}}}}})},
      "strings:\n  - L.xcstrings\nmodes:\n  light: {}\n", label_layout(["{ key: where }"]),
      "On My iPhone")

repro("xcstrings-two-substitutions",
      "Two plural substitutions: the second always takes its `other` form",
      {"L.xcstrings": XC({"posts %lld %lld": {"localizations": {"en": {
          "stringUnit": {"state": "translated", "value": "%#@posts@ from %#@people@"},
          "substitutions": {
              "posts": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
                  "one": {"stringUnit": {"state": "translated", "value": "%arg post"}},
                  "other": {"stringUnit": {"state": "translated", "value": "%arg posts"}}}}},
              "people": {"argNum": 2, "formatSpecifier": "lld", "variations": {"plural": {
                  "one": {"stringUnit": {"state": "translated", "value": "%arg person"}},
                  "other": {"stringUnit": {"state": "translated", "value": "%arg people"}}}}}}}}}})},
      "strings:\n  - L.xcstrings\nmodes:\n  light: {}\n", label_layout(['{ key: "posts %lld %lld", count: 1, args: [1, 1] }']),
      "1 post from 1 person")

repro("xcstrings-zero-form-english",
      "An explicit `zero` plural form in a language whose rules have no zero (English): Apple uses it for 0",
      {"L.xcstrings": XC({"items": {"localizations": {"en": {"variations": {"plural": {
          "zero": {"stringUnit": {"state": "translated", "value": "No items"}},
          "one": {"stringUnit": {"state": "translated", "value": "%lld item"}},
          "other": {"stringUnit": {"state": "translated", "value": "%lld items"}}}}}}}})},
      "strings:\n  - L.xcstrings\nmodes:\n  light: {}\n", label_layout(["{ key: items, count: 0 }"]),
      "No items (Foundation uses an explicit zero form for 0 in every language)")

repro("missing-key-in-locale",
      "A key missing from one locale's file is an error, not the development language's text",
      {"App/en.lproj/Localizable.strings": '"title" = "Orders";\n"subtitle" = "Today";\n',
       "App/de.lproj/Localizable.strings": '"title" = "Bestellungen";\n'},
      "strings:\n  - App\nlocales: [en, de]\nmodes:\n  light: {}\n",
      label_layout(["{ key: subtitle }"], "de"), "Today (the development language's text)")

repro("stringsdict-not-read",
      "Keys of a .stringsdict are unknown",
      {"App/en.lproj/Localizable.strings": '"title" = "Orders";\n',
       "App/en.lproj/Localizable.stringsdict": """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>orders.count</key>
  <dict>
    <key>NSStringLocalizedFormatKey</key>
    <string>%#@orders@</string>
    <key>orders</key>
    <dict>
      <key>NSStringFormatSpecTypeKey</key>
      <string>NSStringPluralRuleType</string>
      <key>NSStringFormatValueTypeKey</key>
      <string>ld</string>
      <key>one</key>
      <string>%ld order</string>
      <key>other</key>
      <string>%ld orders</string>
    </dict>
  </dict>
</dict>
</plist>
"""},
      "strings:\n  - App\nmodes:\n  light: {}\n", label_layout(["{ key: orders.count, count: 1 }"]),
      "1 order")

repro("strings-in-base-lproj",
      "A .strings file in Base.lproj cannot be named as a source (and Base.lproj is skipped in a folder)",
      {"App/Base.lproj/InfoPlist.strings": '"NSCameraUsageDescription" = "To take photos";\n',
       "App/de.lproj/InfoPlist.strings": '"NSCameraUsageDescription" = "Um Fotos aufzunehmen";\n'},
      "strings:\n  - App/Base.lproj/InfoPlist.strings\nmodes:\n  light: {}\n",
      label_layout(["{ key: NSCameraUsageDescription }"]),
      "To take photos (Base.lproj is the development-language table when no en.lproj has it)")

repro("empty-strings-file-locale",
      "A locale whose only .strings file is empty (no entries) is not a locale at all",
      {"App/en.lproj/Main.strings": '"title" = "Welcome";\n',
       "App/hy.lproj/Main.strings": "",
       },
      "strings:\n  - App\nlocales: [en, hy]\nmodes:\n  light: {}\n",
      label_layout(["{ key: title }"], "hy"), "Welcome (an empty table: every key falls back)")

repro("strings-duplicate-key",
      "A key given twice in one .strings file: Foundation keeps the last value, Darkroom the first",
      {"App/en.lproj/Localizable.strings": '"save" = "Save";\n"save" = "Save changes";\n'},
      "strings:\n  - App\nmodes:\n  light: {}\n", label_layout(["{ key: save }"]), "Save changes")

repro("strings-single-quotes",
      "Single-quoted strings in a .strings file (the old property-list format allows ' and \")",
      {"App/en.lproj/Localizable.strings": "'ok' = 'OK';\n"},
      "strings:\n  - App\nmodes:\n  light: {}\n", label_layout(["{ key: ok }"]), "OK")

repro("canonically-equivalent-texts",
      "Two texts that are canonically equivalent (NFC and NFD) share one layout: the second shows the first's characters",
      {"App/vi.lproj/Localizable.strings": '"delete" = "X\\U00f3a";\n"clear" = "Xo\\U0301a";\n'},
      "strings:\n  - App\nlocales: [vi]\nmodes:\n  light: {}\n",
      label_layout(["{ key: delete }", "{ key: clear }"], "vi"),
      "delete = X U+00F3 a, clear = X o U+0301 a (each its own characters)")

# Android strings
AS = '<?xml version="1.0" encoding="utf-8"?>\n<resources%s>\n%s</resources>\n'
repro("android-translatable-false",
      "translatable=\"false\" strings live in values/ only: every other locale errors instead of using them",
      {"res/values/strings.xml": AS % ("", '    <string name="app_name" translatable="false">Podcasts</string>\n    <string name="ok">OK</string>\n'),
       "res/values-de/strings.xml": AS % ("", '    <string name="ok">OK</string>\n')},
      "strings:\n  - res\nlocales: [en, de]\nmodes:\n  light: {}\n",
      label_layout(["{ key: app_name }"], "de"), "Podcasts")

repro("android-string-alias",
      "A string whose value is @string/other is shown as the reference text",
      {"res/values/strings.xml": AS % ("", '    <string name="app_name">Podcasts</string>\n    <string name="title">@string/app_name</string>\n')},
      "strings:\n  - res\nmodes:\n  light: {}\n", label_layout(["{ key: title }"]), "Podcasts")

repro("android-nbsp-collapsed",
      "Non-ASCII spaces (&#160;, U+202F, U+3000) are collapsed like ASCII whitespace; aapt2 keeps them",
      {"res/values/strings.xml": AS % ("", '    <string name="size">10&#160;&#160;MB</string>\n    <string name="price">12\u202f€</string>\n    <string name="ja">\u3000字下げ</string>\n')},
      "strings:\n  - res\nmodes:\n  light: {}\n",
      label_layout(["{ key: size }", "{ key: price }", "{ key: ja }"]),
      "10\u00a0\u00a0MB / 12\u202f€ / \u3000字下げ (every non-ASCII space kept)")

repro("android-strings-other-file",
      "Strings in a values file other than strings.xml (donottranslate.xml) are unknown",
      {"res/values/strings.xml": AS % ("", '    <string name="ok">OK</string>\n'),
       "res/values/donottranslate.xml": AS % ("", '    <string name="url">https://example.org</string>\n')},
      "strings:\n  - res\nmodes:\n  light: {}\n", label_layout(["{ key: url }"]), "https://example.org")

repro("android-res-without-strings-xml",
      "A res folder whose strings are all in files not named strings.xml is refused",
      {"res/values/wear.xml": AS % ("", '    <string name="wear_title">Player</string>\n')},
      "strings:\n  - res\nmodes:\n  light: {}\n", label_layout(["{ key: wear_title }"]), "Player")

repro("android-format-comma",
      "A plural with %,d (Java's grouping flag) is refused when given a count",
      {"res/values/strings.xml": AS % ("", '    <plurals name="episodes">\n        <item quantity="one">%,d episode</item>\n        <item quantity="other">%,d episodes</item>\n    </plurals>\n')},
      "strings:\n  - res\nmodes:\n  light: {}\n", label_layout(["{ key: episodes, count: 3 }"]),
      "3 episodes (and 1,234 episodes for 1234)")

repro("android-dtd-entity",
      "Entities declared in the file's DTD",
      {"res/values/strings.xml": '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE resources [\n  <!ENTITY app "Podcasts">\n]>\n<resources>\n    <string name="about">About &app;</string>\n</resources>\n'},
      "strings:\n  - res\nmodes:\n  light: {}\n", label_layout(["{ key: about }"]), "About Podcasts")

repro("android-region-fallback",
      "values-pt-rBR lacks a key values-pt has: Android falls back to values-pt",
      {"res/values/strings.xml": AS % ("", '    <string name="ok">OK</string>\n    <string name="hi">Hello</string>\n'),
       "res/values-pt/strings.xml": AS % ("", '    <string name="ok">OK</string>\n    <string name="hi">Olá</string>\n'),
       "res/values-pt-rBR/strings.xml": AS % ("", '    <string name="ok">OK</string>\n')},
      "strings:\n  - res\nlocales: [pt-BR]\nmodes:\n  light: {}\n", label_layout(["{ key: hi }"], "pt-BR"), "Olá")

repro("android-surrogate-pair-escapes",
      "An emoji written as two \\u escapes (a UTF-16 surrogate pair) refuses the file",
      {"res/values/strings.xml": AS % ("", '    <string name="thinking">\\ud83e\\udd14 Thinking</string>\n')},
      "strings:\n  - res\nmodes:\n  light: {}\n", label_layout(["{ key: thinking }"]),
      "\U0001F914 Thinking (aapt2 joins the pair)")

repro("imageset-universal-and-iphone",
      "An image set with a universal and an iPhone file for the same appearance is refused (colour sets let the iPhone entry win)",
      {"Colors.xcassets/Contents.json": INFO,
       "Colors.xcassets/Splash.imageset/Contents.json": {"images": [
           {"filename": "pad.png", "idiom": "universal"},
           {"filename": "phone.png", "idiom": "iphone"}], **INFO},
       "Colors.xcassets/Splash.imageset/pad.png": png((0, 0, 255)),
       "Colors.xcassets/Splash.imageset/phone.png": png((0, 255, 0)),
       "Colors.xcassets/Brand.colorset/Contents.json": colorset(RED)},
      "sources:\n  - Colors.xcassets\n" + MODES4, box_layout(["Brand"]),
      "Brand is #ff0000; an iPhone shows phone.png")

repro("text-over-1000-characters",
      "A translation longer than 1000 characters (an about text) is refused",
      {"App/en.lproj/Localizable.strings": '"about" = "%s";\n' % ("Lorem ipsum dolor sit amet. " * 40)},
      "strings:\n  - App\nmodes:\n  light: {}\n", label_layout(["{ key: about }"]),
      "the whole 1120-character text (UILabel has no length limit)")

repro("android-plural-pt-PT",
      "Portuguese (Portugal) plural rules: 0 is `other` (pt-PT), Darkroom uses Brazilian `one`",
      {"res/values/strings.xml": AS % ("", '    <plurals name="days">\n        <item quantity="one">%d day</item>\n        <item quantity="other">%d days</item>\n    </plurals>\n'),
       "res/values-pt-rPT/strings.xml": AS % ("", '    <plurals name="days">\n        <item quantity="one">%d dia</item>\n        <item quantity="other">%d dias</item>\n    </plurals>\n')},
      "strings:\n  - res\nlocales: [pt-PT]\nmodes:\n  light: {}\n", label_layout(["{ key: days, count: 0 }"], "pt-PT"),
      "0 dias")

repro("android-plural-languages-without-rules",
      "Languages whose CLDR rules Darkroom lacks fall back to English: Armenian 0 is `one`",
      {"res/values/strings.xml": AS % ("", '    <plurals name="replies">\n        <item quantity="one">%d reply</item>\n        <item quantity="other">%d replies</item>\n    </plurals>\n'),
       "res/values-hy/strings.xml": AS % ("", '    <plurals name="replies">\n        <item quantity="one">%d պատասխան</item>\n        <item quantity="other">%d պատասխաններ</item>\n    </plurals>\n')},
      "strings:\n  - res\nlocales: [hy]\nmodes:\n  light: {}\n", label_layout(["{ key: replies, count: 0 }"], "hy"),
      "0 պատասխան (CLDR hy: one for i = 0,1; likewise pa, ti: n = 0..1, kab: i = 0,1; br and gd have their own rules)")

repro("android-space-in-format",
      "A translation with '% s' (a space flag on %s): Java's formatter throws, Darkroom prints it as text",
      {"res/values/strings.xml": AS % ("", '    <plurals name="views">\n        <item quantity="one">%s view</item>\n        <item quantity="other">%s views</item>\n    </plurals>\n'),
       "res/values-kmr/strings.xml": AS % ("", '    <plurals name="views">\n        <item quantity="one">dîtina % s</item>\n        <item quantity="other">%s dîtin</item>\n    </plurals>\n')},
      "strings:\n  - res\nlocales: [kmr]\nmodes:\n  light: {}\n", label_layout(["{ key: views, count: 1 }"], "kmr"),
      "getQuantityString throws FormatFlagsConversionMismatchException (a broken translation)")

repro("android-format-comma-plain",
      "A plain string with %,d (Java's grouping flag) is refused when given arguments",
      {"res/values/strings.xml": AS % ("", '    <string name="articles">%,d articles read</string>\n')},
      "strings:\n  - res\nmodes:\n  light: {}\n", label_layout(["{ key: articles, args: [1234] }"]),
      "1,234 articles read (String.format in an English locale)")

repro("android-colors-only-other-file",
      "A res folder whose colours are all in a file not named colors.xml (material_colors.xml) is refused as a source",
      {"res/values/material_colors.xml": ANDROID_COLORS % '    <color name="material_blue_500">#2196f3</color>\n'},
      "sources:\n  - res\n" + MODES4, box_layout(["material_blue_500"]),
      "R.color.material_blue_500 is #2196f3")


def main():
    # rewrite every reproducer (the OUTCOMES-*.md files run_repros.py wrote are kept)
    for r in REPROS:
        shutil.rmtree(os.path.join(ROOT, r["name"]), ignore_errors=True)
    manifest = []
    for r in REPROS:
        base = os.path.join(ROOT, r["name"], "Layouts")
        os.makedirs(base)
        for rel, content in r["files"].items():
            p = os.path.join(base, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            if isinstance(content, bytes):
                with open(p, "wb") as f:
                    f.write(content)
                continue
            with open(p, "w", encoding="utf-8") as f:
                f.write(json.dumps(content, indent=2, ensure_ascii=False) + "\n" if isinstance(content, dict) else content)
        with open(os.path.join(base, "theme.yml"), "w") as f:
            f.write(r["theme"])
        with open(os.path.join(base, "r.yml"), "w") as f:
            f.write(r["layout"])
        manifest.append({"name": r["name"], "title": r["title"], "platform": r["platform"]})
    with open(os.path.join(ROOT, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1, ensure_ascii=False)
    print("wrote %d reproducers to %s" % (len(REPROS), ROOT))


if __name__ == "__main__":
    main()
