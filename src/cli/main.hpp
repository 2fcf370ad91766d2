#pragma once

namespace tp::cli {

// The whole command line: parses arguments, runs the subcommand, prints, returns the exit code.
int main(int argc, char** argv);

} // namespace tp::cli
