//===- Refusals.h - how many refusals one compile reports -------*- C++ -*-===//
//
// The passes that check their whole input before they change it
// (convert-dynshape-to-bir, the StableHLO import) report every op they
// refuse, each at its location, up to this many; then they say they
// stopped.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_SUPPORT_REFUSALS_H
#define DYN_SUPPORT_REFUSALS_H

namespace dyn {

inline constexpr unsigned kMaxRefusals = 20;

} // namespace dyn

#endif // DYN_SUPPORT_REFUSALS_H
