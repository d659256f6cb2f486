//===- Listing.cpp - a readable listing of a dyn container ----------------===//
//
// Like objdump: each instruction with its engine, and each descriptor side
// as its ADDR4 word in hex next to the decoded fields.
//
//===----------------------------------------------------------------------===//

#include "dyn/Target/ADDR4/Container.h"

#include "Format.h"
#include "Model.h"

#include "dyn/Dialect/BIR/IR/ElementTypes.h"
#include "dyn/Dialect/DGE/IR/DGE.h"

#include "llvm/Support/Format.h"

using namespace mlir;
using namespace dyn;
using namespace dyn::addr4;
using namespace dyn::addr4::format;

static std::string typeString(const TensorSpec &t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  for (uint32_t d : t.dims)
    os << d << 'x';
  os << bir::lookupElementType(t.element)->name;
  return s;
}

static void printSide(llvm::raw_ostream &os, StringRef name, const SideSpec &s,
                      const ContainerModel &m) {
  os << "      " << name << ' ' << llvm::format_hex(s.rawWord, 10) << "  "
     << describe(s.word) << "; location " << s.location << " + " << s.offset
     << " bytes";
  if (s.record != kNone) {
    const RecordSpec &rec = m.records[s.record];
    os << "; record "
       << dge::stringifyIndirectRecordKind(
              static_cast<dge::IndirectRecordKind>(rec.kind))
       << " (index "
       << "location " << rec.location << ", " << rec.count << " x i32, row "
       << "stride " << rec.rowStride << " bytes)";
  }
  os << '\n';
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
  const ContainerModel &m = *parsed;
  os << "dyn ADDR4 container, version " << m.version << ", ArchLevel "
     << m.archLevel << "\n";
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
    if (loc.flags & 1)
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
         << " elements, " << in.pattern.size() / 2 << "-level pattern, value "
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
    case Trigger: {
      os << "trigger block " << in.block << ' '
         << dge::stringifyDGEType(*dge::symbolizeDGEType(in.dgeType));
      if (in.queue != 0xFF)
        os << " queue " << bir::stringifyEngine(*bir::symbolizeEngine(in.queue));
      break;
    }
    }
    os << "\n";
  }
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
  return success();
}
