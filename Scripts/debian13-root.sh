# shellcheck shell=bash disable=SC2034,SC2154
# Sourced by Scripts/debian13-check and Scripts/arm64-check, not run on its own: Debian
# 13 (trixie) roots made with debootstrap (amd64, or arm64 run through qemu-user-static),
# their mounts, the packages Darkroom builds with, a checkout copied in, and the clean-up
# that unmounts everything whatever ends the script. The sourcing script sets `script`
# (its name, for messages) first.
#
# Every root a script uses is locked (ROOT.lock) and registered; on exit the processes
# whose root it is are stopped and everything mounted under it is unmounted. The long
# steps run in a process group of their own (`long`), which a signal ends before the
# mounts go.

# Messages go to the script's stderr even from inside a redirected step (fd 7).
exec 7>&2
say() { echo "$script: $*" >&7; }
die() { echo "$script: error: $*" >&7; exit 3; }

started=$SECONDS
phase() { say "$* (at $((SECONDS - started)) s)"; }

# ---------------------------------------------------------------------------
# Mounts: everything mounted here is under a registered root, unmounted on exit.

# The mount points under a folder, deepest first.
mounts_under() {
  findmnt -rn -o TARGET | awk -v r="$1" 'index($0, r "/") == 1' | sort -r
}
unmount_all() {
  local dir=$1 target
  for target in $(mounts_under "$dir"); do
    umount -R "$target" 2>/dev/null || umount -lR "$target" 2>/dev/null || true
  done
  if [ -n "$(mounts_under "$dir")" ]; then
    say "warning: still mounted under $dir:"; mounts_under "$dir" >&2
    return 1
  fi
}
# Removes a folder only when nothing is mounted inside it.
remove_tree() {
  unmount_all "$1" || die "not removing $1: something is still mounted inside it"
  rm -rf --one-file-system "$1"
}
# Processes whose root is a chroot (a compiler that swift-build started in a process
# group of its own outlives the group that a signal ends): only this script's, as the
# lock keeps other runs out.
stop_root_processes() {
  local dir=$1 signal pid left
  for signal in TERM TERM TERM KILL; do
    left=0
    for pid in /proc/[0-9]*; do
      pid=${pid#/proc/}
      [ "$(readlink "/proc/$pid/root" 2>/dev/null)" = "$dir" ] || continue
      kill -"$signal" "$pid" 2>/dev/null && left=1
    done
    [ "$left" -eq 1 ] || return 0
    sleep 1
  done
}

roots_in_use=()
partial=""
cleanup() {
  local status=$? dir
  for dir in ${roots_in_use[@]+"${roots_in_use[@]}"}; do
    stop_root_processes "$dir"
    unmount_all "$dir" || status=3
  done
  [ -z "$partial" ] || unmount_all "$partial" || status=3
  exit "$status"
}

child=""
# A long step, in a process group of its own.
long() {
  setsid "$@" &
  child=$!
  local status=0
  wait "$child" || status=$?
  child=""
  return "$status"
}
# A process's descendants (swift-build starts compilers in process groups of their own).
descendants() {
  ps -eo pid=,ppid= | awk -v top="$1" '
    { parent[$1] = $2 }
    END { for (p in parent) { q = p; while (q in parent && q != top && q > 1) q = parent[q]; if (q == top && p != top) print p } }'
}
on_signal() {
  trap - INT TERM HUP
  if [ -n "$child" ]; then
    say "stopping (process group $child)"
    local others
    others=$(descendants "$child")
    kill -TERM -- "-$child" 2>/dev/null || true
    # shellcheck disable=SC2086
    [ -z "$others" ] || kill -TERM $others 2>/dev/null || true
    wait "$child" 2>/dev/null || true
  fi
  exit "$1"
}
trap cleanup EXIT
trap 'on_signal 130' INT
trap 'on_signal 143' TERM
trap 'on_signal 129' HUP

# An absolute root path, not /.
root_path() {
  local dir=$1
  case "$dir" in /*) ;; *) dir="$PWD/$dir" ;; esac
  dir=${dir%/}
  [ "$dir" != "" ] && [ "$dir" != "/" ] || die "refusing root folder '$1'"
  echo "$dir"
}

# Locks a root for this script (ROOT.lock) and registers it for the clean-up; unmounts
# what a killed run left.
claim_root() {
  local dir=$1 fd
  mkdir -p "$(dirname "$dir")"
  exec {fd}>"$dir.lock"
  flock -n "$fd" || die "another script is using $dir ($dir.lock)"
  roots_in_use+=("$dir")
  unmount_all "$dir" || die "could not unmount what an earlier run left under $dir"
}

# Removes a root, its partial copy and its logs.
remove_root() {
  say "removing $1"
  remove_tree "$1"
  remove_tree "$1.partial"
  rm -rf "$1.logs"
}

# ---------------------------------------------------------------------------
# The host's mirror and git rewrites.

# The first Debian archive the host's apt reads (one-line or deb822 sources).
host_mirror() {
  local files=() f
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] && files+=("$f")
  done
  [ ${#files[@]} -gt 0 ] || return 0
  awk '
    /^[ \t]*#/ { next }
    $1 == "deb" { for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) { print $i; break } ; next }
    $1 == "URIs:" { for (i = 2; i <= NF; i++) print $i }
  ' "${files[@]}" | grep -E '/debian/?$' | head -1
}
mirror=${DEBIAN13_MIRROR:-$(host_mirror)}
mirror=${mirror:-http://deb.debian.org/debian}
mirror=${mirror%/}
security_mirror=${DEBIAN13_SECURITY_MIRROR:-${mirror%/debian}/debian-security}

# url.<base>.insteadOf rules of the host's git whose base is a local folder: bound
# read-only into each root, and written to its /etc/gitconfig, so that SwiftPM resolves
# the dependencies the same way as on the host.
rewrites=$(git config --system --get-regexp '^url\..*\.insteadof$' 2>/dev/null || true)
rewrites+=$'\n'$(git config --global --get-regexp '^url\..*\.insteadof$' 2>/dev/null || true)
rewrite_dirs=()
gitconfig=""
while read -r key value; do
  [ -n "${key:-}" ] || continue
  base=${key#url.}; base=${base%.insteadof}
  case "$base" in /*) ;; *) continue ;; esac
  [ -d "$base" ] || continue
  gitconfig+="[url \"$base\"]"$'\n'$'\t'"insteadOf = $value"$'\n'
  dir=${base%/}
  case " ${rewrite_dirs[*]-} " in *" $dir "*) ;; *) rewrite_dirs+=("$dir") ;; esac
done <<<"$rewrites"

# ---------------------------------------------------------------------------
# Packages.

# What swift.org's toolchain needs to compile and link (its Debian list); Debian's
# swiftlang depends on what it needs itself.
toolchain_packages=(
  binutils binutils-gold gcc g++ libc6-dev libstdc++-14-dev libgcc-14-dev
  libcurl4t64 libcurl4-openssl-dev libxml2 libxml2-dev libedit2 libedit-dev
  libsqlite3-0 libncurses-dev libncurses6 zlib1g-dev libpython3-dev python3
  pkg-config git ca-certificates tzdata uuid-dev
)
# Darkroom's (Scripts/install-deps), and what the scripts use in the root.
darkroom_packages=(
  pkg-config git ca-certificates tzdata
  libpng-dev libfreetype-dev libharfbuzz-dev libicu-dev libxxhash-dev libssl-dev
  libdeflate-dev libjpeg62-turbo-dev libwebp-dev libyaml-dev librsvg2-dev libpoppler-glib-dev libcmark-gfm-dev libcmark-gfm-extensions-dev
  fonts-inter fonts-dejavu-core fonts-noto-cjk fontconfig
)

# ---------------------------------------------------------------------------
# Emulation of arm64 (qemu-user-static through binfmt_misc, with the F flag so that
# the interpreter is found from inside a chroot).

ensure_arm64_emulation() {
  [ "$(uname -m)" != aarch64 ] || return 0
  local logs=$1
  if ! command -v qemu-aarch64-static >/dev/null 2>&1 || ! command -v update-binfmts >/dev/null 2>&1; then
    say "installing qemu-user-static and binfmt-support on the host"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q qemu-user-static binfmt-support >"$logs/host-apt.log" 2>&1 \
      || { tail -20 "$logs/host-apt.log" >&2; die "apt-get install qemu-user-static binfmt-support failed"; }
  fi
  [ -e /proc/sys/fs/binfmt_misc/register ] || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc \
    || die "cannot mount binfmt_misc (the kernel needs CONFIG_BINFMT_MISC)"
  [ -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ] || update-binfmts --enable qemu-aarch64 >/dev/null 2>&1 \
    || update-binfmts --import qemu-aarch64 >/dev/null 2>&1 || true
  grep -q '^enabled' /proc/sys/fs/binfmt_misc/qemu-aarch64 2>/dev/null \
    || die "qemu-aarch64 is not registered with binfmt_misc (update-binfmts --enable qemu-aarch64)"
  grep -q '^flags:.*F' /proc/sys/fs/binfmt_misc/qemu-aarch64 \
    || die "qemu-aarch64 is registered without the F flag: it would not run inside a chroot"
}

# ---------------------------------------------------------------------------
# The root.

# Makes ROOT for ARCH (amd64 or arm64) once: debootstrap --variant=minbase trixie.
make_root() {
  local dir=$1 arch=$2 logs="$1.logs"
  mkdir -p "$logs"
  if [ ! -f "$dir/etc/darkroom-debian13-root" ]; then
    command -v debootstrap >/dev/null 2>&1 || {
      say "installing debootstrap on the host"
      DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap >"$logs/host-apt.log" 2>&1 \
        || { tail -20 "$logs/host-apt.log" >&2; die "apt-get install debootstrap failed"; }
    }
    [ ! -e "$dir" ] || [ -z "$(ls -A "$dir")" ] \
      || die "$dir exists but was not made by $script; remove it or pick another root"
    partial="$dir.partial"
    remove_tree "$partial"
    phase "making a Debian 13 $arch root in $dir from $mirror (debootstrap; log: $logs/debootstrap.log)"
    long debootstrap --arch="$arch" --variant=minbase trixie "$partial" "$mirror" >"$logs/debootstrap.log" 2>&1 \
      || { tail -20 "$logs/debootstrap.log" >&2; die "debootstrap failed (log: $logs/debootstrap.log)"; }
    unmount_all "$partial" || die "debootstrap left mounts under $partial"
    printf '%s\n' \
      "deb $mirror trixie main" \
      "deb $mirror trixie-updates main" \
      "deb $security_mirror trixie-security main" >"$partial/etc/apt/sources.list"
    # No services start in the root.
    printf '#!/bin/sh\nexit 101\n' >"$partial/usr/sbin/policy-rc.d"
    chmod +x "$partial/usr/sbin/policy-rc.d"
    echo "made by $script on $(date -u +%Y-%m-%dT%H:%M:%SZ) from $mirror" >"$partial/etc/darkroom-debian13-root"
    rmdir "$dir" 2>/dev/null || true
    mv "$partial" "$dir"
    partial=""
  fi
  grep -q '^VERSION_ID="13"' "$dir/etc/os-release" || die "$dir is not a Debian 13 root"
  [ "$(chroot "$dir" dpkg --print-architecture)" = "$arch" ] || die "$dir is not an $arch root"
}

# Mounts /proc, /sys, /dev, the local folders git rewrites to, and each further folder
# given (read-only, at its host path); writes the rewrites to the root's /etc/gitconfig.
mount_root() {
  local dir=$1 extra
  shift
  mount -t proc proc "$dir/proc"
  mount -t sysfs sysfs "$dir/sys"
  mount --rbind /dev "$dir/dev"
  mount --make-rslave "$dir/dev"
  for extra in ${rewrite_dirs[@]+"${rewrite_dirs[@]}"} "$@"; do bind_ro "$dir" "$extra"; done
  cp -L /etc/resolv.conf "$dir/etc/resolv.conf" 2>/dev/null || true
  if [ -n "$gitconfig" ]; then
    printf '# The host'"'"'s rewrites to local folders (bind-mounted read-only), by %s\n%s' "$script" "$gitconfig" >"$dir/etc/gitconfig"
  else
    rm -f "$dir/etc/gitconfig"
  fi
}
# A host folder at the same path in a root, read-only.
bind_ro() {
  mkdir -p "$1$2"
  mount --bind "$2" "$1$2"
  mount -o remount,bind,ro "$1$2"
}

# The command line that runs a command in a root, with a clean environment and, when
# given, a toolchain's bin folder first in PATH, into the array named VAR (for `long`,
# which needs a program, not a function): `root_command VAR ROOT [BIN]`.
root_command() {
  local -n command_line=$1
  local path=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
  [ -z "${3:-}" ] || path="$3:$path"
  command_line=(chroot "$2" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM="${TERM:-dumb}" PATH="$path")
}
# A short command in a root: `in_root ROOT [--path BIN] [NAME=VALUE…] COMMAND…`.
in_root() {
  local dir=$1 bin="" line
  shift
  if [ "${1:-}" = --path ]; then bin=$2; shift 2; fi
  root_command line "$dir" "$bin"
  "${line[@]}" "$@"
}

# Installs the packages that are missing in a root.
root_packages() {
  local dir=$1 logs="$1.logs" missing=() package state
  shift
  for package in "$@"; do
    state=$(chroot "$dir" dpkg-query -W -f '${db:Status-Abbrev}' "$package" 2>/dev/null || true)
    [ "${state:0:2}" = ii ] || missing+=("$package")
  done
  [ ${#missing[@]} -gt 0 ] || return 0
  phase "installing ${#missing[@]} packages in $dir: ${missing[*]} (log: $logs/apt.log)"
  local apt
  root_command apt "$dir"
  { long "${apt[@]}" apt-get update -q && long "${apt[@]}" DEBIAN_FRONTEND=noninteractive \
      apt-get install -y -q --no-install-recommends "${missing[@]}"; } >"$logs/apt.log" 2>&1 \
    || { tail -20 "$logs/apt.log" >&2; die "apt-get in $dir failed (log: $logs/apt.log)"; }
  in_root "$dir" apt-get clean
}

# Inter's version in a root (fonts-inter), as x.yyy.
root_inter_version() {
  in_root "$1" fc-query -f '%{fontversion}' /usr/share/fonts/opentype/inter/Inter-Regular.otf | awk '{printf "%.3f", $1 / 65536}'
}

# ---------------------------------------------------------------------------
# A checkout in a root.

# Copies CHECKOUT into ROOT/src/darkroom (keeping its build folders between runs, so
# a second build is incremental): its HEAD commit, or with WORKTREE=1 the files of its
# working tree that git does not ignore. Prints what was copied.
copy_checkout() {
  local dir=$1 checkout=$2 worktree=$3 src="$1/src/darkroom" head
  mkdir -p "$dir/src"
  if [ "$worktree" -eq 1 ]; then
    if [ -d "$src" ]; then
      find "$src" -mindepth 1 -maxdepth 1 ! -name '.build*' -exec rm -rf --one-file-system {} +
    fi
    mkdir -p "$src"
    if git -C "$checkout" -c safe.directory='*' rev-parse --is-inside-work-tree >/dev/null 2>&1; then
      (cd "$checkout" && git -c safe.directory='*' ls-files -z -c -o --exclude-standard \
        | while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done \
        | tar --null -T - -cf -) | tar -xf - -C "$src"
    else
      (cd "$checkout" && tar --exclude=./.build --exclude=./.darkroom -cf - .) | tar -xf - -C "$src"
    fi
    echo "the working tree of $checkout"
  else
    head=$(git -C "$checkout" -c safe.directory='*' rev-parse HEAD)
    if [ ! -d "$src/.git" ]; then
      remove_tree "$src"
      git -c safe.directory='*' clone -q --no-checkout "$checkout" "$src"
    fi
    git -C "$src" -c safe.directory='*' fetch -q "$checkout" HEAD
    git -C "$src" checkout -q --detach "$head"
    git -C "$src" reset -q --hard "$head"
    git -C "$src" clean -q -ffdx -e '/.build*'
    echo "$checkout at $(git -C "$src" log -1 --format=%h)"
  fi
}

# Copies the host's Inter files (DARKROOM_FONT_DIR, else Debian's fonts-inter folder)
# into ROOT/opt/darkroom-host-inter, for DARKROOM_FONT_DIR in the root.
copy_host_inter() {
  local dir=$1 host_fonts=${DARKROOM_FONT_DIR:-/usr/share/fonts/opentype/inter}
  ls "$host_fonts"/Inter-*.otf >/dev/null 2>&1 || die "no Inter-*.otf in $host_fonts on the host"
  remove_tree "$dir/opt/darkroom-host-inter"
  mkdir -p "$dir/opt/darkroom-host-inter"
  cp "$host_fonts"/Inter-*.otf "$dir/opt/darkroom-host-inter/"
}
