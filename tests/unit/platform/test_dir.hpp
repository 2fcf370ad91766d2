#pragma once
// A fresh temporary directory per test, removed afterwards unless TP_KEEP_TEST_DIRS is set.
// Use TP_TEST_DIR(name): it also registers the path with INFO so a failing check prints it.
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <string_view>
#include <system_error>

#include <doctest/doctest.h>

#include "platform/files.hpp"

namespace tp::test {

namespace fs = std::filesystem;

class TestDir {
public:
  TestDir() {
    std::random_device seed;
    std::mt19937_64 generator(seed());
    for (;;) {
      m_path = fs::temp_directory_path() / ("tp-test-" + std::to_string(generator() % 1000000000));
      if (fs::create_directory(m_path)) {
        break;
      }
    }
    m_path = fs::canonical(m_path);
  }
  ~TestDir() {
    if (std::getenv("TP_KEEP_TEST_DIRS") == nullptr) {
      std::error_code ignored;
      fs::remove_all(m_path, ignored);
    }
  }
  TestDir(const TestDir&) = delete;
  TestDir& operator=(const TestDir&) = delete;

  const fs::path& path() const { return m_path; }
  fs::path operator/(std::string_view relative) const { return m_path / relative; }

  // Writes `bytes` to `relative` (creating parent folders) without going through the code under
  // test.
  void write(std::string_view relative, std::string_view bytes) const;
  std::string read(std::string_view relative) const;

private:
  fs::path m_path;
};

} // namespace tp::test

#define TP_TEST_DIR(name)                                                                          \
  ::tp::test::TestDir name;                                                                        \
  INFO("test directory: " << name.path().string())
