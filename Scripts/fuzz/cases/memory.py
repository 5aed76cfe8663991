"""Memory: one 16384×4096 image drawn under eight names must be decoded once and
stay within the memory bound."""

from harness import Case
from projects import BLACK, png, write


def big_image_theme(folder, binary):
    # 16384×4096, one colour: 256 MB decoded, a few hundred KB on disk.
    write(folder, "Layouts/images/big.png", png(16384, 4096, rows=(b"\0" + b"\x20\x40\x60\xff" * 16384) * 4096))
    names = "".join(f"  i{n}: images/big.png\n" for n in range(8))
    write(folder, "Layouts/theme.yml", BLACK + "images:\n" + names)
    images = "".join(f"      - image: {{ name: i{n}, width: 160, height: 40 }}\n" for n in range(8))
    write(folder, "Layouts/a.yml", "size: [200, 400]\nroot:\n  vstack:\n    children:\n" + images)


def cases():
    return [
        Case("17 one 16384x4096 image under 8 names", ["render", "--out", "out"], [0], seconds=10, setup=big_image_theme),
    ]
