#!/usr/bin/env bash
# scripts/gpu-session.sh - what a session runs on the GPU machine (the `device` tool), from
# the repository root, with build/ made here (make all bench-gpu-build) and carried there
# (flex, bison, Check's headers and PoCL are not installed there; nor Check's libsubunit:
# copy /usr/lib/x86_64-linux-gnu/libsubunit.so.0* into build/gpu-libs, on the library path
# there, or the versioning Check suite cannot start).
#
#   scripts/gpu-session.sh tests     the test suites that need no compiler-generation tools
#                                    (all of make check except the sanitizer, fuzzing and
#                                    /usr/include walk runs, which are CPU-only and run in CI)
#   scripts/gpu-session.sh bench     bench/gpu.sh (CUDA and NVIDIA OpenCL against the
#                                    hand-written peers and cuBLAS)
#   scripts/gpu-session.sh hybrid    cholesky and matmul: smp + CUDA against GPU alone and
#                                    CPU alone (issue 7)
#   scripts/gpu-session.sh metg      Task Bench's METG on 16 cores (bench/metg/run.sh), peers'
#                                    libraries carried in build/gpu-libs
#   scripts/gpu-session.sh quiet     the 2-core CPU comparisons on an otherwise idle machine:
#                                    bench/micro and bench/ompss pinned to cores 2,3 (ROUNDS for
#                                    micro, OMPSS_ROUNDS and TILES for ompss)
#                                    (mcc-built samples made here: build/bench/ompss/APP-mcc)
#   scripts/gpu-session.sh timeline  our pinned CUDA matmul with --summary and --trace (the
#                                    device-timed copies and kernels, their overlap)
#   scripts/gpu-session.sh scaling   cholesky and matmul speedup curves over 1..16 workers
#   scripts/gpu-session.sh mm16      matmul 1024/128 on 16 workers: nanort (dbf, bf) against
#                                    libgomp and libomp side by side, one --summary run, lscpu
#   scripts/gpu-session.sh w16       cholesky and matmul on 16 workers (dbf and bf) against libgomp and libomp,
#                                    W16_ROUNDS (9) side-by-side rounds at W16_TILES (128 256)
#   scripts/gpu-session.sh w16ab     issue 20's many-core scheduling variants: cholesky 2048 and
#                                    matmul 1024 on 16 workers, tiles W16_TILES (64 128 256),
#                                    nanort's default against each W16AB_VARIANTS (crit2
#                                    spins20k spins200 eager tree; also lazy crit4 coarse0 coarse25
#                                    steal4 steal1 bf crit2steal4 crit2spins20k thr1k thr256
#                                    reach3 reach4 cpath cpathr3 speed spread spread200 nospread same:
#                                    NX_ARGS options, see the
#                                    mode) against
#                                    libgomp and libomp,
#                                    W16_ROUNDS (15) side-by-side rounds, medians, ratios to the
#                                    default and to the best OpenMP runtime with their 90%
#                                    bootstrap intervals over the rounds (3 to 5 minutes),
#                                    then --summary runs at tile 64
#   scripts/gpu-session.sh cores     each core's speed (one single-thread matmul 1024/64 pinned
#                                    to it): alone, and with all 16 running at once, CORES_ROUNDS
#                                    (3) rounds, medians; lscpu -e (which cores share what)
#   scripts/gpu-session.sh chain     cholesky 2048 on 16 workers, traced (CHAIN_RUNS, 3, per
#                                    variant and tile): scripts/trace-chain.py's chain that ended
#                                    each run, and each worker's median gemm body, for base and
#                                    CHAIN_VARIANTS (cpath) at CHAIN_TILES (256 128); the
#                                    traces in chain-traces.tgz
#   scripts/gpu-session.sh bodies    where the 16-worker time goes: every kernel call timed
#                                    (BENCH_BODIES=1), the sum of the bodies against the run's
#                                    time, nanort (BODIES_VARIANTS) against libgomp and libomp
#   scripts/gpu-session.sh bodychain the chain that ended each cholesky 2048 run, rebuilt from
#                                    kernels.o's own call records (BENCH_TRACE), so the same
#                                    for nanort (base, BC_VARIANTS), libgomp and libomp;
#                                    BC_ROUNDS (10) shuffled rounds at BC_TILES (256)
#   scripts/gpu-session.sh pack      after the others: all their files in results.tgz (the
#                                    tables, *.md, stay beside it), for the device tool's
#                                    few fetched files a call
#   scripts/gpu-session.sh variants2 the same variants on 2 quiet cores (2,3): bench/variants.sh,
#                                    bench/micro's patterns and the two programs, ROUNDS (7),
#                                    medians and ratios to the default (about 2.5 minutes)
#   scripts/gpu-session.sh cuda      the CUDA and device-sample suites only (check-cuda,
#                                    check-samples-dev, check-ompss-dev)
#   scripts/gpu-session.sh cudastreams  CUDA matmul (pinned tiles) and n-body: the hand-written
#                                    programs against ours with --gpu-streams=1, 2, 4, side by
#                                    side (CS_REPS rounds, 3)
#   scripts/gpu-session.sh tgmicro   taskgraph replays against ordinary creation, bench/micro's
#                                    graphs on 2 quiet cores (bench/micro/taskgraph.sh)
#   scripts/gpu-session.sh teams16   bench/sync/teams.c's barrier, regions and kmeans on 16 threads:
#                                    mcc + nanort, libgomp and libomp side by side, TEAMS_ROUNDS (7),
#                                    medians; binaries built here in build/bench/teams16 (teams-mcc,
#                                    teams-libgomp, teams-libomp), one strace -c -f of each barrier run
#   scripts/gpu-session.sh issue20   all of issue 20's measurements, about 5 minutes: metg
#                                    (16 cores, with the taskgraph stencil), w16 at tiles 64
#                                    128 256 (7 rounds), cudastreams, tgmicro; prints the tables
# Output goes to $OUT (or build/gpu-results).
set -u
out=${OUT:-build/gpu-results}
mkdir -p "$out"
export PATH=$PATH:/usr/local/cuda/bin
export LD_LIBRARY_PATH="$PWD/build/lib:$PWD/build/gpu-libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
# NVIDIA's OpenCL is installed without its ICD file there (DESIGN.md).
if [ ! -f /etc/OpenCL/vendors/nvidia.icd ] && [ -w /etc ]; then
  mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
fi
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee "$out/gpu.txt"

tests() {
  # the carried build is newer than the sources: make must not try to rebuild anything
  find build -type f -exec touch {} +
  # CPU-only runs (sanitizers, fuzzing, the /usr/include walk) and the front end's own
  # suites (they need flex, bison and clang, absent there) run in CI
  local skip='tsan|asan|fuzz|headers-walk|cprog|check-mcc-|check-driver|doc-examples|ompss-seq'
  local targets
  targets=$(make -pn 2>/dev/null | sed -n 's/^CHECK_TARGETS := //p' | tr ' ' '\n' | grep -Ev "$skip" | tr '\n' ' ')
  make -k -j8 $targets RESULTS="$out/res" > "$out/tests.log" 2>&1
  tests/harness.sh summary "$out/res" | tail -3 | tee "$out/tests-summary.txt"
  grep -E "^FAIL" "$out/tests.log" | head -40 > "$out/tests-fail.txt"
}

time_of() {  # time_of CMD...: the program's own "time:" line, or "fail"
  local o
  o=$("$@" 2>&1) || { echo fail; return; }
  echo "$o" | grep -q "result: OK" || { echo fail; return; }
  echo "$o" | sed -n 's/^time: \([0-9.]*\).*/\1/p' | head -1
}

hybrid() {
  local md=$out/hybrid.md
  echo "| program | CPU alone (16 workers) | GPU alone | smp + CUDA (versioning) |" > "$md"
  echo "|---|---|---|---|" >> "$md"
  for spec in "cholesky_cuda 8192 512" "matmul_dev 4096 512"; do
    set -- $spec
    local bin=build/gpu/$1; shift
    local cpu gpu hyb
    for rep in 1 2; do
      cpu+=" $(NX_ARGS='--disable-cuda --disable-opencl' time_of $bin "$@")"
      gpu+=" $(NX_ARGS='--dispatch=affinity --disable-opencl' time_of $bin "$@")"
      hyb+=" $(NX_ARGS='--disable-opencl' time_of $bin "$@")"
    done
    echo "| $spec |$cpu |$gpu |$hyb |" >> "$md"
    unset cpu gpu hyb
  done
  NX_ARGS='--disable-opencl --summary' build/gpu/cholesky_cuda 8192 512 > "$out/hybrid-summary.txt" 2>&1
  cat "$md"
}

for part in "${@:-tests}"; do
  case $part in
    tests) tests ;;
    bench) bench/gpu.sh --reps 3 "$out" > "$out/bench.log" 2>&1; cat "$out/gpu.md" 2>/dev/null ;;
    hybrid) hybrid ;;
    metg) bench/metg/run.sh --cores 16 --quick --bindir build/bench/metg --out "$out/metg" \
            > "$out/metg.log" 2>&1; tail -20 "$out/metg.log" ;;
    quiet) taskset -c 2,3 env STARPU_WORKERS_CPUID="2 3" ROUNDS=${ROUNDS:-7} NTASKS=51200 \
             bench/micro/run.sh build/bench/micro "$out/micro-quiet.md" > "$out/micro.log" 2>&1
           tail -14 "$out/micro-quiet.md"
           MCC_PREBUILT=1 PIN=2,3 ROUNDS=${OMPSS_ROUNDS:-5} CHOL_TILES="${TILES:-128 256}" MM_TILES="${TILES:-128 256}" \
             bench/ompss/run.sh build/bench/ompss "$out/ompss-quiet.md" > "$out/ompss.log" 2>&1
           grep '^|' "$out/ompss-quiet.md" ;;
    timeline) # the device timeline of our pinned matmul: --summary's overlap line, a trace
              for v in "" "--no-eager-writeback"; do
                NX_ARGS="--smp-workers=2 --disable-opencl --summary --trace=$out/mm-trace$v.json $v" \
                  build/bench/gpu/matmul-cuda-pinned 8192 1024 > "$out/timeline$v.txt" 2>&1
                grep -E "^time|result|kernels .* copies" "$out/timeline$v.txt"
              done
              python3 tests/instr/check_trace.py "$out/mm-trace.json" && echo "trace valid"
              gzip -f "$out"/mm-trace*.json ;;
    metgprobe) # nanort's METG stencil at 1 ms tasks on 16 cores, variants side by side
              per=$(taskset -c 0-15 build/bench/metg/nanort --calibrate 1000)
              for d in 1000 100; do
                it=$((per * d / 1000)) st=$((200000 / d))
                for r in 1 2 3; do
                  for v in ideal libomp "" "--no-binding" "--spins=200000" "--schedule=bf" "--schedule=wf"; do
                    case $v in
                      ideal) c=(build/bench/metg/nanort --ideal 16 $st $it) ;;
                      libomp) c=(build/bench/metg/libomp 16 $st $it) ;;
                      *) c=(build/bench/metg/nanort 16 $st $it) ;;
                    esac
                    t=$(NX_ARGS="--smp-workers=16 $v" OMP_NUM_THREADS=16 taskset -c 0-15 "${c[@]}" | awk '/^seconds/ {print $2}')
                    echo "d=$d r=$r ${v:-nanort} $t"
                  done
                done
              done | tee "$out/metgprobe.txt"
              NX_ARGS="--smp-workers=16 --summary" taskset -c 0-15 build/bench/metg/nanort 16 200 $per \
                > "$out/metgprobe-summary.txt" 2>&1 ;;
    bindprobe) # nanort's worker binding against the OpenMP peers on the samples (issue 4)
              b=build/bench/ompss
              one() { # CORES WORKERS BIN [NX extra]: the program's time
                NX_ARGS="--smp-workers=$2 ${4:-}" OMP_NUM_THREADS=$2 taskset -c "$1" "$b/$3" "${APPN[$3]}" 128 2>&1 |
                  awk '/^time/{print $2}'; }
              declare -A APPN=([matmul-seq]=1024 [matmul-mcc]=1024 [matmul-libgomp]=1024 [matmul-libomp]=1024
                               [cholesky-seq]=2048 [cholesky-mcc]=2048 [cholesky-libgomp]=2048 [cholesky-libomp]=2048)
              for app in matmul cholesky; do
                for r in 1 2 3 4 5; do
                  echo "$app 1 core (2): seq $(one 2 1 $app-seq) mcc $(one 2 1 $app-mcc) mcc-nobind $(one 2 1 $app-mcc --no-binding) libgomp $(one 2 1 $app-libgomp)"
                  echo "$app 1 worker on 0-15: mcc $(one 0-15 1 $app-mcc) mcc-nobind $(one 0-15 1 $app-mcc --no-binding) libgomp $(one 0-15 1 $app-libgomp)"
                  echo "$app 2 cores (2,3): mcc $(one 2,3 2 $app-mcc) mcc-nobind $(one 2,3 2 $app-mcc --no-binding) libgomp $(one 2,3 2 $app-libgomp) libomp $(one 2,3 2 $app-libomp)"
                  echo "$app 16 cores: mcc $(one 0-15 16 $app-mcc) mcc-nobind $(one 0-15 16 $app-mcc --no-binding) libgomp $(one 0-15 16 $app-libgomp) libomp $(one 0-15 16 $app-libomp)"
                done
              done | tee "$out/bindprobe.txt" ;;
    mm16) lscpu | grep -E '^(Model name|Thread|Core|Socket|NUMA node|L2|L3)' > "$out/lscpu.txt"
          b=build/bench/ompss
          for r in 1 2 3 4 5; do
            for v in dbf bf libgomp libomp; do
              case $v in
                dbf|bf) t=$(NX_ARGS="--smp-workers=16 --schedule=$v" taskset -c 0-15 $b/matmul-mcc 1024 128 | awk '/^time/{print $2}') ;;
                *) t=$(OMP_NUM_THREADS=16 taskset -c 0-15 $b/matmul-$v 1024 128 | awk '/^time/{print $2}') ;;
              esac
              echo "r=$r $v $t"
            done
          done | tee "$out/mm16.txt"
          NX_ARGS="--smp-workers=16 --summary" taskset -c 0-15 $b/matmul-mcc 1024 128 > "$out/mm16-summary.txt" 2>&1 ;;
    w16) # issue 4 on 16 cores: cholesky 2048 and matmul 1024, tiles W16_TILES (128 256),
         # nanort / libgomp / libomp side by side for W16_ROUNDS (9) rounds, medians
         b=build/bench/ompss
         declare -A APPN=([cholesky]=2048 [matmul]=1024)
         for r in $(seq "${W16_ROUNDS:-9}"); do
           for app in cholesky matmul; do
             for tile in ${W16_TILES:-128 256}; do
               for v in mcc mccbf libgomp libomp; do
                 nx="--smp-workers=16"; bin=$v
                 [ $v = mccbf ] && nx="$nx --schedule=bf" && bin=mcc
                 t=$(NX_ARGS="$nx" OMP_NUM_THREADS=16 taskset -c 0-15 $b/$app-$bin "${APPN[$app]}" $tile |
                     awk '/^time/{print $2}')
                 echo "$app $tile $v ${t:-fail}"
               done
             done
           done
         done > "$out/w16.txt"
         python3 - "$out/w16.txt" <<'PY' | tee "$out/w16.md"
import sys, statistics as st
d = {}
for line in open(sys.argv[1]):
    app, tile, v, t = line.split()
    if t != "fail":
        d.setdefault((app, int(tile)), {}).setdefault(v, []).append(float(t))
print("| app | tile | nanort | nanort bf | libgomp | libomp | nanort / best | bf / best | rounds |")
print("|---|---|---|---|---|---|---|---|---|")
for (app, tile), vs in sorted(d.items()):
    m = {v: st.median(x) for v, x in vs.items()}
    best = min(m.get("libgomp", 1e9), m.get("libomp", 1e9))
    print(f"| {app} | {tile} | {m.get('mcc', 0):.4f} | {m.get('mccbf', 0):.4f} | "
          f"{m.get('libgomp', 0):.4f} | {m.get('libomp', 0):.4f} | {m.get('mcc', 0) / best:.2f} | "
          f"{m.get('mccbf', 0) / best:.2f} | {len(vs.get('mcc', []))} |")
PY
         ;;
    w16ab) # issue 20, many-core scheduling: nanort's default against each variant (an NX_ARGS
           # option) against libgomp and libomp, side by side (A B C D ... every round)
           b=build/bench/ompss
           declare -A APPN=([cholesky]=2048 [matmul]=1024)
           declare -A VARIANT=([base]="" [crit2]="--critical-successors=2"
                               [crit4]="--critical-successors=4" [spins20k]="--spins=20000"
                               [spins200]="--spins=200"
                               [coarse0]="--coarse-us=0" [coarse25]="--coarse-us=25"
                               [steal4]="--steal-batch=4" [steal1]="--steal-batch=1"
                               [bf]="--schedule=bf"
                               [crit2steal4]="--critical-successors=2 --steal-batch=4"
                               [crit2spins20k]="--critical-successors=2 --spins=20000"
                               [eager]="--eager-start" [lazy]="--no-eager-start"
                               [tree]="--tree-start"
                               [thr1k]="--throttle-limit=1024" [thr256]="--throttle-limit=256"
                               [reach3]="--critical-reach=3" [reach4]="--critical-reach=4"
                               [cpath]="--critical-path"
                               [cpathr3]="--critical-path --critical-reach=3"
                               [speed]="--speed-aware" [nobind]="--no-binding"
                               [spread]="--chain-spread=1000" [spread200]="--chain-spread=200"
                               [nospread]="--chain-spread=0"
                               [same]="")
           vars="base ${W16AB_VARIANTS:-crit2 spins20k spins200 eager tree} libgomp libomp"
           t0=$(date +%s)
           for r in $(seq "${W16_ROUNDS:-15}"); do
             # each round in its own shuffled order (seeded by the round): with a fixed
             # order the A/A control ran 2 to 9% slower than the default, and 2 to 4% with
             # the order rotated (each variant still after the same one)
             order=$(printf "%s\n" $vars | shuf --random-source=<(yes "$r") | tr "\n" " ")
             for app in cholesky matmul; do
               for tile in ${W16_TILES:-64 128 256}; do
                 for v in $order; do
                   case $v in
                     libgomp|libomp) bin=$b/$app-$v nx="" ;;
                     *) bin=$b/$app-mcc nx="--smp-workers=16 ${VARIANT[$v]}" ;;
                   esac
                   t=$(NX_ARGS="$nx" OMP_NUM_THREADS=16 taskset -c 0-15 $bin "${APPN[$app]}" $tile |
                       awk '/^time/{print $2}')
                   echo "$app $tile $v ${t:-fail}"
                 done
               done
             done
           done > "$out/w16ab.txt"
           python3 - "$out/w16ab.txt" $vars <<'PY' | tee "$out/w16ab.md"
import sys, statistics as st
vars = sys.argv[2:]
ours = [v for v in vars if v not in ("libgomp", "libomp")]
d = {}
for line in open(sys.argv[1]):
    app, tile, v, t = line.split()
    if t != "fail":
        d.setdefault((app, int(tile)), {}).setdefault(v, []).append(float(t))
print("| app | tile | " + " | ".join(vars) + " | " + " | ".join(f"{v} / best" for v in ours) +
      " | " + " | ".join(f"{v} / base" for v in ours[1:]) + " | rounds |")
print("|---|---|" + "---:|" * (len(vars) + 2 * len(ours) - 1) + "---:|")
for (app, tile), vs in sorted(d.items()):
    m = {v: st.median(x) for v, x in vs.items()}
    best = min(m.get("libgomp", 1e9), m.get("libomp", 1e9))
    base = m.get("base")
    cells = [f"{m[v]:.4f}" if v in m else "fail" for v in vars]
    cells += [f"{m[v] / best:.2f}" if v in m else "-" for v in ours]
    cells += [f"{m[v] / base:.2f}" if v in m and base else "-" for v in ours[1:]]
    print(f"| {app} | {tile} | " + " | ".join(cells) + f" | {len(vs.get('base', []))} |")
# How far each ratio to the best OpenMP runtime moves within this run: a 90% bootstrap
# interval (rounds drawn again with replacement, 2000 times, every variant's times of a
# drawn round taken together, as they ran side by side).
import random
random.seed(20)
rounds = {}
for line in open(sys.argv[1]):
    app, tile, v, t = line.split()
    key = (app, int(tile))
    r = rounds.setdefault(key, [])
    if not r or v in r[-1]:
        r.append({})
    r[-1][v] = float(t) if t != "fail" else None
print()
print("| app | tile | " + " | ".join(f"{v} / best, 90%" for v in ours) + " | " +
      " | ".join(f"{v} / base, 90%" for v in ours[1:]) + " |")
print("|---|---|" + "---:|" * (2 * len(ours) - 1))
def interval(rs, v, against):
    ratios = []
    for _ in range(2000):
        pick = [random.choice(rs) for _ in rs]
        col = lambda name: [p[name] for p in pick if p.get(name) is not None]
        if not col(v) or not any(col(n) for n in against):
            continue
        ref = min(st.median(col(n)) for n in against if col(n))
        ratios.append(st.median(col(v)) / ref)
    ratios.sort()
    return (f"{ratios[len(ratios) // 20]:.2f}-{ratios[len(ratios) * 19 // 20]:.2f}"
            if ratios else "-")
for key, rs in sorted(rounds.items()):
    cells = [interval(rs, v, ("libgomp", "libomp")) for v in ours]
    cells += [interval(rs, v, ("base",)) for v in ours[1:]]
    print(f"| {key[0]} | {key[1]} | " + " | ".join(cells) + " |")
PY
           echo "w16ab: $(( $(date +%s) - t0 )) s, $(grep -c fail "$out/w16ab.txt") failed runs"
           # where the time goes: --summary (busy and idle per worker) of base and crit2
           for v in base crit2; do
             for app in cholesky matmul; do
               NX_ARGS="--smp-workers=16 --summary ${VARIANT[$v]}" taskset -c 0-15 $b/$app-mcc \
                 "${APPN[$app]}" 64 > "$out/w16ab-summary-$app-64-$v.txt" 2>&1
             done
           done ;;
    cores) # is every core as fast as the others?  Alone, then all 16 at once.
           lscpu -e > "$out/lscpu-e.txt" 2>&1
           for r in $(seq "${CORES_ROUNDS:-3}"); do
             for c in $(seq 0 15); do
               echo "alone $c $(taskset -c "$c" build/bench/ompss/matmul-seq 1024 64 | awk '/^time/{print $2}')"
             done
             for c in $(seq 0 15); do
               (echo "loaded $c $(taskset -c "$c" build/bench/ompss/matmul-seq 1024 64 | awk '/^time/{print $2}')") &
             done
             wait
           done > "$out/cores.txt"
           python3 - "$out/cores.txt" <<'PY' | tee "$out/cores.md"
import sys, statistics as st
d = {}
for line in open(sys.argv[1]):
    k, c, t = line.split()
    d.setdefault((k, int(c)), []).append(float(t))
alone = {c: st.median(d[("alone", c)]) for c in range(16) if ("alone", c) in d}
fast = min(alone.values())
print("| core | alone (s) | alone / fastest alone | all 16 at once (s) | loaded / fastest alone |")
print("|---:|---:|---:|---:|---:|")
for c in range(16):
    lo = st.median(d[("loaded", c)]) if ("loaded", c) in d else float("nan")
    print(f"| {c} | {alone.get(c, float('nan')):.3f} | {alone.get(c, float('nan')) / fast:.2f} | {lo:.3f} | {lo / fast:.2f} |")
PY
           ;;
    chain) # the chain that ended each traced cholesky run, and each worker's gemm bodies
           b=build/bench/ompss
           declare -A CVAR=([base]="" [cpath]="--critical-path" [reach3]="--critical-reach=3"
                            [crit2]="--critical-successors=2" [speed]="--speed-aware")
           for tile in ${CHAIN_TILES:-256 128}; do
             for v in base ${CHAIN_VARIANTS:-cpath}; do
               for r in $(seq "${CHAIN_RUNS:-3}"); do
                 mkdir -p "$out/chain"
                 f="$out/chain/chain-$tile-$v-$r.json"
                 NX_ARGS="--smp-workers=16 --trace=$f ${CVAR[$v]}" taskset -c 0-15 \
                   $b/cholesky-mcc 2048 "$tile" | awk -v v="$v" -v t="$tile" '/^time/{print "time", t, v, $2}'
                 python3 scripts/trace-chain.py "$f"
                 python3 - "$f" <<'PY'
import json, sys, statistics as st
d = json.load(open(sys.argv[1]))
ev = d["traceEvents"] if isinstance(d, dict) else d
per = {}
for e in ev:
    if e.get("ph") == "X" and e.get("cat") == "task" and e.get("name", "").startswith("gemm"):
        per.setdefault(e["tid"], []).append(e["dur"])
ms = sorted((st.median(x) / 1000, len(x), t) for t, x in per.items())
print("  gemm median body per worker (ms, n): " + ", ".join(f"{m:.2f} ({n})" for m, n, _ in ms))
PY
               done
             done
           done 2>&1 | tee "$out/chain.txt"
           # one file back, not one a run (the device tool fetches a few files per call)
           tar czf "$out/chain-traces.tgz" -C "$out" chain && rm -rf "$out/chain" ;;
    bodies) # where a 16-worker run's time goes: BENCH_BODIES=1 sums every kernel call's time,
            # so (bodies / 16) / time is the threads' share in bodies; nanort (BODIES_VARIANTS,
            # NX_ARGS options of w16ab) against libgomp and libomp, BODIES_ROUNDS (11) rounds
            b=build/bench/ompss
            declare -A APPN=([cholesky]=2048 [matmul]=1024)
            declare -A BVAR=([base]="" [nobind]="--no-binding" [coarse0]="--coarse-us=0"
                             [speed]="--speed-aware" [spins20k]="--spins=20000")
            for r in $(seq "${BODIES_ROUNDS:-11}"); do
              for cell in ${BODIES_CELLS:-matmul:64 matmul:128 cholesky:64 cholesky:128 cholesky:256}; do
                app=${cell%:*} tile=${cell#*:}
                for v in ${BODIES_VARIANTS:-base} libgomp libomp; do
                  case $v in
                    libgomp|libomp) bin=$b/$app-$v nx="" ;;
                    *) bin=$b/$app-mcc nx="--smp-workers=16 ${BVAR[$v]}" ;;
                  esac
                  o=$(BENCH_BODIES=1 NX_ARGS="$nx" OMP_NUM_THREADS=16 taskset -c 0-15 $bin "${APPN[$app]}" $tile 2>&1)
                  t=$(echo "$o" | awk '/^time/{print $2}') s=$(echo "$o" | awk '/^bodies/{print $2}')
                  echo "$app $tile $v ${t:-fail} ${s:-fail}"
                done
              done
            done > "$out/bodies.txt"
            python3 - "$out/bodies.txt" <<'PY' | tee "$out/bodies.md"
import sys, statistics as st
d = {}
for line in open(sys.argv[1]):
    app, tile, v, t, s = line.split()
    if t != "fail" and s != "fail":
        d.setdefault((app, int(tile), v), []).append((float(t), float(s)))
print("| app | tile | runtime | time (s) | sum of bodies (s) | bodies / (16 x time) | runs |")
print("|---|---:|---|---:|---:|---:|---:|")
for (app, tile, v), xs in sorted(d.items()):
    t = st.median(x[0] for x in xs); s = st.median(x[1] for x in xs)
    fill = st.median(x[1] / (16 * x[0]) for x in xs)
    print(f"| {app} | {tile} | {v} | {t:.4f} | {s:.4f} | {fill:.3f} | {len(xs)} |")
PY
            ;;
    bodychain) # the chain that ended each cholesky 2048 run, for every runtime alike: kernels.o
            # records each call (BENCH_TRACE), bench/ompss/body_chain.py rebuilds the
            # dependences from the tiles; nanort (BC_VARIANTS, options of w16ab) against
            # libgomp and libomp, BC_ROUNDS (10) rounds in shuffled order, tiles BC_TILES (256)
            b=build/bench/ompss
            declare -A BCVAR=([base]="" [same]="" [coarse0]="--coarse-us=0" [nobind]="--no-binding"
                              [reach3]="--critical-reach=3" [cpath]="--critical-path")
            vars="base ${BC_VARIANTS:-} libgomp libomp"
            mkdir -p "$out/bc"
            for r in $(seq "${BC_ROUNDS:-10}"); do
              order=$(printf "%s\n" $vars | shuf --random-source=<(yes "$r") | tr "\n" " ")
              for tile in ${BC_TILES:-256}; do
                for v in $order; do
                  case $v in
                    libgomp|libomp) bin=$b/cholesky-$v nx="" ;;
                    *) bin=$b/cholesky-mcc nx="--smp-workers=16 ${BCVAR[$v]}" ;;
                  esac
                  t=$(BENCH_TRACE="$out/bc/$tile-$v-$r.txt" NX_ARGS="$nx" OMP_NUM_THREADS=16 \
                      taskset -c 0-15 $bin 2048 "$tile" 2>/dev/null | awk '/^time/{print $2}')
                  echo "time $tile $v ${t:-fail}"
                done
              done
            done > "$out/bodychain-times.txt"
            for tile in ${BC_TILES:-256}; do
              for v in $vars; do
                echo "time $tile $v median $(awk -v t=$tile -v v=$v '$2==t && $3==v && $4!="fail"{print $4}' \
                  "$out/bodychain-times.txt" | sort -n | awk '{a[NR]=$1}END{print a[int((NR+1)/2)]}')"
                python3 bench/ompss/body_chain.py --label "$tile $v" "$out/bc/$tile-$v-"*.txt
              done
            done 2>&1 | tee "$out/bodychain.txt"
            { lscpu; lscpu -e; } > "$out/lscpu-e.txt" 2>&1
            tar czf "$out/bodychain-traces.tgz" -C "$out" bc && rm -rf "$out/bc" ;;
    variants2) PIN=2,3 ROUNDS=${ROUNDS:-7} bench/variants.sh "$out/variants-2c.md" 2> "$out/variants-2c.log" ;;
    scaling) MCC_PREBUILT=1 bench/scaling.sh --max-workers 16 --quick --bindir build/bench/ompss \
               --out "$out/scaling.tsv" > "$out/scaling.log" 2>&1; tail -5 "$out/scaling.log" ;;
    cuda) find build -type f -exec touch {} +
          make -k -j8 check-cuda check-samples-dev check-ompss-dev check-versioning RESULTS="$out/res" \
            > "$out/cuda-tests.log" 2>&1
          tests/harness.sh summary "$out/res" | tail -3
          grep -E "^FAIL" "$out/cuda-tests.log" | head -20 ;;
    cudastreams) # several kernel streams per GPU (issue 20): ours at 1, 2, 4 streams against
                 # the hand-written programs (4 streams for matmul), the same binaries as bench/gpu.sh
                 B=build; ex="--smp-workers=2 --disable-opencl"
                 MM="8192 1024"; NB="262144 10 1"
                 for r in $(seq "${CS_REPS:-3}"); do
                   echo "matmul hand $(time_of $B/bench/cuda/matmul_hand $MM)"
                   for k in 1 2 4; do
                     echo "matmul ours-$k $(NX_ARGS="$ex --gpu-streams=$k" time_of $B/bench/gpu/matmul-cuda-pinned $MM)"
                   done
                   # n-body: both with pinned bodies (nbody_hand's default), and both pageable
                   echo "nbody hand $(time_of $B/bench/cuda/nbody_hand $NB)"
                   for k in 1 2 4; do
                     echo "nbody ours-$k $(NX_ARGS="$ex --gpu-streams=$k" time_of $B/bench/gpu/nbody-cuda-pinned $NB)"
                   done
                   # --eager-start: the runtime (threads, CUDA plugin, streams) starts before
                   # main, outside the timed region; the hand-written program's device set-up
                   # (cudaMalloc, streams) stays inside its own
                   echo "nbody ours-4-eager $(NX_ARGS="$ex --eager-start" time_of $B/bench/gpu/nbody-cuda-pinned $NB)"
                   echo "matmul ours-4-eager $(NX_ARGS="$ex --eager-start" time_of $B/bench/gpu/matmul-cuda-pinned $MM)"
                   echo "nbody-pageable hand $(time_of $B/bench/cuda/nbody_hand $NB --pageable)"
                   echo "nbody-pageable ours-4 $(NX_ARGS="$ex" time_of $B/bench/gpu/nbody-cuda $NB)"
                 done > "$out/cudastreams.txt"
                 NX_ARGS="$ex --summary" $B/bench/gpu/matmul-cuda-pinned $MM > "$out/cudastreams-summary.txt" 2>&1
                 python3 - "$out/cudastreams.txt" <<'PY' | tee "$out/cudastreams.md"
import sys, statistics as st
d = {}
for line in open(sys.argv[1]):
    app, v, t = line.split()
    if t != "fail":
        d.setdefault(app, {}).setdefault(v, []).append(float(t))
print("| program | variant | time (s), median | hand / this | runs |")
print("|---|---|---:|---:|---:|")
for app, vs in sorted(d.items()):
    hand = st.median(vs["hand"]) if "hand" in vs else None
    for v in sorted(vs, key=lambda v: (v != "hand", v)):
        m = st.median(vs[v])
        r = f"{100 * hand / m:.0f}%" if hand else "n/a"
        print(f"| {app} | {v} | {m:.4f} | {r} | {len(vs[v])} |")
PY
                 ;;
    tgmicro) taskset -c ${TG_CORES:-2,3} env ROUNDS=${ROUNDS:-5} NTASKS=51200 bench/micro/taskgraph.sh build/bench/micro \
               "$out/taskgraph-micro.md" > "$out/taskgraph-micro.log" 2>&1
             cat "$out/taskgraph-micro.md" ;;
    issue20) t0=$(date +%s)
             "$0" metg; grep -A12 '^| runtime' "$out/metg/metg-c16.md"; grep 'taskgraph' "$out/metg/metg-c16.md"
             W16_TILES="64 128 256" W16_ROUNDS=${W16_ROUNDS:-7} "$0" w16 > /dev/null; cat "$out/w16.md"
             "$0" cudastreams > /dev/null; cat "$out/cudastreams.md"
             "$0" tgmicro
             echo "issue20: $(( $(date +%s) - t0 )) s" ;;
    teams16) b=build/bench/teams16
             for r in $(seq "${TEAMS_ROUNDS:-7}"); do
               for m in barrier regions kmeans; do
                 for v in mcc libgomp libomp; do
                   [ -x $b/teams-$v ] || continue
                   args=($m); [ $m = barrier ] && args=($m 20000 16); [ $m = regions ] && args=($m 2000 16)
                   o=$(NX_ARGS=--smp-workers=16 OMP_NUM_THREADS=16 taskset -c 0-15 $b/teams-$v "${args[@]}" 2>&1)
                   t=$(echo "$o" | grep -q "result: OK" && echo "$o" | sed -n 's/^time: \([0-9.]*\).*/\1/p')
                   echo "$m $v ${t:-fail}"
                 done
               done
             done > "$out/teams16.txt"
             python3 - "$out/teams16.txt" <<'PY' | tee "$out/teams16.md"
import sys, statistics as st
d = {}
for line in open(sys.argv[1]):
    m, v, t = line.split()
    if t != "fail":
        d.setdefault(m, {}).setdefault(v, []).append(float(t))
print("| mode (16 threads) | mcc + nanort | libgomp | libomp | nanort / libgomp | nanort / libomp | rounds |")
print("|---|---:|---:|---:|---:|---:|---:|")
for m, vs in d.items():
    md = {v: st.median(x) for v, x in vs.items()}
    r = lambda a, b: f"{md[a] / md[b]:.2f}" if a in md and b in md else "-"
    cells = [f"{md[v]:.4f}" if v in md else "fail" for v in ("mcc", "libgomp", "libomp")]
    print(f"| {m} | " + " | ".join(cells) + f" | {r('mcc', 'libgomp')} | {r('mcc', 'libomp')} | {len(vs.get('mcc', []))} |")
PY
             if command -v strace > /dev/null; then
               for v in mcc libgomp; do
                 NX_ARGS=--smp-workers=16 OMP_NUM_THREADS=16 strace -c -f -o "$out/teams16-strace-$v.txt" \
                   taskset -c 0-15 $b/teams-$v barrier 20000 16 > /dev/null 2>&1
                 head -12 "$out/teams16-strace-$v.txt"
               done
             fi ;;
    pack) # everything so far in one file (the device tool fetches only a few files a call):
          # results.tgz, with the tables (*.md) left beside it
          tar czf "$out/../results.tgz" -C "$out" . && find "$out" -type f ! -name '*.md' -delete &&
            find "$out" -mindepth 1 -type d -empty -delete && mv "$out/../results.tgz" "$out/" ;;
    *) echo "unknown part $part"; exit 2 ;;
  esac
done
