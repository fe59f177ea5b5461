#!/usr/bin/env python3
"""bench/results.md and bench/plots/*.png from what the benchmarks left in bench/results/.

  bench/report.py metg FILE.tsv     the METG table of one bench/metg/run.sh output (stdout)
  bench/report.py all [RESULTS_DIR] [OUT.md] [PLOTS_DIR]
                                    the whole report (defaults: bench/results
                                    bench/results.md bench/plots)

Inputs (each optional; a missing one becomes a line saying so): micro.tsv (bench/micro/run.sh),
metg-c*.tsv (bench/metg/run.sh), scaling.tsv (bench/scaling.sh), and the markdown tables
ompss.md, mcc.md and opencl*.md / cuda*.md / gpu*.md, copied in as they are.  Every figure is a
median over alternating runs; ratios are nanort / peer (below 1.00 nanort is cheaper or faster).
Plots need matplotlib (Debian python3-matplotlib): when the running python lacks it and
/usr/bin/python3 has it, the script re-runs itself there; without it the tables still come out.
"""
import glob
import math
import os
import statistics
import sys

PEERS = ["nanort", "libgomp", "libomp", "starpu"]
# METG also has the stencil recorded as a nanort taskgraph (bench/metg/nanort_tg.c); libomp's
# own taskgraph is not built in Debian's libomp, so it has no OpenMP counterpart.
METG_PEERS = ["nanort", "nanort-taskgraph", "libgomp", "libomp", "starpu"]
LABEL = {"nanort": "nanort", "libgomp": "libgomp", "libomp": "libomp", "starpu": "StarPU",
         "nanort-taskgraph": "nanort taskgraph", "mcc": "mcc + nanort", "seq": "sequential"}


class Bound(float):
    """A lower bound: a run stopped at its time limit (micro/run.sh writes ">X"), or a METG
    above the longest duration tried."""
    sign = ">"


class Upper(float):
    """An upper bound: a METG below the shortest duration tried."""
    sign = "<"


def fmt(v, digits=1):
    return "n/a" if v is None else getattr(v, "sign", "") + f"{v:.{digits}f}"


def ratio(a, b):
    """a / b; a bound on either side makes the ratio a bound, or n/a when they conflict."""
    if a is None or b is None or b <= 0:
        return "n/a"
    flip = {">": "<", "<": ">", "": ""}
    sa, sb = getattr(a, "sign", ""), flip[getattr(b, "sign", "")]
    if sa and sb and sa != sb:
        return "n/a"
    r = a / b
    return (sa or sb) + (f"{r:.2f}" if r >= 0.01 else f"{r:.1g}")


def nratio(a, b):
    """ratio(), but n/a when a is not positive either (a negative overhead is noise)."""
    return "n/a" if a is None or a <= 0 else ratio(a, b)


def median(vals):
    vals = [v for v in vals if v is not None]
    return statistics.median(vals) if vals else None


def number(s):
    try:
        return float(s)
    except ValueError:
        return None


def read_tsv(path):
    """(header comment lines, rows as dicts keyed by the column line)."""
    comments, rows, cols = [], [], None
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                continue
            if line.startswith("#"):
                comments.append(line[1:].strip())
            elif cols is None:
                cols = line.split("\t")
            else:
                rows.append(dict(zip(cols, line.split("\t"))))
    return comments, rows


# ---- METG -----------------------------------------------------------------------------

def metg_efficiency(rows):
    """({peer: {duration_us: efficiency}} against the measured ideal, the same against the
    nominal ideal steps x duration), medians over the rounds.  Against the measured ideal:
    in each round, time of the plain threads ("ideal" row, run just before) / time of the
    runtime, so that both saw the same load."""
    ideal, runs = {}, {}
    for r in rows:
        key = (float(r["duration_us"]), r["round"])
        # "skip": run.sh left out a duration past the peer's collapse: efficiency 0.
        t = math.inf if r["seconds"] == "skip" else number(r["seconds"])
        if r["peer"] == "ideal":
            ideal[key] = t
        else:
            runs.setdefault(r["peer"], {}).setdefault(key[0], []).append(
                (t, ideal.get(key), int(r["steps"]) * key[0] * 1e-6))
    measured, nominal = {}, {}
    for p, byd in runs.items():
        for d, v in byd.items():
            measured.setdefault(p, {})[d] = median(i / t if t and i else None for t, i, _ in v)
            nominal.setdefault(p, {})[d] = median(n / t if t else None for t, _, n in v)
    return measured, nominal


def metg_of(effs):
    """(smallest measured duration with efficiency >= 50% before the first one under it,
    duration at 50% interpolated on a log scale, or None; a '<'/'>' note when out of range)."""
    pts = sorted(((d, e) for d, e in effs.items() if e is not None), reverse=True)
    if not pts or pts[0][1] < 0.5:
        return None, None, f"> {pts[0][0]:g} us" if pts else "no data"
    last = pts[0]
    for d, e in pts[1:]:
        if e < 0.5:
            (dh, eh), (dl, el) = last, (d, e)
            t = (0.5 - eh) / (el - eh)
            return last[0], math.exp(math.log(dh) + t * (math.log(dl) - math.log(dh))), ""
        last = (d, e)
    return last[0], None, f"< {last[0]:g} us"


def metg_table(path):
    comments, rows = read_tsv(path)
    effs, nominal = metg_efficiency(rows)
    peers = [p for p in METG_PEERS if p in effs]
    durations = sorted({d for p in peers for d in effs[p]}, reverse=True)
    cores = rows[0]["width"] if rows else "?"
    out = [f"METG on the 1-D stencil, width = {cores} = workers ({'; '.join(comments)}).",
           "Efficiency = ideal time / wall time (medians over the rounds), the ideal being "
           f"{cores} plain threads running the same bodies without a runtime, timed in the same "
           "rounds; METG = smallest task duration (busy-wait body) at which efficiency is still "
           ">= 50%.  The last column uses the nominal ideal steps x duration instead (Task "
           "Bench's definition; lower on a loaded machine, where the plain threads too get less "
           "than the calibrated speed).",
           "",
           "| runtime | METG: smallest duration measured >= 50% (us) | at 50%, interpolated (us) "
           "| at 50%, nominal ideal (us) |",
           "|---|---:|---:|---:|"]
    metgs = {}
    for p in peers:
        measured, interp, note = metg_of(effs[p])
        _, ninterp, nnote = metg_of(nominal[p])
        metgs[p] = interp if interp is not None else \
            Upper(measured) if note.startswith("<") else Bound(float(note[2:].split()[0])) \
            if note.startswith(">") else None
        out.append(f"| {LABEL[p]} | {fmt(measured, 0) if measured else note} | "
                   f"{fmt(interp, 1) if interp else note or 'n/a'} | "
                   f"{fmt(ninterp, 1) if ninterp else nnote or 'n/a'} |")
    if "nanort" in metgs:
        out += ["", "nanort / peer METG (interpolated, or the end of the sweep with < or >; below 1.00 nanort "
                "handles finer tasks): " +
                ", ".join(f"{LABEL[p]} {ratio(metgs['nanort'], metgs[p])}" for p in peers
                          if p not in ("nanort", "nanort-taskgraph"))]
    others = [p for p in peers if p not in ("nanort", "nanort-taskgraph")]
    if "nanort-taskgraph" in metgs and others:
        best = min(others, key=lambda p: float(metgs[p]) if metgs[p] is not None else math.inf)
        out += ["", "nanort taskgraph (the stencil recorded once, replayed) / peer METG: " +
                ", ".join(f"{LABEL[p]} {ratio(metgs['nanort-taskgraph'], metgs[p])}" for p in others) +
                f"; best peer {LABEL[best]}.  libomp's own taskgraph is not built in Debian's "
                "libomp (no OpenMP taskgraph column)."]
    out += ["", "Efficiency by task duration:", "",
            "| duration (us) | " + " | ".join(LABEL[p] for p in peers) + " |",
            "|---:|" + "---:|" * len(peers)]
    for d in durations:
        out.append(f"| {d:g} | " + " | ".join(fmt(effs[p].get(d), 2) for p in peers) + " |")
    return "\n".join(out) + "\n", effs, metgs, cores


# ---- micro ------------------------------------------------------------------------------

def bounded_median(texts):
    """Median of values where ">X" stands for a run stopped at X: it sorts as X, and a
    median falling on one is a Bound."""
    vals = sorted((Bound(t[1:]) if t.startswith(">") else number(t) for t in texts
                   if t.startswith(">") or number(t) is not None), key=float)
    if not vals:
        return None
    n = len(vals)
    if n % 2 or isinstance(vals[n // 2], Bound):
        return vals[n // 2]
    return (vals[n // 2 - 1] + vals[n // 2]) / 2


def micro_medians(path, column="ns_per_task"):
    """(comment lines, {(pattern, body): {peer: median of `column`}}) from micro.tsv:
    ns_per_task, or overhead_ns (per-task cost minus the body's share; a TSV from before
    that column gives {}).  Negative overheads (noise) count as they are."""
    comments, rows = read_tsv(path)
    runs = {}
    for r in rows:
        if column in r:
            runs.setdefault((r["pattern"], r["body"]), {}).setdefault(r["peer"], []).append(
                r[column])
    return comments, {k: {p: bounded_median(v) for p, v in byp.items()}
                      for k, byp in runs.items()}


# ---- scaling ----------------------------------------------------------------------------

def scaling_medians(path):
    """(comments, {app: {"tile": .., "n": .., "seq": s, variant: {workers: median s}}})."""
    comments, rows = read_tsv(path)
    runs, meta = {}, {}
    for r in rows:
        meta[r["app"]] = (r["n"], r["tile"])
        runs.setdefault(r["app"], {}).setdefault(r["variant"], {}).setdefault(
            int(r["workers"]), []).append(number(r["seconds"]))
    out = {}
    for app, byv in runs.items():
        out[app] = {"n": meta[app][0], "tile": meta[app][1]}
        for v, byw in byv.items():
            out[app][v] = {w: median(t) for w, t in byw.items()}
    return comments, out


# ---- plots ------------------------------------------------------------------------------

def get_pyplot():
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        return plt
    except ImportError:
        return None


def plot_micro(plt, med, path):
    keys = [k for k in med]
    fig, ax = plt.subplots(figsize=(10, 4.5))
    width = 0.8 / len(PEERS)
    for j, p in enumerate(PEERS):
        vals = [med[k].get(p) or 0 for k in keys]
        ax.bar([i + (j - 1.5) * width for i in range(len(keys))], vals, width, label=LABEL[p])
    ax.set_xticks(range(len(keys)), [f"{a}\n{b}" for a, b in keys])
    ax.set_yscale("log")
    ax.set_ylabel("ns per task (log scale)")
    ax.set_title("Per-task cost by pattern, 2 workers (lower is better)")
    ax.legend()
    ax.grid(axis="y", which="both", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)


def plot_scaling(plt, app, d, path):
    fig, ax = plt.subplots(figsize=(5.5, 4))
    seq = d.get("seq", {}).get(1)
    top = 1
    for v in ["mcc", "libgomp", "libomp"]:
        if v not in d or not seq:
            continue
        ws = sorted(w for w, t in d[v].items() if t)
        ax.plot(ws, [seq / d[v][w] for w in ws], marker="o", label=LABEL[v])
        top = max(top, max(ws, default=1))
    ax.plot([1, top], [1, top], "k--", linewidth=0.8, label="ideal")
    ax.set_xlabel("workers")
    ax.set_ylabel("speedup over the sequential program")
    ax.set_title(f"{app}, N = {d['n']}, tile {d['tile']}")
    ax.set_xticks(range(1, top + 1))
    ax.legend()
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)


def plot_metg(plt, effs, cores, path):
    fig, ax = plt.subplots(figsize=(6.5, 4))
    for p in METG_PEERS:
        if p in effs:
            ds = sorted(d for d, e in effs[p].items() if e is not None)
            ax.plot(ds, [effs[p][d] for d in ds], marker="o", label=LABEL[p])
    ax.axhline(0.5, color="k", linestyle="--", linewidth=0.8)
    ax.set_xscale("log")
    top = max([e for p in effs for e in effs[p].values() if e is not None] + [1.0])
    ax.set_ylim(0, min(top, 2.0) + 0.05)
    ax.set_xlabel("task duration (us, log scale)")
    ax.set_ylabel("efficiency")
    ax.set_title(f"1-D stencil, width {cores}, {cores} workers: METG where a curve crosses 50%")
    ax.legend()
    ax.grid(which="both", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)


# ---- the whole report ----------------------------------------------------------------

def include_md(path):
    """A benchmark's own markdown, its headings moved two levels down."""
    lines = []
    with open(path) as f:
        for line in f:
            lines.append("##" + line if line.startswith("#") else line)
    return "".join(lines).rstrip() + "\n"


def machine_line():
    cpu = "?"
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(l.split(":", 1)[1].strip() for l in f if l.startswith("model name"))
    except (OSError, StopIteration):
        pass
    with open("/proc/loadavg") as f:
        load = " ".join(f.read().split()[:3])
    return f"{os.cpu_count()} cores, {cpu}; load average when the report was written: {load}"


class Report:
    def __init__(self, results, plots_dir, out_md):
        self.results, self.plots = results, plots_dir
        self.rel = os.path.relpath(plots_dir, os.path.dirname(os.path.abspath(out_md)))
        self.plt = get_pyplot()
        self.summary, self.body = [], []

    def image(self, name, fn, *args):
        if self.plt is None:
            self.body.append(f"(plot {name} not drawn: matplotlib missing; `make deps`)\n")
            return
        fn(self.plt, *args, os.path.join(self.plots, name))
        self.body.append(f"![{name}]({self.rel}/{name})\n")

    def micro(self):
        path = os.path.join(self.results, "micro.tsv")
        self.body.append("## Per-task cost by pattern (bench/micro, `make bench-micro`)\n")
        if not os.path.exists(path):
            self.body.append(f"Not run: no {path}.\n")
            return
        comments, med = micro_medians(path)
        _, ovh = micro_medians(path, "overhead_ns")
        self.body.append("; ".join(comments) + ".  ns per task, median of alternating runs.\n")
        if ovh:
            self.body.append("ovh = overhead: per-task cost minus the body's share, which each "
                             "run measured by running the same bodies sequentially without a "
                             "runtime, spread over the 2 workers as the graph allows (StarPU: "
                             "its 2 CPU workers); negative = noise, shown as it is, ratio n/a.\n")

        def peer_cols(m):
            return " | ".join(fmt(m.get(p)) for p in PEERS)

        def ratio_cols(m):
            return " | ".join(nratio(m.get("nanort"), m.get(p)) for p in PEERS[1:])

        head = "| pattern | body | " + " | ".join(LABEL[p] for p in PEERS) + \
            " | /libgomp | /libomp | /StarPU |"
        if ovh:
            head += " " + " | ".join("ovh " + LABEL[p] for p in PEERS) + \
                " | ovh /libgomp | ovh /libomp | ovh /StarPU |"
        t = [head, "|---|---|" + "---:|" * (14 if ovh else 7)]
        for (pat, body), m in med.items():
            row = f"| {pat} | {body} | {peer_cols(m)} | {ratio_cols(m)} |"
            if ovh:
                o = ovh.get((pat, body), {})
                row += f" {peer_cols(o)} | {ratio_cols(o)} |"
            t.append(row)
            self.summary.append(f"| per-task cost, {pat} / {body} body | {ratio_cols(m)} |")
            if ovh and body != "empty":
                self.summary.append(f"| per-task overhead beyond the body, {pat} / {body} body | "
                                    f"{ratio_cols(ovh.get((pat, body), {}))} |")
        self.body.append("\n".join(t) + "\n")
        self.image("micro_overhead.png", plot_micro, med)

    def metg(self):
        self.body.append("## METG, 1-D stencil (bench/metg, `make bench-metg`)\n")
        paths = sorted(glob.glob(os.path.join(self.results, "metg-c*.tsv")),
                       key=lambda p: int(p.rsplit("-c", 1)[1].split(".")[0]))
        if not paths:
            self.body.append(f"Not run: no {self.results}/metg-c*.tsv.\n")
        for path in paths:
            text, effs, metgs, cores = metg_table(path)
            self.body.append(text)
            n = metgs.get("nanort")
            self.summary.append(f"| METG (us), 1-D stencil, {cores} cores | " +
                                " | ".join(ratio(n, metgs.get(p)) for p in PEERS[1:]) + " |")
            self.image(f"metg_c{cores}.png", plot_metg, effs, cores)

    def scaling(self):
        path = os.path.join(self.results, "scaling.tsv")
        self.body.append("## Speedup curves of cholesky and matmul (`make bench-scaling`)\n")
        if not os.path.exists(path):
            self.body.append(f"Not run: no {path}.\n")
            return
        comments, apps = scaling_medians(path)
        self.body.append("; ".join(comments) + ".  Seconds (median), speedup = sequential / "
                         "variant.\n")
        for app, d in apps.items():
            seq = d.get("seq", {}).get(1)
            t = [f"{app}, N = {d['n']}, tile {d['tile']}, sequential {fmt(seq, 3)} s:", "",
                 "| workers | mcc + nanort | gcc/libgomp | clang/libomp | nanort speedup |"
                 " /libgomp | /libomp |", "|---:|---:|---:|---:|---:|---:|---:|"]
            ws = sorted({w for v in ("mcc", "libgomp", "libomp") for w in d.get(v, {})})
            for w in ws:
                m = {v: d.get(v, {}).get(w) for v in ("mcc", "libgomp", "libomp")}
                t.append(f"| {w} | {fmt(m['mcc'], 3)} | {fmt(m['libgomp'], 3)} | "
                         f"{fmt(m['libomp'], 3)} | {ratio(seq, m['mcc'])} | "
                         f"{ratio(m['mcc'], m['libgomp'])} | {ratio(m['mcc'], m['libomp'])} |")
            if ws:
                w, m = ws[-1], {v: d.get(v, {}).get(ws[-1]) for v in ("mcc", "libgomp", "libomp")}
                self.summary.append(f"| {app} time, {w} workers, tile {d['tile']} | "
                                    f"{ratio(m['mcc'], m['libgomp'])} | "
                                    f"{ratio(m['mcc'], m['libomp'])} | n/a |")
            self.body.append("\n".join(t) + "\n")
            self.image(f"scaling_{app}.png", plot_scaling, app, d)

    def others(self):
        found = False
        for name, title in [("ompss.md", "OmpSs applications by tile size (`make bench-ompss`)"),
                            ("mcc.md", "mcc compile time (`make bench-mcc`)")]:
            path = os.path.join(self.results, name)
            self.body.append(f"## {title}\n")
            self.body.append(include_md(path) if os.path.exists(path)
                             else f"Not run: no {os.path.join(self.results, name)}.\n")
        for path in sorted(glob.glob(os.path.join(self.results, "*.md"))):
            base = os.path.basename(path)
            if base.split("-")[0].split(".")[0] in ("opencl", "cuda", "gpu"):
                found = True
                self.body.append(f"## {base} (bench/results/{base})\n")
                self.body.append(include_md(path))
        if not found:
            self.body.append("## OpenCL and GPU benchmarks\n\nNot run here: no "
                             "bench/results/opencl*.md, cuda*.md or gpu*.md.\n")

    def write(self, out_md):
        self.micro()
        self.metg()
        self.scaling()
        self.others()
        head = ["# Benchmark results", "",
                "Written by `make bench` (bench/report.py) from bench/results/; method: "
                "bench/README.md.",
                f"Machine: {machine_line()}.",
                "Each benchmark gives its own date and the load average when it started: on a "
                "shared machine (other builds and tests running) absolute times are noisy; the "
                "alternating order spreads the noise over all runtimes, so compare the ratios.",
                "",
                "## Summary: nanort / peer (below 1.00 nanort is cheaper or faster)", "",
                "Medians of alternating runs (A B C D A B C D ...); see each section for the "
                "figures.", "",
                "| benchmark | /libgomp | /libomp | /StarPU |", "|---|---:|---:|---:|"]
        with open(out_md, "w") as f:
            f.write("\n".join(head + self.summary) + "\n\n" + "\n".join(self.body))


def main(argv):
    if len(argv) == 3 and argv[1] == "metg":
        sys.stdout.write(metg_table(argv[2])[0])
        return 0
    if len(argv) >= 2 and argv[1] == "all":
        results, out_md, plots = (argv[2:] + ["bench/results", "bench/results.md",
                                              "bench/plots"][len(argv) - 2:])[:3]
        if get_pyplot() is None and os.path.exists("/usr/bin/python3") \
                and os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3") \
                and not os.environ.get("BENCH_REPORT_REEXEC"):
            os.environ["BENCH_REPORT_REEXEC"] = "1"
            os.execv("/usr/bin/python3", ["/usr/bin/python3"] + argv)
        os.makedirs(plots, exist_ok=True)
        Report(results, plots, out_md).write(out_md)
        print(f"bench-report: wrote {out_md} and {plots}/")
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
