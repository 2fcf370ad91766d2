/* bench/index_floor.c: the part of `torchpatch apply --dry` that no change to torchpatch can
 * remove while it lists files from the git index with libgit2, timed as a whole process (F in
 * bench/run.sh): initialise libgit2, open the checkout, read the superproject's index (libgit2
 * checksums the file and builds an entry for every path), count the entries. No submodule, no
 * catalog, no file is read.
 *
 * Build: cc -O2 index_floor.c $(pkg-config --cflags --libs libgit2) -o index_floor
 * Usage: index_floor CHECKOUT
 */
#include <git2.h>
#include <stdio.h>

int main(int argc, char** argv) {
  git_repository* repo = NULL;
  git_index* index = NULL;
  if (argc != 2) {
    fprintf(stderr, "usage: index_floor CHECKOUT\n");
    return 2;
  }
  git_libgit2_init();
  if (git_repository_open(&repo, argv[1]) < 0 || git_repository_index(&index, repo) < 0) {
    const git_error* e = git_error_last();
    fprintf(stderr, "index_floor: %s\n", e && e->message ? e->message : "cannot read the index");
    return 1;
  }
  printf("%zu\n", git_index_entrycount(index));
  git_index_free(index);
  git_repository_free(repo);
  git_libgit2_shutdown();
  return 0;
}
