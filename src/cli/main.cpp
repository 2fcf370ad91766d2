#include "cli/main.hpp"

namespace tp::cli {
int main(int, char**) { return 0; }
} // namespace tp::cli
