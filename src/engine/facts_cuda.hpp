#pragma once
// Facts about a CUDA build, detected without running anything (as facts.hpp's are): the
// architectures TORCH_CUDA_ARCH_LIST asks for, the cuDNN version of cudnn_version.h, and whether
// nvcc's crt/host_config.h accepts the host compiler. The toolkit is found on every layout a user
// has: $CUDA_HOME / $CUDA_PATH, the newest $CUDA_PATH_V<X>_<Y> (Windows installers set them),
// nvcc on PATH (NVIDIA's /usr/local/cuda-X.Y/bin, conda's $CONDA_PREFIX/bin, Debian's /usr/bin
// with the real nvcc under /usr/lib/nvidia-cuda-toolkit and the headers in /usr/include).
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/facts.hpp"

namespace tp::engine {

// A build without CUDA: cuda = "none" when $USE_CUDA holds one of CMake's false constants
// (0, OFF, NO, FALSE, N, IGNORE, NOTFOUND, any case; setup.py passes it to CMake as -DUSE_CUDA,
// its own comment says "USE_CUDA=0 disables CUDA build"). Then no toolkit on the machine speaks
// for the build: every CUDA fact is "none" too (detect_cuda_facts), and a condition on a "none"
// fact fails (check_conditions). An unset or empty USE_CUDA says nothing.
std::optional<Fact> cuda_turned_off(const Environment& env);

// Adds what facts_cuda reads to env.variables: USE_CUDA, TORCH_CUDA_ARCH_LIST, CUDAHOSTCXX,
// CMAKE_CUDA_HOST_COMPILER, CUDNN_INCLUDE_DIR, CUDNN_ROOT, CUDNN_HOME, CONDA_PREFIX and every
// CUDA_PATH_V<X>_<Y>.
void add_cuda_variables(Environment& env);

// Where the toolkit's headers are: cuda.h's folder, and its root (bin/nvcc's parent); the source
// says how it was found. nullopt when no toolkit is found.
struct CudaToolkit {
  fs::path root;
  fs::path include; // holds cuda.h and crt/host_config.h
  std::string source;
};
std::optional<CudaToolkit> find_cuda_toolkit(const Environment& env);

// "12.4" from cuda.h's `#define CUDA_VERSION 12040` in the toolkit's include folder (Debian's
// layout has no version.json); used when detect_cuda finds nothing.
std::optional<Fact> detect_cuda_from_header(const Environment& env);

// TORCH_CUDA_ARCH_LIST -> cuda_arch_min and cuda_arch_max ("3.5", "12.0"): entries split at ';'
// and blanks, "+PTX" and an arch-specific "a"/"f" dropped, "5.2(5.0)" counting both numbers, the
// names select_compute_arch.cmake knows (Kepler 3.5 … Blackwell 10.0) mapped to their lowest and
// highest number. Nothing for an unset list or one of All / Common / Auto, which CMake decides.
std::vector<std::pair<std::string, Fact>> detect_cuda_arch(const Environment& env);

// cudnn_version.h (cudnn.h before cuDNN 8) -> "9.1" from CUDNN_MAJOR / CUDNN_MINOR, looked for in
// $CUDNN_INCLUDE_DIR, $CUDNN_ROOT/include, $CUDNN_HOME/include, the toolkit's include folder,
// $CONDA_PREFIX/include (Library/include on Windows), /usr/include and its multiarch folder.
// `system_includes` are the last places looked at (the host's /usr/include and its multiarch
// folders by default; tests pass their own).
std::optional<Fact> detect_cudnn(const Environment& env,
                                 const std::vector<fs::path>& system_includes);
std::vector<fs::path> default_system_includes(const Environment& env);

// The GCC and Clang majors a toolkit's crt/host_config.h accepts on Linux, read from its
// `#if __GNUC__ > N` and `__clang_major__ >= N` lines (the first `#error` under each).
struct HostCompilerLimits {
  std::optional<int> gcc_max;   // the newest GCC major accepted
  std::optional<int> clang_max; // the newest Clang major accepted
};
HostCompilerLimits host_compiler_limits(std::string_view host_config_h);

// nvcc_host_compiler = supported | unsupported: the host compiler ($CUDAHOSTCXX, else
// $CMAKE_CUDA_HOST_COMPILER, else the `compiler` / `compiler_version` facts given) against the
// toolkit's host_config.h. nullopt when either side is unknown.
std::optional<Fact> detect_nvcc_host_compiler(const Environment& env, const Facts& compiler_facts);

// Every fact above that is found, for gather_facts.
std::vector<std::pair<std::string, Fact>> detect_cuda_facts(const Environment& env,
                                                            const Facts& so_far);

} // namespace tp::engine
