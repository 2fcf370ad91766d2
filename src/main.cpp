#include "cli/main.hpp"

int main(int argc, char** argv) {
  return tp::cli::exit_without_teardown(tp::cli::main(argc, argv));
}
