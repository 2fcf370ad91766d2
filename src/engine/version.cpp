#include "engine/version.hpp"

#include <string_view>
#include <system_error>

#include "platform/files.hpp"

namespace tp::engine {

Result<ResolvedVersion> decide_version(const VersionEvidence& evidence) {
  std::optional<catalog::Version> best;
  std::string best_tag;
  for (const auto& tag : evidence.tags) {
    if (!catalog::is_version_tag(tag))
      continue;
    auto v = catalog::parse_version(tag);
    if (v && (!best || *best < *v)) {
      best = v;
      best_tag = tag;
    }
  }
  if (best)
    return ResolvedVersion{*best, "tag " + best_tag + evidence.tag_where};

  std::optional<std::string> nearest;
  auto nearest_version_tag = [&]() -> Result<std::optional<catalog::Version>> {
    if (!evidence.nearest_tag)
      return std::optional<catalog::Version>();
    TP_TRY_ASSIGN(const std::optional<std::string> tag, evidence.nearest_tag());
    if (!tag || !catalog::is_version_tag(*tag))
      return std::optional<catalog::Version>();
    nearest = *tag;
    return catalog::parse_version(*tag);
  };
  if (evidence.version_txt) {
    std::string_view first = *evidence.version_txt;
    first = first.substr(0, first.find('\n'));
    if (auto v = catalog::parse_version(first)) {
      // Release branches keep a development value such as 2.0.0a0 in version.txt; a commit past
      // the v2.0.1 tag is 2.0.1 plus changes, not a 2.0 pre-release. When the nearest tag is on
      // the same release line, it is the more precise answer.
      if (v->is_prerelease()) {
        TP_TRY_ASSIGN(const std::optional<catalog::Version> tag, nearest_version_tag());
        if (tag && tag->release.size() >= 2 && v->release.size() >= 2 &&
            tag->release[0] == v->release[0] && tag->release[1] == v->release[1])
          return ResolvedVersion{*tag, "nearest tag " + *nearest +
                                           " (git describe; version.txt says " + v->text + ")"};
      }
      return ResolvedVersion{*v, "version.txt"};
    }
  }
  TP_TRY_ASSIGN(const std::optional<catalog::Version> tag, nearest_version_tag());
  if (tag)
    return ResolvedVersion{*tag, "nearest tag " + *nearest + " (git describe)"};
  return fail("cannot tell which PyTorch version " + evidence.subject +
              " holds: no version tag at " + (evidence.tag_where.empty() ? "it" : "HEAD") +
              ", no version.txt, no version tag in its history" + evidence.hint);
}

Result<ResolvedVersion> resolve_version(const std::optional<std::string>& override_version,
                                        const repo::Repository* repository, const fs::path& root) {
  if (override_version) {
    auto v = catalog::parse_version(*override_version);
    if (!v)
      return fail("--torch-version " + *override_version +
                  " is not a version (expected e.g. 2.0.1, v2.1.0-rc2 or 2.1.0a0)");
    return ResolvedVersion{*v, "--torch-version"};
  }
  VersionEvidence evidence;
  evidence.tag_where = " at HEAD";
  evidence.subject = platform::path_to_utf8(root);
  evidence.hint = "; pass --torch-version";
  if (repository) {
    auto tags = repository->tags_at_head();
    if (!tags)
      return with_context(tags, "reading tags");
    evidence.tags = std::move(*tags);
    evidence.nearest_tag = [repository]() -> Result<std::optional<std::string>> {
      auto tag = repository->nearest_tag("v[0-9]*");
      if (!tag)
        return with_context(tag, "describing HEAD");
      return *tag;
    };
  }
  std::error_code ec;
  if (fs::exists(root / "version.txt", ec)) {
    auto text = platform::read_file(root / "version.txt");
    if (!text)
      return with_context(text, "reading the PyTorch version");
    evidence.version_txt = std::move(*text);
  }
  return decide_version(evidence);
}

} // namespace tp::engine
