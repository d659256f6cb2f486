//===- Listing.cpp - a readable listing of a dyn container ----------------===//
//
// Like objdump: each instruction with its engine, and each descriptor side
// as its ADDR4 word in hex next to the decoded fields.
//
//===----------------------------------------------------------------------===//

#include "dyn/Target/ADDR4/Container.h"

#include "Format.h"
#include "Model.h"

#include "dyn/Dialect/DGE/IR/DGE.h"

#include "llvm/ADT/bit.h"
#include "llvm/Support/Format.h"

using namespace mlir;
using namespace dyn;
using namespace dyn::addr4;
using namespace dyn::addr4::format;

/// `64x32xf32`; a rank-0 tensor as `tensor<i32>`, unlike an i32 scalar.
static std::string typeString(const TensorSpec &t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  StringRef element = lookupElementCode(t.element)->name;
  if (t.dims.empty()) {
    os << "tensor<" << element << '>';
    return s;
  }
  for (uint32_t d : t.dims)
    os << d << 'x';
  os << element;
  return s;
}

static void printSide(llvm::raw_ostream &os, StringRef name, const SideSpec &s,
                      const FunctionModel &m) {
  os << "      " << name << ' ' << llvm::format_hex(s.rawWord, 10) << "  "
     << describe(s.word) << "; location " << s.location << " + " << s.offset
     << " bytes, pattern ";
  os << bir::PatternRef(s.pattern);
  if (s.record != kNone) {
    const RecordSpec &rec = m.records[s.record];
    os << "; record "
       << dge::stringifyIndirectRecordKind(
              static_cast<dge::IndirectRecordKind>(rec.kind))
       << " (index "
       << "location " << rec.location << ", slots " << rec.first << " to "
       << uint64_t(rec.first) + rec.count - 1 << ", row stride "
       << rec.rowStride << " bytes)";
  }
  os << '\n';
}

/// A side whose address software DGE computes at run time.
static bool isRuntimeSide(const SideSpec &s) {
  return dge::isGeneratedAtRunTime(getAddressMode(s.word));
}

/// The DGE scratch and the most that software DGE stages in it at once
/// (dge::getScratchUsePerPartition of a triggered block's runtime
/// descriptors).
static void printScratchUse(llvm::raw_ostream &os, const FunctionModel &m) {
  std::optional<int64_t> capacity;
  for (const LocationSpec &loc : m.locations) {
    if (!(loc.flags & ScratchFlag))
      continue;
    capacity = 1;
    for (uint32_t extent : ArrayRef<uint32_t>(loc.tensor.dims).drop_front())
      *capacity *= extent;
  }
  int64_t use = 0;
  for (const InstructionSpec &in : m.instructions) {
    if (in.opcode != Trigger ||
        dge::symbolizeDGEType(in.dgeType) != dge::DGEType::swdge)
      continue;
    int64_t staged = llvm::count_if(
        m.blocks[in.block].descriptors, [](const DescriptorSpec &desc) {
          return isRuntimeSide(desc.src) || isRuntimeSide(desc.dst);
        });
    use = std::max(use, dge::getScratchUsePerPartition(staged));
  }
  if (!capacity && !use)
    return;
  os << "dge scratch: software DGE stages up to " << use
     << " bytes per partition";
  if (capacity)
    os << " of " << *capacity;
  os << "\n";
}

/// A compute operand: its location, how its address is found, its pattern.
static void printOperand(llvm::raw_ostream &os, StringRef name,
                         const SideSpec &s) {
  os << ' ' << name << "=location " << s.location;
  if (s.word.registerMode)
    os << " at r" << s.word.registerId;
  else
    os << " + " << s.offset << " at " << llvm::format_hex(s.word.immediate, 10);
  os << ' ';
  os << bir::PatternRef(s.pattern);
}

/// The operands of an instruction with one input: out, then in (operands
/// 1 and 0).
static void printOutAndIn(llvm::raw_ostream &os, const InstructionSpec &in) {
  printOperand(os, "out", in.operands[1]);
  printOperand(os, "in", in.operands[0]);
}

/// The scalar of tensor_scalar or the bound of affine_select.
static void printScalar(llvm::raw_ostream &os, const InstructionSpec &in,
                        bool isFloat) {
  if (in.flags & RegisterScalarFlag)
    os << " r" << unsigned(in.lhs);
  else if (isFloat)
    os << ' ' << llvm::bit_cast<float>(in.imm);
  else
    os << ' ' << in.imm;
}

static void printAffineIndex(llvm::raw_ostream &os, const InstructionSpec &in) {
  os << " (" << in.base << " + " << in.partition << " * partition";
  for (auto [i, c] : llvm::enumerate(in.free))
    os << " + " << c << " * free" << i;
  os << ')';
}

static void printFunction(llvm::raw_ostream &os, const FunctionModel &m);

/// Each engine's stream, one after another: the instructions it runs (a
/// loop's body runs on the loop's engine), as ranges of indices, with its
/// semaphore instructions.
static void printStreams(llvm::raw_ostream &os, const FunctionModel &m) {
  os << "streams\n";
  for (unsigned engine = 0; engine < machine::kNumEngineSlots; ++engine) {
    SmallVector<std::pair<size_t, size_t>> ranges;
    size_t signals = 0, waits = 0, count = 0;
    for (auto [i, in] : llvm::enumerate(m.instructions)) {
      if (in.engine != engine)
        continue;
      ++count;
      signals += in.opcode == SemSignal;
      waits += in.opcode == SemWait;
      if (!ranges.empty() && ranges.back().second + 1 == i)
        ranges.back().second = i;
      else
        ranges.push_back({i, i});
    }
    if (!count)
      continue;
    os << "  " << bir::stringifyEngine(*bir::symbolizeEngine(engine)) << ": "
       << count << " instruction(s), " << signals << " signal(s), " << waits
       << " wait(s):";
    for (auto [first, last] : ranges) {
      os << ' ' << first;
      if (last != first)
        os << '-' << last;
    }
    os << "\n";
  }
}

LogicalResult dyn::addr4::printListing(StringRef bytes, llvm::raw_ostream &os,
                                       MLIRContext *context,
                                       StringRef sourceName) {
  std::string error;
  std::optional<ContainerModel> parsed = parseContainer(bytes, error);
  if (!parsed) {
    emitError(FileLineColLoc::get(context, sourceName, 0, 0)) << error;
    return failure();
  }
  os << "dyn ADDR4 container, version " << parsed->version << ", ArchLevel "
     << parsed->archLevel << ", written by dyn " << parsed->writerMajor << "."
     << parsed->writerMinor << "." << parsed->writerPatch << ", "
     << parsed->functions.size() << " entry function(s)\n";
  for (const FunctionModel &function : parsed->functions)
    printFunction(os, function);
  return success();
}

/// One entry function, section by section; each instruction with the
/// source location it came from.
static void printFunction(llvm::raw_ostream &os, const FunctionModel &m) {
  os << "function @" << m.name << "\n";
  for (auto [i, arg] : llvm::enumerate(m.arguments))
    os << "  arg " << i << ": "
       << (arg.kind == Tensor ? typeString(arg.tensor) : "i32") << "\n";
  for (auto [i, res] : llvm::enumerate(m.results)) {
    os << "  result " << i << ": ";
    if (res.kind == Tensor)
      os << "location " << res.location << "\n";
    else
      os << "r" << unsigned(res.reg) << " of "
         << bir::stringifyEngine(*bir::symbolizeEngine(res.engine)) << "\n";
  }
  os << "locations\n";
  for (auto [i, loc] : llvm::enumerate(m.locations)) {
    os << "  " << i << ": ";
    if (loc.kind == Argument) {
      os << "arg " << loc.argument << "\n";
      continue;
    }
    os << bir::stringifyMemorySpace(*bir::symbolizeMemorySpace(loc.space)) << ' '
       << typeString(loc.tensor);
    if (loc.address != kNone)
      os << " at " << llvm::format_hex(loc.address, 10);
    if (loc.flags & ScratchFlag)
      os << " (DynamicDMAScratchLoc)";
    os << "\n";
  }
  os << "instructions\n";
  SmallVector<size_t> ends;
  for (auto [i, in] : llvm::enumerate(m.instructions)) {
    while (!ends.empty() && i >= ends.back())
      ends.pop_back();
    os << llvm::format("  %4u ", unsigned(i)) << std::string(2 * ends.size(), ' ')
       << bir::stringifyEngine(*bir::symbolizeEngine(in.engine)) << ": ";
    auto alu = [&]() {
      return bir::stringifyAluOpKind(*bir::symbolizeAluOpKind(in.kind));
    };
    switch (in.opcode) {
    case ReadVar:
      os << "read_var r" << unsigned(in.dst) << " = arg " << in.argument;
      break;
    case ReadElem:
      os << "read_elem r" << unsigned(in.dst) << " = location " << in.location
         << '[' << in.element << ']';
      break;
    case Memset:
      os << "memset location " << in.location << " + " << in.element
         << " elements, " << bir::PatternRef(in.pattern).size()
         << "-level pattern, value "
         << llvm::format_hex(in.fill, 18);
      break;
    case MovImm:
      os << "mov r" << unsigned(in.dst) << " = " << in.imm;
      break;
    case Alu:
      os << alu() << " r" << unsigned(in.dst) << " = r" << unsigned(in.lhs)
         << ", r" << unsigned(in.rhs);
      break;
    case AluImm:
      os << alu() << " r" << unsigned(in.dst) << " = r" << unsigned(in.lhs)
         << ", " << in.imm;
      break;
    case For:
      os << "for r" << unsigned(in.dst) << " = " << in.lb << " to " << in.ub
         << " step " << in.step << " (" << in.bodyCount << " instructions)";
      ends.push_back(i + 1 + in.bodyCount);
      break;
    case DynamicFor:
      os << "dynamic_for r" << unsigned(in.dst) << " = " << in.lb << " to "
         << in.coef << " * r" << unsigned(in.lhs) << " + " << in.constant
         << " step " << in.step << " max_trip " << in.maxTrip << " ("
         << in.bodyCount << " instructions)";
      ends.push_back(i + 1 + in.bodyCount);
      break;
    case SemSignal:
      os << "signal sem" << unsigned(in.semaphore);
      break;
    case SemWait:
      os << "wait sem" << unsigned(in.semaphore);
      break;
    case Trigger: {
      os << "trigger block " << in.block << ' '
         << dge::stringifyDGEType(*dge::symbolizeDGEType(in.dgeType));
      if (in.queue != 0xFF)
        os << " queue " << bir::stringifyEngine(*bir::symbolizeEngine(in.queue));
      break;
    }
    case TensorTensor:
      os << "tensor_tensor "
         << bir::stringifyElementwiseKind(*bir::symbolizeElementwiseKind(in.kind));
      printOperand(os, "out", in.operands[2]);
      printOperand(os, "lhs", in.operands[0]);
      printOperand(os, "rhs", in.operands[1]);
      break;
    case TensorScalar:
      os << "tensor_scalar "
         << bir::stringifyElementwiseKind(*bir::symbolizeElementwiseKind(in.kind))
         << ((in.flags & ReverseFlag) ? " (scalar first)" : "") << " scalar";
      printScalar(os, in, /*isFloat=*/true);
      printOutAndIn(os, in);
      break;
    case TensorCopy:
      os << "tensor_copy";
      printOutAndIn(os, in);
      break;
    case CopyPredicated:
      os << "copy_predicated where predicate"
         << ((in.flags & ReverseFlag) ? " is 0" : " is not 0");
      if (in.flags & ImmediateSourceFlag)
        os << " src " << llvm::bit_cast<float>(in.imm);
      printOperand(os, "out", in.operands.back());
      printOperand(os, "predicate", in.operands[in.operands.size() - 2]);
      if (!(in.flags & ImmediateSourceFlag))
        printOperand(os, "src", in.operands[0]);
      break;
    case TensorReduce:
      os << "tensor_reduce "
         << bir::stringifyReduceKind(*bir::symbolizeReduceKind(in.kind));
      printOutAndIn(os, in);
      break;
    case Iota:
      os << "iota";
      printAffineIndex(os, in);
      printOperand(os, "out", in.operands[0]);
      break;
    case Activation:
      os << "activation "
         << bir::stringifyActivationFunction(
                *bir::symbolizeActivationFunction(in.kind))
         << " scale " << llvm::bit_cast<float>(in.imm) << " bias";
      if (in.flags & BiasOperandFlag)
        printOperand(os, "operand", in.operands[2]);
      else
        os << ' ' << llvm::bit_cast<float>(static_cast<uint32_t>(in.fill));
      printOutAndIn(os, in);
      if (in.flags & SumOperandFlag)
        printOperand(os, "sum", in.operands.back());
      break;
    case Transpose:
      os << "transpose";
      printOutAndIn(os, in);
      break;
    case Matmul:
      os << "matmul" << ((in.flags & AccumulateFlag) ? " accumulate" : " start");
      printOperand(os, "out", in.operands[2]);
      printOperand(os, "stationary", in.operands[0]);
      printOperand(os, "moving", in.operands[1]);
      break;
    case AffineSelect:
      os << "affine_select where";
      printAffineIndex(os, in);
      os << ' ' << bir::stringifyCompareKind(*bir::symbolizeCompareKind(in.kind));
      printScalar(os, in, /*isFloat=*/false);
      os << " else " << llvm::bit_cast<float>(static_cast<uint32_t>(in.fill));
      printOutAndIn(os, in);
      break;
    }
    if (in.source.file != kNone)
      os << "  @ " << m.sourceFiles[in.source.file] << ':' << in.source.line
         << ':' << in.source.column;
    os << "\n";
  }
  printStreams(os, m);
  os << "descriptor blocks\n";
  for (auto [i, block] : llvm::enumerate(m.blocks)) {
    os << "  block " << i << ": " << block.descriptors.size() << " descriptor(s)";
    if (block.budget != kNone)
      os << ", budget " << block.budget << " bytes";
    os << "\n";
    for (auto [d, desc] : llvm::enumerate(block.descriptors)) {
      os << "    descriptor " << d << ": " << desc.bytes << " bytes\n";
      printSide(os, "src", desc.src, m);
      printSide(os, "dst", desc.dst, m);
    }
  }
  printScratchUse(os, m);
}
