// The command line itself: --help as the README writes the options, and usage errors that name
// the argument and the nearest name torchpatch knows, as the catalog's loader does for a key.
#include <doctest/doctest.h>

#include "e2e/checkout.hpp"

using namespace tp::e2e;

TEST_SUITE("e2e::usage") {

  TEST_CASE("--help: the options as the README writes them (--format text|diff|json|github), then "
            "the commands") {
    const Output help = torchpatch({"--help"});
    CHECK(help.code == 0);
    CHECK(help.err == "");
    CHECK(
        help.out ==
        "torchpatch: a versioned, tested catalog of source patches for building older PyTorch "
        "releases with "
        "today's toolchains\n"
        "Usage: torchpatch [OPTIONS] COMMAND\n"
        "\n"
        "Options:\n"
        "  -h,--help                       Print this help message and exit\n"
        "  --version                       Display program version information and exit\n"
        "  -C DIR                          Run as if started in DIR (the checkout is found "
        "upward)\n"
        "  --catalog DIR                   Read patchsets from DIR instead of the built-in "
        "catalog\n"
        "  --torch-version V               Treat the checkout as this PyTorch version (overrides "
        "tags and "
        "version.txt)\n"
        "  --fact KEY=VALUE                A fact for patchset conditions, e.g. compiler=clang-cl\n"
        "  --format text|diff|json|github  Output: text (default), diff, json or github\n"
        "  --color auto|always|never       Color the text output: auto (default), always, never\n"
        "\n"
        "Commands:\n"
        "  apply                           Apply the catalog's patchsets for this checkout's "
        "version\n"
        "  revert                          Restore the original bytes of applied patchsets "
        "(default: all)\n"
        "  status                          Which patchsets are applied, drift since, and what "
        "would apply now\n"
        "  export                          Write the plan as a quilt-style series (one .patch per "
        "patchset)\n"
        "  test                            Run the catalog's cases (before -> after, re-apply, "
        "round trip)\n"
        "  list                            Every patchset and gate: one line each, whether it "
        "applies to this "
        "checkout\n"
        "  show                            Patchsets or gates in full, with their references and "
        "edits\n"
        "  lint                            Check every patchset and case of the catalog; show "
        "every problem at "
        "once\n"
        "  explain                         Which patchsets fix the errors in a failing build log\n"
        "  query                           Show what a syntax query, node path, cmake command or "
        "regex matches in a file\n"
        "  new                             Draft a patchset and its first case from a file and its "
        "edited "
        "version\n"
        "  matrix                          Plan the catalog against many revisions, read from "
        "git's objects "
        "(no checkout)\n"
        "\n");
  }

  TEST_CASE("--help of a command: its own options") {
    const Output help = torchpatch({"list", "--help"});
    CHECK(help.code == 0);
    CHECK(
        help.out ==
        "Every patchset and gate: one line each, whether it applies to this checkout\n"
        "Usage: torchpatch list [OPTIONS]\n"
        "\n"
        "Options:\n"
        "  -h,--help                       Print this help message and exit\n"
        "  --verbose                       Every edit of each patchset with its file and line, as "
        "apply --dry shows them\n"
        "\n");
  }

  // Every usage error: exit 2, one line on stderr, nothing on stdout.
  void check_usage_error(const std::vector<std::string>& args, const std::string& message) {
    const Output run = torchpatch(args);
    CHECK(run.code == 2);
    CHECK(run.out == "");
    CHECK(run.err == "torchpatch: error: " + message + "\n");
  }

  TEST_CASE("usage: a mistyped command gets a did-you-mean, an unknown one the list") {
    check_usage_error({"aply"}, "unknown command 'aply'; did you mean 'apply'?");
    check_usage_error({"-C", ".", "lsit", "--verbose"},
                      "unknown command 'lsit'; did you mean 'list'?");
    check_usage_error({"frobnicate"},
                      "unknown command 'frobnicate'; expected one of: apply, revert, status, "
                      "export, test, list, show, lint, explain, query, new, matrix");
    check_usage_error(
        {}, "a command is required; expected one of: apply, revert, status, export, test, list, "
            "show, lint, explain, query, new, matrix");
  }

  TEST_CASE("usage: a mistyped option gets a did-you-mean, a command's and the global ones alike") {
    check_usage_error({"apply", "--formt", "json"},
                      "unknown option '--formt'; did you mean '--format'?");
    check_usage_error({"apply", "--formt=json"},
                      "unknown option '--formt'; did you mean '--format'?");
    check_usage_error({"apply", "--parital"},
                      "unknown option '--parital'; did you mean '--partial'?");
    check_usage_error({"list", "--verbos"}, "unknown option '--verbos'; did you mean '--verbose'?");
    check_usage_error({"--catalgo", "x", "lint"},
                      "unknown option '--catalgo'; did you mean '--catalog'?");
    check_usage_error({"apply", "-dry"}, "unknown option '-dry'; did you mean '--dry'?");
    // One letter is one edit from every other: the list instead of a guess.
    check_usage_error({"apply", "-x"},
                      "unknown option '-x'; expected one of: --help, --dry, --partial, --only, "
                      "--version, -C, --catalog, --torch-version, --fact, --format, --color");
  }

  TEST_CASE("usage: a command's option before the command says where it goes") {
    check_usage_error({"--dry", "apply"},
                      "option '--dry' goes after the command: torchpatch apply --dry");
    check_usage_error({"--verbose", "list"},
                      "option '--verbose' goes after the command: torchpatch list --verbose");
  }

  TEST_CASE("usage: --format and --color take their names in any case, and name them when wrong") {
    CHECK(torchpatch({"--format", "JSON", "show", "cmake-minimum-3-5"})
              .out.starts_with("{\"id\":\"cmake-minimum-3-5\""));
    // The real binary: the in-process helper already passes --color never.
    CHECK(shell(quote(binary_path().string()) + " --color ALWAYS show cmake-minimum-3-5").code ==
          0);
    check_usage_error({"--format", "jsn", "list"},
                      "--format: unknown value 'jsn'; did you mean 'json'?");
    check_usage_error({"--format", "yaml", "list"},
                      "--format: unknown value 'yaml'; expected one of: text, diff, json, github");
    check_usage_error({"--color", "sometimes", "list"},
                      "--color: unknown value 'sometimes'; expected one of: auto, always, never");
  }

  TEST_CASE("usage: a stray argument or a missing one names the command") {
    check_usage_error({"apply", "extra"}, "unexpected argument 'extra' to 'apply'");
    check_usage_error({"export"}, "export: DIR is required");
  }

} // TEST_SUITE
