"""gdb session checks on tests/mcc/debug/tasks.c built by mcc -g -O0 (run.sh gdb).

    gdb -batch -nx -x session.py BIN     with CASE and SRC in the environment

Each case sets one breakpoint on a line of a task body (found by its "@name" marker),
runs the program with one worker, and checks where it stopped (the line asked for, in
the generated function that runs that body), what `print` shows of the captured
variables under their own names (a shared variable or an aggregate is a pointer to it:
`*x`; a firstprivate scalar is its value), and that `next` walks the body's lines in
order.  Prints "ok CASE" at the end; any failed check prints "FAIL: ..." and exits 1.
"""
import os
import re
import sys

import gdb

SRC = os.environ["SRC"]
CASE = os.environ["CASE"]
LINES = open(SRC).read().split("\n")


def line_of(tag):
    for i, text in enumerate(LINES):
        if re.search(r"@%s\b" % re.escape(tag), text):
            return i + 1
    raise RuntimeError("no @%s in %s" % (tag, SRC))


def fail(msg):
    print("FAIL: %s: %s" % (CASE, msg))
    gdb.execute("kill")
    gdb.execute("quit 1")


def where():
    f = gdb.selected_frame()
    return f.name(), f.find_sal().line


def stop_at(tag, function_re):
    line = line_of(tag)
    gdb.execute("break %s:%d" % (os.path.basename(SRC), line))
    gdb.execute("run")
    name, at = where()
    if at != line or not re.fullmatch(function_re, name or ""):
        fail("breakpoint on line %d (@%s) stopped in %s at line %s, expected %s at %d" %
             (line, tag, name, at, function_re, line))


def value(expr, want):
    got = str(gdb.parse_and_eval(expr))
    if got != str(want):
        fail("print %s gave %s, expected %s" % (expr, got, want))


def step_to(tag):
    gdb.execute("next")
    name, at = where()
    if at != line_of(tag):
        fail("next went to line %s of %s, expected @%s (line %d)" % (at, name, tag, line_of(tag)))


gdb.execute("set pagination off")
gdb.execute("set confirm off")
gdb.execute("set breakpoint pending off")
os.environ["NX_ARGS"] = "--smp-workers=1"
gdb.execute("set environment NX_ARGS --smp-workers=1")

if CASE == "inline":
    stop_at("inline_body1", r"scale__nrt_task\d+")
    value("base", 10)           # firstprivate
    value("k", 4)               # firstprivate (a parameter)
    value("*out", 0)            # shared
    step_to("inline_body2")
    value("t", 40)
    step_to("inline_body3")
    value("*out", 41)
elif CASE == "function":
    stop_at("fn_body", r"add")
    value("v", 5)
    value("*acc", 0)
elif CASE == "loop":
    stop_at("loop_body", r"main__nrt_task\d+")
    value("p->x", 3)            # a firstprivate struct
    value("p->y", 4)
    value("i >= 0 && i < 8", 1)
    value("(*sum)[7]", 0)       # a shared array
elif CASE == "reduction":
    stop_at("red_body", r"total__nrt_task\d+")
    value("n", 8)
    value("v[7]", 25)
    value("i", 0)
    value("*s", 0)              # the task's own copy of the reduction variable
    step_to("red_for")
    step_to("red_body")
    value("i", 1)
    value("*s", 4)
elif CASE == "nested":
    stop_at("nested_body", r"total__nrt_task\d+")
    value("*s", 116)            # shared with the reduction task: its copy
elif CASE == "final":
    stop_at("fib_body", r"fib(__nrt_task\d+)?")
    value("n", 12)
    gdb.execute("delete")
    # under the cut-off the body runs in the serial clone, on the same line
    gdb.execute("break %s:%d if n == 3" % (os.path.basename(SRC), line_of("fib_body")))
    gdb.execute("continue")
    name, at = where()
    if at != line_of("fib_body") or name != "fib__nrt_serial":
        fail("under final, stopped in %s at line %s, expected fib__nrt_serial at %d" %
             (name, at, line_of("fib_body")))
elif CASE == "threads":
    # `info threads` tells the workers by name: nanort-w1 is smp worker 1 of the reports
    gdb.execute("set environment NX_ARGS --smp-workers=2")
    stop_at("fn_body", r"add")
    names = sorted(t.name or "" for t in gdb.selected_inferior().threads())
    if "nanort-w1" not in names:
        fail("no thread named nanort-w1 among %s" % names)
elif CASE == "step":
    # docs/debugging.md's two skip commands: `step` on a call of a function task goes over
    # its creation (the spawn function, nanort's functions) to the caller's next line
    gdb.execute("skip -gfi nanort/*")
    gdb.execute("skip -rfu __nrt_spawn$")
    stop_at("fn_call", r"main")
    gdb.execute("step")
    name, at = where()
    if name != "main" or at != line_of("loop_pragma"):
        fail("step from @fn_call went to %s at line %s, expected main at @loop_pragma (%d)" %
             (name, at, line_of("loop_pragma")))
    # and on an inline task's pragma over its creation (nanort's functions)
    gdb.execute("break %s:%d" % (os.path.basename(SRC), line_of("inline_pragma")))
    gdb.execute("continue")
    gdb.execute("step")
    name, at = where()
    if name != "scale" or at != line_of("inline_wait"):
        fail("step from @inline_pragma went to %s at line %s, expected scale at @inline_wait "
             "(%d)" % (name, at, line_of("inline_wait")))
else:
    fail("unknown case")
print("ok %s" % CASE)
gdb.execute("kill")
