#include "hostile/hostile.hpp"

#include <array>
#include <cstdio>
#include <fstream>

namespace tp::hostile {

fs::path write_catalog(const TempDir& dir, const std::map<std::string, std::string>& patchsets,
                       const std::string& name) {
  const fs::path folder = dir / name;
  e2e::write_bytes(folder / "catalog.toml", "version = \"1.0.0\"\n");
  for (const auto& [file, toml] : patchsets)
    e2e::write_bytes(folder / file, toml);
  return folder;
}

std::string regex_patchset(const std::string& id, const RegexEdit& edit) {
  return "id = \"" + id + "\"\ntitle = \"hostile " + id +
         "\"\nversions = \">=1.0\"\nwhy = \"test\"\n\n" +
         "[[edits]]\nname = \"e\"\nfiles = " + edit.files + "\nmatches = " + edit.matches +
         "\n[edits.anchor]\nkind = \"regex\"\npattern = '''" + edit.pattern +
         "'''\n[edits.action]\n" + edit.action +
         "\n[edits.applied]\nkind = \"regex\"\npattern = '''" + edit.applied + "'''\n";
}

namespace {

std::string file_hash(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  REQUIRE_MESSAGE(in.good(), "cannot read " << file.string());
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  std::vector<char> buffer(1 << 20);
  while (in) {
    in.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
    const auto n = static_cast<std::size_t>(in.gcount());
    for (std::size_t i = 0; i < n; ++i) {
      hash ^= static_cast<unsigned char>(buffer[i]);
      hash *= 0x100000001b3ULL;
    }
  }
  std::array<char, 17> hex{};
  std::snprintf(hex.data(), hex.size(), "%016llx", static_cast<unsigned long long>(hash));
  return hex.data();
}

} // namespace

TreeHashes tree_hashes(const fs::path& root) {
  TreeHashes out;
  for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator();
       ++it) {
    const std::string relative = fs::relative(it->path(), root).generic_string();
    if (it->path().filename() == ".git") {
      if (it->is_directory() && !it->is_symlink())
        it.disable_recursion_pending();
      continue;
    }
    if (it->is_symlink()) {
      out[relative] = "link -> " + fs::read_symlink(it->path()).generic_string();
    } else if (it->is_directory()) {
      out[relative] = "dir";
    } else if (it->is_regular_file()) {
      const bool executable =
          (fs::status(it->path()).permissions() & fs::perms::owner_exec) != fs::perms::none;
      out[relative] = "file " + std::to_string(fs::file_size(it->path())) + " " +
                      file_hash(it->path()) + (executable ? " x" : " -");
    } else {
      out[relative] = "other";
    }
  }
  return out;
}

std::string differences(const TreeHashes& before, const TreeHashes& after) {
  std::string out;
  for (const auto& [path, state] : before) {
    auto it = after.find(path);
    if (it == after.end())
      out += path + ": removed (was " + state + ")\n";
    else if (it->second != state)
      out += path + ": " + state + " -> " + it->second + "\n";
  }
  for (const auto& [path, state] : after)
    if (!before.count(path))
      out += path + ": added (" + state + ")\n";
  return out;
}

Output run(const fs::path& checkout, const fs::path& catalog,
           const std::vector<std::string>& args) {
  std::vector<std::string> all{"--catalog", catalog.string()};
  all.insert(all.end(), args.begin(), args.end());
  return e2e::torchpatch_in(checkout, all);
}

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

} // namespace tp::hostile
