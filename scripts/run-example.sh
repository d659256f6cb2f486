#!/usr/bin/env bash
# The main job: set up, then lower the decode step of the report through the
# front end (split indices, pad to bound) and show the result.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
echo "== dyn-opt examples/decode_step.mlir --dynshape-split-indices --dynshape-pad-to-bound"
build/bin/dyn-opt examples/decode_step.mlir \
  --dynshape-split-indices --dynshape-pad-to-bound --canonicalize
