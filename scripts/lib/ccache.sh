# Sourced by the build scripts (build.sh, sanitize.sh, fuzz.sh, package_linux.sh,
# package_windows.sh): compile through ccache when it is installed (setup.sh and the packaging
# scripts install it). The objects are the compiler's own bytes either way. A warm cache
# (~/.cache/ccache, kept between CI runs on one machine) turns the rebuilds of a fresh clone into
# cache hits: CCACHE_BASEDIR rewrites the clone's absolute paths (-I, -ffile-prefix-map) as
# relative ones, and CCACHE_NOHASHDIR leaves the working folder out of the key of builds with
# debug information (their DW_AT_comp_dir then names the clone that filled the cache; harmless).

# tp_ccache_setup REPO: exports that environment and sets tp_ccache_args to the CMake arguments
# (empty without ccache).
tp_ccache_setup() {
  tp_ccache_args=()
  command -v ccache >/dev/null || return 0
  export CCACHE_BASEDIR="$1" CCACHE_NOHASHDIR=1
  tp_ccache_args=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
}
