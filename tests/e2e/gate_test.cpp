// Gates end to end: shown by list, apply --dry (text, JSON, github) and explain; never an edit and
// never a change of apply's exit code. And show's JSON: the conditions of gates and patchsets.
#include <doctest/doctest.h>

#include <fstream>

#include "e2e/checkout.hpp"

using namespace tp::e2e;

namespace {
const std::string k_gates = std::string(TP_SOURCE_DIR) + "/tests/catalogs/gates";
} // namespace

TEST_SUITE("e2e::gates") {
  TEST_CASE(
      "gates: a blocking gate is reported by apply --dry and apply, whose exit code stays 0") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    // An empty --fact cuda= keeps the cuda fact unknown whatever toolkit this machine has.
    const std::vector<std::string> facts{"--catalog", k_gates,      "--fact", "python=3.12",
                                         "--fact",    "cmake=3.31", "--fact", "compiler=gcc",
                                         "--fact",    "cuda="};
    auto with = [&](std::vector<std::string> args) {
      std::vector<std::string> all = facts;
      all.insert(all.end(), args.begin(), args.end());
      return torchpatch_in(checkout, all);
    };
    const Output dry = with({"apply", "--dry"});
    CHECK(dry.code == 0);
    CHECK(dry.out.find(
              "gate blocks      python-3-12-needs-2-2  Python 3.12 needs PyTorch 2.2 or newer "
              "(PyTorch v2.0.1 with python 3.12; lifted in PyTorch 2.2)\n"
              "    python 3.12 (--fact); the gate needs >=3.12: holds\n") != std::string::npos);
    CHECK(dry.out.find("gate clear       cuda-12-on-1-13") != std::string::npos);

    const Output json = with({"apply", "--dry", "--format", "json"});
    CHECK(json.code == 0);
    const Output gates = python_on_json(
        dir,
        "import json, sys\n"
        "doc = json.load(open(sys.argv[1]))\n"
        "for g in doc['gates']:\n"
        "    print(g['id'], g['outcome'], g['lifted_in'],\n"
        "          [(f['fact'], f['value'], f['source'], f['verdict']) for f in g['facts']])\n",
        json.out);
    CHECK(gates.out ==
          "cuda-12-on-1-13 clear 2.0 [('compiler', 'gcc', '--fact', 'holds'), ('cuda', None, '', "
          "'unknown')]\n"
          "python-3-12-needs-2-2 blocks 2.2 [('python', '3.12', '--fact', 'holds')]\n");

    const Output github = with({"apply", "--dry", "--format", "github"});
    CHECK(github.out.find("::warning title=torchpatch gate python-3-12-needs-2-2 blocks::") !=
          std::string::npos);

    const std::string status_before = shell("git status --porcelain", checkout).out;
    const Output applied = with({"apply"});
    CHECK(applied.code == 0);
    CHECK(applied.out.find("gate blocks      python-3-12-needs-2-2") != std::string::npos);
    CHECK(applied.out.find("nothing to change") != std::string::npos);
    CHECK(shell("git status --porcelain", checkout).out == status_before);
  }

  TEST_CASE("gates: an undetected fact makes the gate unknown and names the --fact to pass") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    // An empty --fact value makes the fact unknown, whatever this machine has installed.
    const Output list =
        torchpatch_in(checkout, {"--catalog", k_gates, "--torch-version", "1.13.1", "--fact",
                                 "compiler=gcc", "--fact", "cuda=", "list"});
    CHECK(list.out.find("gate unknown     cuda-12-on-1-13") != std::string::npos);
    CHECK(list.out.find("pass --fact cuda=VERSION; lifted in PyTorch 2.0") != std::string::npos);
  }

  TEST_CASE("gates: USE_CUDA=0 (a CPU build) keeps the machine's CUDA toolkit out of the facts") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    const fs::path toolkit = dir / "cuda-12.4";
    fs::create_directories(toolkit);
    std::ofstream(toolkit / "version.json") << "{\"cuda\" : {\"version\" : \"12.4.1\"}}\n";
    auto list = [&](const std::string& use_cuda) {
      return shell(use_cuda + " CUDA_HOME=" + quote(toolkit.string()) + " " +
                       quote(binary_path().string()) + " --color never -C " +
                       quote(checkout.string()) + " --catalog " + quote(k_gates) +
                       " --torch-version 1.13.1 --fact compiler=gcc list",
                   checkout);
    };
    const Output with_cuda = list("USE_CUDA=1");
    CHECK(with_cuda.out.find("gate blocks      cuda-12-on-1-13") != std::string::npos);
    for (const std::string off : {"USE_CUDA=0", "USE_CUDA=OFF", "USE_CUDA=no"}) {
      CAPTURE(off);
      const Output cpu = list(off);
      CHECK(cpu.code == 0);
      CHECK(cpu.out.find("gate clear       cuda-12-on-1-13") != std::string::npos);
      CHECK(cpu.out.find("cuda is none, not >=12") != std::string::npos);
    }
  }

  TEST_CASE("gates: explain names the gate and the error lines nothing knows") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    const std::string log = std::string(TP_SOURCE_DIR) + "/tests/logs/gcc13-cmake4-py312.log";
    const Output text = torchpatch_in(checkout, {"--catalog", k_gates, "--fact", "python=3.13",
                                                 "--fact", "cmake=3.31", "explain", log});
    CHECK(text.code == 0);
    CHECK(
        text.out.find(
            "gate python-3-12-needs-2-2: Python 3.12 needs PyTorch 2.2 or newer\n"
            "  log line 32: RuntimeError: Python 3.12+ is not yet supported for torch.compile\n") !=
        std::string::npos);
    CHECK(text.out.find("  this checkout: gate blocks (PyTorch v2.0.1 with python 3.13; lifted in "
                        "PyTorch 2.2)") != std::string::npos);
    CHECK(text.out.find("1 error line(s) that no patchset or gate knows:\n  log line 18: ") !=
          std::string::npos);
    const Output json = torchpatch_in(checkout, {"--catalog", k_gates, "--fact", "python=3.13",
                                                 "--format", "json", "explain", log});
    const Output parsed =
        python_on_json(dir,
                       "import json, sys\n"
                       "doc = json.load(open(sys.argv[1]))\n"
                       "print([(m['kind'], m.get('gate', m.get('patchset')), m['outcome']) for m "
                       "in doc['matches']])\n"
                       "print([(u['line'], u['occurrences']) for u in doc['unexplained']])\n",
                       json.out);
    CHECK(parsed.out == "[('patchset', 'cmake-4-only', 'not-applicable'), ('gate', "
                        "'python-3-12-needs-2-2', 'blocks')]\n"
                        "[(18, 2)]\n");
  }
}

TEST_SUITE("e2e::facts") {
  TEST_CASE("facts: a misspelt --fact is warned about, and the command goes on") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    const Output list =
        torchpatch_in(checkout, {"--catalog", k_gates, "--fact", "pyton=3.12", "list"});
    CHECK(list.code == 0);
    CHECK(list.err ==
          "torchpatch: warning: --fact pyton=3.12: expected KEY=VALUE with KEY one of platform, "
          "compiler, python, cmake, compiler_version, cuda, cuda_arch_min, cuda_arch_max, cudnn, "
          "nvcc_host_compiler, msvc, windows_sdk, msvc_env\n");
  }
}

TEST_SUITE("e2e::show") {
  // Issue #42: show's JSON had a gate's conditions but not a patchset's, which only its text gave.
  TEST_CASE("show: --format json gives a patchset's conditions as a gate's (a versioned fact's "
            "specifier, a listed fact's values, {} when none)") {
    auto conditions_of = [](const std::vector<std::string>& args) {
      const Output shown = torchpatch(args);
      CHECK(shown.code == 0);
      CHECK(shown.err == "");
      const std::size_t at = shown.out.find(",\"conditions\":");
      return at == std::string::npos ? std::string("(none)")
                                     : shown.out.substr(at + 1, shown.out.find('}', at) - at);
    };
    CHECK(conditions_of({"--catalog", k_gates, "--format", "json", "show", "cmake-4-only"}) ==
          "\"conditions\":{\"cmake\":\">=4.0\"}");
    CHECK(conditions_of({"--catalog", k_gates, "--format", "json", "show", "cuda-12-on-1-13"}) ==
          "\"conditions\":{\"compiler\":[\"gcc\"],\"cuda\":\">=12\"}");
    // The shipped catalog: a listed fact on a patchset, and a patchset without conditions.
    CHECK(conditions_of({"--format", "json", "show", "caffe2-missing-prototypes-not-msvc"}) ==
          "\"conditions\":{\"compiler\":[\"clang-cl\"]}");
    CHECK(conditions_of({"--format", "json", "show", "cmake-minimum-3-5"}) == "\"conditions\":{}");
  }

  // Several ids in one call (scripts/catalog_doc.py reads the whole catalog so): each in the order
  // given, JSON one object per line, text separated by a blank line; one unknown id prints nothing.
  TEST_CASE("show: several ids, in the order given; an unknown one among them is a usage error") {
    const Output json = torchpatch({"--catalog", k_gates, "--format", "json", "show",
                                    "cmake-4-only", "cuda-12-on-1-13", "cmake-4-only"});
    CHECK(json.code == 0);
    std::vector<std::string> ids;
    for (std::size_t at = 0; at < json.out.size(); at = json.out.find('\n', at) + 1) {
      CHECK(json.out.compare(at, 7, "{\"id\":\"") == 0);
      ids.push_back(json.out.substr(at + 7, json.out.find('"', at + 7) - at - 7));
    }
    CHECK(ids == std::vector<std::string>{"cmake-4-only", "cuda-12-on-1-13", "cmake-4-only"});

    const Output one = torchpatch({"--catalog", k_gates, "show", "cmake-4-only"});
    const Output two = torchpatch({"--catalog", k_gates, "show", "cmake-4-only", "cmake-4-only"});
    CHECK(two.code == 0);
    CHECK(two.out == one.out + "\n" + one.out);

    const Output unknown =
        torchpatch({"--catalog", k_gates, "show", "cmake-4-only", "no-such-patchset"});
    CHECK(unknown.code == 2);
    CHECK(unknown.out == "");
    CHECK(unknown.err.find("no patchset 'no-such-patchset' in the catalog; it has:") !=
          std::string::npos);
  }
}
