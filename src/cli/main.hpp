#pragma once

namespace tp::cli {

// The whole command line: parses arguments, runs the subcommand, prints, returns the exit code.
int main(int argc, char** argv);

// Ends the process with `code` once main() has returned, without the teardown that would only
// free memory: what commands parked (context.hpp, park_until_exit) is never destroyed, and
// std::_Exit skips the static destructors too, after stdout and stderr are flushed. Freeing a
// run's catalog, parse trees and git index costs milliseconds the user waits for. Sanitizer
// builds release everything and return normally, so that leak checks still see every object.
// For the executable's main only: the in-process test driver calls release_parked() instead.
[[nodiscard]] int exit_without_teardown(int code);

} // namespace tp::cli
