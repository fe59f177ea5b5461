#!/usr/bin/env bash
# bench/opencl/transfers.sh OURS HOST ARGS...: the bytes our sample moves against the
# hand-written host program's.  Runs HOST (its "transfers:" line is its own count of what
# it enqueued) and OURS with the OpenCL versions forced and --trace (every transfer the
# runtime made, with its exact byte count), and prints one line
#   transfers: ours in I out O peer P, host in I out O: ok|HIGHER
# Exit 0 when ours moved no more than the host in each direction (peer counts as in), 1
# when it moved more or a program failed, 77 when the host finds no OpenCL device.
# Environment: SOCL_FORCE_OPENCL (NX_ARGS that force the OpenCL versions).
set -u
ours=$1 host=$2
shift 2
force=${SOCL_FORCE_OPENCL:---dispatch=affinity}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$host" "$@" > "$tmp/host.log" 2>&1
st=$?
[ $st = 77 ] && { tail -n 1 "$tmp/host.log"; exit 77; }
[ $st = 0 ] || { cat "$tmp/host.log"; echo "transfers: the host program failed (exit $st)"; exit 1; }
read -r hin hout < <(sed -n 's/^transfers: host->device \([0-9]*\) bytes, device->host \([0-9]*\) bytes.*/\1 \2/p' "$tmp/host.log")

NX_ARGS="--smp-workers=2 $force --trace=$tmp/trace.json" "$ours" "$@" > "$tmp/ours.log" 2>&1
st=$?
[ $st = 0 ] || { cat "$tmp/ours.log"; echo "transfers: our program failed (exit $st)"; exit 1; }
# One trace event per line; transfers are "cat":"transfer" spans named by direction.
read -r oin oout opeer < <(awk '/"cat":"transfer"/ && match($0, /"bytes":[0-9]+/) {
    b = substr($0, RSTART + 8, RLENGTH - 8)
    if ($0 ~ /"name":"host->device"/) i += b
    else if ($0 ~ /"name":"device->host"/) o += b
    else p += b }
  END { printf "%d %d %d\n", i, o, p }' "$tmp/trace.json")

verdict=ok
[ $((oin + opeer)) -le "${hin:-0}" ] && [ "$oout" -le "${hout:-0}" ] || verdict=HIGHER
echo "transfers: ours in $oin out $oout peer $opeer, host in ${hin:-?} out ${hout:-?}: $verdict"
[ $verdict = ok ]
