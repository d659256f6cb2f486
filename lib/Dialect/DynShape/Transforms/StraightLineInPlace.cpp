//===- StraightLineInPlace.cpp - One-Shot's decisions without pairs -------===//
//
// One-Shot's analysis visits the ops of a function last to first, and the
// tensor operands of each op in order. An operand goes in place unless that
// would join, in one alias set (the values that share a buffer), a write
// and a read such that the write lands between the definition of the value
// read and the read, or a write and a buffer that may not be written. It
// finds such pairs by comparing every read of the two alias sets with every
// write, which is cubic in the length of a function that keeps updating and
// reading a few buffers.
//
// In one block, positions order everything. A read at position r of a value
// whose contents were last defined (by a write, or as an argument) at d
// conflicts with an in-place write at w of its alias set iff d < w <= r;
// w == r only for another operand of the reading op, unless the op reads and
// writes both element by element or the subset rules below apply. So each
// alias set keeps the positions of its in-place writes (a sorted set) and
// the spans [d + 1, r] of its reads (those inside no other, sorted, so the
// widest span reaching a point is found at once), and joining two sets
// checks each entry of the smaller against the larger, which then takes
// them: O(N log^2 N) in all. Reads are added when the visit reaches their
// op, since until then every write in their set comes after them.
//
// The subset rules of `tensor.insert_slice` (One-Shot's
// SubsetInsertionOpInterface): its destination read does not conflict with
// writes into a matching extraction of that destination (the region it
// overwrites), nor does a read of the value it inserts with its own write
// when that value comes from a matching extraction. Both pairs meet in one
// alias set when the extraction is decided, so such reads stay aside,
// checked one by one with their exceptions, until then.
//
//===----------------------------------------------------------------------===//

#include "StraightLineInPlace.h"

#include "dyn/Dialect/DynShape/IR/DynShape.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "mlir/Interfaces/SubsetOpInterface.h"

#include <map>
#include <set>

using namespace mlir;
using namespace mlir::bufferization;
using namespace dyn::dynshape;

namespace {

constexpr int kNone = -1;

/// A read of a tensor operand: an in-place write to its buffer at a
/// position in [lo, hi] changes what it reads.
struct Read {
  unsigned value;
  int lo, hi;
  /// The merges of these extractions add no conflict with this read (the
  /// destination read of an insertion that overwrites their region).
  SmallVector<Operation *, 1> tileExtractions;
  /// The writes at these positions put back the value this read reads.
  SmallVector<int, 1> putBackWrites;
  bool pending() const {
    return !tileExtractions.empty() || !putBackWrites.empty();
  }
};

/// The in-place writes and the reads of one alias set.
struct AliasSet {
  std::set<int> writes;
  /// The read spans inside no other, lo -> hi: hi grows with lo.
  std::map<int, int> spans;
  /// Reads with a subset exception still to apply, checked one by one.
  SmallVector<unsigned, 1> pending;
  bool nonWritable = false;
  size_t size() const { return writes.size() + spans.size(); }
};

class Scan {
public:
  Scan(func::FuncOp func, const OneShotAnalysisState &state)
      : func(func), state(state) {}

  bool run(SmallPtrSetImpl<OpOperand *> &outOfPlace) {
    if (func.isExternal() || !func.getBody().hasOneBlock() || !number())
      return false;
    numberSubtrees();
    collectReads();
    initSets();
    for (int p = static_cast<int>(ops.size()) - 1; p >= 0; --p) {
      for (unsigned r : readsAt[p])
        addRead(r);
      for (OpOperand &operand : ops[p]->getOpOperands())
        if (isa<TensorType>(operand.get().getType()))
          decide(operand, p, outOfPlace);
      for (unsigned r : settledAt[p])
        settle(r);
    }
    return true;
  }

private:
  static bool hasTensors(Operation &op) {
    auto isTensor = [](Type type) { return isa<TensorType>(type); };
    return llvm::any_of(op.getOperandTypes(), isTensor) ||
           llvm::any_of(op.getResultTypes(), isTensor);
  }

  /// True when an op nested in `op`'s regions has tensor operands or
  /// results.
  static bool holdsTensors(Operation &op) {
    for (Region &region : op.getRegions())
      if (region
              .walk([](Operation *nested) {
                return hasTensors(*nested) ? WalkResult::interrupt()
                                           : WalkResult::advance();
              })
              .wasInterrupted())
        return true;
    return false;
  }

  /// The ops whose bufferization interface says all the analysis needs:
  /// no conflict rule of their own beyond the subset insertion's.
  bool admits(Operation &op) {
    if (!hasTensors(op))
      return !holdsTensors(op);
    if (!state.getOptions().dynCastBufferizableOp(&op))
      return false;
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
      return linalgOp.hasPureTensorSemantics() && !holdsTensors(op);
    return op.getNumRegions() == 0 &&
           isa<DynamicSliceOp, DynamicUpdateSliceOp, ScatterOp, GatherOp,
               MaskOp, tensor::EmptyOp, tensor::ExtractOp,
               tensor::ExtractSliceOp, tensor::InsertSliceOp, func::ReturnOp>(
               op);
  }

  unsigned addValue(Value value, int position, int up) {
    unsigned id = values.size();
    ids[value] = id;
    values.push_back(value);
    defPos.push_back(position);
    parent.push_back(up);
    definition.push_back(kNone);
    eqTop.push_back(id);
    nonWritable.push_back(!state.isWritable(value));
    return id;
  }

  unsigned id(Value value) const {
    auto it = ids.find(value);
    assert(it != ids.end() && "a tensor of the function body");
    return it->second;
  }

  /// One-Shot's bufferizesToMemoryWrite(result) for the admitted ops, whose
  /// default for an op without regions walks the whole alias chain above
  /// the result to find no write inside the op (linear per view, quadratic
  /// per function): with an aliasing operand, a result is a write iff that
  /// operand writes or, for an op with regions, a nested op does.
  bool resultWrites(OpResult result, const AliasingOpOperandList &aliases) {
    if (aliases.getNumAliases() == 0 || result.getOwner()->getNumRegions())
      return state.bufferizesToMemoryWrite(result);
    return state.bufferizesToMemoryWrite(*aliases.begin()->opOperand);
  }

  /// Positions, values, their alias parents and definitions; false when an
  /// op is not admitted, or writes or aliases more than one tensor.
  bool number() {
    for (BlockArgument arg : func.getArguments()) {
      if (!isa<TensorType>(arg.getType()))
        continue;
      if (!isa<RankedTensorType>(arg.getType()))
        return false;
      unsigned argId = addValue(arg, kNone, kNone);
      definition[argId] = argId;
    }
    int position = 0;
    for (Operation &op : func.getBody().front()) {
      if (!admits(op))
        return false;
      positions[&op] = position;
      ops.push_back(&op);
      OpOperand *write = nullptr;
      for (OpOperand &operand : op.getOpOperands()) {
        if (!isa<TensorType>(operand.get().getType()))
          continue;
        if (state.getAliasingValues(operand).getNumAliases() > 1)
          return false;
        if (!state.bufferizesToMemoryWrite(operand))
          continue;
        if (write)
          return false;
        write = &operand;
      }
      writeOperand.push_back(write);
      for (OpResult result : op.getResults()) {
        if (!isa<TensorType>(result.getType()))
          continue;
        if (!isa<RankedTensorType>(result.getType()))
          return false;
        AliasingOpOperandList aliases = state.getAliasingOpOperands(result);
        if (aliases.getNumAliases() > 1)
          return false;
        int up = kNone;
        bool equivalent = false;
        if (aliases.getNumAliases() == 1) {
          const AliasingOpOperand &alias = *aliases.begin();
          Value source = alias.opOperand->get();
          up = id(source);
          // As One-Shot's followEquivalentOnly and followSameTypeOrCastsOnly.
          equivalent = alias.relation == BufferRelation::Equivalent &&
                       (source.getType() == result.getType() ||
                        isa<CastOpInterface>(op));
        }
        unsigned resultId = addValue(result, position, up);
        if (resultWrites(result, aliases))
          definition[resultId] = resultId;
        else if (up != kNone)
          definition[resultId] = definition[up];
        if (equivalent)
          eqTop[resultId] = eqTop[up];
      }
      ++position;
    }
    return true;
  }

  /// Preorder numbers of the alias forest (a parent comes before its
  /// children), and whether each value is read (One-Shot's isValueRead).
  void numberSubtrees() {
    size_t n = values.size();
    subtree.assign(n, 1);
    valueRead.assign(n, false);
    for (size_t i = n; i-- > 0;) {
      if (parent[i] != kNone)
        subtree[parent[i]] += subtree[i];
      for (OpOperand &use : values[i].getUses()) {
        bool reads = state.bufferizesToMemoryRead(use);
        if (!reads && !state.bufferizesToMemoryWrite(use))
          for (const AliasingValue &alias : state.getAliasingValues(use))
            reads |= valueRead[id(alias.value)];
        if (reads) {
          valueRead[i] = true;
          break;
        }
      }
    }
    enter.assign(n, 0);
    SmallVector<unsigned> next(n, 0);
    unsigned free = 0;
    for (size_t i = 0; i < n; ++i) {
      if (parent[i] == kNone) {
        enter[i] = free;
        free += subtree[i];
      } else {
        enter[i] = next[parent[i]];
        next[parent[i]] += subtree[i];
      }
      next[i] = enter[i] + 1;
    }
  }

  /// True when `ancestor` is `value` or one of its alias ancestors.
  bool isAncestor(unsigned ancestor, unsigned value) const {
    return enter[ancestor] <= enter[value] &&
           enter[value] < enter[ancestor] + subtree[ancestor];
  }

  /// True when `ancestor` is reached from `value` through equivalent aliases
  /// of the same type (One-Shot's hasEquivalentValueInReverseUseDefChain).
  bool isEquivalentAncestor(unsigned ancestor, unsigned value) const {
    return isAncestor(ancestor, value) && isAncestor(eqTop[value], ancestor);
  }

  /// The extraction of `insertion`'s destination that `value` comes from,
  /// if it extracts the region `insertion` overwrites (One-Shot's
  /// matchesInsertDestination).
  Operation *matchingExtraction(Value value,
                                SubsetInsertionOpInterface insertion) const {
    auto equivalent = [&](Value a, Value b) {
      return state.areEquivalentBufferizedValues(a, b);
    };
    unsigned valueId = id(value);
    for (Operation *user : insertion.getDestinationOperand().get().getUsers())
      for (OpResult result : user->getResults())
        if (isa<TensorType>(result.getType()) &&
            insertion.isEquivalentSubset(result, equivalent) &&
            isAncestor(id(result), valueId))
          return user;
    return nullptr;
  }

  /// The last position `read` of op `p` conflicts with a write at: `p`
  /// unless the op's write is this very operand, or the op accesses both
  /// element by element, or it inserts what it extracted there.
  int lastConflict(OpOperand &read, int p) const {
    OpOperand *write = writeOperand[p];
    if (!write)
      return p;
    if (write == &read)
      return p - 1;
    Operation *op = read.getOwner();
    auto bufferizable = state.getOptions().dynCastBufferizableOp(op);
    if (bufferizable.bufferizesToElementwiseAccess(state, {&read, write})) {
      unsigned a = id(read.get()), b = id(write->get());
      if (isEquivalentAncestor(b, a) || isEquivalentAncestor(a, b))
        return p - 1;
    }
    if (auto insertion = dyn_cast<SubsetInsertionOpInterface>(op))
      if (&read == &insertion.getSourceOperand() &&
          write == &insertion.getDestinationOperand() &&
          matchingExtraction(read.get(), insertion))
        return p - 1;
    return p;
  }

  /// Every read of the function (One-Shot's getAliasingReads: a use that
  /// reads, or that aliases without writing a value that is read), with
  /// the span of writes it conflicts with and its subset exceptions.
  void collectReads() {
    readsAt.resize(ops.size());
    settledAt.resize(ops.size());
    for (auto [p, op] : llvm::enumerate(ops)) {
      for (OpOperand &use : op->getOpOperands()) {
        if (!isa<TensorType>(use.get().getType()))
          continue;
        bool reads = state.bufferizesToMemoryRead(use);
        if (!reads && !state.bufferizesToMemoryWrite(use))
          for (const AliasingValue &alias : state.getAliasingValues(use))
            reads |= valueRead[id(alias.value)];
        unsigned value = id(use.get());
        int defined = definition[value];
        if (!reads || defined == kNone)
          continue; // undefined contents conflict with nothing
        Read read{value, defPos[defined] + 1, lastConflict(use, p), {}, {}};
        if (read.lo > read.hi)
          continue;
        int settle = addExceptions(read, use, p);
        readsAt[p].push_back(readList.size());
        if (read.pending())
          settledAt[settle].push_back(readList.size());
        readList.push_back(std::move(read));
      }
    }
  }

  /// Records the subset exceptions of `read` (the use `use` at `p`) and
  /// returns the position after whose decisions they no longer matter.
  int addExceptions(Read &read, OpOperand &use, int p) {
    int settle = p;
    auto equivalent = [&](Value a, Value b) {
      return state.areEquivalentBufferizedValues(a, b);
    };
    if (auto insertion = dyn_cast<SubsetInsertionOpInterface>(use.getOwner()))
      if (&use == &insertion.getDestinationOperand())
        for (Operation *user : use.get().getUsers()) {
          int at = positions.lookup(user);
          if (at < p && llvm::any_of(user->getResults(), [&](OpResult r) {
                return isa<TensorType>(r.getType()) &&
                       insertion.isEquivalentSubset(r, equivalent);
              })) {
            read.tileExtractions.push_back(user);
            settle = std::min(settle, at);
          }
        }
    for (auto [at, extractedAt] : putBacks(read.value))
      if (read.lo <= at && at <= read.hi) {
        read.putBackWrites.push_back(at);
        settle = std::min(settle, extractedAt);
      }
    return settle;
  }

  /// The insertions that put `value` back where it was extracted from, as
  /// (insertion's position, extraction's position); found once per value.
  ArrayRef<std::pair<int, int>> putBacks(unsigned value) {
    auto [it, inserted] = putBacksOf.try_emplace(value);
    if (inserted)
      for (OpOperand &use : values[value].getUses()) {
        auto insertion = dyn_cast<SubsetInsertionOpInterface>(use.getOwner());
        if (!insertion || &use != &insertion.getSourceOperand())
          continue;
        if (Operation *extraction =
                matchingExtraction(values[value], insertion))
          it->second.emplace_back(positions.lookup(insertion),
                                  positions.lookup(extraction));
      }
    return it->second;
  }

  /// Every value alone in its alias set, as before any decision.
  void initSets() {
    leader.resize(values.size());
    sets.resize(values.size());
    for (unsigned i = 0; i < values.size(); ++i) {
      leader[i] = i;
      sets[i].nonWritable = nonWritable[i];
    }
  }

  unsigned find(unsigned value) {
    unsigned root = value;
    while (leader[root] != root)
      root = leader[root];
    while (leader[value] != root)
      value = std::exchange(leader[value], root);
    return root;
  }

  static void insertSpan(AliasSet &set, int lo, int hi) {
    auto after = set.spans.upper_bound(lo);
    if (after != set.spans.begin() && std::prev(after)->second >= hi)
      return; // inside a span already there
    auto it = set.spans.lower_bound(lo);
    while (it != set.spans.end() && it->second <= hi)
      it = set.spans.erase(it);
    set.spans[lo] = hi;
  }

  void addRead(unsigned r) {
    AliasSet &set = sets[find(readList[r].value)];
    if (readList[r].pending())
      set.pending.push_back(r);
    else
      insertSpan(set, readList[r].lo, readList[r].hi);
  }

  /// The read's exceptions have been applied: it joins the spans.
  void settle(unsigned r) {
    AliasSet &set = sets[find(readList[r].value)];
    auto it = llvm::find(set.pending, r);
    assert(it != set.pending.end() && "added when its op was reached");
    set.pending.erase(it);
    insertSpan(set, readList[r].lo, readList[r].hi);
  }

  /// True when a span of `set` holds position `w`.
  static bool spanHolds(const AliasSet &set, int w) {
    auto after = set.spans.upper_bound(w);
    return after != set.spans.begin() && std::prev(after)->second >= w;
  }

  /// True when `set` has an in-place write in [lo, hi].
  static bool writesIn(const AliasSet &set, int lo, int hi) {
    auto it = set.writes.lower_bound(lo);
    return it != set.writes.end() && *it <= hi;
  }

  /// True when a write of `set` conflicts with the pending read `read`,
  /// `decided` being the operand whose decision joins them.
  bool pendingConflict(const Read &read, const AliasSet &set,
                       OpOperand &decided) const {
    if (llvm::is_contained(read.tileExtractions, decided.getOwner()))
      return false;
    for (auto it = set.writes.lower_bound(read.lo);
         it != set.writes.end() && *it <= read.hi; ++it)
      if (!llvm::is_contained(read.putBackWrites, *it))
        return true;
    return false;
  }

  /// True when a write at `w` by `decided` conflicts with a read of `set`.
  bool readConflict(const AliasSet &set, int w, OpOperand &decided) const {
    if (spanHolds(set, w))
      return true;
    return llvm::any_of(set.pending, [&](unsigned r) {
      const Read &read = readList[r];
      return read.lo <= w && w <= read.hi &&
             !llvm::is_contained(read.putBackWrites, w) &&
             !llvm::is_contained(read.tileExtractions, decided.getOwner());
    });
  }

  /// True when joining `a` and `b` puts a write of one between the
  /// definition and a read of the other.
  bool crosses(const AliasSet &a, const AliasSet &b, OpOperand &decided) const {
    const AliasSet &small = a.size() < b.size() ? a : b;
    const AliasSet &large = &small == &a ? b : a;
    for (int w : small.writes)
      if (spanHolds(large, w))
        return true;
    for (auto [lo, hi] : small.spans)
      if (writesIn(large, lo, hi))
        return true;
    for (unsigned r : a.pending)
      if (pendingConflict(readList[r], b, decided))
        return true;
    for (unsigned r : b.pending)
      if (pendingConflict(readList[r], a, decided))
        return true;
    return false;
  }

  /// Joins the sets led by `a` and `b`, the smaller into the larger.
  unsigned unite(unsigned a, unsigned b) {
    if (sets[a].size() < sets[b].size())
      std::swap(a, b);
    AliasSet &into = sets[a], &from = sets[b];
    into.writes.insert(from.writes.begin(), from.writes.end());
    for (auto [lo, hi] : from.spans)
      insertSpan(into, lo, hi);
    into.pending.append(from.pending);
    into.nonWritable |= from.nonWritable;
    from = AliasSet();
    leader[b] = a;
    return a;
  }

  /// One-Shot's decision for `operand` of the op at `p`.
  void decide(OpOperand &operand, int p,
              SmallPtrSetImpl<OpOperand *> &outOfPlace) {
    bool writes = writeOperand[p] == &operand;
    AliasingValueList aliases = state.getAliasingValues(operand);
    if (!writes && aliases.getNumAliases() == 0)
      return; // only read: in place, changing no alias set
    unsigned a = find(id(operand.get()));
    int b = aliases.getNumAliases() == 0
                ? kNone
                : static_cast<int>(find(id(aliases.getAliases()[0].value)));
    const AliasSet &setA = sets[a];
    const AliasSet *setB = b == kNone ? nullptr : &sets[b];
    bool written = writes || !setA.writes.empty() ||
                   (setB && !setB->writes.empty());
    bool conflict =
        (written && (setA.nonWritable || (setB && setB->nonWritable))) ||
        (writes && (readConflict(setA, p, operand) ||
                    (setB && readConflict(*setB, p, operand)))) ||
        (setB && crosses(setA, *setB, operand));
    if (conflict) {
      outOfPlace.insert(&operand);
      return;
    }
    unsigned joined = b == kNone ? a : unite(a, b);
    if (writes)
      sets[joined].writes.insert(p);
  }

  func::FuncOp func;
  const OneShotAnalysisState &state;

  // Ops by position, and each op's one tensor operand that writes.
  SmallVector<Operation *> ops;
  DenseMap<Operation *, int> positions;
  SmallVector<OpOperand *> writeOperand;

  // Tensor values by id: arguments, then results by position.
  DenseMap<Value, unsigned> ids;
  SmallVector<Value> values;
  SmallVector<int> defPos;     // the defining op's position; kNone: argument
  SmallVector<int> parent;     // the value it aliases, or kNone
  SmallVector<int> definition; // the value whose write defines it, or kNone
  SmallVector<unsigned> eqTop; // the farthest equivalent alias of its type
  SmallVector<char> nonWritable, valueRead;
  SmallVector<unsigned> enter, subtree;

  std::vector<Read> readList;
  DenseMap<unsigned, SmallVector<std::pair<int, int>, 0>> putBacksOf;
  std::vector<SmallVector<unsigned, 2>> readsAt, settledAt;

  // Alias sets: a union-find over values; a leader's entry holds its set.
  SmallVector<unsigned> leader;
  std::vector<AliasSet> sets;
};

} // namespace

bool dyn::dynshape::decideStraightLine(
    func::FuncOp func, const OneShotAnalysisState &state,
    SmallPtrSetImpl<OpOperand *> &outOfPlace) {
  Scan scan(func, state);
  return scan.run(outOfPlace);
}
