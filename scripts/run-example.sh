#!/usr/bin/env bash
# The main job: set up, then lower the decode step of the report from the
# tensor level to bir (registers, register-ALU code, a dynamic loop, DMA
# generators) and show each stage.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
echo "== front end: dyn-opt examples/decode_step.mlir --dynshape-split-indices --dynshape-pad-to-bound --canonicalize"
build/bin/dyn-opt examples/decode_step.mlir \
  --dynshape-split-indices --dynshape-pad-to-bound --canonicalize
echo "== to bir: dyn-opt examples/decode_step.mlir --lower-to-bir"
build/bin/dyn-opt examples/decode_step.mlir --lower-to-bir
mkdir -p out
echo "== to ADDR4: dyn-opt --lower-to-addr4 | dyn-translate --serialize-addr4 -o out/decode_step.addr4"
build/bin/dyn-opt examples/decode_step.mlir --lower-to-addr4 |
  build/bin/dyn-translate --serialize-addr4 -o out/decode_step.addr4
echo "== listing: dyn-translate --addr4-listing out/decode_step.addr4"
build/bin/dyn-translate --addr4-listing out/decode_step.addr4
