//===- InstructionLayout.h - the fields of each instruction -----*- C++ -*-===//
//
// Private to lib/Target/ADDR4. The byte layout of an instruction after its
// opcode and engine (docs/ADDR4.md), stated once: ModelWriter.cpp runs it to
// write the fields and ModelReader.cpp to read and check them.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_LIB_TARGET_ADDR4_INSTRUCTIONLAYOUT_H
#define DYN_LIB_TARGET_ADDR4_INSTRUCTIONLAYOUT_H

#include "Format.h"
#include "Model.h"

#include "dyn/Dialect/BIR/IR/BIR.h"

namespace dyn::addr4::format {

/// What each field is, for the reader's checks.
enum class Code { Alu, Elementwise, Reduce, Activation, Compare };

/// The fields of `in` after its opcode and engine, in byte order, through
/// `io`: the writer's or the reader's. Each call writes a field, or reads
/// and checks it; false once reading has failed. `Spec` is
/// `const InstructionSpec` for the writer.
///
/// `io` provides: `field(T &, what)` (a little-endian T), `reg(uint8_t &)`
/// (a register id), `code(uint8_t &, Code)` (an operation code),
/// `flags(uint8_t &, allowed)` (flag bits), `low32(uint64_t &, what)` (the
/// low 32 bits of a wider value), `pattern(SmallVector<int64_t> &)` (a count
/// of pairs, then the entries), `coefficients(SmallVector<int32_t> &)` (an
/// 8-bit count, then the entries) and `operands(InstructionSpec &, count)`
/// (a compute instruction's on-chip operands); `unknownOpcode(opcode)`
/// reports an opcode the layout does not know.
template <typename IO, typename Spec>
bool transferInstruction(IO &io, Spec &in) {
  // Flags (RegisterScalarFlag and `otherFlags`), then a register or a
  // 32-bit immediate.
  auto scalar = [&](unsigned otherFlags) {
    if (!io.flags(in.flags, RegisterScalarFlag | otherFlags))
      return false;
    return (in.flags & RegisterScalarFlag) ? io.reg(in.lhs)
                                           : io.field(in.imm, "an immediate");
  };
  auto affineIndex = [&] {
    return io.field(in.base, "an affine base") &&
           io.field(in.partition, "a partition coefficient") &&
           io.coefficients(in.free);
  };
  switch (in.opcode) {
  case ReadVar:
    return io.reg(in.dst) && io.field(in.argument, "an argument slot");
  case ReadElem:
    return io.reg(in.dst) && io.field(in.location, "a location") &&
           io.field(in.element, "an element index");
  case Memset:
    return io.field(in.location, "a location") &&
           io.field(in.element, "an element offset") &&
           io.pattern(in.pattern) && io.field(in.fill, "a fill value");
  case MovImm:
    return io.reg(in.dst) && io.field(in.imm, "an immediate");
  case Alu:
    return io.reg(in.dst) && io.code(in.kind, Code::Alu) && io.reg(in.lhs) &&
           io.reg(in.rhs);
  case AluImm:
    return io.reg(in.dst) && io.code(in.kind, Code::Alu) && io.reg(in.lhs) &&
           io.field(in.imm, "an immediate");
  case For:
    return io.reg(in.dst) && io.field(in.lb, "a lower bound") &&
           io.field(in.ub, "an upper bound") && io.field(in.step, "a step") &&
           io.field(in.bodyCount, "a body length");
  case DynamicFor:
    return io.reg(in.dst) && io.reg(in.lhs) &&
           io.field(in.lb, "a lower bound") && io.field(in.step, "a step") &&
           io.field(in.coef, "an upper-bound coefficient") &&
           io.field(in.constant, "an upper-bound constant") &&
           io.field(in.maxTrip, "a max trip count") &&
           io.field(in.bodyCount, "a body length");
  case SemSignal:
  case SemWait:
    return io.field(in.semaphore, "a semaphore");
  case Trigger:
    return io.field(in.dgeType, "a DGE type") &&
           io.field(in.queue, "a queue engine") &&
           io.field(in.block, "a block index");
  case TensorTensor:
    return io.code(in.kind, Code::Elementwise) && io.operands(in, 3);
  case TensorReduce:
    return io.code(in.kind, Code::Reduce) && io.operands(in, 2);
  case TensorScalar:
    return io.code(in.kind, Code::Elementwise) && scalar(ReverseFlag) &&
           io.operands(in, 2);
  case TensorCopy:
    return io.operands(in, 2);
  case Iota:
    return affineIndex() && io.operands(in, 1);
  case AffineSelect:
    return io.code(in.kind, Code::Compare) && scalar(/*otherFlags=*/0) && affineIndex() &&
           io.low32(in.fill, "a fill value") && io.operands(in, 2);
  case Activation: {
    if (!io.code(in.kind, Code::Activation) ||
        !io.flags(in.flags, BiasOperandFlag | SumOperandFlag) ||
        !io.field(in.imm, "a scale") ||
        (!(in.flags & BiasOperandFlag) && !io.low32(in.fill, "a bias")))
      return false;
    return io.operands(in, 2 + ((in.flags & BiasOperandFlag) ? 1 : 0) +
                               ((in.flags & SumOperandFlag) ? 1 : 0));
  }
  case Matmul:
    return io.flags(in.flags, AccumulateFlag) && io.operands(in, 3);
  case Transpose:
    return io.operands(in, 2);
  case CopyPredicated:
    if (!io.flags(in.flags, ReverseFlag | ImmediateSourceFlag) ||
        ((in.flags & ImmediateSourceFlag) &&
         !io.field(in.imm, "an immediate source")))
      return false;
    return io.operands(in, (in.flags & ImmediateSourceFlag) ? 2 : 3);
  default:
    return io.unknownOpcode(in.opcode);
  }
}

} // namespace dyn::addr4::format

#endif // DYN_LIB_TARGET_ADDR4_INSTRUCTIONLAYOUT_H
