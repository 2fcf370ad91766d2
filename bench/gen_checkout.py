#!/usr/bin/env python3
"""Writes a synthetic PyTorch-like git checkout for benchmarking torchpatch.

    python3 bench/gen_checkout.py --out /tmp/tp-bench/checkout-120k \
        --files 120000 --bytes 1200000000 --seed 1

The result is a real git repository (branch main, HEAD tagged v2.0.1) with:
  * a superproject of deep source trees (aten/, torch/, c10/, caffe2/, test/, ...) and many small
    vendored projects under third_party/, some with their own nested third_party/;
  * real git submodules (each its own repository, built beside DIR in DIR.submodule-origins/, added
    with `git submodule add`), one of them holding a nested submodule (ideep -> mkl-dnn);
  * CMake files at about 1 in 100 files, in the forms PyTorch's tree has (see CMAKE_FORMS);
  * a few hundred C++ files over 500 KB, the rest sized from a log-normal distribution so that the
    total is about --bytes;
  * the catalog's target files copied from fixtures/ so that every anchor matches, the C++ ones
    padded to about their real size, and those of patchsets newer than the fixtures from each
    patchset's own cases (patchsets/cases/ID/CASE/before/, a will-apply case nearest v2.0.1);
  * five tagged revisions: v1.12.1, v1.13.1, v2.0.0, v2.0.1 on main (HEAD = v2.0.1) and v2.1.0 on
    the branch release/2.1 (written with plumbing, so the work tree stays at v2.0.1);
  * every repository packed, as a clone is.

Everything (names, sizes, contents, commit dates and therefore commit ids) follows from --seed.
Standard library only. A summary is printed and written to DIR.manifest.json.
"""
import argparse
import json
import math
import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
FIXTURES = HERE.parent / "fixtures"
PATCHSETS = HERE.parent / "patchsets"
# Bytes of the real files the C++ syntax anchors parse, which the fixtures reproduce only in part:
# flatbuffers v2.0.0's stl_emulation.h is 23.5 KB; functorch's arena.h about 9 KB; native_ops.cpp
# 18 KB in an early version and 52 KB in a later one (public forks), so 40 KB here.
REAL_SIZES = {
    "third_party/flatbuffers/include/flatbuffers/stl_emulation.h": 23_500,
    "functorch/csrc/dim/arena.h": 9_000,
    "torch/csrc/jit/runtime/static/native_ops.cpp": 40_000,
}

# Submodules: path -> share of all files. ideep holds mkl-dnn as a nested submodule.
SUBMODULES = {
    "third_party/fbgemm": 0.010,
    "third_party/protobuf": 0.030,
    "third_party/pybind11": 0.008,
    "third_party/fmt": 0.004,
    "third_party/googletest": 0.008,
    "third_party/FP16": 0.002,
    "third_party/cpuinfo": 0.006,
    "third_party/flatbuffers": 0.010,
    "third_party/onnx": 0.020,
    "third_party/XNNPACK": 0.040,
    "third_party/sleef": 0.006,
    "third_party/kineto": 0.008,
    "third_party/gloo": 0.006,
    "third_party/tensorpipe": 0.014,
    "third_party/ideep": 0.004,
    "third_party/ideep/mkl-dnn": 0.060,
}
NESTED = {"third_party/ideep/mkl-dnn": "third_party/ideep"}

# Superproject areas: folder -> share of all files.
AREAS = {
    "aten/src/ATen": 0.16,
    "torch/csrc": 0.10,
    "torch": 0.06,
    "c10": 0.03,
    "caffe2": 0.09,
    "test": 0.06,
    "tools": 0.01,
    "benchmarks": 0.01,
    "docs": 0.01,
    "functorch": 0.005,
    "scripts": 0.005,
    "android": 0.005,
    "binaries": 0.002,
}
VENDORED_SHARE = 0.21  # small in-tree projects under third_party/ (not submodules)

TAGS = [  # tag, fixture whose superproject files it has, version.txt, commit date
    ("v1.12.1", "v1.12.1", None, "2022-08-05T12:00:00+00:00"),
    ("v1.13.1", "v1.13.1", None, "2022-12-15T12:00:00+00:00"),
    ("v2.0.0", "v2.0.1", "2.0.0a0", "2023-03-15T12:00:00+00:00"),
    ("v2.0.1", "v2.0.1", "2.0.0a0", "2023-05-08T12:00:00+00:00"),
    ("v2.1.0", "v2.0.1", "2.1.0a0", "2023-10-04T12:00:00+00:00"),
]
HEAD_TAG = "v2.0.1"

SYLLABLES = ("ba be bi bo bu da de di do du fa fe fi ga ge go ka ke ki ko ku la le li lo lu ma me "
             "mi mo mu na ne ni no nu pa pe pi po pu ra re ri ro ru sa se si so su ta te ti to tu "
             "va ve vi vo za ze zi zo").split()
WORDS = ("tensor kernel native quantized sparse cuda cpu mps vulkan metal xnnpack qnnpack fbgemm "
         "autograd jit runtime static passes ir frontend serialization distributed rpc c10d "
         "profiler utils core ops functional nn optim data export fx dynamo inductor lazy mobile "
         "codegen api detail impl common math reduce indexing linalg fft conv pool norm loss "
         "activation random sort scan copy view resize cast fill pad unfold batch group layer "
         "embedding rnn attention transformer").split()


def git_env(date):
    env = dict(os.environ)
    env.update(GIT_AUTHOR_NAME="torchpatch-bench", GIT_AUTHOR_EMAIL="bench@torchpatch.invalid",
               GIT_COMMITTER_NAME="torchpatch-bench", GIT_COMMITTER_EMAIL="bench@torchpatch.invalid",
               GIT_AUTHOR_DATE=date, GIT_COMMITTER_DATE=date)
    return env


def git(args, cwd, date="2022-01-01T00:00:00+00:00", stdin=None, capture=False):
    cmd = ["git", "-c", "init.defaultBranch=main", "-c", "core.autocrlf=false",
           "-c", "protocol.file.allow=always", "-c", "commit.gpgsign=false",
           "-c", "tag.gpgsign=false", "-c", "gc.auto=0", "-c", "core.looseCompression=1",
           "-c", "advice.detachedHead=false"] + args
    r = subprocess.run(cmd, cwd=cwd, env=git_env(date), input=stdin,
                       stdout=subprocess.PIPE if capture else subprocess.DEVNULL,
                       stderr=subprocess.PIPE)
    if r.returncode != 0:
        sys.exit("gen_checkout: git %s failed in %s:\n%s" % (" ".join(args), cwd, r.stderr.decode()))
    return r.stdout.decode() if capture else ""


# --------------------------------------------------------------------------------------------
# Content pools: big seeded blobs that files are sliced from (fast, deterministic). They never
# contain cmake_minimum_required / cmake_policy, so only CMake files carry the commands.

def ident(rng):
    return "_".join(rng.choice(WORDS) for _ in range(rng.randint(1, 3)))


def camel(rng):
    return "".join(w.capitalize() for w in ident(rng).split("_"))


def cpp_pool(rng, size):
    out, n = [], 0
    while n < size:
        kind = rng.random()
        fn, cls, var = ident(rng), camel(rng), ident(rng)
        if kind < 0.25:
            s = ("// %s: %s the %s of every %s in the batch.\n" %
                 (fn, rng.choice(["computes", "returns", "checks", "fills", "reduces"]),
                  rng.choice(WORDS), rng.choice(WORDS)))
        elif kind < 0.55:
            s = ("Tensor %s(const Tensor& self, int64_t %s) {\n"
                 "  TORCH_CHECK(self.dim() > %d, \"%s: expected a %d-d tensor\");\n"
                 "  auto %s = at::empty_like(self);\n"
                 "  for (int64_t i = 0; i < self.size(0); ++i) {\n"
                 "    %s[i] = self[i] * %d + %s;\n  }\n  return %s;\n}\n\n" %
                 (fn, var, rng.randint(0, 4), fn, rng.randint(1, 5), var, var,
                  rng.randint(1, 99), var, var))
        elif kind < 0.75:
            s = ("class %s {\n public:\n  explicit %s(int64_t %s) : %s_(%s) {}\n"
                 "  int64_t %s() const { return %s_; }\n\n private:\n  int64_t %s_;\n};\n\n" %
                 (cls, cls, var, var, var, var, var, var))
        elif kind < 0.9:
            s = ("#include <ATen/native/%s.h>\n" % camel(rng))
        else:
            s = ("namespace %s {\nnamespace {\nconstexpr int k%s = %d;\n} // namespace\n} "
                 "// namespace %s\n\n" % (rng.choice(WORDS), cls, rng.randint(0, 1 << 20),
                                         rng.choice(WORDS)))
        out.append(s)
        n += len(s)
    return "".join(out).encode()


def py_pool(rng, size):
    out, n = [], 0
    while n < size:
        fn, var = ident(rng), ident(rng)
        s = ("def %s(%s, dim=%d):\n    \"\"\"%s the %s.\"\"\"\n    if %s is None:\n"
             "        return torch.zeros(%d)\n    return torch.%s(%s, dim=dim)\n\n\n" %
             (fn, var, rng.randint(0, 3), rng.choice(["Reduce", "Scale", "Check"]),
              rng.choice(WORDS), var, rng.randint(1, 64), rng.choice(WORDS), var))
        out.append(s)
        n += len(s)
    return "".join(out).encode()


def text_pool(rng, size):
    out, n = [], 0
    while n < size:
        s = " ".join(rng.choice(WORDS) for _ in range(rng.randint(6, 14))) + ".\n"
        if rng.random() < 0.1:
            s += "\n"
        out.append(s)
        n += len(s)
    return "".join(out).encode()


def cmake_body_pool(rng, size):
    out, n = [], 0
    while n < size:
        name, var = ident(rng), ident(rng).upper()
        k = rng.random()
        if k < 0.3:
            s = "add_library(%s STATIC\n  %s.cpp\n  %s.cpp)\n" % (name, ident(rng), ident(rng))
        elif k < 0.5:
            s = "target_include_directories(%s PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/%s)\n" % (
                name, rng.choice(WORDS))
        elif k < 0.65:
            s = "option(%s_USE_%s \"Build with %s\" %s)\n" % (var, rng.choice(WORDS).upper(),
                                                           name, rng.choice(["ON", "OFF"]))
        elif k < 0.8:
            s = "if(%s)\n  add_definitions(-D%s=1)\nendif()\n" % (var, var)
        elif k < 0.9:
            s = "set(%s_SRCS ${%s_SRCS} ${CMAKE_CURRENT_SOURCE_DIR}/%s.cc)\n" % (var, var, name)
        else:
            s = "# %s\n" % " ".join(rng.choice(WORDS) for _ in range(8))
        out.append(s)
        n += len(s)
    return "".join(out).encode()


def slice_pool(pool, rng, size):
    if size <= 0:
        return b""
    start = rng.randrange(0, max(1, len(pool) - size))
    nl = pool.find(b"\n", start)
    start = nl + 1 if 0 <= nl < start + 200 else start
    data = pool[start:start + size]
    while len(data) < size:  # only for files larger than the pool
        data += pool[: size - len(data)]
    return data


# --------------------------------------------------------------------------------------------
# CMake forms found in PyTorch's tree and its submodules (docs/catalog.md).

LOW = ["2.6", "2.8", "2.8.8", "2.8.12", "3.0", "3.1", "3.1.3", "3.2", "3.4", "3.4.3"]
OK = ["3.5", "3.5.1", "3.10", "3.12", "3.13", "3.15", "3.18", "3.22"]


def cmake_head(rng, project):
    f = rng.random()
    if f < 0.30:
        return "cmake_minimum_required(VERSION %s)\n\nproject(%s C CXX)\n" % (rng.choice(LOW), project)
    if f < 0.55:
        return "cmake_minimum_required(VERSION %s)\nproject(%s)\n" % (rng.choice(OK), project)
    if f < 0.65:
        return ("CMAKE_MINIMUM_REQUIRED(VERSION %s FATAL_ERROR)\n\nINCLUDE(GNUInstallDirs)\n\n"
                "# ---[ Project and semantic versioning.\nPROJECT(%s C CXX)\n" %
                (rng.choice(["2.8.12", "3.1", "3.4.3"]), project))
    if f < 0.72:
        return ("option(%s_force_shared_crt \"Use shared (DLL) run-time lib.\" OFF)\n\n"
                "if (CMAKE_VERSION VERSION_LESS 3.0)\n  project(%s CXX C)\nelse()\n"
                "  cmake_policy(SET CMP0048 NEW)\n  project(%s VERSION 1.10.0 LANGUAGES CXX C)\n"
                "endif()\ncmake_minimum_required(VERSION 2.6.4)\n\nif (POLICY CMP0063)\n"
                "  cmake_policy(SET CMP0063 NEW)\nendif (POLICY CMP0063)\n" %
                (project.lower(), project.lower(), project.lower()))
    if f < 0.80:
        return ("cmake_minimum_required(VERSION 3.1...3.18)\n\n"
                "# Fallback for using newer policies on CMake <3.12.\n"
                "if(${CMAKE_VERSION} VERSION_LESS 3.12)\n"
                "  cmake_policy(VERSION ${CMAKE_MAJOR_VERSION}.${CMAKE_MINOR_VERSION})\n"
                "endif()\n\nproject(%s CXX)\n" % project)
    if f < 0.86:
        return ("cmake_minimum_required(VERSION %s FATAL_ERROR)\n# cmake_policy(SET CMP0022 NEW)\n"
                "project(%s C CXX)\n" % (rng.choice(LOW + OK), project))
    if f < 0.93:
        return ("cmake_minimum_required(VERSION 3.10)\nproject(%s)\n"
                "#[[ The probe below writes cmake_minimum_required(VERSION 2.8) on purpose. ]]\n"
                "file(WRITE \"${CMAKE_BINARY_DIR}/probe/CMakeLists.txt\" "
                "\"cmake_minimum_required(VERSION 2.8)\nproject(probe C)\n\")\n" % project)
    return ("# Minimum CMake required\ncmake_minimum_required(VERSION %s)\n\n"
            "# CMake policies\ncmake_policy(SET CMP0022 NEW)\nif (POLICY CMP0042)\n"
            "  cmake_policy(SET CMP0042 NEW)\nendif ()\n\nproject(%s C CXX)\n" %
            (rng.choice(LOW), project))


def cmake_module(rng, name):
    f = rng.random()
    if f < 0.12:
        return ("cmake_policy(PUSH)\ncmake_policy(VERSION %s)\nfunction(%s_setup)\n"
                "  set(%s_FOUND TRUE PARENT_SCOPE)\nendfunction()\ncmake_policy(POP)\n" %
                (rng.choice(LOW + OK), name, name.upper()))
    if f < 0.20:
        return ("if(NOT COMMAND %s)\n  file(WRITE \"${CMAKE_BINARY_DIR}/%s/CMakeLists.txt\"\n"
                "    \"cmake_minimum_required(VERSION 3.1)\\nproject(%s)\\n\")\nendif()\n" %
                (name, name, name))
    return ("# Finds %s.\nfunction(find_%s)\n  find_path(%s_INCLUDE_DIR %s.h)\n"
            "  set(%s_FOUND ${%s_INCLUDE_DIR} PARENT_SCOPE)\nendfunction()\n" %
            (name, name, name.upper(), name, name.upper(), name.upper()))


def cmake_in(rng, name):
    return ("CMAKE_MINIMUM_REQUIRED(VERSION %s FATAL_ERROR)\n\nPROJECT(%s-download NONE)\n\n"
            "INCLUDE(ExternalProject)\nExternalProject_Add(%s\n  URL https://example.invalid/%s.zip\n"
            "  SOURCE_DIR \"${CMAKE_BINARY_DIR}/%s-source\"\n  CONFIGURE_COMMAND \"\"\n"
            "  BUILD_COMMAND \"\"\n  INSTALL_COMMAND \"\"\n  TEST_COMMAND \"\"\n)\n" %
            (rng.choice(["2.8.12", "3.5", "3.1"]), name, name, name, name))


# --------------------------------------------------------------------------------------------
# Trees.

def word_name(rng, used):
    while True:
        n = rng.choice(WORDS) if rng.random() < 0.6 else "".join(
            rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4)))
        if n not in used:
            used.add(n)
            return n


def split_tree(rng, root, n, depth, out, cmake_dir_p=0.0):
    """Distributes n file slots over a folder tree under root; appends (folder, count)."""
    leaf = rng.randint(6, 48)
    if n <= leaf or depth <= 0:
        out.append((root, n))
        return
    here = rng.randint(0, min(n // 5, 24))
    rest = n - here
    used = set()
    children = []
    if cmake_dir_p and rng.random() < cmake_dir_p and rest > 8:
        k = min(rng.randint(1, 4), rest // 2)
        out.append((root + "/cmake", -k))  # negative: CMake modules
        rest -= k
        used.add("cmake")
    k = rng.randint(2, 7)
    weights = [rng.random() ** 2 + 0.05 for _ in range(k)]
    total = sum(weights)
    counts = [int(rest * w / total) for w in weights]
    counts[0] += rest - sum(counts)
    out.append((root, here))
    for c in counts:
        if c > 0:
            children.append((root + "/" + word_name(rng, used), c))
    for path, c in children:
        split_tree(rng, path, c, depth - 1, out, cmake_dir_p * 0.3)


EXT_CPP = [(".cpp", 30), (".h", 25), (".cc", 8), (".cu", 5), (".cuh", 2), (".hpp", 3),
           (".c", 4), (".py", 10), (".md", 2), (".txt", 2), (".yaml", 2), (".json", 1),
           (".sh", 1), (".S", 1), (".inc", 1), (".proto", 1), (".pyi", 1), (".in", 1)]
EXT_PY = [(".py", 60), (".pyi", 5), (".txt", 5), (".md", 5), (".json", 5), (".yaml", 5),
          (".cpp", 10), (".h", 5)]
EXT_DOC = [(".rst", 50), (".md", 20), (".png", 5), (".txt", 10), (".py", 10), (".css", 5)]


def pick_ext(rng, table):
    total = sum(w for _, w in table)
    x = rng.uniform(0, total)
    for e, w in table:
        x -= w
        if x <= 0:
            return e
    return table[-1][0]


class Repo:
    """The files of one repository (superproject or submodule), path relative to its root."""

    def __init__(self, prefix):
        self.prefix = prefix  # path in the checkout ("" for the superproject)
        self.files = {}  # rel path -> ("pool", kind, size) | ("bytes", data)


def case_target_files(head_version):
    """Path -> bytes for every file a patchset names (not a glob) and fixtures/ lacks: the
    before/ copy from one of the patchset's own will-apply cases under patchsets/cases/, the one
    whose version is nearest HEAD's (LF before CRLF), so that its anchors match as on a real
    tree of that version."""
    import tomllib

    def version_key(text):
        parts = [int(x) for x in text.split(".")[:3]]
        head = [int(x) for x in head_version.split(".")[:3]]
        return abs((parts[0] * 100 + parts[1]) - (head[0] * 100 + head[1]))

    wanted = {}  # path -> patchset id
    for toml_file in sorted(PATCHSETS.glob("*.toml")):
        doc = tomllib.loads(toml_file.read_text(encoding="utf-8"))
        for edit in doc.get("edits", []):
            for f in edit.get("files", []):
                if not any(c in f for c in "*?["):
                    wanted.setdefault(f, doc["id"])
    out = {}
    for path, patchset in sorted(wanted.items()):
        cases = []
        for case_toml in sorted((PATCHSETS / "cases" / patchset).glob("*/case.toml")):
            case = tomllib.loads(case_toml.read_text(encoding="utf-8"))
            before = case_toml.parent / "before" / path
            if case.get("outcome") == "will-apply" and before.is_file():
                cases.append((version_key(case.get("version", "0.0")),
                              "crlf" in case_toml.parent.name, case_toml.parent.name, before))
        if cases:
            out[path] = min(cases)[3].read_bytes()
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--files", type=int, default=120000)
    ap.add_argument("--bytes", type=int, default=1_200_000_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", required=True)
    ap.add_argument("--force", action="store_true", help="remove DIR (and its origins) first")
    a = ap.parse_args()

    out = Path(a.out).resolve()
    origins = Path(str(out) + ".submodule-origins")
    if out.exists() or origins.exists():
        if not a.force:
            sys.exit("gen_checkout: %s exists (pass --force to replace it)" % out)
        shutil.rmtree(out, ignore_errors=True)
        shutil.rmtree(origins, ignore_errors=True)
    try:
        out.relative_to(HERE.parent)
        sys.exit("gen_checkout: refusing to write inside the torchpatch repository")
    except ValueError:
        pass
    t0 = time.time()
    rng = random.Random(a.seed)
    N = a.files
    scale = N / 120000.0

    # Fixture files: superproject files per tag, submodule files (constant over tags).
    sub_paths = sorted(SUBMODULES, key=len, reverse=True)

    def owner(path):
        for s in sub_paths:
            if path.startswith(s + "/"):
                return s
        return ""

    fixture_sub = {}  # checkout path -> bytes (files inside submodules)
    fixture_super = {}  # tag -> {path: bytes}
    for tag, fixture, version_txt, _ in TAGS:
        files = {}
        tree = FIXTURES / fixture / "tree"
        for p in sorted(tree.rglob("*")):
            if p.is_file():
                rel = p.relative_to(tree).as_posix()
                if owner(rel):
                    if fixture == "v2.0.1":
                        fixture_sub[rel] = p.read_bytes()
                    continue
                files[rel] = p.read_bytes()
        if version_txt:
            files["version.txt"] = (version_txt + "\n").encode()
        fixture_super[tag] = files
    subs_dir = FIXTURES / "v2.0.1" / "submodules"
    for p in sorted(subs_dir.rglob("*")):
        if p.is_file():
            fixture_sub[p.relative_to(subs_dir).as_posix()] = p.read_bytes()
    # The files of the patchsets the fixtures predate (catalog 2.0), the same at every tag.
    for path, data in case_target_files(HEAD_TAG[1:]).items():
        if path in fixture_sub or any(path in files for files in fixture_super.values()):
            continue
        if owner(path):
            fixture_sub[path] = data
        else:
            for files in fixture_super.values():
                files[path] = data
    # The fixtures hold only the lines the anchors need; the real files are larger, and the
    # syntax anchors parse them whole. Pad them, after their own text, to about real size.
    for files in list(fixture_super.values()) + [fixture_sub]:
        for path, size in REAL_SIZES.items():
            if path in files and len(files[path]) < size:
                pad_rng = random.Random("%d:%s" % (a.seed, path))
                files[path] += (b"\n// torchpatch bench: padding to the real file's size\n" +
                                cpp_pool(pad_rng, size - len(files[path])))

    repos = {"": Repo("")}
    for s in SUBMODULES:
        repos[s] = Repo(s)

    # 1. Folder trees and file slots.
    slots = []  # (checkout folder, count) ; negative count = CMake modules folder
    project_roots = []  # (checkout folder) that get a top CMakeLists.txt
    for area, share in AREAS.items():
        split_tree(rng, area, max(1, int(N * share)), 9, slots, cmake_dir_p=0.0)
    project_roots.append("")
    # vendored small projects, some deep (third_party/x/third_party/y/...)
    vendored_total = int(N * VENDORED_SHARE)
    used = set(s.split("/")[1] for s in SUBMODULES)
    vendored_roots = []
    left = vendored_total
    while left > 0:
        n = min(left, int(rng.lognormvariate(math.log(180), 0.9)) + 10)
        parent = "third_party"
        if vendored_roots and rng.random() < 0.3:
            parent = rng.choice(vendored_roots) + "/third_party"
        root = parent + "/" + word_name(rng, used) + ("-" + str(len(vendored_roots)))
        vendored_roots.append(root)
        split_tree(rng, root, n, 10, slots, cmake_dir_p=0.5)
        project_roots.append(root)
        left -= n
    for s, share in SUBMODULES.items():
        split_tree(rng, s, max(4, int(N * share)), 10, slots, cmake_dir_p=0.6)
        project_roots.append(s)

    fixture_count = len(fixture_super[HEAD_TAG]) + len(fixture_sub)
    total_slots = sum(abs(c) for _, c in slots)
    # Trim or pad to N files exactly (fixtures included).
    want = N - fixture_count
    delta = want - total_slots
    i = 0
    while delta != 0:
        folder, c = slots[i % len(slots)]
        if c >= 0:
            step = 1 if delta > 0 else (-1 if c > 0 else 0)
            slots[i % len(slots)] = (folder, c + step)
            delta -= step
        i += 1

    # 2. Name every file; choose CMake files at about 1 in 100.
    plan = []  # (checkout path, kind) kind: cpp|py|text|doc|cmake-root|cmake-sub|cmake-mod|cmake-in
    names_in = {}
    roots = set(project_roots)
    for folder, c in slots:
        if c < 0:
            for _ in range(-c):
                used_names = names_in.setdefault(folder, set())
                nm = word_name(rng, used_names)
                if rng.random() < 0.2:
                    plan.append((folder + "/Download" + nm.capitalize() + ".cmake.in", "cmake-in"))
                else:
                    plan.append((folder + "/" + nm.capitalize() + ".cmake", "cmake-mod"))
            continue
        used_names = names_in.setdefault(folder, set())
        table = EXT_DOC if folder.startswith("docs") else (
            EXT_PY if folder.startswith(("torch/", "test", "tools", "benchmarks", "scripts")) and
            not folder.startswith("torch/csrc") else EXT_CPP)
        start = 0
        if folder in roots and c > 0:
            plan.append(((folder + "/" if folder else "") + "CMakeLists.txt", "cmake-root"))
            start = 1
        for _ in range(start, c):
            ext = pick_ext(rng, table)
            nm = word_name(rng, used_names)
            kind = {"py": "py", "pyi": "py", "md": "text", "txt": "text", "rst": "doc",
                    "yaml": "text", "json": "text", "css": "text", "png": "bin"}.get(ext[1:], "cpp")
            plan.append(((folder + "/" if folder else "") + nm + ext, kind))
    n_cmake = sum(1 for _, k in plan if k.startswith("cmake"))
    target_cmake = N // 100
    if n_cmake < target_cmake:
        cand = [i for i, (p, k) in enumerate(plan) if k in ("cpp", "text") and "/" in p]
        rng.shuffle(cand)
        have = {p for p, _ in plan}
        for i in cand:
            if n_cmake >= target_cmake:
                break
            folder = plan[i][0].rsplit("/", 1)[0]
            p = folder + "/CMakeLists.txt"
            if p in have:
                continue
            have.add(p)
            plan[i] = (p, "cmake-sub")
            n_cmake += 1
    # fixture paths win over generated ones
    fixture_paths = set(fixture_super[HEAD_TAG]) | set(fixture_sub)
    for tag in fixture_super:
        fixture_paths |= set(fixture_super[tag])
    plan = [(p, k) for p, k in plan if p not in fixture_paths]
    have = {p for p, _ in plan} | fixture_paths
    ordinary = [p for p, k in plan if k == "cpp"]
    while len(plan) + fixture_count < N:  # top up what the fixtures displaced
        folder = rng.choice(ordinary).rsplit("/", 1)[0]
        p = folder + "/" + word_name(rng, names_in.setdefault(folder, set())) + ".cpp"
        if p not in have:
            have.add(p)
            plan.append((p, "cpp"))

    # 3. Sizes: a few hundred big C++ files, log-normal for the rest, CMake files small.
    n_big = max(1, round(300 * scale))
    cpp_idx = [i for i, (p, k) in enumerate(plan) if k == "cpp" and p.endswith((".cpp", ".h", ".cc"))]
    big = set(rng.sample(cpp_idx, min(n_big, len(cpp_idx))))
    sizes = [0] * len(plan)
    cmake_text = {}
    fixed = sum(len(b) for b in fixture_super[HEAD_TAG].values()) + sum(len(b) for b in fixture_sub.values())
    for i, (p, k) in enumerate(plan):
        if k.startswith("cmake"):
            name = camel(rng) or "Proj"
            if k == "cmake-root":
                head = cmake_head(rng, name).encode()
            elif k == "cmake-sub":
                head = (cmake_head(rng, name).encode() if rng.random() < 0.08 else b"")
            elif k == "cmake-mod":
                head = cmake_module(rng, ident(rng)).encode()
            else:
                head = cmake_in(rng, ident(rng)).encode()
            cmake_text[i] = head
            sizes[i] = len(head) + int(rng.lognormvariate(math.log(1500), 1.0))
            fixed += sizes[i]
        elif i in big:
            sizes[i] = rng.randint(520_000, 1_700_000)
            fixed += sizes[i]
    rest = [i for i in range(len(plan)) if sizes[i] == 0]
    raw = [rng.lognormvariate(0, 1.25) for _ in rest]
    budget = max(0, a.bytes * 1.005 - fixed)
    f = budget / sum(raw) if raw else 0
    for i, r in zip(rest, raw):
        sizes[i] = max(40, min(480_000, int(r * f)))

    # 4. Write everything. Submodule files go to their origin repositories.
    pools = {
        "cpp": cpp_pool(rng, 6 << 20),
        "py": py_pool(rng, 2 << 20),
        "text": text_pool(rng, 1 << 20),
        "doc": text_pool(rng, 1 << 20),
        "bin": bytes(rng.getrandbits(8) for _ in range(1 << 16)),
        "cmake": cmake_body_pool(rng, 1 << 19),
    }
    origin_of = {s: origins / s.replace("/", "+") for s in SUBMODULES}
    out.mkdir(parents=True)
    for s in SUBMODULES:
        origin_of[s].mkdir(parents=True)

    def dest(path):
        s = owner(path)
        if s:
            return origin_of[s] / path[len(s) + 1:]
        return out / path

    made_dirs = set()
    total_bytes = 0
    over_500k = 0
    for i, (p, k) in enumerate(plan):
        d = dest(p)
        parent = d.parent
        if parent not in made_dirs:
            parent.mkdir(parents=True, exist_ok=True)
            made_dirs.add(parent)
        header = ("// %s (torchpatch bench, seed %d)\n" % (p, a.seed)).encode()
        if k.startswith("cmake"):
            body = cmake_text[i]
            data = ("# %s\n" % p).encode() + body + slice_pool(pools["cmake"], rng, sizes[i] - len(body))
            if rng.random() < 0.05:
                data = data.replace(b"\n", b"\r\n")
        elif k == "py":
            data = b"# " + header[3:] + slice_pool(pools["py"], rng, sizes[i] - len(header))
        elif k == "bin":
            data = slice_pool(pools["bin"], rng, sizes[i])
        else:
            pool = pools.get(k, pools["cpp"])
            data = header + slice_pool(pool, rng, sizes[i] - len(header))
        with open(d, "wb") as fh:
            fh.write(data)
        total_bytes += len(data)
        over_500k += len(data) > 500_000
    for p, b in fixture_sub.items():
        d = dest(p)
        d.parent.mkdir(parents=True, exist_ok=True)
        d.write_bytes(b)
        total_bytes += len(b)
    t_write = time.time() - t0

    # 5. Submodule repositories: nested ones first, then their parents.
    def commit_all(path, message, date):
        git(["add", "-A"], path, date)
        git(["commit", "-q", "-m", message], path, date)

    date0 = TAGS[0][3]
    for s in sorted(SUBMODULES, key=lambda s: -s.count("/")):
        o = origin_of[s]
        git(["init", "-q", str(o)], origins, date0)
        for child, parent in NESTED.items():
            if parent == s:
                rel = child[len(s) + 1:]
                shutil.rmtree(o / rel, ignore_errors=True)
                git(["submodule", "add", "-q", str(origin_of[child]), rel], o, date0)
        commit_all(o, "bench submodule %s" % s, date0)
    t_subs = time.time() - t0

    # 6. Superproject: bulk commit at the first tag, then the later tags.
    git(["init", "-q", str(out)], out.parent, date0)
    git(["config", "gc.auto", "0"], out)
    for s in SUBMODULES:
        if s in NESTED:
            continue
        git(["submodule", "add", "-q", str(origin_of[s]), s], out, date0)
        if any(p == s for p in NESTED.values()):
            git(["submodule", "update", "-q", "--init", "--recursive"], out / s, date0)

    previous = {}
    for n_tag, (tag, _, _, date) in enumerate(TAGS):
        files = fixture_super[tag]
        if tag == "v2.1.0":
            break
        for p in previous:
            if p not in files:
                (out / p).unlink()
        for p, b in files.items():
            (out / p).parent.mkdir(parents=True, exist_ok=True)
            (out / p).write_bytes(b)
        if n_tag >= 2:  # a few ordinary files change between releases
            for p, _ in rng.sample([x for x in plan if not owner(x[0]) and x[1] == "cpp"], 5):
                with open(out / p, "ab") as fh:
                    fh.write(("// changed in %s\n" % tag).encode())
        commit_all(out, "bench checkout %s" % tag, date)
        git(["tag", "-a", tag, "-m", tag], out, date)
        previous = files
    t_super = time.time() - t0

    # v2.1.0 on release/2.1, written through a temporary index so the work tree stays at HEAD.
    tag, _, _, date = TAGS[-1]
    index = out / ".git" / "bench-v2.1.0.index"
    shutil.copyfile(out / ".git" / "index", index)
    env_index = dict(GIT_INDEX_FILE=str(index))
    changes = dict(fixture_super[tag])
    for p, _ in rng.sample([x for x in plan if not owner(x[0]) and x[1] == "cpp"], 5):
        changes[p] = (out / p).read_bytes() + b"// changed in v2.1.0\n"
    lines = []
    for p, b in sorted(changes.items()):
        blob = git(["hash-object", "-w", "--stdin"], out, date, stdin=b, capture=True).strip()
        lines.append("100644 %s\t%s\n" % (blob, p))
    os.environ.update(env_index)
    try:
        git(["update-index", "--index-info"], out, date, stdin="".join(lines).encode())
        tree = git(["write-tree"], out, date, capture=True).strip()
    finally:
        del os.environ["GIT_INDEX_FILE"]
    index.unlink()
    commit = git(["commit-tree", tree, "-p", "HEAD", "-m", "bench checkout v2.1.0"], out, date,
                 capture=True).strip()
    git(["tag", "-a", tag, "-m", tag, commit], out, date)
    git(["branch", "release/2.1", commit], out, date)
    head = git(["rev-parse", "HEAD"], out, capture=True).strip()

    # 7. Pack every repository, as a clone is (no delta search: it is slow and changes nothing
    # torchpatch reads). Submodules' git dirs live in .git/modules.
    t_pack = time.time()
    git_dirs = [out / ".git"] + sorted(p.parent for p in (out / ".git" / "modules").rglob("HEAD")
                                       if (p.parent / "objects").is_dir())
    for d in git_dirs:
        git(["--git-dir", str(d), "-c", "pack.compression=1", "repack", "-a", "-d", "-q",
             "--window=0", "--depth=0"], out)

    summary = {
        "out": str(out), "seed": a.seed, "files": len(plan) + fixture_count,
        "bytes": total_bytes + sum(len(b) for b in fixture_super[HEAD_TAG].values()),
        "cmake_files": n_cmake, "files_over_500k": over_500k,
        "submodules": sorted(SUBMODULES), "tags": [t[0] for t in TAGS], "head": head,
        "seconds": {"write": round(t_write, 1), "submodules": round(t_subs - t_write, 1),
                    "superproject": round(t_pack - t0 - t_subs, 1),
                    "pack": round(time.time() - t_pack, 1)},
    }
    Path(str(out) + ".manifest.json").write_text(json.dumps(summary, indent=2) + "\n")
    print(json.dumps(summary, indent=2))


if __name__ == "__main__":
    main()
