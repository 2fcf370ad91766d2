#pragma once
// git for unit tests that build small repositories: a fixed identity and branch name, local
// submodule URLs allowed, no dependence on the user's global configuration. A failing command
// fails the test (REQUIRE), with the command line in the message.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include <doctest/doctest.h>

namespace tp::test {

inline std::string git_command(const std::filesystem::path& dir, const std::string& args) {
  return "git -C '" + dir.string() +
         "' -c user.name=t -c user.email=t@example.com -c protocol.file.allow=always "
         "-c init.defaultBranch=main -c advice.detachedHead=false -c core.autocrlf=false " +
         args;
}

// Runs `git args` in `dir`; its output is discarded.
inline void git(const std::filesystem::path& dir, const std::string& args) {
  const std::string command = git_command(dir, args) + " >/dev/null 2>&1";
  INFO(command);
  REQUIRE(std::system(command.c_str()) == 0);
}

// Runs `git args` in `dir` and returns what it printed on stdout.
inline std::string git_output(const std::filesystem::path& dir, const std::string& args) {
  const std::string command = git_command(dir, args) + " 2>/dev/null";
  INFO(command);
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  char buffer[4096];
  std::size_t n = 0;
  while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0)
    out.append(buffer, n);
  REQUIRE(pclose(pipe) == 0);
  return out;
}

} // namespace tp::test
