#pragma once
// Path globs for patchset `files`: '/'-separated, `*` and `?` within one component, `**` for any
// number of components (so `**/CMakeLists.txt` also matches `CMakeLists.txt` at the root).
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace tp::catalog {

bool is_glob(std::string_view pattern);
bool glob_match(std::string_view pattern, std::string_view path);

// Patterns (globs or plain paths), each with a tag, matched at once against many paths (a
// checkout's index holds 100,000+): what each pattern's last component requires of a path's last
// component is checked first, and glob_match runs only where that passes.
class GlobSet {
public:
  void add(std::string_view pattern, std::size_t tag);
  bool empty() const { return m_patterns.empty(); }

  // Calls on_match(tag) for each pattern that matches `path`, in the order they were added.
  template <typename OnMatch> void each_match(std::string_view path, OnMatch&& on_match) const {
    const std::string_view name = last_component(path);
    for (const auto& p : m_patterns)
      if (p.may_select(name) && glob_match(p.pattern, path))
        on_match(p.tag);
  }
  bool matches_any(std::string_view path) const;

private:
  static std::string_view last_component(std::string_view path);
  struct Pattern {
    std::string pattern;
    std::size_t tag = 0;
    std::string last; // what a matching path's last component equals, or ends with
    bool whole = false;
    bool usable = false; // false: the last component says nothing (`**`, or wildcards inside)
    bool may_select(std::string_view name) const;
  };
  std::vector<Pattern> m_patterns;
};

} // namespace tp::catalog
