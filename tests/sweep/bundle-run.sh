# bundle-run.sh [SECONDS]: compiles a bundle's units (tests/sweep/bundle.py) on the machine it was
# copied to, as root, for at most SECONDS (default: no limit), and packs what it compiled.
#
#   BUNDLE_ROOT  where the bundle is unpacked (default /var/tmp/torchpatch-bundle); /w becomes a link
#                to BUNDLE_ROOT/w, the path the compile commands name
#   OUT          where res.tar.xz goes (default ./bundle-out): the cache entries, logs and results,
#                for `sweep.sh unbundle WORK res.tar.xz` on the machine with the work folder
#   JOBS         compiles at once (default: every CPU)
#
# Nothing is mounted: the compilers run in a chroot that holds a /dev/null of its own, so the unpacked
# folder can be removed like any other. A second run resumes from the cache it left.
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="${BUNDLE_ROOT:-/var/tmp/torchpatch-bundle}" out="${OUT:-$PWD/bundle-out}" limit="${1:-0}"
source "$here/bundle.env" || exit 1 # COMPILER, BUILD, PHASE
t0=$SECONDS
if [ ! -f "$root/.unpacked" ]; then
  mkdir -p "$root/w" "$root/tmp" "$root/dev" && chmod 1777 "$root/tmp" || exit 1
  tar -C "$root" -xJf "$here/root.tar.xz" && tar -C "$root/w" -xJf "$here/work.tar.xz" || exit 1
  [ -c "$root/dev/null" ] || mknod -m 666 "$root/dev/null" c 1 3 || exit 1
  touch "$root/.unpacked"
fi
[ -e /w ] || ln -s "$root/w" /w || exit 1
[ "$(readlink -f /w)" = "$(readlink -f "$root/w")" ] || { echo "bundle-run: /w is not $root/w" >&2; exit 1; }
wrappers="$root.bin" && mkdir -p "$wrappers" || exit 1
for name in gcc-16 g++-16 clang-21 clang++-21; do # each runs in the chroot, in the same folder
  printf '#!/bin/sh\nd=$(pwd -P); d=${d#%s}\nexec chroot %s /usr/bin/env -C "$d" PATH=/usr/bin:/bin LC_ALL=C %s "$@"\n' \
    "$root" "$root" "$name" >"$wrappers/$name" && chmod +x "$wrappers/$name" || exit 1
done
export PATH="$wrappers:$PATH"
echo "bundle-run: unpacked in $((SECONDS - t0)) s; $(nproc) CPUs; $COMPILER $PHASE, $(wc -l <"$here/units.txt") units"
t1=$SECONDS
(cd /w && timeout "$limit" python3 /w/tools/compile.py --work /w --build "$BUILD" --compiler "$COMPILER" \
  --phase "$PHASE" --files "$here/units.txt" --jobs "${JOBS:-$(nproc)}") | grep -v ' compiled, '
status=${PIPESTATUS[0]}
echo "bundle-run: compile.py exit $status after $((SECONDS - t1)) s$([ "$status" = 124 ] && echo ' (time limit: run again to resume)')"
mkdir -p "$out" /w/cache /w/logs /w/results && tar -C /w -cJf "$out/res.tar.xz" cache logs results || exit 1
echo "bundle-run: $out/res.tar.xz, $(find /w/cache -name '*.json' | wc -l) results cached, $((SECONDS - t0)) s in all"
