#!/usr/bin/env python3
"""ending.py MODE BIN - a run that ends without returning from main still leaves the
trace, graph, summary and model it was asked for, and ends as it would without nanort.

  sigterm   SIGTERM once the program runs: dies of SIGTERM (-15), files written
  sigint    the same with SIGINT (sent to a process that does not ignore it)
  ignored   SIGINT ignored (as by a background job) stays ignored; then SIGTERM
  exit      exit(5) inside a task: exit status 5, files written

The trace and graph are checked by check_trace.py and check_graph.py, the model by
tests/versioning/check_model.py; the summary must count the step tasks run so far."""
import os, re, signal, subprocess, sys, tempfile, time

here = os.path.dirname(os.path.abspath(__file__))
mode, binary = sys.argv[1], sys.argv[2]


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


tmp = tempfile.mkdtemp()
trace, graph = os.path.join(tmp, "t.json"), os.path.join(tmp, "g.dot")
env = dict(os.environ, NX_ARGS="--smp-workers=2 --summary --trace=%s --graph=%s "
           "--perf-model-dir=%s" % (trace, graph, tmp))
sigint = signal.SIG_IGN if mode == "ignored" else signal.SIG_DFL
p = subprocess.Popen([binary] + (["exit"] if mode == "exit" else []), env=env,
                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                     preexec_fn=lambda: signal.signal(signal.SIGINT, sigint))
if p.stdout.readline().strip() != "ready":
    p.kill()
    fail("the program did not start")
if mode in ("sigterm", "sigint", "ignored"):
    if mode == "ignored":
        p.send_signal(signal.SIGINT)
        time.sleep(1)
        if p.poll() is not None:
            fail("SIGINT, ignored when the program started, ended it (status %r)" % p.returncode)
    p.send_signal(signal.SIGINT if mode == "sigint" else signal.SIGTERM)
try:
    out, err = p.communicate(timeout=60)
except subprocess.TimeoutExpired:
    p.kill()
    fail("the program did not end within 60 s")
print(err)
want = {"sigterm": -signal.SIGTERM, "sigint": -signal.SIGINT, "ignored": -signal.SIGTERM,
        "exit": 5}[mode]
if p.returncode != want:
    fail("exit status %r, expected %r" % (p.returncode, want))
why = {"exit": "exit() called inside a task", "sigint": "SIGINT received"}.get(mode,
                                                                             "SIGTERM received")
if "nanort: %s: writing the trace, graph, summary and model" % why not in err:
    fail("no message saying why the files are written")
for path in (trace, graph):
    if not os.path.exists(path):
        fail("%s was not written" % path)
r = subprocess.run([sys.executable, os.path.join(here, "check_trace.py"), trace],
                   capture_output=True, text=True)
print(r.stdout.strip())
if r.returncode:
    fail("the trace does not parse: " + r.stdout)
m = re.search(r"'step': (\d+)", r.stdout)
if not m or int(m.group(1)) < 128:
    fail("the trace holds fewer step tasks than the two rounds finished")
spans = int(re.search(r"ok: (\d+) task spans", r.stdout).group(1))
r = subprocess.run([sys.executable, os.path.join(here, "check_graph.py"), graph],
                   capture_output=True, text=True)
if r.returncode:
    fail("the graph does not parse: " + r.stdout + r.stderr)
if subprocess.run(["dot", "-Tsvg", graph, "-o", os.devnull]).returncode:
    fail("dot rejects the graph")
models = [f for f in os.listdir(tmp) if f.startswith("nanort-perf-")]
if not models or subprocess.run([sys.executable, os.path.join(here, "..", "versioning",
                                 "check_model.py"), os.path.join(tmp, models[0])]).returncode:
    fail("no clean model file")
rows = [l.split() for l in err.splitlines() if l.startswith("  step ")]
if not rows or int(rows[0][4]) < 128:
    fail("the summary has no 'step' row counting the finished rounds")
if "nanort summary:" not in err or "tasks still running are not in it" not in err:
    fail("no summary, or no note that it stops early")
print("ok: %s: status %r, %d task spans, summary step run %s" % (mode, p.returncode, spans,
                                                                rows[0][4]))
