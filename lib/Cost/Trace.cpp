//===- Trace.cpp - a measured run as a profile and as a trace -------------===//

#include "dyn/Cost/Cost.h"

#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

using namespace mlir;
using namespace dyn;
using namespace dyn::cost;

Roofline dyn::cost::getRoofline(const Timeline &timeline,
                                const LatencyModel &model) {
  Roofline roofline;
  int64_t hbm =
      model.transferCycles(timeline.getHBMBytes(), model.hbmMBPerSecond);
  if (hbm > 0) {
    roofline.cycles = hbm;
    roofline.bound = "hbm";
  }
  for (unsigned i = 0; i < Resource::kCount; ++i) {
    Resource resource = Resource::fromIndex(i);
    if (!resource.queue && timeline.getPeakBusy()[i] > roofline.cycles) {
      roofline.cycles = timeline.getPeakBusy()[i];
      roofline.bound = resource.name();
    }
  }
  if (timeline.getEnd() > 0)
    roofline.efficiency = static_cast<double>(roofline.cycles) /
                          static_cast<double>(timeline.getEnd());
  return roofline;
}

void dyn::cost::printProfileJSON(raw_ostream &os, StringRef function,
                                 const Timeline &timeline,
                                 int64_t instructions,
                                 const MeasuredLoops &loops,
                                 const LatencyModel &model) {
  Roofline roofline = getRoofline(timeline, model);
  llvm::json::Array loopsJSON;
  for (const auto &[loop, trips] : loops) {
    auto dynamic = llvm::dyn_cast<bir::DynamicForOp>(loop);
    std::optional<uint64_t> estimate =
        dynamic ? dynamic.getTripEstimate() : std::nullopt;
    loopsJSON.push_back(llvm::json::Object{
        {"op", describeOperation(loop)},
        {"max_trip", getMaxTrip(loop)},
        {"trip_estimate", estimate ? llvm::json::Value(*estimate)
                                   : llvm::json::Value(nullptr)},
        {"runs", trips.runs},
        {"trips", trips.trips}});
  }
  llvm::json::Object profile{
      {"function", function.str()},
      {"cycles", timeline.getEnd()},
      {"microseconds", model.toMicroseconds(timeline.getEnd())},
      {"clock_mhz", model.clockMHz},
      {"engines", getBusyJSON(timeline.getBusy())},
      {"instructions", instructions},
      {"roofline_cycles", roofline.cycles},
      {"bound", roofline.bound},
      {"efficiency", roofline.efficiency},
      {"hbm_bytes", timeline.getHBMBytes()},
      {"loops", std::move(loopsJSON)}};
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(profile))) << "\n";
}

void dyn::cost::printChromeTrace(raw_ostream &os, const Timeline &timeline) {
  llvm::json::Array events;
  std::array<bool, Resource::kCount> used{};
  for (const Slice &slice : timeline.getSlices()) {
    used[slice.resource.index()] = true;
    std::string name = describeOperation(slice.op);
    if (slice.waiting)
      name = "waiting: " + name;
    events.push_back(llvm::json::Object{
        {"name", name},
        {"cat", slice.waiting ? "wait" : "work"},
        {"ph", "X"},
        {"pid", 0},
        {"tid", static_cast<int64_t>(slice.resource.index())},
        {"ts", slice.start},
        {"dur", slice.cycles}});
  }
  // Track names: engines first, then DMA queues.
  for (unsigned i = 0; i < Resource::kCount; ++i)
    if (used[i])
      events.push_back(llvm::json::Object{
          {"name", "thread_name"},
          {"ph", "M"},
          {"pid", 0},
          {"tid", static_cast<int64_t>(i)},
          {"args",
           llvm::json::Object{{"name", Resource::fromIndex(i).name()}}}});
  os << llvm::formatv(
            "{0:1}",
            llvm::json::Value(llvm::json::Object{
                {"traceEvents", std::move(events)},
                {"displayTimeUnit", "ns"}}))
     << "\n";
}
