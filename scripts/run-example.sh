#!/usr/bin/env bash
# The main job: set up, then lower the decode step of the report from the
# tensor level to bir (registers, register-ALU code, a dynamic loop, DMA
# generators) and show each stage; then compile the attention decode step
# (examples/attention_decode.mlir), list which engine does what, and check
# its simulated binary against the reference and float64 NumPy.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --example
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
echo "== attention: dyn-opt examples/attention_decode.mlir --lower-to-addr4 | dyn-translate --serialize-addr4 -o out/attention.addr4"
build/bin/dyn-opt examples/attention_decode.mlir --lower-to-addr4 --mlir-print-debuginfo |
  build/bin/dyn-translate --serialize-addr4 -o out/attention.addr4
echo "== attention listing (which engine does what): dyn-translate --addr4-listing out/attention.addr4"
build/bin/dyn-translate --addr4-listing out/attention.addr4 |
  sed -n '/^function @attention_f32/,/^function @attention_bf16/p'
echo "== attention: lengths 1, 2, 37, 127, 128 at positions inside, at the edge of and beyond the cache"
for case in "attention_decode.mlir attention_f32 f32" \
            "attention_decode.mlir attention_bf16 bf16" \
            "attention_decode_heads.mlir attention_heads f32"; do
  set -- $case
  /usr/bin/python3 test/Sim/Inputs/check_attention_decode.py build/bin/dyn-sim \
    "examples/$1" "$2" "$3" gen3 out
done
for entry in attention_f32 attention_bf16; do
  build/bin/dyn-sim examples/attention_decode.mlir --entry "$entry" --compare \
    --trials 20 --seed 1
done
echo "== attention over 128-position KV tiles (examples/attention_tiles.mlir): one runtime loop per engine, meeting at semaphores"
build/bin/dyn-opt examples/attention_tiles.mlir --lower-to-addr4 --mlir-print-debuginfo |
  build/bin/dyn-translate --serialize-addr4 -o out/attention_tiles.addr4
build/bin/dyn-translate --addr4-listing out/attention_tiles.addr4 | sed -n '/^streams/,/^descriptor blocks/p'
/usr/bin/python3 test/Sim/Inputs/check_attention_tiles.py build/bin/dyn-sim \
  examples/attention_tiles.mlir out
echo "== grouped-query attention at Llama-3-8B sizes over a bf16 KV cache bounded at 4,096 rows (examples/attention_gqa.mlir): the work follows the runtime length n, in ceil(n / 128) tiles"
/usr/bin/python3 test/Sim/Inputs/check_attention_gqa.py build/bin/dyn-sim \
  examples/attention_gqa.mlir out
echo "== a Llama-style decoder layer as a user writes it (RMSNorm with rsqrt, RoPE by slices and concat, heads by reshapes, grouped-query attention over a bounded cache, SwiGLU): examples/decoder_layer.mlir against float64 NumPy"
/usr/bin/python3 examples/decoder_layer_reference.py --dyn-sim build/bin/dyn-sim \
  --work out/decoder --reference
build/bin/dyn-sim examples/decoder_layer.mlir --entry decoder_layer --compare \
  --trials 20 --seed 1
echo "== its StableHLO twin, as JAX exports it: examples/decoder_layer_stablehlo.mlir"
/usr/bin/python3 examples/decoder_layer_reference.py --dyn-sim build/bin/dyn-sim \
  --source examples/decoder_layer_stablehlo.mlir --work out/decoder-stablehlo
