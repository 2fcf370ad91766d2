// The catalog model's own functions (catalog/catalog.hpp); loading is in loader.cpp.
#include "catalog/catalog.hpp"

#include <algorithm>
#include <iterator>

namespace tp::catalog {

std::string_view to_string(ActionKind kind) {
  switch (kind) {
  case ActionKind::replace:
    return "replace";
  case ActionKind::remove:
    return "delete";
  case ActionKind::insert_before:
    return "insert-before";
  case ActionKind::insert_after:
    return "insert-after";
  case ActionKind::rename:
    return "rename";
  case ActionKind::raise_cmake_minimum:
    return "raise-cmake-minimum";
  case ActionKind::ensure_include:
    return "ensure-include";
  }
  return "?";
}

bool MatchCount::allows(std::size_t count) const {
  switch (kind) {
  case Kind::exactly:
    return count == n;
  case Kind::any:
    return true;
  case Kind::at_least:
    return count >= n;
  }
  return false;
}

std::string MatchCount::describe() const {
  switch (kind) {
  case Kind::exactly:
    return "exactly " + std::to_string(n);
  case Kind::any:
    return "any number";
  case Kind::at_least:
    return "at least " + std::to_string(n);
  }
  return "?";
}

std::vector<std::string_view> fact_names() {
  std::vector<std::string_view> names;
  for (const FactName& f : k_facts)
    names.push_back(f.name);
  return names;
}

std::string fact_names_text() {
  std::string out;
  for (const FactName& f : k_facts)
    out += (out.empty() ? "" : ", ") + std::string(f.name);
  return out;
}

namespace {
bool is_fact(std::string_view name, FactKind kind) {
  return std::any_of(std::begin(k_facts), std::end(k_facts),
                     [&](const FactName& f) { return f.name == name && f.kind == kind; });
}
} // namespace

bool is_listed_fact(std::string_view name) {
  return is_fact(name, FactKind::listed);
}
bool is_versioned_fact(std::string_view name) {
  return is_fact(name, FactKind::versioned);
}

const Gate* Catalog::find_gate(std::string_view id) const {
  for (const auto& g : gates)
    if (g.id == id)
      return &g;
  return nullptr;
}

const Patchset* Catalog::find(std::string_view id) const {
  for (const auto& p : patchsets)
    if (p.id == id)
      return &p;
  return nullptr;
}

} // namespace tp::catalog
