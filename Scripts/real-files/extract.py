#!/usr/bin/env python3
"""Copies the resource files of the nine measured apps (asset catalogs, .strings,
.stringsdict, .xcstrings, Android res/values*) out of their public repositories, at
the commits measured, into FILES/<app>/ (paths kept), and writes FILES/apps.json.

The repositories are cloned bare (without file contents until they are read) into
FILES/git/ unless --mirrors names a folder already holding them as
<owner>+<name>/repo. The files are other projects' work: they stay outside
Darkroom's repository (the default FILES is .build/real-files/apps).

usage: extract.py [APP …] [--files FILES] [--mirrors DIR]
"""
import argparse
import json
import os
import re
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_FILES = os.path.join(os.path.dirname(os.path.dirname(HERE)), ".build", "real-files", "apps")

APPS = {
    # name: (owner/repository, commit, kind)
    "icecubes": ("Dimillian/IceCubesApp", "0fc41d2ced2e3e735bd9c42d5ae6dea16e63d618", "ios"),
    "netnewswire": ("Ranchero-Software/NetNewsWire", "834decfad37802ef24d8a74897427a9eee57afdd", "ios"),
    "duckduckgo-ios": ("duckduckgo/iOS", "7b3f6010d27a3a69fe92a2ad698543f2e67c8900", "ios"),
    "mastodon-ios": ("mastodon/mastodon-ios", "a9e088a9c7b88720fed5eefdd2dc1606b5f21dc8", "ios"),
    "element-x-ios": ("element-hq/element-x-ios", "5d0343c480a8659a1d5669f8e4a13fb37d7528e7", "ios"),
    "antennapod": ("AntennaPod/AntennaPod", "b7ee12ccfc026b7fe6ca7206a925a05a23e15cca", "android"),
    "wikipedia-android": ("wikimedia/apps-android-wikipedia", "aa428fa31b6f9fac1129116cdae5a32e8774809b", "android"),
    "newpipe": ("TeamNewPipe/NewPipe", "79767f95f7611c79891828383d7adbf6d3a8ac0b", "android"),
    "thunderbird-android": ("thunderbird/thunderbird-android", "a59bd679859d369c9a39be147e536b825ffd0a6b", "android"),
}
def wanted(path, kind):
    if kind == "ios":
        if ".xcassets/" in path:
            return True
        if re.search(r"\.lproj/[^/]+\.(strings|stringsdict)$", path):
            return True
        if path.endswith(".xcstrings"):
            return True
        return False
    return re.search(r"(^|/)res/values[^/]*/[^/]+\.xml$", path) is not None

def repository(name, files, mirrors):
    """A bare clone of the app's repository: the mirror's, else one made in FILES/git."""
    slug = APPS[name][0]
    if mirrors:
        return os.path.join(mirrors, slug.replace("/", "+"), "repo")
    git = os.path.join(files, "git", name + ".git")
    if not os.path.isdir(git):
        subprocess.check_call(["git", "clone", "--bare", "--filter=blob:none", "https://github.com/%s" % slug, git])
    return git


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("apps", nargs="*", help="apps to extract (default: all)")
    parser.add_argument("--files", default=os.environ.get("DARKROOM_REAL_FILES", DEFAULT_FILES))
    parser.add_argument("--mirrors", help="a folder of bare repositories, <owner>+<name>/repo")
    options = parser.parse_args()
    meta = {}
    for name in options.apps or list(APPS):
        slug, pinned, kind = APPS[name]
        git = repository(name, options.files, options.mirrors)
        mirror = slug.replace("/", "+")
        commit = subprocess.check_output(["git", "--git-dir", git, "rev-parse", pinned + "^{commit}"], text=True).strip()
        rows = subprocess.check_output(["git", "--git-dir", git, "ls-tree", "-r", commit, "-z"]).decode().split("\0")
        entries = []
        for row in rows:
            if not row:
                continue
            info, path = row.split("\t", 1)
            mode, typ, sha = info.split()
            if typ == "blob" and wanted(path, kind):
                entries.append((path, sha))
        files = [p for p, _ in entries]
        dest = os.path.join(options.files, name)
        os.makedirs(dest, exist_ok=True)
        proc = subprocess.Popen(["git", "--git-dir", git, "cat-file", "--batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        missing = []
        for path, sha in entries:
            proc.stdin.write((sha + "\n").encode()); proc.stdin.flush()
            header = proc.stdout.readline().decode().split()
            if len(header) < 3 or header[1] == "missing":
                missing.append(path)
                continue
            size = int(header[2])
            data = proc.stdout.read(size); proc.stdout.read(1)
            out = os.path.join(dest, path)
            os.makedirs(os.path.dirname(out), exist_ok=True)
            with open(out, "wb") as f:
                f.write(data)
        proc.stdin.close(); proc.wait()
        if missing:
            print("  missing from snapshot (>= 4 MiB or absent):", missing)
        meta[name] = {"repo": mirror.replace("+", "/"), "commit": commit, "kind": kind, "files": len(files), "missing": missing}
        print(name, commit, len(files))
    path = os.path.join(options.files, "apps.json")
    old = json.load(open(path)) if os.path.exists(path) else {}
    old.update(meta)
    json.dump(old, open(path, "w"), indent=1, sort_keys=True)

if __name__ == "__main__":
    main()
