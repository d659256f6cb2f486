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
echo "== to ADDR4: dyn-opt --lower-to-addr4 --mlir-print-debuginfo | dyn-translate --serialize-addr4 -o out/decode_step.addr4"
build/bin/dyn-opt examples/decode_step.mlir --lower-to-addr4 --mlir-print-debuginfo |
  build/bin/dyn-translate --serialize-addr4 -o out/decode_step.addr4
echo "== listing: dyn-translate --addr4-listing out/decode_step.addr4"
build/bin/dyn-translate --addr4-listing out/decode_step.addr4
echo "== simulate: dyn-sim on chosen inputs (pos = 70 clamps to 63; a 5-row history)"
/usr/bin/python3 - <<'PY'
import numpy as np
rng = np.random.default_rng(0)
np.save("out/cache.npy", rng.standard_normal((64, 32)).astype(np.float32))
np.save("out/k.npy", rng.standard_normal((1, 32)).astype(np.float32))
np.save("out/hist.npy", rng.standard_normal((5, 32)).astype(np.float32))
np.save("out/out.npy", np.zeros((64, 32), np.float32))
PY
for mode in "" --reference; do
  build/bin/dyn-sim examples/decode_step.mlir --entry decode_step $mode \
    --arg out/cache.npy --arg out/k.npy --arg 70 --arg out/hist.npy \
    --arg out/out.npy --out "out/sim${mode}" >/dev/null
done
/usr/bin/python3 - <<'PY'
import numpy as np
cache, k, hist = (np.load(f"out/{n}.npy") for n in ("cache", "k", "hist"))
want_cache = cache.copy(); want_cache[63] = k[0]      # clamp(70, 0, 63)
want_out = np.zeros((64, 32), np.float32); want_out[:5] = hist
for d in ("out/sim", "out/sim--reference"):
    assert np.array_equal(np.load(f"{d}/result0.npy"), want_cache), d
    assert np.array_equal(np.load(f"{d}/result1.npy"), want_out), d
print("simulated binary and reference both match NumPy on the chosen inputs")
PY
echo "== compare: dyn-sim --compare (random inputs, out-of-range scalars included)"
for arch in gen2 gen3; do
  build/bin/dyn-sim examples/decode_step.mlir --entry decode_step --compare \
    --trials 50 --seed 1 --pipeline-options="arch=$arch"
done
