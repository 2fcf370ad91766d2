#include "platform/test_dir.hpp"

#include <fstream>
#include <iterator>

namespace tp::test {

void TestDir::write(std::string_view relative, std::string_view bytes) const {
  const fs::path target = m_path / relative;
  fs::create_directories(target.parent_path());
  std::ofstream out(target, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  REQUIRE(out.good());
}

std::string TestDir::read(std::string_view relative) const {
  std::ifstream in(m_path / relative, std::ios::binary);
  REQUIRE(in.good());
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

} // namespace tp::test
