//===- NumPy.cpp - .npy files for dyn-sim ---------------------------------===//

#include "dyn/Sim/NumPy.h"

#include "dyn/Dialect/BIR/IR/ElementTypes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace dyn::sim;

static llvm::Error error(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// The dtype string of an element type (the element-type table's).
static std::optional<std::string> descr(mlir::Type type) {
  if (const dyn::bir::ElementTypeInfo *info = dyn::bir::lookupElementType(type))
    return info->npyDescr.str();
  return std::nullopt;
}

llvm::Expected<Tensor> dyn::sim::readNpy(llvm::StringRef path,
                                         mlir::Type elementType) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return error("cannot read " + path + ": " + buffer.getError().message());
  llvm::StringRef data = (*buffer)->getBuffer();
  if (!data.starts_with("\x93NUMPY") || data.size() < 10)
    return error(path + " is not a .npy file");
  uint8_t major = data[6];
  size_t headerLen, start;
  if (major == 1) {
    headerLen = uint8_t(data[8]) | uint8_t(data[9]) << 8;
    start = 10;
  } else if (major == 2 || major == 3) {
    if (data.size() < 12)
      return error(path + " is truncated");
    headerLen = uint8_t(data[8]) | uint8_t(data[9]) << 8 |
                uint8_t(data[10]) << 16 | uint32_t(uint8_t(data[11])) << 24;
    start = 12;
  } else {
    return error(path + ": unsupported .npy version " + llvm::Twine(major));
  }
  if (start + headerLen > data.size())
    return error(path + " is truncated");
  llvm::StringRef header = data.substr(start, headerLen);
  std::optional<std::string> want = descr(elementType);
  if (!want)
    return error("element type has no .npy dtype");
  auto field = [&](llvm::StringRef key) -> llvm::StringRef {
    size_t at = header.find(("'" + key + "'").str());
    if (at == llvm::StringRef::npos)
      return {};
    return header.substr(at + key.size() + 2).ltrim(" :");
  };
  llvm::StringRef d = field("descr");
  if (!d.starts_with("'" + *want + "'"))
    return error(path + ": dtype " + d.take_until([](char c) { return c == ','; }) +
                 ", expected '" + *want + "'");
  if (!field("fortran_order").starts_with("False"))
    return error(path + ": Fortran order is not supported");
  llvm::StringRef shapeText = field("shape");
  if (!shapeText.consume_front("("))
    return error(path + ": malformed shape");
  shapeText = shapeText.take_until([](char c) { return c == ')'; });
  Tensor t;
  t.elementType = elementType;
  while (!shapeText.trim().empty()) {
    auto [item, rest] = shapeText.split(',');
    int64_t dim;
    if (item.trim().getAsInteger(10, dim) || dim < 0)
      return error(path + ": malformed shape");
    t.shape.push_back(dim);
    shapeText = rest;
  }
  std::optional<int64_t> bytes = getTensorBytes(t.shape, t.elementBytes());
  if (!bytes)
    return error(path + ": the shape needs more than 2^63 bytes");
  if (data.size() - start - headerLen != static_cast<uint64_t>(*bytes))
    return error(path + ": holds " +
                 llvm::Twine(data.size() - start - headerLen) +
                 " data bytes, the shape needs " + llvm::Twine(*bytes));
  const char *begin = data.data() + start + headerLen;
  t.bytes.assign(begin, begin + *bytes);
  return t;
}

llvm::Error dyn::sim::writeNpy(llvm::StringRef path, const Tensor &tensor) {
  std::optional<std::string> d = descr(tensor.elementType);
  if (!d)
    return error("element type has no .npy dtype");
  std::string header = "{'descr': '" + *d + "', 'fortran_order': False, 'shape': (";
  for (auto [i, dim] : llvm::enumerate(tensor.shape))
    header += (i ? ", " : "") + std::to_string(dim);
  if (tensor.shape.size() == 1)
    header += ",";
  header += "), }";
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (ec)
    return error("cannot write " + path + ": " + ec.message());
  os << "\x93NUMPY" << char(1) << char(0) << char(header.size() & 0xFF)
     << char(header.size() >> 8) << header;
  os.write(reinterpret_cast<const char *>(tensor.bytes.data()),
           tensor.bytes.size());
  return llvm::Error::success();
}
