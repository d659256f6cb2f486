//===- Compute.cpp - the compute instructions over resolved operands ------===//
//
// Each instruction reads all of its inputs before it writes its output, so
// an output that overlaps an input (an in-place update) reads the old values.
//
//===----------------------------------------------------------------------===//

#include "Compute.h"

#include "dyn/Sim/Machine/Numerics.h"
#include "dyn/Sim/Machine/Values.h"

#include "llvm/ADT/TypeSwitch.h"
#include "llvm/ADT/bit.h"

using namespace mlir;
using namespace dyn;
using namespace dyn::sim;

static std::vector<float> load(const Operand &operand) {
  std::vector<float> values;
  values.reserve(operand.elements.size());
  for (uint8_t *at : operand.elements)
    values.push_back(loadElement(at, operand.elementType));
  return values;
}

static void store(const Operand &operand, llvm::ArrayRef<float> values) {
  for (auto [at, value] : llvm::zip(operand.elements, values))
    storeElement(at, operand.elementType, value);
}

static std::vector<int32_t> loadInts(const Operand &operand) {
  std::vector<int32_t> values(operand.elements.size());
  for (auto [value, at] : llvm::zip(values, operand.elements))
    std::memcpy(&value, at, 4);
  return values;
}

static void storeInts(const Operand &operand, llvm::ArrayRef<int32_t> values) {
  for (auto [at, value] : llvm::zip(operand.elements, values))
    std::memcpy(at, &value, 4);
}

/// The affine index `base + partition * p + Σ free_i * idx_i` of each
/// element of `operand`, in pattern order.
static std::vector<int64_t> affineIndices(const Operand &operand, int64_t base,
                                          int64_t partition,
                                          llvm::ArrayRef<int32_t> free) {
  std::vector<int64_t> out;
  llvm::SmallVector<int64_t> idx(operand.shape.size(), 0);
  for (size_t n = 0; n < operand.elements.size(); ++n) {
    int64_t value = base + partition * idx[0];
    for (size_t i = 1; i < idx.size(); ++i)
      value += free[i - 1] * idx[i];
    out.push_back(value);
    advanceIndex(idx, operand.shape);
  }
  return out;
}

void dyn::sim::executeCompute(Operation *op, llvm::ArrayRef<Operand> operands,
                              int32_t scalar) {
  llvm::TypeSwitch<Operation *>(op)
      .Case([&](bir::TensorTensorOp tt) {
        if (tt.getEngine() == bir::Engine::pool) {
          // int32 on every operand (the verifier's rule).
          std::vector<int32_t> lhs = loadInts(operands[0]),
                               rhs = loadInts(operands[1]);
          for (size_t i = 0; i < lhs.size(); ++i)
            lhs[i] = applyIntegerElementwise(tt.getKind(), lhs[i], rhs[i]);
          return storeInts(operands[2], lhs);
        }
        std::vector<float> lhs = load(operands[0]), rhs = load(operands[1]);
        for (size_t i = 0; i < lhs.size(); ++i)
          lhs[i] = applyElementwise(tt.getKind(), lhs[i], rhs[i]);
        store(operands[2], lhs);
      })
      .Case([&](bir::TensorScalarOp ts) {
        float s = ts.getScalarReg() ? static_cast<float>(scalar)
                                    : ts.getScalarImm()->convertToFloat();
        std::vector<float> values = load(operands[0]);
        for (float &v : values)
          v = ts.getReverse() ? applyElementwise(ts.getKind(), s, v)
                              : applyElementwise(ts.getKind(), v, s);
        store(operands[1], values);
      })
      .Case([&](bir::TensorCopyOp) {
        if (operands[0].elementType.isSignlessInteger(32) &&
            operands[1].elementType.isSignlessInteger(32))
          return storeInts(operands[1], loadInts(operands[0])); // bit for bit
        store(operands[1], load(operands[0]));
      })
      .Case([&](bir::CopyPredicatedOp copy) {
        // Operands: [src,] predicate, out. Unselected elements keep their
        // bits: only the selected ones are stored.
        const Operand &predicate = operands[operands.size() - 2];
        const Operand &out = operands.back();
        std::vector<float> pred = load(predicate);
        // An i32 `out` takes an i32 source, bit for bit (the verifier's
        // rule); else the source converts to out's type.
        bool bits = out.elementType.isSignlessInteger(32);
        std::vector<int32_t> ints = bits ? loadInts(operands[0])
                                         : std::vector<int32_t>();
        std::vector<float> src =
            bits ? std::vector<float>()
            : copy.getSrc()
                ? load(operands[0])
                : std::vector<float>(pred.size(),
                                     copy.getSrcImm()->convertToFloat());
        for (size_t i = 0; i < pred.size(); ++i) {
          if ((pred[i] != 0.0f) == copy.getReverse())
            continue;
          if (bits)
            std::memcpy(out.elements[i], &ints[i], 4);
          else
            storeElement(out.elements[i], out.elementType, src[i]);
        }
      })
      .Case([&](bir::TensorReduceOp reduce) {
        // Each partition's elements follow each other in pattern order;
        // they are combined from the first.
        std::vector<float> values = load(operands[0]);
        size_t partitions = operands[0].shape.front();
        size_t each = values.size() / partitions;
        std::vector<float> out;
        for (size_t p = 0; p < partitions; ++p) {
          float acc = values[p * each];
          for (size_t i = 1; i < each; ++i)
            acc = applyReduce(reduce.getKind(), acc, values[p * each + i]);
          out.push_back(acc);
        }
        store(operands[1], out);
      })
      .Case([&](bir::IotaOp iota) {
        // I32Attr getters give the bits unsigned: the coefficients are signed.
        std::vector<int64_t> indices = affineIndices(
            operands[0], static_cast<int32_t>(iota.getBase()),
            static_cast<int32_t>(iota.getPartition()), iota.getFree());
        std::vector<float> values(indices.begin(), indices.end());
        if (operands[0].elementType.isSignlessInteger(32)) {
          // Exact integers, not through f32.
          return storeInts(operands[0],
                           std::vector<int32_t>(indices.begin(), indices.end()));
        }
        store(operands[0], values);
      })
      .Case([&](bir::ActivationOp act) {
        // out = f(in * scale + bias); the bias and the sum are per
        // partition: element i of partition p uses bias element p's first
        // read in pattern order.
        std::vector<float> in = load(operands[0]);
        float scale = act.getScale().convertToFloat();
        size_t partitions = operands[1].shape.front();
        size_t each = in.size() / partitions;
        std::vector<float> bias;
        if (act.getBias()) {
          std::vector<float> b = load(operands[2]);
          size_t perPart = b.size() / partitions;
          for (size_t p = 0; p < partitions; ++p)
            bias.push_back(b[p * perPart]);
        } else {
          bias.assign(partitions, act.getBiasImm()->convertToFloat());
        }
        std::vector<float> sums(partitions, 0.0f);
        for (size_t p = 0; p < partitions; ++p)
          for (size_t i = 0; i < each; ++i) {
            float &v = in[p * each + i];
            v = applyActivation(act.getFunc(), v * scale + bias[p]);
            sums[p] += v;
          }
        store(operands[1], in);
        for (float &sum : sums)
          sum = canonicalizeNaN(sum);
        if (act.getSum())
          store(operands.back(), sums);
      })
      .Case([&](bir::TransposeOp) {
        // out[f, p] = in[p, f]: the values pass through, converted to f32
        // (exact from f32, bf16 and f16).
        std::vector<float> in = load(operands[0]);
        size_t partitions = operands[0].shape.front();
        size_t each = in.size() / partitions;
        std::vector<float> out(in.size());
        for (size_t p = 0; p < partitions; ++p)
          for (size_t f = 0; f < each; ++f)
            out[f * partitions + p] = in[p * each + f];
        store(operands[1], out);
      })
      .Case([&](bir::MatmulOp mm) {
        // out[m, n] (+)= sum_k s[k, m] * v[k, n], k ascending, in f32.
        std::vector<float> s = load(operands[0]), v = load(operands[1]);
        std::vector<float> out = mm.getAccumulate()
                                     ? load(operands[2])
                                     : std::vector<float>(
                                           operands[2].elements.size(), 0.0f);
        size_t k = operands[0].shape.front();
        size_t m = s.size() / k, n = v.size() / k;
        for (size_t row = 0; row < m; ++row)
          for (size_t col = 0; col < n; ++col) {
            float acc = out[row * n + col];
            for (size_t i = 0; i < k; ++i)
              acc += s[i * m + row] * v[i * n + col];
            out[row * n + col] = canonicalizeNaN(acc);
          }
        store(operands[2], out);
      })
      .Case([&](bir::AffineSelectOp select) {
        int64_t bound = select.getBoundReg()
                            ? scalar
                            : static_cast<int32_t>(*select.getBoundImm());
        float fill = select.getFill().convertToFloat();
        std::vector<float> values = load(operands[0]);
        std::vector<int64_t> indices = affineIndices(
            operands[1], static_cast<int32_t>(select.getBase()),
            static_cast<int32_t>(select.getPartition()), select.getFree());
        for (size_t i = 0; i < values.size(); ++i)
          if (!applyCompare(select.getCmp(), indices[i], bound))
            values[i] = fill;
        store(operands[1], values);
      });
}
