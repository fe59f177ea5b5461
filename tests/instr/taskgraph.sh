#!/bin/sh
# tests/instr/taskgraph.sh BIN - what --graph, --trace and --summary show of a recorded task
# graph (taskgraph_trace.c: 8 tasks with 10 dependences, recorded once, run 5 times), with
# 1, 2 and 4 workers: the graph drawn once (8 tasks, their gate, 10 true edges), 40 task
# spans of which 8 recorded and 32 replayed, the summary's graph table.
set -u
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
for w in 1 2 4; do
  NX_ARGS="--smp-workers=$w --trace=$tmp/t.json --graph=$tmp/g.dot --summary" "$bin" \
    > "$tmp/out" 2> "$tmp/err" || fail "taskgraph_trace failed with $w workers: $(cat "$tmp/err")"
  python3 "$here/check_graph.py" "$tmp/g.dot" --nodes 9 --edges 10 --true 10 --label cell=8 \
    --label taskgraph=1 || fail "graph ($w workers)"
  python3 - "$tmp/t.json" <<'PY' || fail "trace ($w workers)"
import collections, json, sys
ev = json.load(open(sys.argv[1]))["traceEvents"]
spans = [e for e in ev if e.get("ph") == "X" and e.get("cat") == "task" and e["name"] == "cell"]
kinds = collections.Counter(e["args"].get("taskgraph") for e in spans)
runs = collections.Counter(e["args"].get("graph_run") for e in spans)
ids = collections.Counter(e["args"]["task"] for e in spans)
if len(spans) != 40 or kinds != {"recorded": 8, "replayed": 32}:
    sys.exit("trace: %d cell spans, %r (expected 40: 8 recorded, 32 replayed)" % (len(spans), kinds))
if sorted(runs.items()) != [(r, 8) for r in range(1, 6)] or sorted(set(ids.values())) != [5]:
    sys.exit("trace: spans per run %r, per task %r (expected 8 per run, 5 per task)" % (runs, ids))
print("trace: ok: 40 cell spans, 8 recorded, 32 replayed, 8 tasks x 5 runs")
PY
  grep -qE '^  taskgraph +graph id +tasks +edges' "$tmp/err" || fail "no taskgraph table in --summary"
  awk '$1 == "taskgraph_trace.c:48" && $2 == 0 && $3 == 8 && $4 == 10 && $6 == 1 && $7 == 5 &&
       $8 == 8 && $10 == 32 {ok = 1} END {exit !ok}' "$tmp/err" \
    || fail "summary row: $(grep taskgraph_trace "$tmp/err")"
done
echo "taskgraph: graph, trace and summary as expected with 1, 2 and 4 workers"
