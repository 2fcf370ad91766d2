#include "engine/facts.hpp"

#include <algorithm>
#include <cstdlib>

#include "engine/facts_cuda.hpp"
#include "platform/files.hpp"

namespace tp::engine {

namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// The "N" or "N.M…" at the start of `s` (digits and dots, no trailing dot); empty if none.
std::string leading_version(std::string_view s) {
  std::size_t n = 0;
  while (n < s.size() && (is_digit(s[n]) || (s[n] == '.' && n > 0)))
    ++n;
  while (n > 0 && s[n - 1] == '.')
    --n;
  return std::string(s.substr(0, n));
}

// The first `parts` dot-separated parts of a version: ("12.4.1", 2) -> "12.4".
std::string first_parts(const std::string& version, int parts) {
  std::size_t at = 0;
  for (int i = 0; i < parts; ++i) {
    at = version.find('.', at);
    if (at == std::string::npos)
      return version;
    if (i + 1 < parts)
      ++at;
  }
  return version.substr(0, at);
}

std::string file_stem(const fs::path& p, bool windows) {
  std::string name = platform::path_to_utf8(p.filename());
  if (windows && name.size() > 4) {
    std::string ext = name.substr(name.size() - 4);
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (ext == ".exe")
      name.resize(name.size() - 4);
  }
  return name;
}

std::string describe_chain(const std::vector<fs::path>& chain) {
  std::string out = platform::display_path(chain.front());
  for (std::size_t i = 1; i < chain.size(); ++i)
    out += " -> " + platform::display_path(chain[i].filename());
  return out;
}

std::optional<std::string> read_small(const fs::path& file) {
  std::error_code ec;
  if (!fs::is_regular_file(file, ec) || fs::file_size(file, ec) > 64 * 1024)
    return std::nullopt;
  auto bytes = platform::read_file(file);
  if (!bytes)
    return std::nullopt;
  return std::move(*bytes);
}

// `key = value` of an ini-like file such as pyvenv.cfg.
std::optional<std::string> ini_value(std::string_view text, std::string_view key) {
  std::size_t at = 0;
  while (at < text.size()) {
    auto nl = text.find('\n', at);
    std::string_view line = text.substr(at, nl == std::string_view::npos ? text.npos : nl - at);
    at = nl == std::string_view::npos ? text.size() : nl + 1;
    auto eq = line.find('=');
    if (eq == std::string_view::npos)
      continue;
    std::string_view k = line.substr(0, eq);
    while (!k.empty() && (k.back() == ' ' || k.back() == '\t'))
      k.remove_suffix(1);
    while (!k.empty() && (k.front() == ' ' || k.front() == '\t'))
      k.remove_prefix(1);
    if (k != key)
      continue;
    std::string_view v = line.substr(eq + 1);
    while (!v.empty() && (v.front() == ' ' || v.front() == '\t'))
      v.remove_prefix(1);
    return leading_version(v);
  }
  return std::nullopt;
}

// "3.X" from a folder name "python3.X" (lib/python3.12).
std::string python_version_of_name(const std::string& stem) {
  if (stem.rfind("python", 0) != 0)
    return {};
  std::string v = leading_version(std::string_view(stem).substr(6));
  return v.find('.') != std::string::npos && stem.size() == 6 + v.size() ? v : std::string();
}

} // namespace

Environment current_environment() {
  Environment env;
#if defined(_WIN32)
  env.windows = true;
  const char separator = ';';
#else
  const char separator = ':';
#endif
  if (const char* path = std::getenv("PATH")) {
    std::string_view rest = path;
    while (true) {
      auto sep = rest.find(separator);
      auto dir = rest.substr(0, sep);
      if (!dir.empty())
        env.path.emplace_back(std::string(dir));
      if (sep == std::string_view::npos)
        break;
      rest.remove_prefix(sep + 1);
    }
  }
  if (const char* cxx = std::getenv("CXX"); cxx && *cxx)
    env.cxx = cxx;
  if (const char* pyenv = std::getenv("PYENV_VERSION"); pyenv && *pyenv)
    env.pyenv_version = pyenv;
  if (const char* cuda = std::getenv("CUDA_HOME"); cuda && *cuda)
    env.cuda_home = cuda;
  else if (const char* cuda_path = std::getenv("CUDA_PATH"); cuda_path && *cuda_path)
    env.cuda_home = cuda_path;
  env.msvc = current_msvc_variables();
  add_cuda_variables(env);
  return env;
}

std::optional<fs::path> find_on_path(const Environment& env, const std::string& name) {
  std::error_code ec;
  for (const auto& dir : env.path) {
    fs::path candidate = dir / (env.windows ? name + ".exe" : name);
    if (fs::is_regular_file(candidate, ec))
      return candidate;
  }
  return std::nullopt;
}

std::vector<fs::path> symlink_chain(const fs::path& file) {
  std::vector<fs::path> chain{file};
  std::error_code ec;
  fs::path at = file;
  for (int i = 0; i < 16 && fs::is_symlink(at, ec); ++i) {
    fs::path target = fs::read_symlink(at, ec);
    if (ec)
      break;
    at = target.is_absolute() ? target : at.parent_path() / target;
    chain.push_back(at.lexically_normal());
  }
  return chain;
}

namespace {

// pyenv's shims run whatever version pyenv selects; read the selection the way pyenv does (minus
// a .python-version in the working folder). nullopt: not a pyenv shim, "system" (`system` set),
// or a selection that names no version folder (a conda or -dev build: unknown).
std::optional<Fact> pyenv_python(const Environment& env, const fs::path& python, bool& system) {
  fs::path shims = python.parent_path();
  fs::path root = shims.parent_path();
  std::error_code ec;
  if (shims.filename() != "shims" || !fs::is_directory(root / "versions", ec))
    return std::nullopt;
  std::string selected, source;
  if (env.pyenv_version) {
    selected = *env.pyenv_version;
    source = "PYENV_VERSION=" + selected;
  } else if (auto text = read_small(root / "version")) {
    selected = text->substr(0, text->find_first_of("\r\n"));
    source = platform::display_path(root / "version");
  }
  selected = selected.substr(0, selected.find(':')); // "3.12.1:3.11.7": the first one runs python3
  system = selected.empty() || selected == "system";
  std::string v = leading_version(selected);
  if (system || v.empty() || v != selected || !fs::is_directory(root / "versions" / selected, ec))
    return std::nullopt;
  return Fact{first_parts(v, 2),
              "python3 on PATH: pyenv shim " + platform::display_path(python) + ", " + source};
}

// The version of the python3 in folder `bin`, from what its install put beside it (`where`: the
// start of the fact's source).
std::optional<Fact> python_beside(const fs::path& bin, const std::string& where) {
  std::error_code ec;
  // A virtual environment names its base interpreter's version.
  for (const fs::path& cfg : {bin.parent_path() / "pyvenv.cfg", bin / "pyvenv.cfg"})
    if (auto text = read_small(cfg)) {
      auto v = ini_value(*text, "version");
      if (!v || v->empty())
        v = ini_value(*text, "version_info");
      if (v && !v->empty())
        return Fact{first_parts(*v, 2), where + platform::display_path(cfg)};
    }
  // A prefix install: bin/python3 beside lib/python3.X (only when there is exactly one).
  std::vector<std::string> found;
  for (fs::directory_iterator it(bin.parent_path() / "lib", ec), end; !ec && it != end;
       it.increment(ec))
    if (auto v = python_version_of_name(platform::path_to_utf8(it->path().filename()));
        !v.empty() && it->is_directory(ec))
      found.push_back(v);
  if (found.size() == 1)
    return Fact{found.front(), where + platform::display_path(bin.parent_path() / "lib" /
                                                              ("python" + found.front()))};
  // Windows installs: python.exe beside python3XY.dll.
  for (fs::directory_iterator it(bin, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = platform::path_to_utf8(it->path().filename());
    if (name.size() > 11 && name.rfind("python3", 0) == 0 &&
        name.substr(name.size() - 4) == ".dll") {
      std::string digits = name.substr(7, name.size() - 11);
      if (!digits.empty() && std::all_of(digits.begin(), digits.end(), is_digit))
        return Fact{"3." + digits, where + platform::display_path(it->path())};
    }
  }
  return std::nullopt;
}

} // namespace

std::optional<Fact> detect_python(const Environment& env) {
  auto python = find_on_path(env, "python3");
  if (!python && env.windows)
    python = find_on_path(env, "python");
  if (!python)
    return std::nullopt;
  std::error_code shim_ec;
  if (python->parent_path().filename() == "shims" &&
      fs::is_directory(python->parent_path().parent_path() / "versions", shim_ec)) {
    bool system = false;
    if (auto f = pyenv_python(env, *python, system))
      return f;
    if (!system)
      return std::nullopt;
    // "system": what comes after the shims on PATH.
    Environment rest = env;
    rest.path.erase(std::remove(rest.path.begin(), rest.path.end(), python->parent_path()),
                    rest.path.end());
    return detect_python(rest);
  }
  const std::string where =
      (env.windows ? platform::path_to_utf8(python->filename()) : std::string("python3")) +
      " on PATH: ";
  auto chain = symlink_chain(*python);
  for (const auto& link : chain)
    if (auto v = python_version_of_name(file_stem(link, env.windows)); !v.empty())
      return Fact{v, where + describe_chain(chain)};
  return python_beside(python->parent_path(), where);
}

std::optional<Fact> detect_cmake(const Environment& env) {
  auto cmake = find_on_path(env, "cmake");
  if (!cmake)
    return std::nullopt;
  auto chain = symlink_chain(*cmake);
  std::error_code ec;
  fs::path share = chain.back().parent_path().parent_path() / "share";
  std::optional<catalog::Version> best;
  std::string best_text;
  for (fs::directory_iterator it(share, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = platform::path_to_utf8(it->path().filename());
    if (name.rfind("cmake-", 0) != 0)
      continue;
    std::string v = leading_version(std::string_view(name).substr(6));
    auto parsed = catalog::parse_version(v);
    if (!v.empty() && v.size() == name.size() - 6 && parsed && (!best || *best < *parsed)) {
      best = parsed;
      best_text = v;
    }
  }
  if (!best)
    return std::nullopt;
  return Fact{best_text, "cmake on PATH: " + describe_chain(chain) + ", beside " +
                             platform::display_path(share / ("cmake-" + best_text))};
}

namespace {

// The compiler of "ccache g++-15" or "/usr/bin/clang++ -stdlib=libc++": the first word that is no
// launcher; empty when there is none.
std::string compiler_word(std::string_view cxx) {
  std::string_view rest = cxx;
  while (!rest.empty()) {
    auto space = rest.find(' ');
    std::string w(rest.substr(0, space));
    rest = space == std::string_view::npos ? std::string_view() : rest.substr(space + 1);
    if (w.empty())
      continue;
    std::string base = platform::path_to_utf8(platform::path_from_utf8(w).filename());
    if (base == "ccache" || base == "sccache" || base == "distcc")
      continue;
    return w;
  }
  return "";
}

// The compiler that CXX names (else c++ on PATH), and the start of the fact's source.
std::optional<std::pair<fs::path, std::string>> find_compiler(const Environment& env) {
  if (!env.cxx) {
    auto compiler = find_on_path(env, "c++");
    return compiler ? std::optional(std::pair{*compiler, std::string("c++ on PATH: ")})
                    : std::nullopt;
  }
  const std::string word = compiler_word(*env.cxx);
  if (word.empty())
    return std::nullopt;
  fs::path p(word);
  auto compiler = p.has_parent_path() ? std::optional<fs::path>(p) : find_on_path(env, word);
  if (!compiler)
    return std::nullopt;
  return std::pair{*compiler, "CXX=" + *env.cxx + ": "};
}

struct CompilerName {
  std::string family;  // clang or gcc
  std::string version; // empty when the name carries none
};

// What a file name says of the compiler it is: clang++-15 is clang 15, g++ gcc; nullopt for a
// name of no compiler (clang-format-15, gcc-ar-12).
std::optional<CompilerName> compiler_of_name(const std::string& name) {
  for (auto [marker, family] :
       {std::pair{"clang++", "clang"}, {"clang", "clang"}, {"g++", "gcc"}, {"gcc", "gcc"}}) {
    auto at = name.rfind(marker);
    if (at == std::string::npos || (at > 0 && name[at - 1] != '-'))
      continue;
    std::string_view tail = std::string_view(name).substr(at + std::string_view(marker).size());
    std::string version;
    if (!tail.empty() && tail.front() == '-') {
      version = leading_version(tail.substr(1));
      if (version.size() + 1 != tail.size())
        continue; // clang-format-15, gcc-ar-12: not a compiler
    } else if (!tail.empty()) {
      continue;
    }
    return CompilerName{family, version};
  }
  return std::nullopt;
}

} // namespace

std::vector<std::pair<std::string, Fact>> detect_compiler(const Environment& env) {
  const auto found = find_compiler(env);
  std::error_code ec;
  if (!found || !fs::exists(found->first, ec))
    return {};
  // The family from the first name that tells it (c++ -> g++ -> g++-15 says gcc at g++), the
  // version from the first name that carries one.
  auto chain = symlink_chain(found->first);
  const std::string source = found->second + describe_chain(chain);
  std::vector<std::pair<std::string, Fact>> out;
  for (const auto& link : chain) {
    auto named = compiler_of_name(file_stem(link, env.windows));
    if (!named)
      continue;
    if (out.empty())
      out.push_back({"compiler", Fact{named->family, source}});
    else if (out.front().second.value != named->family)
      continue; // a chain that changes family is not to be trusted for a version
    if (!named->version.empty()) {
      out.push_back({"compiler_version", Fact{first_parts(named->version, 1), source}});
      return out;
    }
  }
  return out;
}

std::optional<Fact> detect_cuda(const Environment& env) {
  fs::path root;
  std::string where;
  if (env.cuda_home) {
    root = *env.cuda_home;
    where = "CUDA_HOME/CUDA_PATH: ";
  } else if (auto nvcc = find_on_path(env, "nvcc")) {
    root = symlink_chain(*nvcc).back().parent_path().parent_path();
    where = "nvcc on PATH: ";
  } else {
    return std::nullopt;
  }
  if (auto json = read_small(root / "version.json")) {
    // {"cuda" : {"name" : "CUDA SDK", "version" : "12.4.1"}, …}: the version inside "cuda".
    auto cuda = json->find("\"cuda\"");
    auto key = cuda == std::string::npos ? cuda : json->find("\"version\"", cuda);
    auto quote = key == std::string::npos ? key : json->find('"', json->find(':', key + 9) + 1);
    if (quote != std::string::npos) {
      std::string v = leading_version(std::string_view(*json).substr(quote + 1));
      if (!v.empty())
        return Fact{first_parts(v, 2), where + platform::display_path(root / "version.json")};
    }
  }
  if (auto txt = read_small(root / "version.txt")) {
    auto at = txt->find("CUDA Version ");
    if (at != std::string::npos) {
      std::string v = leading_version(std::string_view(*txt).substr(at + 13));
      if (!v.empty())
        return Fact{first_parts(v, 2), where + platform::display_path(root / "version.txt")};
    }
  }
  return std::nullopt;
}

std::map<std::string, std::string> host_facts() {
#if defined(_WIN32)
  return {{"platform", "windows"}};
#elif defined(__APPLE__)
  return {{"platform", "macos"}};
#else
  return {{"platform", "linux"}};
#endif
}

Facts gather_facts(const Environment& env, const std::vector<std::string>& overrides) {
  Facts facts;
  for (const auto& [name, value] : host_facts())
    facts[name] = {value, "host"};
  if (auto f = detect_python(env))
    facts["python"] = *f;
  if (auto f = detect_cmake(env))
    facts["cmake"] = *f;
  for (auto& [name, fact] : detect_compiler(env))
    facts[name] = fact;
  if (auto off = cuda_turned_off(env))
    facts["cuda"] = *off;
  else if (auto f = detect_cuda(env))
    facts["cuda"] = *f;
  for (auto& [name, fact] : detect_msvc(env))
    facts[name] = fact;
  for (const auto& o : overrides) {
    auto eq = o.find('=');
    if (eq != std::string::npos)
      facts[o.substr(0, eq)] = {o.substr(eq + 1), "--fact"};
  }
  // CUDA facts (facts_cuda.hpp) after the overrides: one given with --fact stays as given, and
  // nvcc_host_compiler judges the compiler facts as overridden.
  for (auto& [name, fact] : detect_cuda_facts(env, facts))
    facts.try_emplace(name, std::move(fact));
  return facts;
}

std::map<std::string, std::string> values_of(const Facts& facts) {
  std::map<std::string, std::string> out;
  for (const auto& [name, fact] : facts)
    out[name] = fact.value;
  return out;
}

std::vector<ConditionCheck> check_conditions(const catalog::Conditions& conditions,
                                             const std::map<std::string, std::string>& facts) {
  std::vector<ConditionCheck> out;
  for (const auto& [name, condition] : conditions) {
    ConditionCheck check;
    check.fact = name;
    if (condition.versions) {
      check.expected = condition.versions->text;
    } else {
      check.expected = "one of";
      for (std::size_t i = 0; i < condition.values.size(); ++i)
        check.expected += (i ? ", " : " ") + condition.values[i];
    }
    auto it = facts.find(name);
    if (it == facts.end() || it->second.empty()) {
      out.push_back(std::move(check));
      continue;
    }
    check.value = it->second;
    if (condition.versions && it->second == "none") {
      check.verdict = Verdict::fails; // absent (cuda_turned_off): no version range holds
    } else if (condition.versions) {
      auto v = catalog::parse_version(it->second);
      check.verdict = !v                                 ? Verdict::unknown
                      : condition.versions->contains(*v) ? Verdict::holds
                                                         : Verdict::fails;
    } else {
      check.verdict = std::find(condition.values.begin(), condition.values.end(), it->second) !=
                              condition.values.end()
                          ? Verdict::holds
                          : Verdict::fails;
    }
    out.push_back(std::move(check));
  }
  return out;
}

} // namespace tp::engine
