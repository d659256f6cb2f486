//===- NumPy.cpp - .npy files for dyn-sim ---------------------------------===//

#include "dyn/Sim/Harness/NumPy.h"

#include "dyn/Support/ElementTypes.h"

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
  if (const dyn::ElementTypeInfo *info = dyn::lookupElementType(type))
    return info->npyDescr.str();
  return std::nullopt;
}

namespace {
/// The header dictionary of a .npy file.
struct NpyHeader {
  std::string descr;
  bool fortranOrder = false;
  llvm::SmallVector<int64_t> shape;
};
} // namespace

/// Parses the header dictionary, `{'descr': '<f4', 'fortran_order': False,
/// 'shape': (2, 3), }`: exactly these three keys, each once, in any order,
/// an optional trailing comma, then only the padding (spaces, a newline).
static llvm::Expected<NpyHeader> parseHeader(llvm::StringRef text,
                                             llvm::StringRef path) {
  auto malformed = [&](const llvm::Twine &what) {
    return error(path + ": malformed header: " + what);
  };
  auto quoted = [&](std::string &out) -> bool {
    text = text.ltrim();
    if (!text.consume_front("'"))
      return false;
    size_t end = text.find('\'');
    if (end == llvm::StringRef::npos)
      return false;
    out = text.take_front(end).str();
    text = text.drop_front(end + 1);
    return true;
  };
  NpyHeader header;
  bool seen[3] = {false, false, false};
  text = text.ltrim();
  if (!text.consume_front("{"))
    return malformed("expected '{'");
  while (true) {
    text = text.ltrim();
    if (text.consume_front("}"))
      break;
    std::string key;
    if (!quoted(key))
      return malformed("expected a quoted key");
    text = text.ltrim();
    if (!text.consume_front(":"))
      return malformed("expected ':' after '" + key + "'");
    text = text.ltrim();
    int index = key == "descr" ? 0 : key == "fortran_order" ? 1
                                   : key == "shape"       ? 2
                                                          : -1;
    if (index < 0)
      return malformed("unknown key '" + key + "'");
    if (seen[index])
      return malformed("key '" + key + "' twice");
    seen[index] = true;
    if (index == 0 && !quoted(header.descr))
      return malformed("'descr' must be a quoted dtype");
    if (index == 1) {
      if (text.consume_front("True"))
        header.fortranOrder = true;
      else if (!text.consume_front("False"))
        return malformed("'fortran_order' must be True or False");
    }
    if (index == 2) {
      if (!text.consume_front("("))
        return error(path + ": malformed shape");
      while (true) {
        text = text.ltrim();
        if (text.consume_front(")"))
          break;
        size_t digits = text.find_first_not_of("0123456789");
        int64_t dim;
        if (digits == 0 || text.take_front(digits).getAsInteger(10, dim))
          return error(path + ": malformed shape");
        header.shape.push_back(dim);
        text = text.drop_front(digits).ltrim();
        if (!text.consume_front(",") && !text.starts_with(")"))
          return error(path + ": malformed shape");
      }
    }
    text = text.ltrim();
    if (!text.consume_front(",") && !text.starts_with("}"))
      return malformed("expected ',' or '}'");
  }
  if (!llvm::all_of(seen, [](bool b) { return b; }))
    return malformed("it needs 'descr', 'fortran_order' and 'shape'");
  if (!text.trim().empty())
    return malformed("text after the dictionary");
  return header;
}

llvm::Expected<Tensor> dyn::sim::readNpy(llvm::StringRef path,
                                         mlir::Type elementType,
                                         int64_t maxBytes) {
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
    return error(path + ": unsupported .npy version " +
                 llvm::Twine(static_cast<unsigned>(major)));
  }
  if (start + headerLen > data.size())
    return error(path + " is truncated");
  llvm::StringRef header = data.substr(start, headerLen);
  std::optional<std::string> want = descr(elementType);
  if (!want)
    return error("element type has no .npy dtype");
  llvm::Expected<NpyHeader> parsed = parseHeader(header, path);
  if (!parsed)
    return parsed.takeError();
  if (parsed->descr != *want)
    return error(path + ": dtype '" + parsed->descr + "', expected '" + *want +
                 "'");
  if (parsed->fortranOrder)
    return error(path + ": Fortran order is not supported");
  Tensor t;
  t.elementType = elementType;
  t.shape = parsed->shape;
  std::optional<int64_t> bytes = getTensorBytes(t.shape, t.elementBytes());
  if (!bytes || *bytes > maxBytes)
    return error(path + ": the shape needs " +
                 (bytes ? llvm::Twine(*bytes) : llvm::Twine("more than 2^63")) +
                 " bytes, over --max-tensor-bytes " + llvm::Twine(maxBytes));
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
  // Version 1.0 has a 16-bit header length; a longer header (a rank in the
  // thousands) takes version 2.0 and 32 bits.
  bool v1 = 10 + header.size() + 1 <= 0xFFFF;
  size_t prefix = v1 ? 10 : 12;
  size_t total = prefix + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (ec)
    return error("cannot write " + path + ": " + ec.message());
  os << "\x93NUMPY" << char(v1 ? 1 : 2) << char(0);
  for (size_t i = 0, e = v1 ? 2 : 4; i < e; ++i)
    os << char((header.size() >> (8 * i)) & 0xFF);
  os << header;
  os.write(reinterpret_cast<const char *>(tensor.bytes.data()),
           tensor.bytes.size());
  os.close();
  if (std::error_code failed = os.error()) {
    os.clear_error();
    return error("cannot write " + path + ": " + failed.message());
  }
  return llvm::Error::success();
}
