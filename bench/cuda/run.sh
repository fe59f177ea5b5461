#!/usr/bin/env bash
# bench/cuda/run.sh [OUTDIR] - the hand-written CUDA and OpenCL peers and cuBLAS alone, on
# the GPU machine (bench/gpu.sh --part peers); bench/gpu.sh runs everything.
exec "$(dirname "$0")/../gpu.sh" --part peers "$@"
