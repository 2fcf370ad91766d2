#!/usr/bin/env python3
"""What tests/sweep/compile.py promises, checked with the host's gcc on a three-file build.

- Clang is given GCC's commands without the -f options it rejects, with no output or dependency
  files; the language (C or C++) follows the entry's compiler.
- The sample is fixed for a seed, draws from every target, and grows with the targets' sizes.
- A result is cached under the preprocessed input: a second run compiles nothing, and editing an
  included header compiles again what includes it.
- A failure keeps its first error and its log.
- nvcc's commands are the build's own (-c, to an object thrown away); their key is every file
  `nvcc -M` lists, byte for byte, so an edit that only device code sees compiles again.
"""
import json
import os
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import checks  # noqa: E402  (tests/sweep, this test's folder)
import compile as sweep  # noqa: E402

check = checks.Checks()


def entry(output, command, directory="/b", file="x.c"):
    return {"output": output, "arguments": command.split(), "directory": directory, "file": file,
            "target": sweep.target_of(output)}


# --- the command given to each compiler
e = entry("lib/CMakeFiles/foo.dir/a.cpp.o",
          "/usr/bin/g++-16 -DX -O2 -fno-semantic-interposition -ftree-vectorize -MD -MT a.o -MF a.o.d -o a.o -c a.cpp")
check(sweep.target_of(e["output"]) == "foo", "the target is the folder before .dir")
gcc = sweep.compile_arguments(e, "gcc", codegen=False)
check(gcc[0] == "g++-16" and "-fsyntax-only" in gcc and "-o" not in gcc and "-MD" not in gcc and "a.o.d" not in gcc,
      f"GCC: g++-16, syntax only, no output or dependency file ({gcc})")
check("-ftree-vectorize" in gcc and "-fno-semantic-interposition" in gcc, "GCC keeps every -f option")
clang = sweep.compile_arguments(e, "clang", False, rejected=lambda arg: arg == "-fno-semantic-interposition")
check(clang[0] == "clang++-21" and "-fno-semantic-interposition" not in clang and "-ftree-vectorize" in clang
      and "-O2" in clang and "-DX" in clang, f"Clang: clang++-21 without the options it rejects ({clang})")
asked = sweep.RejectedOptions("gcc")
check(asked("-fno-such-option-at-all") and not asked("-fno-common") and not asked("-DX"),
      "an option is rejected when the compiler says it is unknown")
check(asked.dropped() == ["-fno-such-option-at-all"], "the rejected options are named")
c_entry = entry("x/CMakeFiles/k.dir/k.c.o", "/usr/bin/gcc-16 -c k.c -o k.o")
libcxx = sweep.compile_arguments(entry("foo/CMakeFiles/foo.dir/a.cpp.o", "/usr/bin/clang++-21 -stdlib=libc++ -O2 -c a.cpp"),
                                 "libcxx", False, rejected=lambda arg: False)
check(libcxx[0] == "clang++-21" and "-stdlib=libc++" in libcxx and "-Wno-unknown-warning-option" in libcxx,
      "libcxx is Clang 21 with the configure's -stdlib=libc++ and Clang's warning options")
check(sweep.compile_arguments(c_entry, "clang", False)[0] == "clang-21", "a C entry is compiled as C")
check(sweep.compile_arguments(c_entry, "gcc", True)[-2:] == ["-o", "/dev/null"], "--codegen compiles to an object")

cl_entry = entry("c10/CMakeFiles/c10.dir/core/A.cpp.obj",
                 "/usr/bin/clang-cl --target=x86_64-pc-windows-msvc /nologo -TP -DX -fms-compatibility-version=19.44 "
                 "-MD -clang:-MD -clang:-MTa.obj -clang:-MFa.obj.d /FoCMakeFiles/a.obj /FdT.pdb -c -- /w/src/A.cpp")
cl = sweep.compile_arguments(cl_entry, "clang-cl", False, msvc_version="19.50")
check(cl[0] == "clang-cl" and "-MD" in cl and not any(a.startswith(("/Fo", "/Fd", "-clang:")) for a in cl),
      f"clang-cl: the runtime's -MD stays, no object, PDB or dependency file ({cl})")
check(cl[-3:] == ["/Zs", "--", "/w/src/A.cpp"] and "-fms-compatibility-version=19.50" in cl,
      "clang-cl: /Zs before `--`, the STL tag's toolset version")
check(sweep.before_inputs(["a", "--", "f"], ["/E"]) == ["a", "/E", "--", "f"] and sweep.before_inputs(["a"], ["-E"]) == ["a", "-E"],
      "options go before clang-cl's `--`")

nv_entry = entry("caffe2/CMakeFiles/torch_cuda.dir/__/aten/src/ATen/native/cuda/A.cu.o",
                 "/usr/bin/nvcc -forward-unknown-to-host-compiler -DX -gencode arch=compute_80,code=sm_80 -MD -MT A.cu.o "
                 "-MF A.cu.o.d -x cu -c /w/src/A.cu -o A.cu.o")
nv = sweep.compile_arguments(nv_entry, "nvcc", False)
check(nv[0] == "/usr/bin/nvcc" and nv[-2:] == ["-o", "/dev/null"] and "-c" in nv and "arch=compute_80,code=sm_80" in nv
      and not {"-MD", "-MT", "-MF", "A.cu.o", "A.cu.o.d"} & set(nv),
      f"nvcc: the build's command in full, no dependency file, the object thrown away ({nv})")
check(sweep.dependencies("A.cu.o : /w/src/A.cu \\\n /usr/include/a\\ b.h /w/x.h\n") == ["/w/src/A.cu", "/usr/include/a b.h", "/w/x.h"],
      "nvcc -M's rule gives its prerequisites, escaped spaces kept")

check(sweep.first_error(b"a.cpp:1:2: warning: w\na.cpp:3:4: error: e\n") == "a.cpp:3:4: error: e",
      "the first error line is the unit's first error")
check(sweep.first_error(b"note\nSegmentation fault\n") == "Segmentation fault"
      and sweep.first_error(b"") == "(no output)", "without an error line, the log's last line (a string)")

# --- the sample
entries = [entry(f"t{t}/CMakeFiles/t{t}.dir/f{i}.c.o", "gcc -c f.c") for t, n in ((1, 200), (2, 20), (3, 1))
           for i in range(n)]
one = sweep.sample(entries, 22, "24")
check([x["output"] for x in one] == [x["output"] for x in sweep.sample(entries, 22, "24")], "the sample is fixed for a seed")
check({x["target"] for x in one} == {"t1", "t2", "t3"}, "the sample draws from every target")
sizes = {t: sum(x["target"] == t for x in one) for t in ("t1", "t2", "t3")}
check(sizes == {"t1": 20, "t2": 2, "t3": 1}, f"the sample follows the targets' sizes ({sizes})")
check(one != sweep.sample(entries, 22, "25"), "another seed, another sample")


class Selection:
    def __init__(self, files=None, sample=None, shard=None, targets="", skip_targets="", within=None):
        self.files, self.sample, self.seed, self.shard = files, sample, "24", shard
        self.targets, self.skip_targets, self.within = targets, skip_targets, within


with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as listing:
    listing.write("t3/CMakeFiles/t3.dir/f0.c.o\nt2/CMakeFiles/t2.dir/f7.c.o\n")
both = sweep.select(entries, Selection(files=listing.name, sample=22))
f7_sampled = any(x["output"] == "t2/CMakeFiles/t2.dir/f7.c.o" for x in one)
check(len(both) == len(one) + (0 if f7_sampled else 1) and any(x["output"] == "t2/CMakeFiles/t2.dir/f7.c.o" for x in both),
      "--files and --sample select both, each entry once")
halves = [sweep.select(entries, Selection(shard=f"{k}/2")) for k in (0, 1)]
check(sorted(x["output"] for h in halves for x in h) == sorted(x["output"] for x in entries)
      and not {x["output"] for x in halves[0]} & {x["output"] for x in halves[1]},
      "two shards split the entries between them, none twice")
inside = sweep.select(entries, Selection(within=listing.name, sample=1))
check([x["output"] for x in inside] == ["t2/CMakeFiles/t2.dir/f7.c.o", "t3/CMakeFiles/t3.dir/f0.c.o"],
      "--within keeps only the outputs it names, and a sample draws from them alone")
os.unlink(listing.name)
only = sweep.select(entries, Selection(targets="t2,t3"))
check({x["target"] for x in only} == {"t2", "t3"} and len(only) == 21, "--targets keeps only those targets' entries")
rest = sweep.select(entries, Selection(skip_targets="t1"))
check([x["output"] for x in rest] == [x["output"] for x in only], "--skip-targets keeps all the others")
within = sweep.select(entries, Selection(targets="t1", sample=22))
check(len(within) == 22 and {x["target"] for x in within} == {"t1"},
      "a sample within --targets draws its whole size from those targets")
try:
    sweep.select(entries, Selection(skip_targets="torch_cpu"))
    check(False, "a target with no entry is refused")
except SystemExit as refused:
    check("torch_cpu" in str(refused), f"a target with no entry is refused, named ({refused})")


# --- a real compile, cached under the preprocessed input
class Args:
    def __init__(self, work):
        self.work, self.compiler, self.phase, self.codegen, self.jobs = work, "gcc", "after", False, 2
        self.label = self.msvc_version = None


sweep.COMPILERS["gcc"] = ("gcc", "g++")  # the host's compiler stands in for GCC 16
with tempfile.TemporaryDirectory() as work:
    src = os.path.join(work, "src")
    os.makedirs(os.path.join(work, "build"))
    os.makedirs(src)
    files = {"h.h": "#define VALUE 1\n", "ok.c": '#include "h.h"\nint ok(void) { return VALUE; }\n',
             "bad.c": "int bad(void) { return missing; }\n"}
    for name, text in files.items():
        with open(os.path.join(src, name), "w") as f:
            f.write(text)
    commands = [{"directory": src, "file": f"{src}/{n}", "output": f"t/CMakeFiles/t.dir/{n}.o",
                 "command": f"/usr/bin/gcc-16 -O2 -o {n}.o -c {n}"} for n in ("ok.c", "bad.c")]
    with open(os.path.join(work, "build", "compile_commands.json"), "w") as f:
        json.dump(commands, f)

    def run():
        runner = sweep.Sweep(Args(work))
        runner.sweep(sweep.load_entries(work))
        with open(os.path.join(work, "results", "gcc-after.jsonl")) as f:
            return {os.path.basename(r["file"]): r for r in map(json.loads, f)}

    with open(os.path.join(work, "build", "default-commands.txt"), "w") as f:
        f.write("/usr/bin/gcc-16 -O2 -o t/CMakeFiles/t.dir/ok.c.o -c ok.c\n"
                "/usr/bin/gcc-16 -O2 -o t/CMakeFiles/t.dir/bad.c.o -c bad.c\n: && gcc -o libt.so t/CMakeFiles/t.dir/ok.c.o\n")
    commands.append({"directory": src, "file": f"{src}/unbuilt.c", "output": "x/CMakeFiles/x.dir/unbuilt.c.o",
                     "command": "/usr/bin/gcc-16 -o unbuilt.c.o -c unbuilt.c"})
    with open(os.path.join(work, "build", "compile_commands.json"), "w") as f:
        json.dump(commands, f)
    check([os.path.basename(e["file"]) for e in sweep.load_entries(work)] == ["bad.c", "ok.c"],
          "only what the default target compiles is swept (an EXCLUDE_FROM_ALL target's entry is not)")
    with open(os.path.join(work, "build", "compile_commands.json"), "w") as f:
        json.dump([{"directory": src, "file": f"{src}/{n}", "command": f"/usr/bin/gcc-16 -O2 -o t/CMakeFiles/t.dir/{n}.o -c {n}"}
                   for n in ("ok.c", "bad.c")], f)
    check([e["output"] for e in sweep.load_entries(work)] == ["t/CMakeFiles/t.dir/bad.c.o", "t/CMakeFiles/t.dir/ok.c.o"],
          "entries without an output (an older CMake) are named by their command's -o")
    with open(os.path.join(work, "build", "compile_commands.json"), "w") as f:
        json.dump(commands, f)
    first = run()
    check(first["ok.c"]["status"] == "passed" and first["bad.c"]["status"] == "failed", "ok.c passes, bad.c fails")
    check("'missing' undeclared" in first["bad.c"]["first_error"], f"the first error is kept ({first['bad.c']['first_error']})")
    check(os.path.isfile(first["bad.c"]["log"]), "the failure's log is kept")
    again = run()
    check(again["ok.c"]["cached"] and again["bad.c"]["cached"], "a second run compiles nothing")
    check(again["bad.c"]["first_error"] == first["bad.c"]["first_error"], "a cached failure keeps its error")
    check(isinstance(first["ok.c"]["seconds"], float) and again["ok.c"]["seconds"] == first["ok.c"]["seconds"],
          "a result says how long its compile took, and a cached one how long it took when compiled")
    with open(os.path.join(src, "h.h"), "w") as f:
        f.write("#define VALUE (\n")
    edited = run()
    check(not edited["ok.c"]["cached"] and edited["ok.c"]["status"] == "failed",
          "editing an included header compiles again what includes it")
    check(edited["bad.c"]["cached"], "what does not include it stays cached")

# --- nvcc's key, with the host's gcc standing in (its -M writes the same rule)
sweep.COMPILERS["nvcc"] = ("gcc", "gcc")
with tempfile.TemporaryDirectory() as work:
    src = os.path.join(work, "src")
    os.makedirs(os.path.join(work, "build"))
    os.makedirs(src)
    files = {"d.h": "#ifdef __CUDA_ARCH__\nint device_only;\n#endif\n", "k.c": '#include "d.h"\nint k(void) { return 0; }\n'}
    for name, text in files.items():
        with open(os.path.join(src, name), "w") as f:
            f.write(text)
    with open(os.path.join(work, "build", "compile_commands.json"), "w") as f:
        json.dump([{"directory": src, "file": f"{src}/k.c", "output": "t/CMakeFiles/t.dir/k.c.o",
                    "command": "gcc -MD -MT k.o -MF k.o.d -c k.c -o k.o"}], f)

    def run_nvcc():
        args = Args(work)
        args.compiler = "nvcc"
        sweep.Sweep(args).sweep(sweep.load_entries(work))
        with open(os.path.join(work, "results", "nvcc-after.jsonl")) as f:
            return json.loads(f.readline())

    check(run_nvcc()["status"] == "passed" and run_nvcc()["cached"], "an nvcc unit compiles, then is cached")
    with open(os.path.join(src, "d.h"), "w") as f:
        f.write("#ifdef __CUDA_ARCH__\nint device_only_edited;\n#endif\n")
    check(not run_nvcc()["cached"], "an edit that only device code sees (behind __CUDA_ARCH__) compiles again")

print(f"{check.passed()} passed, {len(check.failures)} failed")
sys.exit(1 if check.failures else 0)
