//===- PatternRef.cpp - an access pattern's [step, num] levels ---------------===//

#include "dyn/Dialect/BIR/IR/Pattern.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace dyn::bir;

// The arithmetic below runs in every verification of every access pattern,
// so it checks overflow with MathExtras' builtin-backed helpers, not
// CheckedArithmetic.h's, which go through APInt.

llvm::SmallVector<int64_t> PatternRef::getNums() const {
  llvm::SmallVector<int64_t> nums;
  for (PatternLevel level : levels())
    nums.push_back(level.num);
  return nums;
}

std::optional<int64_t> PatternRef::getNumElements() const {
  int64_t elements = 1;
  for (PatternLevel level : levels())
    if (llvm::MulOverflow(elements, level.num, elements))
      return std::nullopt;
  return elements;
}

std::optional<int64_t> PatternRef::getBytes(int64_t elementBytes) const {
  std::optional<int64_t> elements = getNumElements();
  int64_t bytes;
  if (!elements || llvm::MulOverflow(*elements, elementBytes, bytes))
    return std::nullopt;
  return bytes;
}

std::optional<int64_t> PatternRef::getReach() const {
  int64_t reach = 0;
  for (PatternLevel level : levels()) {
    int64_t last, span;
    if (llvm::SubOverflow(level.num, int64_t(1), last) ||
        llvm::MulOverflow(level.step, last, span) ||
        llvm::AddOverflow(reach, span, reach))
      return std::nullopt;
  }
  return reach;
}

int64_t PatternRef::getOffset(llvm::ArrayRef<int64_t> index) const {
  int64_t offset = 0;
  for (auto [level, i] : llvm::zip(levels(), index))
    offset += i * level.step;
  return offset;
}

std::optional<size_t> PatternRef::findInvalidLevel() const {
  for (size_t i = 0; i < size(); ++i)
    if (step(i) < 0 || num(i) <= 0)
      return i;
  return std::nullopt;
}

LogicalResult
PatternRef::verify(function_ref<InFlightDiagnostic()> emitError) const {
  std::optional<size_t> level = findInvalidLevel();
  if (!level)
    return success();
  return emitError() << "pattern entry " << *level
                     << " must have a non-negative step and a positive num, "
                        "got ["
                     << step(*level) << ", " << num(*level) << "]";
}

void PatternRef::print(llvm::raw_ostream &os) const {
  os << '[';
  llvm::ListSeparator separator;
  for (PatternLevel level : levels())
    os << separator << '[' << level.step << ", " << level.num << ']';
  os << ']';
}

ParseResult PatternRef::parse(AsmParser &parser,
                           llvm::SmallVectorImpl<int64_t> &flat) {
  auto parseLevel = [&]() -> ParseResult {
    int64_t step, num;
    if (parser.parseLSquare() || parser.parseInteger(step) ||
        parser.parseComma() || parser.parseInteger(num) ||
        parser.parseRSquare())
      return failure();
    flat.append({step, num});
    return success();
  };
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                        parseLevel);
}
