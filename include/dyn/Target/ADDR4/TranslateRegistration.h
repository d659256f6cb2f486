//===- TranslateRegistration.h - ADDR4 translations -------------*- C++ -*-===//
//
// Registers the container's translations with mlir-translate's registry, as
// upstream registers its SPIR-V ones, so any translate driver can offer them.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_TARGET_ADDR4_TRANSLATEREGISTRATION_H
#define DYN_TARGET_ADDR4_TRANSLATEREGISTRATION_H

namespace dyn::addr4 {

/// `--serialize-addr4`: a module lowered with --lower-to-addr4 to bytes.
void registerToADDR4Translation();
/// `--deserialize-addr4`: bytes to dge-level MLIR.
void registerFromADDR4Translation();
/// `--addr4-listing`: bytes to a readable listing.
void registerADDR4ListingTranslation();
/// `--test-addr4-roundtrip`: serialize, deserialize in a fresh context, print.
void registerTestADDR4RoundtripTranslation();

/// All of the above.
void registerADDR4Translations();

} // namespace dyn::addr4

#endif // DYN_TARGET_ADDR4_TRANSLATEREGISTRATION_H
