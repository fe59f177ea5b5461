#!/bin/sh
# The small problem sizes of the OpenCL samples for tests (each run well under 2 s on PoCL
# with 2 cores), shared by tests/samples/ocl/module.mk and bench/opencl's host checks.
# They split the work into several tasks so the runtime has a graph.
case $1 in
  saxpy) echo 262144 32768 3 ;;          # N BS ITER: 8 blocks x 3 passes
  blackscholes) echo 65536 8192 2 ;;     # N BS ITER: 8 blocks x 2 passes
  sobel) echo 500 300 64 ;;              # W H TH: 5 tiles, sizes not multiples of 16
  dct) echo 256 192 32 ;;                # W H TH: 6 tiles x 2 transforms
  aes) echo 262144 32768 ;;              # BYTES CHUNK: 8 chunks x 2 directions
  *) echo "args.sh: unknown sample $1" >&2; exit 2 ;;
esac
