#include "e2e/checkout.hpp"

#include <array>
#include <cstdio>
#include <exception>
#include <fstream>
#include <iostream>
#include <iterator>
#include <random>
#include <sstream>

#include "cli/context.hpp"
#include "cli/main.hpp"

#ifdef _WIN32
#define popen _popen
#define pclose _pclose
#else
#include <sys/wait.h>
#endif

namespace tp::e2e {

TempDir::TempDir() {
  std::random_device seed;
  std::mt19937_64 generator(seed());
  for (;;) {
    m_path = fs::temp_directory_path() / ("tp-e2e-" + std::to_string(generator() % 1000000000));
    if (fs::create_directory(m_path))
      break;
  }
  m_path = fs::canonical(m_path);
}

TempDir::~TempDir() {
  // An exception on its way out (a failed REQUIRE) is reported to doctest only after this runs.
  if (current_test_failed() || std::uncaught_exceptions() > 0) {
    std::cerr << "e2e: kept the test directory " << m_path.string() << "\n";
    return;
  }
  std::error_code ignored;
  // Files the tests made read-only (or git's pack files) must not stop the removal.
  for (auto it = fs::recursive_directory_iterator(m_path, ignored);
       it != fs::recursive_directory_iterator(); it.increment(ignored))
    fs::permissions(it->path(), fs::perms::owner_all, fs::perm_options::add, ignored);
  fs::remove_all(m_path, ignored);
}

fs::path source_dir() {
  return fs::path(TP_SOURCE_DIR);
}
fs::path binary_path() {
  return fs::path(TP_BINARY);
}

fs::path make_checkout(const TempDir& dir, std::string_view fixture, std::string_view name) {
  const fs::path dest = dir / name;
  const Output made =
      shell("bash " + quote((source_dir() / "scripts/make_checkout.sh").string()) + " " +
            quote((source_dir() / "fixtures" / fixture).string()) + " " + quote(dest.string()));
  INFO("make_checkout.sh " << fixture << " said: " << made.out << made.err);
  REQUIRE(made.code == 0);
  return dest;
}

Output torchpatch(const std::vector<std::string>& args) {
  std::vector<std::string> words{"torchpatch", "--color", "never"};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& w : words)
    argv.push_back(w.data());
  argv.push_back(nullptr);

  std::ostringstream out, err;
  std::streambuf* old_out = std::cout.rdbuf(out.rdbuf());
  std::streambuf* old_err = std::cerr.rdbuf(err.rdbuf());
  Output result;
  result.code = tp::cli::main(static_cast<int>(words.size()), argv.data());
  tp::cli::release_parked(); // what the executable leaves to the end of the process
  std::cout.rdbuf(old_out);
  std::cerr.rdbuf(old_err);
  result.out = out.str();
  result.err = err.str();
  return result;
}

Output torchpatch_in(const fs::path& dir, const std::vector<std::string>& args) {
  std::vector<std::string> all{"-C", dir.string()};
  all.insert(all.end(), args.begin(), args.end());
  return torchpatch(all);
}

std::string quote(std::string_view word) {
  std::string out = "'";
  for (char c : word) {
    if (c == '\'')
      out += "'\\''";
    else
      out += c;
  }
  return out + "'";
}

std::string git() {
  return "git -c user.name=torchpatch-e2e -c user.email=e2e@torchpatch.invalid -c "
         "core.autocrlf=false "
         "-c init.defaultBranch=main -c protocol.file.allow=always -c commit.gpgsign=false "
         "-c tag.gpgsign=false -c advice.detachedHead=false";
}

Output shell(const std::string& command, const fs::path& cwd) {
  // stderr goes to a file beside nothing the test looks at; popen only captures stdout.
  static std::mt19937_64 generator(std::random_device{}());
  const fs::path err_file =
      fs::temp_directory_path() / ("tp-e2e-stderr-" + std::to_string(generator()));
  std::string full = "{ " + command + "\n} 2>" + quote(err_file.string());
  if (!cwd.empty())
    full = "cd " + quote(cwd.string()) + " && " + full;
  Output result;
  std::fflush(nullptr);
  FILE* pipe = popen(full.c_str(), "r");
  REQUIRE_MESSAGE(pipe != nullptr, "cannot run: " << command);
  std::array<char, 4096> buffer{};
  std::size_t n = 0;
  while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0)
    result.out.append(buffer.data(), n);
  const int status = pclose(pipe);
#ifdef _WIN32
  result.code = status;
#else
  result.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
#endif
  std::error_code ec;
  if (fs::exists(err_file, ec)) {
    result.err = read_bytes(err_file);
    fs::remove(err_file, ec);
  }
  return result;
}

std::string git_ok(const fs::path& dir, const std::string& arguments) {
  const Output r = shell(git() + " -C " + quote(dir.string()) + " " + arguments);
  INFO("git " << arguments << " in " << dir.string() << " said: " << r.out << r.err);
  REQUIRE(r.code == 0);
  return r.out;
}

std::string git_status_all(const fs::path& checkout) {
  return git_ok(checkout, "status --porcelain") +
         git_ok(checkout, "submodule foreach --recursive 'git status --porcelain'");
}

void commit_and_retag(const fs::path& checkout, std::string_view fixture,
                      const std::string& message) {
  git_ok(checkout, "add -A");
  git_ok(checkout, "commit -q -m " + quote(message));
  git_ok(checkout, "tag -f -a " + quote(fixture) + " -m " + quote(fixture));
  git_ok(checkout, "tag -f ciflow/trunk/12345");
}

Snapshot snapshot(const fs::path& root) {
  Snapshot files;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator();
       ++it) {
    if (it->path().filename() == ".git") {
      if (it->is_directory())
        it.disable_recursion_pending();
      continue;
    }
    if (!it->is_regular_file())
      continue;
    FileState state;
    state.bytes = read_bytes(it->path());
    state.executable =
        (fs::status(it->path()).permissions() & fs::perms::owner_exec) != fs::perms::none;
    files[fs::relative(it->path(), root).generic_string()] = std::move(state);
  }
  return files;
}

std::set<std::string> changed_paths(const Snapshot& before, const Snapshot& after) {
  std::set<std::string> changed;
  for (const auto& [path, state] : before) {
    auto it = after.find(path);
    if (it == after.end() || !(it->second == state))
      changed.insert(path);
  }
  for (const auto& [path, state] : after)
    if (!before.count(path))
      changed.insert(path);
  return changed;
}

std::string describe_changes(const Snapshot& before, const Snapshot& after) {
  std::string out;
  for (const auto& path : changed_paths(before, after)) {
    auto b = before.find(path);
    auto a = after.find(path);
    out += path;
    if (b == before.end())
      out += " (added)";
    else if (a == after.end())
      out += " (removed)";
    else if (b->second.executable != a->second.executable)
      out += " (mode changed)";
    else
      out += " (bytes changed)";
    out += "\n";
  }
  return out;
}

std::string read_bytes(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  REQUIRE_MESSAGE(in.good(), "cannot read " << file.string());
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void write_bytes(const fs::path& file, std::string_view bytes) {
  fs::create_directories(file.parent_path());
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  REQUIRE_MESSAGE(out.good(), "cannot write " << file.string());
}

std::set<std::string> paths_of_diff(std::string_view diff) {
  std::set<std::string> paths;
  std::size_t pos = 0;
  while (pos < diff.size()) {
    std::size_t end = diff.find('\n', pos);
    if (end == std::string_view::npos)
      end = diff.size();
    std::string_view line = diff.substr(pos, end - pos);
    if (line.starts_with("+++ b/"))
      paths.insert(std::string(line.substr(6)));
    pos = end + 1;
  }
  return paths;
}

std::string join(const std::set<std::string>& items) {
  std::string out;
  for (const auto& i : items)
    out += (out.empty() ? "" : " ") + i;
  return out;
}

std::map<std::string, std::string> outcomes_of_text(std::string_view text) {
  std::map<std::string, std::string> outcomes;
  std::istringstream in{std::string(text)};
  std::string line;
  bool in_summary = false;
  while (std::getline(in, line)) {
    if (line.starts_with("PyTorch ")) {
      in_summary = true;
      continue;
    }
    if (!in_summary || line.empty() || line[0] == ' ')
      continue;
    // Only patchset lines: they start with an outcome ("nothing to change" does not).
    static const std::set<std::string> k_outcomes{
        "will-apply", "already-applied", "upstream-fixed", "not-applicable", "anchor-missing",
        "ambiguous",  "parse-degraded",  "overlap",        "file-missing",   "submodule-absent"};
    std::istringstream words(line);
    std::string outcome, id;
    if (words >> outcome >> id && k_outcomes.count(outcome))
      outcomes[id] = outcome;
  }
  return outcomes;
}

Output python_on_json(const TempDir& dir, std::string_view program, std::string_view json) {
  static int counter = 0;
  const fs::path file = dir / ("output-" + std::to_string(++counter) + ".json");
  write_bytes(file, json);
  return shell("python3 -c " + quote(program) + " " + quote(file.string()));
}

std::map<std::string, std::string> outcomes_of_json(const TempDir& dir, std::string_view json) {
  const Output r = python_on_json(dir,
                                  "import json, sys\n"
                                  "doc = json.load(open(sys.argv[1]))\n"
                                  "for p in doc['patchsets']:\n"
                                  "    print(p['id'], p['outcome'])\n",
                                  json);
  INFO("python3 said: " << r.err << "\non: " << json);
  REQUIRE(r.code == 0);
  std::map<std::string, std::string> outcomes;
  std::istringstream in(r.out);
  std::string id, outcome;
  while (in >> id >> outcome)
    outcomes[id] = outcome;
  return outcomes;
}

std::map<std::string, std::string> expected_outcomes(std::string_view fixture) {
  // fixtures/README.md, "Expected outcome of every patchset".
  const std::string w = "will-apply", na = "not-applicable", uf = "upstream-fixed";
  std::map<std::string, std::array<std::string, 5>> table{
      {"v1.12.1", {w, w, w, na, na}},
      {"v1.13.1", {w, w, w, w, w}},
      {"v2.0.1", {w, w, w, w, w}},
      {"v2.6.0", {w, w, uf, w, w}},
  };
  const std::array<std::string, 5> ids{
      "setuptools-msvccompiler", "cmake-minimum-3-5", "flatbuffers-span-const-count",
      "static-runtime-anon-namespace-torch-api", "functorch-builtin-clz"};
  auto row = table.find(std::string(fixture));
  REQUIRE(row != table.end());
  std::map<std::string, std::string> expected;
  for (std::size_t i = 0; i < ids.size(); ++i)
    expected[ids[i]] = row->second[i];
  // Catalog 2.0's build-system and Python patchsets (fixtures/README.md, "Catalog 2.0: build system
  // and Python"): 2.6.0 carries upstream's cpp_extension.py and tensor_numpy.cpp fixes.
  const std::array<std::string, 4> build_ids{
      "fbgemm-werror-maybe-uninitialized", "findblas-check-function-exists", "numpy2-descr-elsize",
      "setuptools-pkg-resources-packaging"};
  const bool fixed_upstream = fixture == "v2.6.0";
  for (const auto& id : build_ids)
    expected[id] = fixed_upstream && (id == build_ids[2] || id == build_ids[3]) ? uf : w;
  // Catalog 2.3 (the whole-build sweep): FBGEMM's Clang warnings, in the same CMakeLists.txt.
  expected["fbgemm-werror-clang"] = w;
  // The compiler patchsets of catalog 2.0 (fixtures/README.md, "Compiler patchsets").
  const std::array<std::string, 8> compiler_ids{
      "torch-missing-std-includes",    "gloo-types-cstdint",
      "tensorpipe-common-cstdint",     "fbgemm-utilsavx2-cstdint",
      "kineto-samplelistener-cstdint", "libnop-template-arg-list",
      "gloo-ethtool-flexible-array",   "c10d-gloo-store-default-timeout"};
  const std::map<std::string, std::array<std::string, 8>> compiler{
      {"v1.12.1", {w, w, w, w, w, w, w, na}},
      {"v1.13.1", {w, w, w, w, w, w, w, na}},
      {"v2.0.1", {w, w, w, w, w, w, uf, w}},
      {"v2.6.0", {uf, w, w, uf, uf, w, uf, uf}},
  };
  for (std::size_t i = 0; i < compiler_ids.size(); ++i)
    expected[compiler_ids[i]] = compiler.at(std::string(fixture))[i];
  // The Windows patchsets of issue #23 (fixtures/README.md, "Windows patchsets").
  const std::array<std::string, 9> windows_ids{
      "cpp-extension-msvccompiler",        "cmake-py-vs-generators",
      "sleef-msvc-1951-builtin-math",      "msvc-stl-jit-logging-chrono",
      "findlapack-check-function-exists",  "vec-base-size-t-msvc-ice",
      "parallel-lazy-init-no-torch-api",   "tensorexpr-bounds-overlap-windows-true-false",
      "caffe2-missing-prototypes-not-msvc"};
  const std::map<std::string, std::array<std::string, 9>> windows{
      {"v1.12.1", {w, w, w, w, w, na, w, w, na}},
      {"v1.13.1", {w, w, w, w, w, w, w, na, na}},
      {"v2.0.1", {w, w, w, w, w, w, na, na, na}},
      {"v2.6.0", {w, w, w, uf, uf, na, na, na, na}},
  };
  for (std::size_t i = 0; i < windows_ids.size(); ++i)
    expected[windows_ids[i]] = windows.at(std::string(fixture))[i];
  // The CUDA patchsets of catalog 2.1 (fixtures/README.md, "CUDA patchsets"): upstream's in 2.6.
  for (const char* id :
       {"select-compute-arch-cuda12-drop-3-5", "select-compute-arch-names", "thrust-swap-include"})
    expected[id] = fixture == "v2.6.0" ? na : w;
  // Catalog 2.5 (fixtures/README.md, "what the whole-build sweep found"): gloo #330 from 2.0 on,
  // oneDNN Graph's pbuilder.cpp only up to 1.13.
  const bool before_2_0 = fixture == "v1.12.1" || fixture == "v1.13.1";
  expected["gloo-tcp-device-array"] = before_2_0 ? w : uf;
  expected["onednn-graph-pbuilder-std-move"] = before_2_0 ? w : na;
  // Catalog 2.6: upstream's bb0b283e, the forced -Werror on mkldnn/Pooling.cpp up to 2.0.
  expected["mkldnn-pooling-no-forced-werror"] = fixture == "v2.6.0" ? na : w;
  // Catalog 2.7: what the sweep of the real 1.12.1 tree found, fixed upstream in 1.13.
  for (const char* id :
       {"c10-macros-cstdint", "asmjit-noncopyable-template-id",
        "asmjit-clang14-bitwise-instead-of-logical", "asmjit-emitterutils-unused-current-size"})
    expected[id] = fixture == "v1.12.1" ? w : na;
  // Catalog 2.8: ThreadLocalDebugInfo.h's <cstdint> from 2.0 on (the sweep of 2.1.0), upstream's in
  // 2.6.
  expected["c10-thread-local-debug-info-cstdint"] =
      fixture == "v2.0.1" ? w : (fixture == "v2.6.0" ? uf : na);
  // Catalog 2.10: strong_type.h's std::is_arithmetic (libc++, 1.13 - 2.7), boxing.h's
  // has_ivalue_to (nvcc, up to 2.3), llvm_codegen.h's member TORCH_API (Windows, from 1.13).
  expected["strong-type-std-is-arithmetic"] = fixture == "v1.12.1" ? na : w;
  expected["boxing-has-ivalue-to-nvcc"] = fixture == "v2.6.0" ? na : w;
  expected["tensorexpr-llvm-codegen-member-torch-api"] = fixture == "v1.12.1" ? na : w;
  // Catalog 2.11: FBGEMM's PackMatrix::isA for clang-cl only; these runs give no --fact.
  expected["fbgemm-packmatrix-isa-clang-cl"] = na;
  // Catalog 2.12: test/run_test.py's pkg_resources (2.1 on; the v2.0.1 fixture is outside).
  expected["run-test-pkg-resources"] = fixture == "v2.6.0" ? w : na;
  // Catalog 2.12: oneDNN Graph's forced -Werror (up to 2.0; 2.6 has oneDNN v3, outside).
  expected["onednn-graph-no-forced-werror"] = fixture == "v2.6.0" ? na : w;
  // Catalog 2.13: -Werror=format's -Wnonnull (GCC 16) in the top-level CMakeLists.txt, 1.12 - 2.6.
  expected["werror-format-nonnull"] = w;
  return expected;
}

std::string shipped_catalog_version() {
  std::istringstream in(read_bytes(source_dir() / "patchsets/catalog.toml"));
  std::string line;
  while (std::getline(in, line))
    if (line.starts_with("version = \"")) {
      const std::size_t begin = line.find('"') + 1;
      return line.substr(begin, line.find('"', begin) - begin);
    }
  FAIL("patchsets/catalog.toml has no version line");
  return {};
}

std::set<std::string> expected_changed_files(std::string_view fixture) {
  // cmake-minimum-3-5 in every fixture: protobuf, FP16 and clog, googletest up to 2.0 (1.15 at 2.6
  // asks for 3.13), oneDNN (nested under oneDNN Graph up to 2.0, at ideep/mkl-dnn at 2.6); the
  // top-level 3.13 stays. setuptools-msvccompiler everywhere.
  std::set<std::string> files{
      "third_party/FP16/CMakeLists.txt", "third_party/cpuinfo/deps/clog/CMakeLists.txt",
      "third_party/protobuf/cmake/CMakeLists.txt", "tools/build_pytorch_libs.py"};
  const std::string googletest = "third_party/googletest/googletest/CMakeLists.txt";
  const std::string onednn = "third_party/ideep/mkl-dnn/third_party/oneDNN/CMakeLists.txt";
  const std::string flatbuffers = "third_party/flatbuffers/include/flatbuffers/stl_emulation.h";
  const std::string native_ops = "torch/csrc/jit/runtime/static/native_ops.cpp";
  const std::string arena = "functorch/csrc/dim/arena.h";
  if (fixture == "v1.12.1") {
    files.insert({googletest, flatbuffers});
  } else if (fixture == "v1.13.1") {
    files.insert({googletest, onednn, flatbuffers, native_ops, arena});
  } else if (fixture == "v2.0.1") {
    // The flatbuffers submodule's own CMakeLists.txt too; ProbeCompiler.cmake stays.
    files.insert({googletest, onednn, flatbuffers, "third_party/flatbuffers/CMakeLists.txt",
                  native_ops, arena});
  } else if (fixture == "v2.6.0") {
    files.insert({"third_party/ideep/mkl-dnn/CMakeLists.txt", native_ops, arena});
  } else {
    FAIL("no expectations for fixture " << fixture);
  }
  // Catalog 2.0's build-system and Python patchsets.
  files.insert({"third_party/fbgemm/CMakeLists.txt", "cmake/Modules/FindBLAS.cmake"});
  if (fixture != "v2.6.0")
    files.insert({"torch/utils/cpp_extension.py", "torch/csrc/utils/tensor_numpy.cpp"});
  // The compiler patchsets of catalog 2.0: the headers that get an include everywhere but in 2.6.0,
  // where upstream has them (gloo's types.h, tensorpipe and libnop are still unfixed there).
  const std::set<std::string> gloo_tensorpipe_libnop{
      "third_party/gloo/gloo/types.h", "third_party/tensorpipe/tensorpipe/common/allocator.h",
      "third_party/tensorpipe/tensorpipe/common/memory.h",
      "third_party/tensorpipe/third_party/libnop/include/nop/types/variant.h"};
  files.insert(gloo_tensorpipe_libnop.begin(), gloo_tensorpipe_libnop.end());
  if (fixture != "v2.6.0")
    files.insert({"torch/csrc/jit/passes/quantization/quantization_type.h",
                  "caffe2/utils/string_utils.cc", "c10/util/Registry.h",
                  "torch/csrc/jit/runtime/logging.cpp", "torch/csrc/lazy/core/multi_wait.cpp",
                  "third_party/fbgemm/include/fbgemm/UtilsAvx2.h",
                  "third_party/kineto/libkineto/src/SampleListener.h"});
  if (fixture == "v1.12.1" || fixture == "v1.13.1")
    files.insert({"third_party/gloo/gloo/common/linux.cc",
                  // catalog 2.5: gloo #330's <array>, oneDNN Graph's std::move
                  "third_party/gloo/gloo/transport/tcp/device.h",
                  "third_party/gloo/gloo/transport/ibverbs/pair.h",
                  "third_party/ideep/mkl-dnn/src/utils/pm/pbuilder.cpp"});
  if (fixture == "v2.0.1")
    files.insert({"torch/csrc/distributed/c10d/ProcessGroupGloo.hpp",
                  // catalog 2.8
                  "c10/util/ThreadLocalDebugInfo.h"});
  // catalog 2.6: the forced -Werror on mkldnn/Pooling.cpp goes (up to 2.0)
  if (fixture != "v2.6.0")
    files.insert("caffe2/CMakeLists.txt");
  // The Windows patchsets of issue #23.
  files.insert({"torch/utils/cpp_extension.py", "tools/setup_helpers/cmake.py",
                "third_party/sleef/Configure.cmake"});
  if (fixture != "v2.6.0")
    files.insert({"torch/csrc/jit/runtime/logging.h", "cmake/Modules/FindLAPACK.cmake"});
  if (fixture == "v1.13.1" || fixture == "v2.0.1")
    files.insert("aten/src/ATen/cpu/vec/vec_base.h");
  if (fixture == "v1.12.1" || fixture == "v1.13.1")
    files.insert("aten/src/ATen/Parallel.h");
  if (fixture == "v1.12.1")
    files.insert("torch/csrc/jit/tensorexpr/bounds_overlap.h");
  // Catalog 2.7, 1.12 only: c10/macros/Macros.h; asmjit 8b35b4c: api-config.h, emitterutils.cpp
  // and six class templates.
  if (fixture == "v1.12.1") {
    const std::string asmjit = "third_party/fbgemm/third_party/asmjit/src/asmjit/core/";
    files.insert("c10/macros/Macros.h");
    for (const char* header : {"api-config.h", "emitterutils.cpp", "radefs_p.h", "string.h",
                               "zone.h", "zonehash.h", "zonestack.h", "zonevector.h"})
      files.insert(asmjit + header);
  }
  // The CUDA patchsets of catalog 2.1, up to 2.1 (2.6.0: not-applicable).
  if (fixture != "v2.6.0")
    files.insert({"cmake/Modules_CUDA_fix/upstream/FindCUDA/select_compute_arch.cmake",
                  "aten/src/ATen/native/cuda/LinearAlgebra.cu"});
  // Catalog 2.10: strong_type.h and llvm_codegen.h from 1.13 on, boxing.h up to 2.3.
  if (fixture != "v1.12.1")
    files.insert({"c10/util/strong_type.h", "torch/csrc/jit/tensorexpr/llvm_codegen.h"});
  if (fixture != "v2.6.0")
    files.insert("aten/src/ATen/core/boxing/impl/boxing.h");
  // Catalog 2.12: test/run_test.py from 2.1 on.
  if (fixture == "v2.6.0")
    files.insert("test/run_test.py");
  else
    files.insert("third_party/ideep/mkl-dnn/cmake/platform.cmake");
  // Catalog 2.13: the top-level CMakeLists.txt everywhere (werror-format-nonnull; the top-level
  // cmake_minimum_required stays).
  files.insert("CMakeLists.txt");
  return files;
}

void replace_once(const fs::path& file, std::string_view from, std::string_view to) {
  std::string bytes = read_bytes(file);
  const auto at = bytes.find(from);
  INFO("replacing '" << from << "' in " << file.string());
  REQUIRE(at != std::string::npos);
  REQUIRE(bytes.find(from, at + 1) == std::string::npos);
  bytes.replace(at, from.size(), to);
  write_bytes(file, bytes);
}

} // namespace tp::e2e
