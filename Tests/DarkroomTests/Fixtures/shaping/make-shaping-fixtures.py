#!/usr/bin/env python3
"""Writes shaping.tsv: how HarfBuzz itself (the uharfbuzz binding, its own copy of
HarfBuzz, `pip install uharfbuzz`) shapes a few strings in Debian's Inter and DejaVu
Sans, at the font's units per em. Darkroom's shaped advances must equal these.

Columns: font file, direction, text, then glyph:advance pairs in visual order.
"""
import sys
import uharfbuzz as hb

CASES = [
    ("/usr/share/fonts/opentype/inter/Inter-Regular.otf", "ltr", "AV"),
    ("/usr/share/fonts/opentype/inter/Inter-Regular.otf", "ltr", "A"),
    ("/usr/share/fonts/opentype/inter/Inter-Regular.otf", "ltr", "V"),
    ("/usr/share/fonts/opentype/inter/Inter-Regular.otf", "ltr", "Typography, kerning: AVATAR To Wa"),
    ("/usr/share/fonts/opentype/inter/Inter-Bold.otf", "ltr", "Office 1/2 → 3×4"),
    ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "rtl", "مرحبا بالعالم"),
    ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "rtl", "שלום עולם"),
    ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "ltr", "e\u0301 n\u0303 o\u0308"),
]

def shape(path, direction, text):
    blob = hb.Blob.from_file_path(path)
    face = hb.Face(blob)
    font = hb.Font(face)
    font.scale = (face.upem, face.upem)
    buf = hb.Buffer()
    buf.add_str(text)
    buf.direction = direction
    buf.guess_segment_properties()
    hb.shape(font, buf)
    return [(i.codepoint, p.x_advance) for i, p in zip(buf.glyph_infos, buf.glyph_positions)]

out = open(sys.argv[1] if len(sys.argv) > 1 else "shaping.tsv", "w", encoding="utf-8")
out.write("# made by make-shaping-fixtures.py with uharfbuzz " + hb.version_string() + "\n")
for path, direction, text in CASES:
    glyphs = " ".join("%d:%d" % g for g in shape(path, direction, text))
    out.write("\t".join([path, direction, text, glyphs]) + "\n")
