"""pytest tests of the Python package `dyn` (python/dyn), against the
decode-step example: compile, listing, load, simulate (both calling
conventions), the reference, run_pipeline, errors, and dyn-sim's results
on the same inputs. Run by test/Python/pytest.test with PYTHONPATH set to
the package and DYN_TOOLS to the build's bin/."""

import os
import subprocess

import numpy as np
import pytest

import dyn

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
with open(os.path.join(ROOT, "examples", "decode_step.mlir")) as f:
    DECODE = f.read()


@pytest.fixture
def inputs():
    rng = np.random.default_rng(7)
    return dict(cache=rng.random((64, 32), dtype=np.float32),
                k=rng.random((1, 32), dtype=np.float32),
                pos=21,
                hist=rng.random((9, 32), dtype=np.float32),
                out=np.zeros((64, 32), np.float32))


def tensor_level(i):
    return (i["cache"], i["k"], i["pos"], i["hist"], i["out"])


def test_compile_gives_ir_binary_and_listing():
    program = dyn.compile(DECODE)
    assert program.binary[:4] == b"DYN4"
    assert "dge.trigger" in program.ir
    listing = program.listing()
    assert listing.startswith("dyn ADDR4 container")
    assert "function @decode_step" in listing


def test_simulate_matches_numpy_and_reference(inputs):
    program = dyn.compile(DECODE, options="arch=gen2")
    cache, copied = program.simulate(*tensor_level(inputs))
    expected = inputs["cache"].copy()
    expected[21] = inputs["k"][0]
    np.testing.assert_array_equal(cache, expected)
    np.testing.assert_array_equal(copied[:9], inputs["hist"])
    reference = dyn.reference(DECODE, *tensor_level(inputs))
    for got, want in zip((cache, copied), reference):
        np.testing.assert_array_equal(got, want)


def test_big_endian_arrays_are_read_by_value(inputs):
    program = dyn.compile(DECODE, options="arch=gen2")
    swapped = [a.astype(a.dtype.newbyteorder(">")) if isinstance(a, np.ndarray)
               else a for a in tensor_level(inputs)]
    native = program.simulate(*tensor_level(inputs))
    for got, want in zip(program.simulate(*swapped), native):
        np.testing.assert_array_equal(got, want)
    for got, want in zip(dyn.reference(DECODE, *swapped), native):
        np.testing.assert_array_equal(got, want)


STABLEHLO_KV = """
"func.func"() <{function_type = (tensor<64x32xf32>, tensor<1x32xf32>, tensor<i32>) -> tensor<64x32xf32>, sym_name = "kv"}> ({
^bb0(%cache: tensor<64x32xf32>, %k: tensor<1x32xf32>, %pos: tensor<i32>):
  %c0 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %w = "stablehlo.dynamic_update_slice"(%cache, %k, %pos, %c0) : (tensor<64x32xf32>, tensor<1x32xf32>, tensor<i32>, tensor<i32>) -> tensor<64x32xf32>
  "func.return"(%w) : (tensor<64x32xf32>) -> ()
}) : () -> ()
"""


def test_stablehlo_generic_form(inputs):
    program = dyn.compile(STABLEHLO_KV)
    (cache,) = program.simulate(inputs["cache"], inputs["k"], 100)
    expected = inputs["cache"].copy()
    expected[63] = inputs["k"][0]  # StableHLO clamps the start index
    np.testing.assert_array_equal(cache, expected)
    (reference,) = dyn.reference(STABLEHLO_KV, inputs["cache"], inputs["k"],
                                 100)
    np.testing.assert_array_equal(reference, expected)


def test_load_takes_the_binary_convention(inputs):
    program = dyn.compile(DECODE)
    loaded = dyn.load(program.binary)
    assert loaded.binary == program.binary
    padded = np.pad(inputs["hist"], ((0, 55), (0, 0)))
    results = loaded.simulate(inputs["cache"], inputs["k"], 21, padded,
                              inputs["out"], 9, entry="decode_step")
    for got, want in zip(results, program.simulate(*tensor_level(inputs))):
        np.testing.assert_array_equal(got, want)


def test_same_arrays_as_dyn_sim(inputs, tmp_path):
    tools = os.environ["DYN_TOOLS"]
    args = []
    for name in ("cache", "k", "pos", "hist", "out"):
        value = inputs[name]
        if isinstance(value, int):
            args += ["--arg", str(value)]
            continue
        path = tmp_path / f"{name}.npy"
        np.save(path, value)
        args += ["--arg", str(path)]
    subprocess.run([os.path.join(tools, "dyn-sim"),
                    os.path.join(ROOT, "examples", "decode_step.mlir"),
                    "--entry", "decode_step", "--out", str(tmp_path / "out"),
                    *args], check=True, capture_output=True)
    results = dyn.compile(DECODE).simulate(*tensor_level(inputs))
    for i, got in enumerate(results):
        np.testing.assert_array_equal(
            got, np.load(tmp_path / "out" / f"result{i}.npy"))


def test_run_pipeline():
    padded = dyn.run_pipeline(DECODE, "dynshape-pad-to-bound")
    assert "#dynshape.bounds" not in padded
    bir = dyn.run_pipeline(DECODE, "builtin.module(lower-to-bir{arch=gen2})")
    assert "bir.dynamic_for" in bir


def test_errors_are_located():
    with pytest.raises(dyn.CompileError, match=r"-:2:8: error: custom op "
                       r"'dynshape.bogus' is unknown"):
        dyn.compile("func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
                    "  %y = dynshape.bogus %x\n  return %x : tensor<4xf32>\n}")
    with pytest.raises(dyn.CompileError, match="expected 6 arguments "
                       r"\(or the 5 original ones\), got 1"):
        dyn.compile(DECODE).simulate(np.zeros((64, 32), np.float32))
    with pytest.raises(dyn.CompileError, match="truncated container"):
        dyn.load(b"DYN")
    with pytest.raises(dyn.CompileError, match="invalid pipeline"):
        dyn.compile(DECODE, pipeline="no-such-pipeline")
    with pytest.raises(TypeError, match="unsupported NumPy dtype"):
        dyn.reference(DECODE, np.zeros((64, 32), np.uint32))
    with pytest.raises(ValueError, match="not lowered with lower-to-addr4"):
        dyn.compile(DECODE, pipeline="lower-to-bir").binary


NAMED_SINE = """
#id = affine_map<(d0) -> (d0)>
func.func @add(%a: tensor<8xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = math.sin %x : f32
    linalg.yield %s : f32
  } -> tensor<8xf32> loc("jit(add)/sin"("model.py":12:5))
  return %r : tensor<8xf32>
}
"""

SBUF_FULL = """
func.func @sbuf_capacity(%d: memref<128x64xf32, #bir.mem<dram>>) {
  %a = bir.alloc : memref<128x32768xf32, #bir.mem<sbuf>>
  %b = bir.alloc : memref<128x16400xf32, #bir.mem<sbuf>>
  %da = bir.ap %d offset 0 pattern [[64, 128], [1, 16]] : memref<128x64xf32, #bir.mem<dram>>
  %aa = bir.ap %a offset 0 pattern [[16, 128], [1, 16]] : memref<128x32768xf32, #bir.mem<sbuf>>
  bir.dma %da -> %aa on sp
  %bb = bir.ap %b offset 0 pattern [[16, 128], [1, 16]] : memref<128x16400xf32, #bir.mem<sbuf>>
  bir.dma %da -> %bb on sp
  bir.dma %aa -> %da on sp
  return
}
"""


def test_errors_keep_locations_and_notes():
    # A front end's named location shows its file location, as in dyn-opt.
    with pytest.raises(dyn.CompileError, match=r"model\.py:12:5: error: "):
        dyn.compile(NAMED_SINE)
    # Notes follow their error.
    with pytest.raises(dyn.CompileError) as error:
        dyn.run_pipeline(SBUF_FULL, "func.func(bir-allocate-memory)")
    assert "live locations:" in str(error.value)
    assert "note: " in str(error.value)
    # An error on an op does not come with a dump of the op.
    with pytest.raises(dyn.CompileError) as error:
        dyn.run_pipeline("func.func @f() {\n  return\n}",
                         "func.func(bir-hoist-loop-invariants{max-live-in=-1})")
    assert "-:1:1: error: max-live-in must not be negative" in str(error.value)
    assert "see current operation" not in str(error.value)


def test_listing_of_a_name_that_is_not_utf8():
    binary = dyn.compile(DECODE).binary
    name = binary.index(b"decode_step")
    program = dyn.load(binary[:name] + b"\xff" + binary[name + 1:])
    assert "\ufffdecode_step" in program.listing()


def test_docstrings():
    for name in dyn.__all__:
        assert getattr(dyn, name).__doc__, name
    for name in ("ir", "binary", "listing", "simulate"):
        assert getattr(dyn.Program, name).__doc__, name


def test_scalars_of_every_integer_kind(inputs):
    expected = dyn.compile(DECODE).simulate(*tensor_level(inputs))
    for pos in (np.int32(21), np.int64(21)):
        args = dict(inputs, pos=pos)
        results = dyn.compile(DECODE).simulate(*tensor_level(args))
        assert all(np.array_equal(a, b) for a, b in zip(results, expected))
    with pytest.raises(ValueError, match="argument 2 must be an i32 integer, got 1180591620717411303424"):
        dyn.compile(DECODE).simulate(*tensor_level(dict(inputs, pos=2**70)))


def test_inline_pipeline_options_make_a_binary(inputs):
    expected = dyn.compile(DECODE, options="arch=gen2")
    for pipeline in ("lower-to-addr4{arch=gen2}",
                     "builtin.module(lower-to-addr4{arch=gen2})"):
        program = dyn.compile(DECODE, pipeline=pipeline)
        assert program.binary == expected.binary
        assert program.listing() == expected.listing()
        results = program.simulate(*tensor_level(inputs))
        assert all(np.array_equal(a, b) for a, b in
                   zip(results, expected.simulate(*tensor_level(inputs))))
    with pytest.raises(ValueError, match="without braces"):
        dyn.compile(DECODE, options="arch=gen2},symbol-dce{")


def test_reference_returns_i64_results():
    source = """
func.func @wide(%x: tensor<4xi32>) -> tensor<4xi64> {
  %0 = arith.extsi %x : tensor<4xi32> to tensor<4xi64>
  return %0 : tensor<4xi64>
}
"""
    (result,) = dyn.reference(source, np.array([1, -2, 3, -4], np.int32))
    assert result.dtype == np.int64
    assert result.tolist() == [1, -2, 3, -4]


def test_element_types_come_from_the_c_api():
    types = dyn.element_types()
    assert types["f32"] == (4, "<f4") and types["bf16"] == (2, "<u2")
    assert types["i8"] == (1, "|i1") and types["f64"] == (8, "<f8")
    assert len(types) == 8
    # Every carried type crosses the boundary in its dtype, f64 and i64 too.
    source = """
func.func @id(%x: tensor<3xf64>, %y: tensor<3xi64>) -> (tensor<3xf64>, tensor<3xi64>) {
  return %x, %y : tensor<3xf64>, tensor<3xi64>
}
"""
    x, y = np.array([1.5, -2, 3], np.float64), np.array([7, -8, 2**40], np.int64)
    rx, ry = dyn.reference(source, x, y)
    assert rx.dtype == np.float64 and ry.dtype == np.int64
    assert rx.tolist() == x.tolist() and ry.tolist() == y.tolist()
    layout = dyn.addr4_format()
    assert layout["magic"] == "DYN4"
    assert {n: (c["bytes"], c["numpy"]) for n, c in
            layout["element_codes"].items()} == types
