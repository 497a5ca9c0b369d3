#!/usr/bin/env bash
# Builds (and optionally runs) one oracle program natively with GCC + GNUstep, as OracleTests does.
#   native.sh build FILE.m OUTDIR [CFLAGS...]   prints the path of the executable
#   native.sh run   FILE.m OUTDIR [ARGS...]     builds, then runs it with ARGS (environment passed through)
set -euo pipefail
mode=$1; src=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); out=$3
shift 3
mkdir -p "$out"; out=$(cd "$out" && pwd)
exe="$out/$(basename "${src%.m}")"
cflags=(); [ "$mode" = build ] && cflags=("$@")
# gnustep-config's flags verbatim (they include -O2 -g -MMD); run in OUTDIR so the .d file lands there.
# Link to a temporary name, then rename: a concurrent run never sees a half-written executable.
(cd "$out" && gcc $(gnustep-config --objc-flags) -Wno-unused-function -Wno-unused-variable ${cflags[@]+"${cflags[@]}"} \
   "$src" -o "$exe.tmp.$$" $(gnustep-config --base-libs))
mv -f "$exe.tmp.$$" "$exe"
case $mode in
  build) echo "$exe" ;;
  run) exec "$exe" "$@" ;;
  *) echo "usage: native.sh build|run FILE.m OUTDIR [...]" >&2; exit 2 ;;
esac
