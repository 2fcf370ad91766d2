// list: one line per patchset and gate on a real checkout; --verbose is the detailed summary
// apply --dry prints below its diff; --format json is the plan report.
#include <doctest/doctest.h>

#include "e2e/checkout.hpp"

using namespace tp::e2e;

TEST_SUITE("e2e::list") {

  // v2.0.1 without its flatbuffers submodule and without cmake/Modules/FindBLAS.cmake: a line for
  // each kind of line list prints. --fact python=3.10 keeps the python gates off this machine's
  // python.
  TEST_CASE(
      "list: one line per patchset (outcome, id, what it would do) and per gate, ids aligned") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    git_ok(checkout, "submodule deinit -q -f third_party/flatbuffers");
    fs::remove(checkout / "cmake/Modules/FindBLAS.cmake");
    const Output list = torchpatch_in(
        checkout, {"--fact", "python=3.10", "--fact", "cuda=12.4", "--fact", "cuda_arch_min=8.0",
                   "--fact", "cuda_arch_max=9.0", "--fact", "cudnn=8.9", "--fact",
                   "nvcc_host_compiler=supported", "--fact", "compiler=gcc", "list"});
    CHECK(list.code == 0);
    CHECK(list.err == "");
    CHECK(
        list.out ==
        "PyTorch v2.0.1 (from tag v2.0.1 at HEAD), catalog " + shipped_catalog_version() +
            "\n"
            "not-applicable   asmjit-clang14-bitwise-instead-of-logical     PyTorch v2.0.1 is "
            "outside >=1.12, <1.13\n"
            "not-applicable   asmjit-emitterutils-unused-current-size       PyTorch v2.0.1 is "
            "outside >=1.12, <1.13\n"
            "not-applicable   asmjit-noncopyable-template-id                PyTorch v2.0.1 is "
            "outside >=1.12, <1.13\n"
            "will-apply       boxing-has-ivalue-to-nvcc                     changes 1 file\n"
            "not-applicable   c10-macros-cstdint                            PyTorch v2.0.1 is "
            "outside >=1.12, <1.13\n"
            "will-apply       c10-thread-local-debug-info-cstdint           changes 1 file\n"
            "will-apply       c10d-gloo-store-default-timeout               changes 1 file\n"
            "not-applicable   caffe2-missing-prototypes-not-msvc            PyTorch v2.0.1 is "
            "outside >=2.1\n"
            "file-missing     cmake-minimum-3-5                             2 conflicts in 1 file\n"
            "will-apply       cmake-py-vs-generators                        changes 1 file\n"
            "will-apply       cpp-extension-msvccompiler                    changes 1 file\n"
            "not-applicable   fbgemm-packmatrix-isa-clang-cl                compiler is gcc, not "
            "one of the patchset's\n"
            "will-apply       fbgemm-utilsavx2-cstdint                      changes 1 file\n"
            "will-apply       fbgemm-werror-clang                           changes 1 file\n"
            "will-apply       fbgemm-werror-maybe-uninitialized             changes 1 file\n"
            "file-missing     findblas-check-function-exists                1 conflict in 1 file\n"
            "will-apply       findlapack-check-function-exists              changes 1 file\n"
            "submodule-absent flatbuffers-span-const-count                  submodule "
            "third_party/flatbuffers not initialised\n"
            "will-apply       functorch-builtin-clz                         changes 1 file\n"
            "upstream-fixed   gloo-ethtool-flexible-array                   nothing to change\n"
            "upstream-fixed   gloo-tcp-device-array                         nothing to change\n"
            "will-apply       gloo-types-cstdint                            changes 1 file\n"
            "will-apply       kineto-samplelistener-cstdint                 changes 1 file\n"
            "will-apply       libnop-template-arg-list                      changes 1 file\n"
            "will-apply       mkldnn-pooling-no-forced-werror               changes 1 file\n"
            "will-apply       msvc-stl-jit-logging-chrono                   changes 1 file\n"
            "will-apply       numpy2-descr-elsize                           changes 1 file\n"
            "will-apply       onednn-graph-no-forced-werror                 changes 1 file\n"
            "not-applicable   onednn-graph-pbuilder-std-move                PyTorch v2.0.1 is "
            "outside >=1.12, <2.0\n"
            "not-applicable   parallel-lazy-init-no-torch-api               PyTorch v2.0.1 is "
            "outside >=1.12, <2.0\n"
            "not-applicable   run-test-pkg-resources                        PyTorch v2.0.1 is "
            "outside >=2.1\n"
            "will-apply       select-compute-arch-cuda12-drop-3-5           changes 1 file\n"
            "will-apply       select-compute-arch-names                     changes 1 file\n"
            "will-apply       setuptools-msvccompiler                       changes 1 file\n"
            "will-apply       setuptools-pkg-resources-packaging            changes 1 file\n"
            "will-apply       sleef-msvc-1951-builtin-math                  changes 1 file\n"
            "will-apply       static-runtime-anon-namespace-torch-api       changes 1 file\n"
            "will-apply       strong-type-std-is-arithmetic                 changes 1 file\n"
            "not-applicable   tensorexpr-bounds-overlap-windows-true-false  PyTorch v2.0.1 is "
            "outside >=1.12, <1.13\n"
            "will-apply       tensorexpr-llvm-codegen-member-torch-api      changes 1 file\n"
            "will-apply       tensorpipe-common-cstdint                     changes 2 files\n"
            "will-apply       thrust-swap-include                           changes 1 file\n"
            "will-apply       torch-missing-std-includes                    changes 5 files\n"
            "will-apply       vec-base-size-t-msvc-ice                      changes 1 file\n"
            "will-apply       werror-format-nonnull                         changes 1 file\n"
            "gate clear       cuda-12-3-rejects-msvc-14-40                  cuda is 12.4, not "
            "<12.4\n"
            "gate clear       cuda-12-needs-2-0                             PyTorch v2.0.1 is "
            "outside >=1.12, <2.0\n"
            "gate clear       cuda-13-needs-2-9                             cuda is 12.4, not "
            ">=13\n"
            "gate clear       cuda-arch-below-5-needs-cuda-11               cuda_arch_min is 8.0, "
            "not <5.0\n"
            "gate clear       cuda-arch-needs-cuda-12-8                     cuda_arch_max is 9.0, "
            "not >=10.0\n"
            "gate clear       cudnn-9-needs-2-3                             cudnn is 8.9, not >=9\n"
            "gate clear       msvc-stl-14-41-needs-cuda-12-4                cuda is 12.4, not "
            "<12.4\n"
            "gate clear       nvcc-host-compiler-unsupported                nvcc_host_compiler is "
            "supported, not one of unsupported\n"
            "gate clear       python-3-11-needs-1-13                        PyTorch v2.0.1 is "
            "outside >=1.12, <1.13\n"
            "gate clear       python-3-12-needs-2-2                         python is 3.10, not "
            ">=3.12\n"
            "gate clear       python-3-13-needs-2-5                         python is 3.10, not "
            ">=3.13\n"
            "gate clear       python-3-13-windows-needs-2-6                 PyTorch v2.0.1 is "
            "outside >=2.5, <2.6\n"
            "gate clear       python-3-14-needs-2-9                         python is 3.10, not "
            ">=3.14\n"
            "gate clear       vs2026-cuda-needs-2-9                         platform is linux, not "
            "one of windows\n");
  }

  TEST_CASE("list --verbose: every edit, exactly the summary apply --dry prints below its diff") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    fs::remove(checkout / "cmake/Modules/FindBLAS.cmake");
    const Output verbose = torchpatch_in(checkout, {"--fact", "python=3.10", "list", "--verbose"});
    CHECK(verbose.code == 0);
    const Output dry = torchpatch_in(checkout, {"--fact", "python=3.10", "apply", "--dry"});
    const std::size_t summary = dry.out.find("\nPyTorch v2.0.1 ");
    REQUIRE(summary != std::string::npos);
    CHECK(verbose.out == dry.out.substr(summary + 1));
    CHECK(verbose.out.find(
              "will-apply       cmake-minimum-3-5  CMake >= 4.0: raise cmake_minimum_required") ==
          std::string::npos); // a conflict here: cmake-minimum-3-5 is file-missing
    CHECK(verbose.out.find("\n    file-missing  include  cmake/Modules/FindBLAS.cmake") !=
          std::string::npos);
    CHECK(verbose.out.find("\n    will-apply  raise-minimum  third_party/") != std::string::npos);
  }

  TEST_CASE("list --format json: the plan report, --verbose or not") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.6.0");
    const Output json = torchpatch_in(checkout, {"list", "--format", "json"});
    CHECK(json.code == 0);
    CHECK(json.out.starts_with(R"({"schema_version":1,"action":"list",)"));
    CHECK(torchpatch_in(checkout, {"list", "--verbose", "--format", "json"}).out == json.out);
    CHECK(outcomes_of_json(dir, json.out) == expected_outcomes("v2.6.0"));
  }

} // TEST_SUITE
