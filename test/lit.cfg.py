# -*- Python -*-
import os
import shutil
import sys

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "DYN"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test", ".c"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.dyn_obj_root, "test")
config.excludes = ["Inputs", "CMakeLists.txt", "README.txt", "lit.cfg.py",
                   "lit.site.cfg.py"]

# The ASan + UBSan tree (docs/Testing.md) builds only the tools.
if config.dyn_sanitizers:
    config.available_features.add("sanitizers")
# The Debian package test (test/Install/debian-package.test) runs cpack and
# dpkg-deb.
if shutil.which("cpack") and shutil.which("dpkg-deb"):
    config.available_features.add("debian-package")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%dyn_src_root", config.dyn_src_root))
config.substitutions.append(("%dyn_obj_root", config.dyn_obj_root))
# dyn's version (the project() version), as --version and the container
# header give it.
config.substitutions.append(("%dyn_version", config.dyn_version))
# The Python that runs lit (Debian's, which has python3-numpy).
config.substitutions.append(("%python", sys.executable))
# How long one fuzzer run may take before it counts as a hang: ASan + UBSan
# run the tools several times slower (bench/README.md, "Figures behind
# choices in the code"), so the sanitizer tree allows longer.
config.substitutions.append(("%fuzz_timeout",
                             "60" if config.dyn_sanitizers else "10"))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP",
                                     "ASAN_OPTIONS", "UBSAN_OPTIONS"])
llvm_config.use_default_substitutions()

tool_dirs = [config.dyn_tools_dir, config.llvm_tools_dir]
tools = ["dyn-opt", "dyn-translate", "dyn-sim", "dyn-capi-test", "dyn-lsp-server"]
llvm_config.add_tool_substitutions(tools, tool_dirs)
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.dyn_tools_dir, append_path=True)
