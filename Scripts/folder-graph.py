#!/usr/bin/env python3
"""The folder graph inside each of Darkroom's library targets, and its cycles.

Folder A -> folder B (both in one target) when a file in A names something declared
in B: a type (struct, class, enum, protocol, actor, typealias, at any nesting; a nested
one when written `Outer.Inner`), or a global or an extension member whose name is
declared in one folder only (common words are left out: see STOP). Comments and
string literals are removed first; interpolations are read as code.

The targets themselves are kept from reaching up by the package's dependencies and
LayerTests (docs/architecture.md, "Layers"); this shows what those cannot: how the
folders of one target lean on each other.

Usage: Scripts/folder-graph.py [--root DIR] [--edges] [--check]
  --edges  every edge with one place it is made, not only the cycles
  --check  exit 1 when a target's folders form a cycle
"""
import argparse, os, re, sys
from collections import defaultdict

KEYWORDS_TYPE = {"struct", "class", "enum", "protocol", "actor", "typealias"}
SWIFT_KEYWORDS = set("""associatedtype class deinit enum extension fileprivate func import init inout
internal let open operator private precedencegroup protocol public rethrows static struct subscript
typealias var break case catch continue default defer do else fallthrough for guard if in repeat
return throw switch where while as Any false is nil self Self super throws true try await async
some any package nonisolated mutating lazy final override weak unowned convenience required
indirect consuming borrowing sending""".split())
# Member names too common to attribute to one folder by token alone.
STOP = set("""description count name value values kind id key keys text url path data string lines
line column file message error errors result results items item index first last isEmpty
contains map filter reduce append insert remove write read load make run check parse render
draw resolve apply size width height frame color colors mode modes style theme layout node nodes
children child label title subtitle image images font fonts weight rect bounds origin x y
hash hasher encode decode init update merge sorted joined split lowercased uppercased trimmed
start end range ranges offset length format locale locales source sources target targets
rawValue hashValue debugDescription isValid validate matches match prefix suffix next previous
body content contents options option flags flag settings state status reason summary detail
details digest digests report snapshot snapshots golden goldens baseline key env scale
""".split())


def strip(src):
    """Return source with comments and string contents blanked (newlines kept)."""
    out = []
    i, n = 0, len(src)
    # stack of contexts: 'code' with paren depth (for interpolation), or string kinds
    stack = [["code", 0]]
    while i < n:
        ctx = stack[-1]
        c = src[i]
        if ctx[0] == "code":
            if src.startswith("//", i):
                j = src.find("\n", i)
                j = n if j < 0 else j
                i = j
                continue
            if src.startswith("/*", i):
                depth, j = 1, i + 2
                while j < n and depth:
                    if src.startswith("/*", j):
                        depth += 1; j += 2
                    elif src.startswith("*/", j):
                        depth -= 1; j += 2
                    else:
                        j += 1
                out.append("".join(ch if ch == "\n" else " " for ch in src[i:j]))
                i = j
                continue
            if src.startswith('"""', i):
                stack.append(["ml", 0]); out.append('"""'); i += 3; continue
            if c == '"':
                stack.append(["s", 0]); out.append('"'); i += 1; continue
            if c == "(":
                ctx[1] += 1
            elif c == ")":
                if ctx[1] == 0 and len(stack) > 1:
                    stack.pop(); out.append(")"); i += 1; continue
                ctx[1] -= 1
            out.append(c); i += 1
        else:  # inside a string
            if c == "\\":
                if i + 1 < n and src[i + 1] == "(":
                    stack.append(["code", 0]); out.append("\\("); i += 2; continue
                out.append("  "); i += 2; continue
            if ctx[0] == "ml" and src.startswith('"""', i):
                stack.pop(); out.append('"""'); i += 3; continue
            if ctx[0] == "s" and c == '"':
                stack.pop(); out.append('"'); i += 1; continue
            out.append("\n" if c == "\n" else " "); i += 1
    return "".join(out)


TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|\S")


def tokens(code):
    for ln, line in enumerate(code.split("\n"), 1):
        for m in TOKEN.finditer(line):
            yield ln, m.group(0), m.start()


class FileInfo:
    def __init__(self, path, folder, target):
        self.path, self.folder, self.target = path, folder, target
        self.toks = []       # (line, tok, prevtok, nexttok)
        self.types = {}      # top-level name -> line
        self.nested = {}     # (outer, name) -> line
        self.members = {}    # name -> line
        self.extends = []    # (name, line)
        self.funcs = set()
        self.plain = set()   # case names and stored/instance property names (collide with members)


STD_GENERIC = {"Array", "Collection", "Sequence", "Dictionary", "Set", "Optional",
               "RandomAccessCollection", "BidirectionalCollection", "MutableCollection", "ArraySlice"}


def member_home(scope):
    """None for a global, the extended type's name for an extension member, '' otherwise."""
    ts = [s for s in scope if s[0] in ("type", "ext")]
    if not ts:
        return None
    return ts[-1][2] if ts[-1][0] == "ext" else ""


def scan_file(fi, src):
    code = strip(src)
    toks = list(tokens(code))
    brace = 0
    scope = []  # stack of (kind, brace depth at open)
    pending = None
    for k, (ln, t, col) in enumerate(toks):
        prev = toks[k - 1][1] if k else ""
        nxt = toks[k + 1][1] if k + 1 < len(toks) else ""
        in_std = any(sc[0] == "ext" and sc[2] in STD_GENERIC for sc in scope) or (
            pending and pending[0] == "ext" and pending[1] in STD_GENERIC)
        if in_std and t in ("Element", "Key", "Value", "Wrapped", "Index"):
            t_ref = "__generic__"
        else:
            t_ref = t
        fi.toks.append((ln, t_ref, prev, nxt))
        if t == "{":
            brace += 1
            if pending:
                scope.append((pending[0], brace, pending[1])); pending = None
        elif t == "}":
            if scope and scope[-1][1] == brace:
                scope.pop()
            brace -= 1
        elif t in KEYWORDS_TYPE and re.match(r"[A-Za-z_]", nxt or "") and prev != ".":
            if t in ("class",) and nxt in ("func", "var", "let", "subscript", "override", "final"):
                continue
            outer = [s[2] for s in scope if s[0] in ("type", "ext")]
            if any(s[0] == "func" for s in scope):
                pass  # local type
            elif outer:
                fi.nested.setdefault((outer[-1], nxt), ln)
            else:
                fi.types.setdefault(nxt, ln)
            if t != "typealias":
                pending = ("type", nxt)
        elif t == "extension" and nxt:
            fi.extends.append((nxt, ln))
            j = k + 1
            while j + 2 < len(toks) and toks[j + 1][1] == "." :
                j += 2
            pending = ("ext", toks[j][1])
        elif t == "func" and re.match(r"[A-Za-z_]", nxt or ""):
            priv = any(toks[j][1] in ("private", "fileprivate") for j in range(max(0, k - 4), k))
            if not any(s[0] == "func" for s in scope) and not priv:
                fi.members.setdefault(nxt, (ln, member_home(scope)))
                fi.funcs.add(nxt)
            pending = ("func", nxt)
        elif t == "case" and re.match(r"[A-Za-z_]", nxt or "") and scope and scope[-1][0] == "type":
            fi.plain.add(nxt)
            j = k + 2
            while j + 1 < len(toks) and toks[j][1] not in ("\n",) and toks[j][0] == ln:
                if toks[j][1] == "," and re.match(r"[A-Za-z_]", toks[j + 1][1]):
                    fi.plain.add(toks[j + 1][1])
                j += 1
        elif t in ("var", "let") and re.match(r"[A-Za-z_]", nxt or ""):
            if scope and scope[-1][0] == "type":
                fi.plain.add(nxt)
            in_fn = any(s[0] == "func" for s in scope)
            top = not scope
            static = prev in ("static",) or (k >= 2 and toks[k - 2][1] == "static")
            in_ext = bool(scope) and scope[-1][0] == "ext"
            priv = any(toks[j][1] in ("private", "fileprivate") for j in range(max(0, k - 4), k))
            if not in_fn and not priv and (top or static or in_ext):
                fi.members.setdefault(nxt, (ln, member_home(scope)))
        elif t in ("init", "subscript") and nxt in ("(", "?", "<"):
            pending = ("func", t)
        elif t in ("var",):
            pass
        # a computed property/closure body opens without pending; fine.


def load(root):
    files = []
    for target in LIBRARY + ("DarkroomRaster", "DarkroomCommands", "DarkroomTesting",
                   "DarkroomSnapshotTesting", "DarkroomCLI"):
        base = os.path.join(root, "Sources", target)
        for dp, dn, fn in os.walk(base):
            dn.sort()
            for f in sorted(fn):
                if not f.endswith(".swift"):
                    continue
                p = os.path.join(dp, f)
                rel = os.path.relpath(dp, base)
                folder = target + "/" + ("(root)" if rel == "." else rel)
                if target not in LIBRARY:
                    folder = target + ":" + folder
                fi = FileInfo(os.path.relpath(p, root), folder, target)
                with open(p, encoding="utf-8") as fh:
                    scan_file(fi, fh.read())
                files.append(fi)
    return files


def build(files, use_members=True):
    type_decl = defaultdict(set)    # name -> folders
    mem_decl = defaultdict(set)
    nest_decl = defaultdict(set)
    mem_home = defaultdict(set)
    is_func = set()
    plain = set()
    for fi in files:
        for name in fi.types:
            type_decl[name].add(fi.folder)
        for (outer, name) in fi.nested:
            nest_decl[(outer, name)].add(fi.folder)
        for name, (ln, home) in fi.members.items():
            mem_decl[name].add(fi.folder)
            if home is None or home:
                mem_home[name].add(home)
        is_func.update(fi.funcs)
        plain.update(fi.plain)
    edges = defaultdict(dict)   # (A,B) -> {name: example}
    for fi in files:
        if fi.target not in LIBRARY:
            continue
        own_types = set(fi.types) | {n for (_, n) in fi.nested}
        local_names = {t for (_, t, prev, nxt) in fi.toks
                       if prev in ("let", "var", "case", "func", ",", "(") and nxt in (":", "=", "(", ",", ")")
                       or nxt == ":"}
        for idx, (ln, t, prev, nxt) in enumerate(fi.toks):
            if t in SWIFT_KEYWORDS or not re.match(r"[A-Za-z_]", t):
                continue
            if prev == "." and idx >= 2 and (fi.toks[idx - 2][1], t) in nest_decl:
                fs = {f for f in nest_decl[(fi.toks[idx - 2][1], t)] if ":" not in f}
                if len(fs) == 1 and fi.folder not in fs:
                    b = next(iter(fs))
                    edges[(fi.folder, b)].setdefault(fi.toks[idx - 2][1] + "." + t, (f"{fi.path}:{ln}", "nested type"))
                continue
            if prev in KEYWORDS_TYPE or prev in ("extension",):
                if prev == "extension" and t in type_decl:
                    pass
                else:
                    continue
            # `Module.Name` names another module's type; `0...Name` (a range) does not.
            before = fi.toks[idx - 2][1] if idx >= 2 else ""
            qualified_elsewhere = prev == "." and re.match(r"[A-Z]\w*$", before) is not None and before not in LIBRARY
            if t in type_decl and t not in own_types and not qualified_elsewhere:
                fs = type_decl[t]
                if fi.folder in fs:
                    continue
                dar = {f for f in fs if ":" not in f}
                if len(dar) == 1:
                    b = next(iter(dar))
                elif len(dar) > 1:
                    continue
                else:
                    continue
                if prev in ("func", "var", "let", "case") or (prev == "." and t[0].islower()):
                    continue
                if prev in ("where", ",", "&") and nxt in ("=", ":"):
                    continue  # a generic parameter (Element, Key…) in a where clause
                edges[(fi.folder, b)].setdefault(t, (f"{fi.path}:{ln}", "type"))
            elif use_members and t in mem_decl and len(mem_decl[t]) == 1:
                b = next(iter(mem_decl[t]))
                homes = mem_home.get(t, set())
                # only globals and members of an extension on a type declared in another folder
                foreign_ext = any(h and h in type_decl and b not in type_decl[h] for h in homes)
                global_ = None in homes
                if not (foreign_ext or global_):
                    continue
                if foreign_ext and (prev != "." or t in plain):
                    continue
                if not foreign_ext and (t in STOP or len(t) < 5):
                    continue
                if b == fi.folder or ":" in b or prev in ("func", "var", "let", "case", "static"):
                    continue
                if t in fi.members or (t in local_names and not foreign_ext):
                    continue
                if t in is_func and nxt not in ("(", "{"):
                    continue
                edges[(fi.folder, b)].setdefault(t, (f"{fi.path}:{ln}", "member"))
    return edges


def scc(nodes, adj):
    index, low, onstack, st, out = {}, {}, set(), [], []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]; counter[0] += 1
        st.append(v); onstack.add(v)
        for w in sorted(adj.get(v, ())):
            if w not in index:
                visit(w); low[v] = min(low[v], low[w])
            elif w in onstack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = st.pop(); onstack.discard(w); comp.append(w)
                if w == v:
                    break
            out.append(sorted(comp))
    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return out


LIBRARY = ("DarkroomFoundation", "DarkroomRendering", "Darkroom")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    ap.add_argument("--edges", action="store_true")
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()
    files = load(a.root)
    edges = build(files)
    cyclic = False
    for target in LIBRARY:
        prefix = target + "/"
        folders = sorted({f.folder for f in files if f.target == target})
        adj = defaultdict(set)
        for (x, y) in edges:
            if x.startswith(prefix) and y.startswith(prefix):
                adj[x].add(y)
        short = lambda f: f[len(prefix):]
        print(f"# {target}: {len(folders)} folders, {sum(len(v) for v in adj.values())} edges")
        if a.edges:
            for (x, y), names in sorted(edges.items()):
                if x.startswith(prefix) and y.startswith(prefix):
                    name, (where, _) = next(iter(names.items()))
                    print(f"  {short(x)} -> {short(y)}: {name} at {where} ({len(names)} names)")
        for comp in scc(folders, adj):
            if len(comp) < 2:
                continue
            cyclic = True
            members = set(comp)
            print(f"  cycle through {len(comp)} folders: {' '.join(short(c) for c in sorted(comp))}")
            for (x, y), names in sorted(edges.items()):
                if x in members and y in members:
                    print(f"    {short(x)} -> {short(y)}: {', '.join(sorted(names)[:6])}")
    if a.check and cyclic:
        sys.exit(1)


if __name__ == "__main__":
    main()
