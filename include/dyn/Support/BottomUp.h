//===- BottomUp.h - a fact per value, from its definitions up ---*- C++ -*-===//
//
// Facts such as integer ranges are computed from the facts of the values a
// definition reads. A recursive walk of that use-def graph takes time
// exponential in its depth when operands are shared (`x = y * y` at every
// level) and overflows the stack on long chains, both of which inputs can
// make; this walk visits each value once, with an explicit stack.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_SUPPORT_BOTTOMUP_H
#define DYN_SUPPORT_BOTTOMUP_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

namespace dyn {

/// The fact of `root`, computing first (into `known`) the facts of the
/// values it depends on. `dependencies(value, out)` appends the values whose
/// facts `compute(value)` reads from `known`; `compute` must treat a value
/// missing from `known` as unknown, which happens only on a cycle (graph
/// regions).
template <typename Fact, typename DependenciesFn, typename ComputeFn>
Fact computeBottomUp(mlir::Value root, llvm::DenseMap<mlir::Value, Fact> &known,
                     DependenciesFn dependencies, ComputeFn compute) {
  if (auto it = known.find(root); it != known.end())
    return it->second;
  llvm::DenseSet<mlir::Value> started;
  llvm::SmallVector<mlir::Value> stack = {root};
  llvm::SmallVector<mlir::Value, 4> deps;
  while (!stack.empty()) {
    mlir::Value value = stack.back();
    if (known.contains(value)) {
      stack.pop_back();
      continue;
    }
    if (started.insert(value).second) {
      deps.clear();
      dependencies(value, deps);
      for (mlir::Value dep : deps)
        if (!known.contains(dep) && !started.contains(dep))
          stack.push_back(dep);
      continue;
    }
    stack.pop_back();
    known.try_emplace(value, compute(value));
  }
  return known.find(root)->second;
}

} // namespace dyn

#endif // DYN_SUPPORT_BOTTOMUP_H
