/* bench/limit_proxy.c: the limit proxy's second half (see bench/limit_proxy.sh).
 *
 *   git ls-files --recurse-submodules -z | limit_proxy GLOBS_FILE
 *
 * Reads NUL-separated paths from standard input, keeps those that one of the globs in
 * GLOBS_FILE (one a line: the `files` of every patchset in the catalog) selects, and reads each
 * kept file whole, as any tool that patches those files must. Prints how many files and bytes.
 * The globs follow the catalog's rules (src/catalog/glob.hpp): '/'-separated, `*` and `?` within
 * one component, `**` any number of components. Standard C and POSIX only.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Does `name` (one component, [n, n_end)) match `pattern` ([p, p_end), no '/')? */
static int component_match(const char* p, const char* p_end, const char* n, const char* n_end) {
  while (p < p_end) {
    if (*p == '*') {
      for (const char* k = n;; ++k) {
        if (component_match(p + 1, p_end, k, n_end))
          return 1;
        if (k == n_end)
          return 0;
      }
    }
    if (n == n_end || (*p != '?' && *p != *n))
      return 0;
    ++p;
    ++n;
  }
  return n == n_end;
}

static const char* component_end(const char* s, const char* end) {
  const char* slash = memchr(s, '/', (size_t)(end - s));
  return slash ? slash : end;
}

/* Does `path` match glob `pattern` (both '/'-separated)? */
static int glob_match(const char* p, const char* p_end, const char* s, const char* s_end) {
  for (;;) {
    if (p == p_end)
      return s == s_end;
    const char* pe = component_end(p, p_end);
    const char* p_next = pe == p_end ? p_end : pe + 1;
    if (pe - p == 2 && p[0] == '*' && p[1] == '*') {
      for (const char* k = s;;) { /* `**` takes zero or more whole components */
        if (glob_match(p_next, p_end, k, s_end))
          return 1;
        if (k == s_end)
          return 0;
        const char* ke = component_end(k, s_end);
        k = ke == s_end ? s_end : ke + 1;
      }
    }
    if (s == s_end)
      return 0;
    const char* se = component_end(s, s_end);
    if (!component_match(p, pe, s, se))
      return 0;
    if ((pe == p_end) != (se == s_end))
      return 0;
    p = p_next;
    s = se == s_end ? s_end : se + 1;
  }
}

int main(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: git ls-files --recurse-submodules -z | %s GLOBS_FILE\n", argv[0]);
    return 2;
  }
  FILE* globs_file = fopen(argv[1], "r");
  if (!globs_file) {
    perror(argv[1]);
    return 2;
  }
  char* globs[512];
  size_t n_globs = 0;
  char line[4096];
  while (n_globs < 512 && fgets(line, sizeof line, globs_file)) {
    line[strcspn(line, "\n")] = 0;
    if (line[0])
      globs[n_globs++] = strdup(line);
  }
  fclose(globs_file);

  size_t files = 0, bytes = 0, listed = 0;
  static char buffer[1 << 16];
  char* path = NULL;
  size_t cap = 0;
  ssize_t len;
  while ((len = getdelim(&path, &cap, '\0', stdin)) > 0) {
    size_t n = (size_t)len;
    if (path[n - 1] == '\0')
      --n;
    ++listed;
    int selected = 0;
    for (size_t g = 0; g < n_globs && !selected; ++g)
      selected = glob_match(globs[g], globs[g] + strlen(globs[g]), path, path + n);
    if (!selected)
      continue;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
      continue; /* a gitlink (uninitialised submodule) or a file missing from the work tree */
    ssize_t got;
    while ((got = read(fd, buffer, sizeof buffer)) > 0)
      bytes += (size_t)got;
    close(fd);
    ++files;
  }
  printf("%zu paths listed, %zu selected files read, %zu bytes\n", listed, files, bytes);
  return 0;
}
