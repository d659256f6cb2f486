//===- DynModule.cpp - dyn's Python extension over its C API --------------===//
//
// `dyn._dyn`: pybind11 bindings of the C API (dyn-c/ and mlir-c/) that the
// package `dyn` (python/dyn/__init__.py) wraps. Each Program owns its MLIR
// context; diagnostics are collected as "file:line:col: severity: message"
// lines and raised as dyn.CompileError.
//
//===----------------------------------------------------------------------===//

#include "dyn-c/ADDR4.h"
#include "dyn-c/ElementTypes.h"
#include "dyn-c/Registration.h"
#include "dyn-c/Sim.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <optional>
#include <string_view>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace py = pybind11;

namespace {

/// A failure with the located diagnostics that explain it.
struct CompileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void appendTo(MlirStringRef text, void *userData) {
  static_cast<std::string *>(userData)->append(text.data, text.length);
}

std::string toString(MlirStringRef ref) { return {ref.data, ref.length}; }

MlirStringRef toRef(const std::string &text) {
  return mlirStringRefCreate(text.data(), text.size());
}

/// One MLIR context with dyn registered and a diagnostic collector.
class Session {
public:
  Session() {
    static bool passesRegistered = [] {
      dynRegisterAllPasses();
      return true;
    }();
    (void)passesRegistered;
    MlirDialectRegistry registry = mlirDialectRegistryCreate();
    dynRegisterAllDialects(registry);
    context = mlirContextCreateWithRegistry(registry, /*threading=*/false);
    mlirDialectRegistryDestroy(registry);
    mlirContextAttachDiagnosticHandler(context, collect, this, nullptr);
    // Errors name their op and location; a dump of the op is noise there.
    dynContextSetPrintOpOnDiagnostic(context, false);
  }
  ~Session() { mlirContextDestroy(context); }
  Session(const Session &) = delete;
  Session &operator=(const Session &) = delete;

  /// Raises CompileError with what was collected since the last call.
  [[noreturn]] void fail(const std::string &what) {
    std::string message = what;
    while (!diagnostics.empty() && diagnostics.back() == '\n')
      diagnostics.pop_back();
    if (!diagnostics.empty())
      message += ":\n" + diagnostics;
    diagnostics.clear();
    throw CompileError(message);
  }

  MlirModule parse(const std::string &source) {
    MlirModule module = mlirModuleCreateParse(context, toRef(source));
    if (mlirModuleIsNull(module))
      fail("the source does not parse");
    return module;
  }

  void runPipeline(MlirModule module, std::string pipeline) {
    if (pipeline.rfind("builtin.module(", 0) != 0)
      pipeline = "builtin.module(" + pipeline + ")";
    MlirPassManager pm = mlirPassManagerCreateOnOperation(
        context, mlirStringRefCreateFromCString("builtin.module"));
    std::string errors;
    bool parsed = mlirLogicalResultIsSuccess(mlirParsePassPipeline(
        mlirPassManagerGetAsOpPassManager(pm), toRef(pipeline), appendTo,
        &errors));
    bool ran = parsed && mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(
                             pm, mlirModuleGetOperation(module)));
    mlirPassManagerDestroy(pm);
    if (!parsed)
      fail("invalid pipeline '" + pipeline + "': " + errors);
    if (!ran)
      fail("the pipeline failed");
  }

  MlirContext context;

private:
  /// The file location `loc` shows, as dyn-opt finds it: through a name,
  /// a call site's callee, or the first of a fused location that has one.
  static std::optional<MlirLocation> findFileLocation(MlirLocation loc) {
    if (mlirLocationIsAFileLineColRange(loc))
      return loc;
    if (mlirLocationIsAName(loc))
      return findFileLocation(mlirLocationNameGetChildLoc(loc));
    if (mlirLocationIsACallSite(loc))
      return findFileLocation(mlirLocationCallSiteGetCallee(loc));
    if (mlirLocationIsAFused(loc)) {
      std::vector<MlirLocation> parts(mlirLocationFusedGetNumLocations(loc));
      mlirLocationFusedGetLocations(loc, parts.data());
      for (MlirLocation part : parts)
        if (std::optional<MlirLocation> found = findFileLocation(part))
          return found;
    }
    return std::nullopt;
  }

  /// Appends "file:line:col: severity: message" and then the notes.
  static void append(std::string &out, MlirDiagnostic diagnostic) {
    if (std::optional<MlirLocation> loc =
            findFileLocation(mlirDiagnosticGetLocation(diagnostic)))
      out += toString(mlirIdentifierStr(
                 mlirLocationFileLineColRangeGetFilename(*loc))) +
             ":" +
             std::to_string(mlirLocationFileLineColRangeGetStartLine(*loc)) +
             ":" +
             std::to_string(mlirLocationFileLineColRangeGetStartColumn(*loc)) +
             ": ";
    switch (mlirDiagnosticGetSeverity(diagnostic)) {
    case MlirDiagnosticError:
      out += "error: ";
      break;
    case MlirDiagnosticWarning:
      out += "warning: ";
      break;
    case MlirDiagnosticNote:
      out += "note: ";
      break;
    case MlirDiagnosticRemark:
      out += "remark: ";
      break;
    }
    mlirDiagnosticPrint(diagnostic, appendTo, &out);
    out += "\n";
    for (intptr_t i = 0, e = mlirDiagnosticGetNumNotes(diagnostic); i < e; ++i)
      append(out, mlirDiagnosticGetNote(diagnostic, i));
  }

  static MlirLogicalResult collect(MlirDiagnostic diagnostic, void *self) {
    append(static_cast<Session *>(self)->diagnostics, diagnostic);
    return mlirLogicalResultSuccess();
  }

  std::string diagnostics;
};

std::string print(MlirModule module) {
  std::string text;
  mlirOperationPrint(mlirModuleGetOperation(module), appendTo, &text);
  return text;
}

/// The element type of a little-endian NumPy dtype, from dyn's table of
/// element types (dyn-c/ElementTypes.h); bf16 travels as uint16 bits.
MlirType elementType(MlirContext ctx, const py::dtype &dtype) {
  std::string descr = dtype.attr("str").cast<std::string>(), known;
  for (intptr_t i = 0, e = dynGetNumElementTypes(); i < e; ++i) {
    MlirType type = dynGetElementType(ctx, i);
    std::string candidate = toString(dynGetElementNumPyDescr(type));
    if (candidate == descr)
      return type;
    known += (known.empty() ? "" : ", ") + candidate;
  }
  throw py::type_error("unsupported NumPy dtype " +
                       py::repr(dtype).cast<std::string>() + " (" + known +
                       ")");
}

std::string_view trim(std::string_view s) {
  size_t first = s.find_first_not_of(" \t\n");
  if (first == std::string_view::npos)
    return {};
  return s.substr(first, s.find_last_not_of(" \t\n") - first + 1);
}

bool consumeFront(std::string_view &s, std::string_view prefix) {
  if (s.substr(0, prefix.size()) != prefix)
    return false;
  s.remove_prefix(prefix.size());
  return true;
}

bool consumeBack(std::string_view &s, std::string_view suffix) {
  if (s.size() < suffix.size() ||
      s.substr(s.size() - suffix.size()) != suffix)
    return false;
  s.remove_suffix(suffix.size());
  return true;
}

/// The NumPy dtype of an element type, from dyn's table of element types.
py::dtype numpyType(MlirType type) {
  MlirStringRef descr = dynGetElementNumPyDescr(type);
  if (descr.length == 0)
    throw std::runtime_error("a result of an element type NumPy lacks");
  return py::dtype(toString(descr));
}

/// The element types dyn carries: name to (bytes, NumPy dtype string).
py::dict elementTypes() {
  Session session;
  py::dict out;
  for (intptr_t i = 0, e = dynGetNumElementTypes(); i < e; ++i) {
    MlirType type = dynGetElementType(session.context, i);
    std::string name;
    mlirTypePrint(type, appendTo, &name);
    out[py::str(name)] = py::make_tuple(
        dynGetElementBytes(type), toString(dynGetElementNumPyDescr(type)));
  }
  return out;
}

/// The container's layout as JSON text (dynPrintADDR4Format).
std::string addr4Format() {
  std::string text;
  dynPrintADDR4Format(appendTo, &text);
  return text;
}

/// Owns a DynSimValues.
struct Values {
  Values() : values(dynSimValuesCreate()) {}
  ~Values() { dynSimValuesDestroy(values); }
  DynSimValues values;
};

void appendArguments(Session &session, Values &out, const py::args &args) {
  py::object integer = py::module_::import("numpy").attr("integer");
  size_t position = 0;
  for (py::handle arg : args) {
    size_t index = position++;
    // A scalar: a Python int or a NumPy integer scalar (np.int32(21)).
    if ((py::isinstance<py::int_>(arg) && !py::isinstance<py::bool_>(arg)) ||
        py::isinstance(arg, integer)) {
      int overflow = 0;
      long long value = PyLong_AsLongLongAndOverflow(
          py::int_(py::reinterpret_borrow<py::object>(arg)).ptr(), &overflow);
      if (overflow)
        throw py::value_error("argument " + std::to_string(index) +
                              " must be an i32 integer, got " +
                              py::repr(arg).cast<std::string>());
      dynSimValuesAppendScalar(out.values, value);
      continue;
    }
    auto array = py::array::ensure(arg, py::array::c_style);
    if (!array)
      throw py::type_error("arguments are NumPy arrays or ints");
    // The engines' bytes are little-endian: a big-endian array is copied
    // in that order, not read as if it were.
    if (array.dtype().byteorder() == '>')
      array = py::array::ensure(
          array.attr("astype")(array.dtype().attr("newbyteorder")("<")),
          py::array::c_style);
    std::vector<int64_t> shape(array.shape(), array.shape() + array.ndim());
    if (mlirLogicalResultIsFailure(dynSimValuesAppendTensor(
            out.values, elementType(session.context, array.dtype()),
            array.ndim(), shape.data(), array.data())))
      throw py::value_error("an argument's size overflows");
  }
}

py::list toNumPy(Values &results) {
  py::list out;
  for (intptr_t i = 0, e = dynSimValuesSize(results.values); i < e; ++i) {
    if (!dynSimValuesIsTensor(results.values, i)) {
      out.append(py::array(py::dtype::of<int32_t>(), std::vector<ssize_t>{},
                           std::vector<int32_t>{static_cast<int32_t>(
                                                    dynSimValuesGetScalar(
                                                        results.values, i))}
                               .data()));
      continue;
    }
    const int64_t *shape = dynSimValuesGetShape(results.values, i);
    std::vector<ssize_t> dims(shape,
                              shape + dynSimValuesGetRank(results.values, i));
    // py::array copies the bytes, so the result outlives the values.
    out.append(py::array(
        numpyType(dynSimValuesGetElementType(results.values, i)), dims,
        dynSimValuesGetData(results.values, i)));
  }
  return out;
}

/// `entry`, or the one function with a body.
std::string findEntry(MlirModule m, const std::optional<std::string> &entry) {
  if (entry)
    return *entry;
  std::vector<std::string> names;
  MlirBlock body = mlirModuleGetBody(m);
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirAttribute name = mlirOperationGetAttributeByName(
        op, mlirStringRefCreateFromCString("sym_name"));
    if (!mlirAttributeIsNull(name) && mlirOperationGetNumRegions(op) == 1 &&
        !mlirBlockIsNull(
            mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0))))
      names.push_back(toString(mlirStringAttrGetValue(name)));
  }
  if (names.size() != 1)
    throw py::value_error("the program has " + std::to_string(names.size()) +
                          " functions with a body; pass entry=");
  return names.front();
}

/// A compiled or loaded program: its IR and, when lowered to ADDR4, its
/// container.
class Program {
public:
  static std::unique_ptr<Program> compile(const std::string &source,
                                          const std::string &pipeline,
                                          const std::string &options) {
    auto p = std::make_unique<Program>();
    p->source = p->session.parse(source);
    // The pipeline runs on a copy; the source stays for simulate().
    p->module = mlirModuleFromOperation(
        mlirOperationClone(mlirModuleGetOperation(p->source)));
    if (options.find_first_of("{}") != std::string::npos)
      throw py::value_error("options are the pipeline's option string "
                            "(e.g. 'arch=gen2'), without braces");
    // `lower-to-addr4`, possibly with inline options or nested in
    // `builtin.module(...)`, makes a binary; simulate() compiles the
    // source again with the same options.
    std::string_view name = trim(pipeline);
    if (consumeFront(name, "builtin.module(") && consumeBack(name, ")"))
      name = trim(name);
    p->options = options;
    if (consumeFront(name, "lower-to-addr4")) {
      if (name.empty())
        p->lowersToADDR4 = true;
      else if (options.empty() && consumeFront(name, "{") &&
               consumeBack(name, "}") &&
               name.find_first_of("{}") == std::string_view::npos) {
        p->lowersToADDR4 = true;
        p->options = std::string(name);
      }
    }
    std::string text = pipeline;
    if (!options.empty())
      text += "{" + options + "}";
    p->session.runPipeline(p->module, text);
    if (p->lowersToADDR4 &&
        mlirLogicalResultIsFailure(
            dynSerializeADDR4(p->module, appendTo, &p->bytes)))
      p->session.fail("the lowered module does not serialize");
    return p;
  }

  static std::unique_ptr<Program> load(const py::bytes &binary) {
    auto p = std::make_unique<Program>();
    p->bytes = binary;
    p->lowersToADDR4 = true;
    p->module = dynDeserializeADDR4(p->session.context, toRef(p->bytes));
    if (mlirModuleIsNull(p->module))
      p->session.fail("the container is malformed");
    return p;
  }

  ~Program() {
    for (MlirModule m : {source, module})
      if (!mlirModuleIsNull(m))
        mlirModuleDestroy(m);
  }

  std::string ir() { return print(module); }

  py::bytes binary() {
    requireBinary();
    return py::bytes(bytes);
  }

  py::str listing() {
    requireBinary();
    std::string text;
    if (mlirLogicalResultIsFailure(dynPrintADDR4Listing(
            session.context, toRef(bytes), appendTo, &text)))
      session.fail("the container does not list");
    // A container's function name is bytes: one that is not UTF-8 is
    // listed with replacement characters, as a terminal would show it.
    PyObject *decoded = PyUnicode_DecodeUTF8(
        text.data(), static_cast<Py_ssize_t>(text.size()), "replace");
    if (!decoded)
      throw py::error_already_set();
    return py::reinterpret_steal<py::str>(decoded);
  }

  py::list simulate(const py::args &args, std::optional<std::string> entry) {
    requireBinary();
    Values in, out;
    appendArguments(session, in, args);
    MlirLogicalResult result;
    if (!mlirModuleIsNull(source)) {
      // Either calling convention: the tensor-level module knows both.
      result = dynSimulateModule(source, toRef(findEntry(source, entry)),
                                 toRef(options), in.values, out.values);
    } else {
      result = dynSimulateBinary(module, toRef(findEntry(module, entry)),
                                 in.values, out.values);
    }
    if (mlirLogicalResultIsFailure(result))
      session.fail("the simulation failed");
    return toNumPy(out);
  }

  Session session;
  MlirModule source = {nullptr}, module = {nullptr};

private:
  void requireBinary() {
    if (!lowersToADDR4)
      throw py::value_error("the program was not lowered with lower-to-addr4");
  }

  std::string bytes, options;
  bool lowersToADDR4 = false;
};

py::list reference(const std::string &source, const py::args &args,
                   std::optional<std::string> entry) {
  Session session;
  MlirModule module = session.parse(source);
  Values in, out;
  MlirLogicalResult result = mlirLogicalResultFailure();
  try {
    appendArguments(session, in, args);
    result = dynInterpretReference(module, toRef(findEntry(module, entry)),
                                   in.values, out.values);
  } catch (...) {
    mlirModuleDestroy(module);
    throw;
  }
  mlirModuleDestroy(module);
  if (mlirLogicalResultIsFailure(result))
    session.fail("the reference interpreter failed");
  return toNumPy(out);
}

std::string runPipeline(const std::string &source,
                        const std::string &pipeline) {
  Session session;
  MlirModule module = session.parse(source);
  std::string text;
  try {
    session.runPipeline(module, pipeline);
    text = print(module);
  } catch (...) {
    mlirModuleDestroy(module);
    throw;
  }
  mlirModuleDestroy(module);
  return text;
}

} // namespace

PYBIND11_MODULE(_dyn, m) {
  m.doc() = "dyn's C API, bound for the dyn package (use `import dyn`).";
  static py::exception<CompileError> compileError(m, "CompileError",
                                                  PyExc_RuntimeError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p)
        std::rethrow_exception(p);
    } catch (const CompileError &e) {
      compileError(e.what());
    }
  });
  py::class_<Program>(m, "Program")
      .def_property_readonly("ir", &Program::ir)
      .def_property_readonly("binary", &Program::binary)
      .def("listing", &Program::listing)
      .def("simulate", &Program::simulate, py::arg("entry") = py::none());
  m.def("compile", &Program::compile, py::arg("source"), py::arg("pipeline"),
        py::arg("options"));
  m.def("load", &Program::load, py::arg("binary"));
  m.def("reference", &reference, py::arg("source"),
        py::arg("entry") = py::none());
  m.def("run_pipeline", &runPipeline, py::arg("source"), py::arg("pipeline"));
  m.def("element_types", &elementTypes);
  m.def("addr4_format", &addr4Format);
}
