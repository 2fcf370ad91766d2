#include "cli/main.hpp"

int main(int argc, char** argv) {
  return tp::cli::main(argc, argv);
}
