#include "engine/facts_cuda.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>

#include "platform/files.hpp"

#if !defined(_WIN32)
extern char** environ;
#endif

namespace tp::engine {

namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

std::optional<std::string> read_header(const fs::path& file) {
  std::error_code ec;
  // cuda.h is 1.0 MB in CUDA 12.4 and 1.1 MB in 13.0: a generous cap, not a tight one.
  if (!fs::is_regular_file(file, ec) || fs::file_size(file, ec) > 16 * 1024 * 1024)
    return std::nullopt;
  auto bytes = platform::read_file(file);
  if (!bytes)
    return std::nullopt;
  return std::move(*bytes);
}

// The integer after `#define NAME` in a header; nullopt if absent.
std::optional<long> define_value(std::string_view text, std::string_view name) {
  for (std::size_t at = text.find(name); at != std::string_view::npos;
       at = text.find(name, at + 1)) {
    std::size_t line = text.rfind('\n', at);
    std::string_view head = text.substr(line == std::string_view::npos ? 0 : line + 1,
                                        at - (line == std::string_view::npos ? 0 : line + 1));
    head.remove_prefix(std::min(head.find_first_not_of(" \t"), head.size()));
    if (head.rfind("#", 0) != 0 || head.find("define") == std::string_view::npos)
      continue;
    std::size_t v = at + name.size();
    if (v < text.size() && !(text[v] == ' ' || text[v] == '\t'))
      continue; // CUDNN_MAJOR_VERSION, not CUDNN_MAJOR
    while (v < text.size() && (text[v] == ' ' || text[v] == '\t'))
      ++v;
    std::size_t end = v;
    while (end < text.size() && is_digit(text[end]))
      ++end;
    if (end > v)
      return std::strtol(std::string(text.substr(v, end - v)).c_str(), nullptr, 10);
  }
  return std::nullopt;
}

std::optional<std::string> variable(const Environment& env, const std::string& name) {
  auto it = env.variables.find(name);
  if (it == env.variables.end() || it->second.empty())
    return std::nullopt;
  return it->second;
}

// The include folder of a toolkit root: root/include, else conda's root/targets/<triple>/include.
std::optional<fs::path> include_of(const fs::path& root) {
  std::error_code ec;
  if (fs::is_regular_file(root / "include" / "cuda.h", ec))
    return root / "include";
  for (fs::directory_iterator it(root / "targets", ec), end; !ec && it != end; it.increment(ec))
    if (fs::is_regular_file(it->path() / "include" / "cuda.h", ec))
      return it->path() / "include";
  return std::nullopt;
}

// The newest $CUDA_PATH_V<X>_<Y> (Windows' installers set one per toolkit).
std::optional<std::pair<std::string, std::string>> newest_cuda_path_v(const Environment& env) {
  std::optional<std::pair<std::string, std::string>> best;
  std::optional<catalog::Version> best_version;
  for (const auto& [name, value] : env.variables) {
    if (name.rfind("CUDA_PATH_V", 0) != 0 || value.empty())
      continue;
    std::string v = name.substr(11);
    std::replace(v.begin(), v.end(), '_', '.');
    auto parsed = catalog::parse_version(v);
    if (parsed && (!best_version || *best_version < *parsed)) {
      best_version = parsed;
      best = std::pair{name, value};
    }
  }
  return best;
}

// The numbers of one TORCH_CUDA_ARCH_LIST entry: "8.6+PTX" -> 8.6, "5.2(5.0)" -> 5.2 and 5.0,
// "9.0a" -> 9.0, "Kepler" -> 3.5, "Ampere" -> 8.0 and 8.6 (select_compute_arch.cmake's names).
std::vector<std::string> arch_numbers(std::string entry) {
  if (entry.size() > 4 && entry.substr(entry.size() - 4) == "+PTX")
    entry.resize(entry.size() - 4);
  static const std::vector<std::pair<std::string, std::vector<std::string>>> k_names = {
      {"Kepler+Tegra", {"3.2"}},  {"Kepler+Tesla", {"3.7"}},   {"Kepler", {"3.5"}},
      {"Maxwell+Tegra", {"5.3"}}, {"Maxwell", {"5.0", "5.2"}}, {"Pascal", {"6.0", "6.1"}},
      {"Volta+Tegra", {"7.2"}},   {"Volta", {"7.0"}},          {"Turing", {"7.5"}},
      {"Ampere+Tegra", {"8.7"}},  {"Ampere", {"8.0", "8.6"}},  {"Ada", {"8.9"}},
      {"Hopper", {"9.0"}},        {"Blackwell", {"10.0"}}};
  for (const auto& [name, numbers] : k_names)
    if (entry == name)
      return numbers;
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at < entry.size()) {
    std::size_t end = at;
    while (end < entry.size() && (is_digit(entry[end]) || entry[end] == '.'))
      ++end;
    std::string number = entry.substr(at, end - at);
    if (number.find('.') != std::string::npos && catalog::parse_version(number))
      out.push_back(number);
    at = end + 1;
  }
  return out;
}

} // namespace

std::vector<std::pair<std::string, Fact>> detect_cuda_arch(const Environment& env) {
  auto list = variable(env, "TORCH_CUDA_ARCH_LIST");
  if (!list)
    return {};
  std::optional<catalog::Version> low, high;
  std::string low_text, high_text;
  std::string entry;
  for (std::size_t i = 0; i <= list->size(); ++i) {
    char c = i < list->size() ? (*list)[i] : ';';
    if (c != ';' && c != ' ' && c != '\t' && c != ',') {
      entry.push_back(c);
      continue;
    }
    if (entry == "All" || entry == "Common" || entry == "Auto")
      return {}; // CMake picks the numbers
    for (const auto& n : arch_numbers(entry)) {
      auto v = catalog::parse_version(n);
      if (!low || *v < *low) {
        low = v;
        low_text = n;
      }
      if (!high || *high < *v) {
        high = v;
        high_text = n;
      }
    }
    entry.clear();
  }
  if (!low)
    return {};
  const std::string source = "TORCH_CUDA_ARCH_LIST=" + *list;
  return {{"cuda_arch_min", Fact{low_text, source}}, {"cuda_arch_max", Fact{high_text, source}}};
}

namespace {

// The number after `marker` in `line` ("__GNUC__ > 13" -> 13); nullopt if absent.
std::optional<int> number_after(std::string_view line, std::string_view marker) {
  auto at = line.find(marker);
  if (at == std::string_view::npos)
    return std::nullopt;
  std::size_t v = at + marker.size();
  while (v < line.size() && line[v] == ' ')
    ++v;
  std::size_t end = v;
  while (end < line.size() && is_digit(line[end]))
    ++end;
  if (end == v)
    return std::nullopt;
  return std::atoi(std::string(line.substr(v, end - v)).c_str());
}

} // namespace

HostCompilerLimits host_compiler_limits(std::string_view text) {
  HostCompilerLimits limits;
  bool in_clang_block = false;
  std::size_t at = 0;
  while (at < text.size()) {
    auto nl = text.find('\n', at);
    std::string_view line = text.substr(at, nl == std::string_view::npos ? text.npos : nl - at);
    at = nl == std::string_view::npos ? text.size() : nl + 1;
    line.remove_prefix(std::min(line.find_first_not_of(" \t"), line.size()));
    if (line.rfind("#if", 0) != 0 || line.rfind("#ifdef", 0) == 0 || line.rfind("#ifndef", 0) == 0)
      continue;
    // `#if __GNUC__ > 13`: GCC 14 and newer are refused.
    if (!limits.gcc_max && line.find("__clang") == std::string_view::npos)
      if (auto n = number_after(line, "__GNUC__ >");
          n && line.find("__GNUC__ >=") == std::string_view::npos)
        limits.gcc_max = *n;
    // `#if defined(__clang__) && !defined(__ibmxl_vrm__) …` then `#if (__clang_major__ >= 18) ||
    // …`: Clang 18 and newer are refused. The HORIZON and Grace blocks before it are other
    // platforms'.
    if (line.rfind("#if defined(__clang__)", 0) == 0)
      in_clang_block = true;
    if (in_clang_block && !limits.clang_max)
      if (auto n = number_after(line, "__clang_major__ >="))
        limits.clang_max = *n - 1;
  }
  return limits;
}

std::optional<Fact> detect_nvcc_host_compiler(const Environment& env, const Facts& compiler_facts) {
  auto kit = find_cuda_toolkit(env);
  if (!kit)
    return std::nullopt;
  const fs::path header = kit->include / "crt" / "host_config.h";
  auto text = read_header(header);
  if (!text)
    return std::nullopt;
  auto limits = host_compiler_limits(*text);
  // The host compiler: $CUDAHOSTCXX / $CMAKE_CUDA_HOST_COMPILER (as CMake reads them), else the
  // compiler facts (the C++ compiler, which nvcc finds on PATH as well).
  std::string family, major, where;
  for (const char* name : {"CUDAHOSTCXX", "CMAKE_CUDA_HOST_COMPILER"})
    if (auto host = variable(env, name)) {
      Environment as_cxx = env;
      as_cxx.cxx = *host;
      for (const auto& [fact, value] : detect_compiler(as_cxx))
        (fact == "compiler" ? family : major) = value.value;
      where = std::string(name) + "=" + *host;
      break;
    }
  // Debian's /usr/bin/nvcc puts /usr/lib/nvidia-cuda-toolkit/bin first on PATH, whose g++ wrapper
  // runs the newest supported g++-N it finds (g++-13 for 12.4): with GCC as the C++ compiler
  // (PyTorch passes CMAKE_CXX_COMPILER to nvcc only for Clang, cmake/public/cuda.cmake) nvcc
  // picks a host compiler it accepts.
  const fs::path debian_gxx = kit->root / "lib" / "nvidia-cuda-toolkit" / "bin" / "g++";
  std::error_code ec;
  auto c_fact = compiler_facts.find("compiler");
  if (where.empty() && c_fact != compiler_facts.end() && c_fact->second.value == "gcc" &&
      fs::is_regular_file(debian_gxx, ec))
    return Fact{"supported",
                "Debian's nvcc picks its host g++ itself: " + debian_gxx.generic_string()};
  if (where.empty()) {
    auto c = compiler_facts.find("compiler");
    auto v = compiler_facts.find("compiler_version");
    if (c != compiler_facts.end())
      family = c->second.value;
    if (v != compiler_facts.end())
      major = v->second.value;
    where = "compiler " + family + " " + major;
  }
  const std::optional<int> limit = family == "gcc"     ? limits.gcc_max
                                   : family == "clang" ? limits.clang_max
                                                       : std::nullopt;
  if (!limit || major.empty() || !is_digit(major.front()))
    return std::nullopt;
  const bool ok = std::atoi(major.c_str()) <= *limit;
  return Fact{ok ? "supported" : "unsupported", where + " against " + header.generic_string() +
                                                    " (" + family +
                                                    " <= " + std::to_string(*limit) + ")"};
}

namespace {} // namespace

void add_cuda_variables(Environment& env) {
  for (const char* name :
       {"USE_CUDA", "TORCH_CUDA_ARCH_LIST", "CUDAHOSTCXX", "CMAKE_CUDA_HOST_COMPILER",
        "CUDNN_INCLUDE_DIR", "CUDNN_ROOT", "CUDNN_HOME", "CONDA_PREFIX"})
    if (const char* value = std::getenv(name); value && *value)
      env.variables[name] = value;
#if defined(_WIN32)
  char** all = _environ;
#else
  char** all = environ;
#endif
  for (char** e = all; e && *e; ++e) {
    std::string_view entry = *e;
    auto eq = entry.find('=');
    if (entry.rfind("CUDA_PATH_V", 0) == 0 && eq != std::string_view::npos)
      env.variables[std::string(entry.substr(0, eq))] = std::string(entry.substr(eq + 1));
  }
}

std::optional<Fact> cuda_turned_off(const Environment& env) {
  auto it = env.variables.find("USE_CUDA");
  if (it == env.variables.end())
    return std::nullopt;
  std::string upper = it->second;
  for (auto& c : upper)
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (const char* off : {"0", "OFF", "NO", "FALSE", "N", "IGNORE", "NOTFOUND"})
    if (upper == off)
      return Fact{"none", "USE_CUDA=" + it->second + ": a build without CUDA"};
  return std::nullopt;
}

std::optional<CudaToolkit> find_cuda_toolkit(const Environment& env) {
  if (env.cuda_home) {
    if (auto inc = include_of(*env.cuda_home))
      return CudaToolkit{*env.cuda_home, *inc, "CUDA_HOME/CUDA_PATH: " + *env.cuda_home};
    return std::nullopt;
  }
  if (auto v = newest_cuda_path_v(env)) {
    if (auto inc = include_of(v->second))
      return CudaToolkit{v->second, *inc, v->first + ": " + v->second};
    return std::nullopt;
  }
  auto nvcc = find_on_path(env, "nvcc");
  if (!nvcc)
    return std::nullopt;
  // NVIDIA's and conda's layouts: bin/nvcc beside include/ (or targets/<triple>/include). Debian's:
  // /usr/bin/nvcc (a link, or a wrapper of /usr/lib/nvidia-cuda-toolkit/bin/nvcc) beside
  // /usr/include, so the folder nvcc was found in counts too.
  auto chain = symlink_chain(*nvcc);
  for (const fs::path& bin : {chain.back().parent_path(), nvcc->parent_path()})
    if (auto inc = include_of(bin.parent_path()))
      return CudaToolkit{bin.parent_path(), *inc, "nvcc on PATH: " + nvcc->generic_string()};
  return std::nullopt;
}

std::optional<Fact> detect_cuda_from_header(const Environment& env) {
  auto kit = find_cuda_toolkit(env);
  if (!kit)
    return std::nullopt;
  auto text = read_header(kit->include / "cuda.h");
  auto v = text ? define_value(*text, "CUDA_VERSION") : std::nullopt;
  if (!v || *v < 1000)
    return std::nullopt;
  return Fact{std::to_string(*v / 1000) + "." + std::to_string(*v % 1000 / 10),
              kit->source + ", " + (kit->include / "cuda.h").generic_string()};
}

std::vector<fs::path> default_system_includes(const Environment& env) {
  if (env.windows)
    return {};
  return {"/usr/include", "/usr/include/x86_64-linux-gnu", "/usr/include/aarch64-linux-gnu"};
}

std::optional<Fact> detect_cudnn(const Environment& env,
                                 const std::vector<fs::path>& system_includes) {
  std::vector<std::pair<fs::path, std::string>> folders;
  if (auto d = variable(env, "CUDNN_INCLUDE_DIR"))
    folders.push_back({*d, "CUDNN_INCLUDE_DIR"});
  for (const char* name : {"CUDNN_ROOT", "CUDNN_HOME"})
    if (auto d = variable(env, name))
      folders.push_back({fs::path(*d) / "include", name});
  if (auto kit = find_cuda_toolkit(env))
    folders.push_back({kit->include, kit->source});
  if (auto d = variable(env, "CONDA_PREFIX")) {
    folders.push_back({fs::path(*d) / "include", "CONDA_PREFIX"});
    folders.push_back({fs::path(*d) / "Library" / "include", "CONDA_PREFIX"});
  }
  for (const auto& folder : system_includes)
    folders.push_back({folder, "system"});
  for (const auto& [folder, where] : folders)
    for (const char* header : {"cudnn_version.h", "cudnn.h"}) {
      auto text = read_header(folder / header);
      auto major = text ? define_value(*text, "CUDNN_MAJOR") : std::nullopt;
      auto minor = text ? define_value(*text, "CUDNN_MINOR") : std::nullopt;
      if (major && minor)
        return Fact{std::to_string(*major) + "." + std::to_string(*minor),
                    where + ": " + (folder / header).generic_string()};
    }
  return std::nullopt;
}

std::vector<std::pair<std::string, Fact>> detect_cuda_facts(const Environment& env,
                                                            const Facts& so_far) {
  std::vector<std::pair<std::string, Fact>> out;
  if (auto it = so_far.find("cuda"); it != so_far.end() && it->second.value == "none") {
    // a build without CUDA: the machine's toolkit does not speak for it, nor does anything else
    for (const char* name : {"cuda_arch_min", "cuda_arch_max", "cudnn", "nvcc_host_compiler"})
      out.push_back({name, Fact{"none", "cuda is none"}});
    return out;
  }
  if (!so_far.count("cuda"))
    if (auto f = detect_cuda_from_header(env))
      out.push_back({"cuda", *f});
  for (auto& f : detect_cuda_arch(env))
    out.push_back(std::move(f));
  if (auto f = detect_cudnn(env, default_system_includes(env)))
    out.push_back({"cudnn", *f});
  if (auto f = detect_nvcc_host_compiler(env, so_far))
    out.push_back({"nvcc_host_compiler", *f});
  return out;
}

} // namespace tp::engine
