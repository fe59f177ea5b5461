#!/usr/bin/env python3
"""pipeio_trace.py TRACE.json... - the pipelined I/O sample's traces (--trace, one per rank)
hold the four kinds of spans its pipeline is made of, and some of them overlap in time.

  file reads   spans of task read_chunk (or write_chunk) on the workers
  copies       host->device / device->host spans on a device's tracks
  kernels      spans of task transform on a device's kernel track
  MPI          "MPI request" spans on the MPI track (requests bound to tasks by TAMPI)

Copies and kernels are required only when the traces show a device (an OpenCL device was
found), MPI only with two traces (the MPI mode).  Prints, per trace (each rank has its own
clock), how much of the time of each kind overlaps each other kind; fails when a kind is
missing or when no two different kinds ever overlap.
"""
import json
import sys

def spans(path):
    with open(path) as f:
        text = f.read().rstrip().rstrip(',')
    data = json.loads(text if text.startswith('{') or text.startswith('[') else '[' + text + ']')
    events = data['traceEvents'] if isinstance(data, dict) else data
    names = {}
    for e in events:
        if e.get('ph') == 'M' and e.get('name') == 'thread_name':
            names[(e['pid'], e['tid'])] = e['args']['name']
    out = {'file reads': [], 'copies': [], 'kernels': [], 'MPI': []}
    device = False
    for e in events:
        if e.get('ph') != 'X':
            continue
        track = names.get((e['pid'], e['tid']), '')
        span = (float(e['ts']), float(e['ts']) + float(e.get('dur', 0)))
        if e['name'] in ('read_chunk', 'write_chunk') and track.startswith('worker'):
            out['file reads'].append(span)
        elif e['name'] in ('host->device', 'device->host'):
            out['copies'].append(span)
            device = True
        elif e['name'] == 'transform' and track.endswith('kernels'):
            out['kernels'].append(span)
            device = True
        elif e['name'] == 'MPI request':
            out['MPI'].append(span)
    return out, device

def merged(a):
    """The union of spans a, as disjoint sorted spans."""
    out = []
    for x0, x1 in sorted(a):
        if out and x0 <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], x1))
        else:
            out.append((x0, x1))
    return out

def overlap(a, b):
    """Time common to the unions of a and b."""
    a, b = merged(a), merged(b)
    i = j = 0
    total = 0.0
    while i < len(a) and j < len(b):
        total += max(0.0, min(a[i][1], b[j][1]) - max(a[i][0], b[j][0]))
        if a[i][1] < b[j][1]:
            i += 1
        else:
            j += 1
    return total

def main():
    # one trace per rank: each has its own clock, so overlaps are measured per trace
    mpi = len(sys.argv) > 2
    found = {'file reads': 0, 'copies': 0, 'kernels': 0, 'MPI': 0}
    device = False
    any_overlap = False
    for path in sys.argv[1:]:
        kinds, d = spans(path)
        device |= d
        print(path + ':')
        for k in kinds:
            found[k] += len(kinds[k])
            print('  %-10s %5d spans' % (k, len(kinds[k])))
        present = [k for k in kinds if kinds[k]]
        for a in present:
            length = sum(x1 - x0 for x0, x1 in merged(kinds[a])) or 1.0
            row = []
            for b in present:
                if a != b:
                    share = overlap(kinds[a], kinds[b]) / length
                    any_overlap |= share > 0
                    row.append('%s %.0f%%' % (b, 100 * share))
            print('  %-10s overlaps: %s' % (a, ', '.join(row) or '-'))
    need = ['file reads'] + (['MPI'] if mpi else []) + (['copies', 'kernels'] if device else [])
    missing = [k for k in need if not found[k]]
    if missing:
        print('missing: ' + ', '.join(missing))
        return 1
    if not any_overlap:
        print('no two kinds of spans overlap: the pipeline ran one step at a time')
        return 1
    return 0

if __name__ == '__main__':
    sys.exit(main())
