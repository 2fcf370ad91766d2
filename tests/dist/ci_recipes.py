"""Prints, as a bash script, the shell steps of one CI recipe of docs/ci.md (ctest dist-ci-recipes).

    python3 ci_recipes.py DOCS_CI_MD github|gitlab|shell

A recipe is the fenced block after `<!-- recipe: NAME -->`. The YAML recipes are read with a YAML
parser, as the CI services read them, and turned into what their runners execute:
  github   every step with `run:`, in order, each in its `working-directory` (relative to the
           workspace) with `bash --noprofile --norc -eo pipefail`, GitHub's default shell on
           Linux; the first step that fails ends the job with its exit code
  gitlab   the job's `script:` lines in one shell, stopping at the first that fails (GitLab's
           runner does `set -eo pipefail` and checks each line)
  shell    the block itself, run with sh
The printed script runs in the workspace (the folder holding pytorch/) and exits with the job's
status. Steps that `uses:` an action are the service's own (checkout, setup-python, upload) and
are not shell steps.
"""
import re
import shlex
import sys

import yaml


def recipe_block(text, name):
    match = re.search(r"<!-- recipe: " + re.escape(name) + r" -->\s*```[a-z]*\n(.*?)\n```", text, re.S)
    if not match:
        sys.exit(f"ci_recipes: no recipe {name!r} in the document")
    return match.group(1)


def github_script(block):
    steps = yaml.safe_load(block)["steps"]
    lines = ["set -u"]
    for step in steps:
        if "run" not in step:
            continue
        cwd = step.get("working-directory", ".")
        lines.append(f"(cd {shlex.quote(cwd)} && bash --noprofile --norc -eo pipefail -c {shlex.quote(step['run'])}) || exit $?")
    return "\n".join(lines)


def gitlab_script(block):
    jobs = yaml.safe_load(block)
    if len(jobs) != 1:
        sys.exit("ci_recipes: the GitLab recipe should hold one job")
    (job,) = jobs.values()
    return "set -eo pipefail\n" + "\n".join(job["script"])


def shell_script(block):
    return "exec sh -c " + shlex.quote(block)


def main():
    path, name = sys.argv[1], sys.argv[2]
    with open(path, encoding="utf-8") as f:
        text = f.read()
    makers = {"github": github_script, "gitlab": gitlab_script, "shell": shell_script}
    print(makers[name](recipe_block(text, name)))


if __name__ == "__main__":
    main()
