"""Which library draws SVG images: fidelity and speed of SVG renderers on real icons.

Each icon is drawn at 64x64 by librsvg (rsvg-convert), MuPDF (mutool draw) and ImageMagick's own renderer (MSVG),
and compared, by coverage, with Chromium's drawing of it (the reference). The icons
are every tenth of Debian's Adwaita symbolic icons (adwaita-icon-theme), and the
symbol templates of an app checked out at $ICONS_APP (optional). Times are whole
command runs, start-up included. Needs chromium, librsvg2-bin, mupdf-tools,
imagemagick and Pillow.

    python3 Benchmarks/vector-renderers.py
"""
import glob, os, subprocess, time
from PIL import Image

OUT = "/tmp/vector-bench"
os.makedirs(OUT, exist_ok=True)
icons = sorted(glob.glob("/usr/share/icons/Adwaita/scalable/*/*-symbolic.svg"))[::10]
icons += sorted(glob.glob(os.path.join(os.environ.get("ICONS_APP", "/nonexistent"), "**/*.symbolset/*.svg"), recursive=True))
S = 64

# Reference: Chromium, one page of every icon in a grid, transparent background.
cols = 10
rows = (len(icons) + cols - 1) // cols
html = "<html><body style='margin:0;background:transparent'>" + "".join(
    f"<img src='file://{p}' style='position:absolute;left:{(i % cols) * S}px;top:{(i // cols) * S}px;width:{S}px;height:{S}px;object-fit:contain'>"
    for i, p in enumerate(icons)) + "</body></html>"
open(f"{OUT}/grid.html", "w").write(html)
subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
                "--default-background-color=00000000", f"--window-size={cols * S},{rows * S}",
                f"--screenshot={OUT}/chromium.png", f"file://{OUT}/grid.html"], capture_output=True, timeout=120)
grid = Image.open(f"{OUT}/chromium.png").convert("RGBA")

def fit(img):
    """An image centred in an SxS transparent square, as the reference draws it."""
    img = img.convert("RGBA")
    img.thumbnail((S, S))
    out = Image.new("RGBA", (S, S))
    out.paste(img, ((S - img.width) // 2, (S - img.height) // 2))
    return out

def renderers(path, i):
    return {
        "librsvg": ["rsvg-convert", "-w", str(S), "-h", str(S), "-a", path, "-o", f"{OUT}/{i}-rsvg.png"],
        "mupdf": ["mutool", "draw", "-q", "-w", str(S), "-h", str(S), "-c", "rgba", "-o", f"{OUT}/{i}-mupdf.png", path],
        "imagemagick-msvg": ["convert", "-background", "none", f"MSVG:{path}", "-resize", f"{S}x{S}", f"PNG32:{OUT}/{i}-msvg.png"],
    }

results = {}
for i, path in enumerate(icons):
    ref = grid.crop(((i % cols) * S, (i // cols) * S, (i % cols + 1) * S, (i // cols + 1) * S))
    ra = ref.getchannel("A").tobytes()
    for name, command in renderers(path, i).items():
        start = time.perf_counter()
        done = subprocess.run(command, capture_output=True, timeout=60)
        took = time.perf_counter() - start
        out = command[-1] if name != "mupdf" else f"{OUT}/{i}-mupdf.png"
        out = out.replace("PNG32:", "")
        r = results.setdefault(name, {"ok": 0, "failed": 0, "diff": [], "time": []})
        if done.returncode != 0 or not os.path.exists(out):
            r["failed"] += 1
            continue
        a = fit(Image.open(out)).getchannel("A").tobytes()
        r["ok"] += 1
        r["time"].append(took)
        r["diff"].append(sum(abs(x - y) for x, y in zip(a, ra)) / len(ra))
        # Pixels whose coverage differs by more than an eighth.
        r.setdefault("far", []).append(sum(1 for x, y in zip(a, ra) if abs(x - y) > 32) / len(ra))

print(f"{len(icons)} icons (Adwaita symbolic, every 10th, and IceCubes' symbol templates), {S}x{S}, against Chromium")
for name, r in results.items():
    n = max(1, len(r["diff"]))
    print(f"{name:18} drawn {r['ok']:3}  failed {r['failed']:2}  mean |alpha diff| {sum(r['diff']) / n:6.2f}/255  "
          f"pixels off by >32: {100 * sum(r.get('far', [0])) / n:5.2f}%  median time {sorted(r['time'])[len(r['time']) // 2] * 1000 if r['time'] else 0:6.1f} ms")
