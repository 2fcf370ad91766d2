#!/usr/bin/env python3
"""A synthetic catalog N times the size of a real one (issue #26: the cost of a growing catalog).

    bench/gen_catalog.py --factor 3 --out DIR [--catalog patchsets]

DIR gets the real catalog's patchsets and gates as they are, and N-1 copies of each with a
distinct id (`ID-synthetic-K`) and distinct anchors that find what the original finds: a regex
(an anchor, `applied`, `upstream_fixed`, `within`, a cmake anchor's `arguments`) ends in K-1
empty groups `(?:)` (which keep its prefilter literal), and a syntax query gains a comment line. So every copy reads, parses and
searches the same files as its original, and its edits overlap the original's (the plan reports
those conflicts): the work of the catalog grows N times, not only its size. Cases are not copied.
Standard library only (tomllib reads, a small writer below writes).
"""
import argparse
import json
import pathlib
import shutil
import sys
import tomllib

REGEX_KEYS = ("pattern", "within", "arguments")


def value(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(value(x) for x in v) + "]"
    raise TypeError(f"cannot write {type(v).__name__}")


def is_table_array(v):
    return isinstance(v, list) and v and all(isinstance(x, dict) for x in v)


def write_table(table, path, out):
    for key, v in table.items():
        if not isinstance(v, dict) and not is_table_array(v):
            out.append(f"{key} = {value(v)}")
    for key, v in table.items():
        name = f"{path}.{key}" if path else key
        if isinstance(v, dict):
            out.append(f"\n[{name}]")
            write_table(v, name, out)
        elif is_table_array(v):
            for item in v:
                out.append(f"\n[[{name}]]")
                write_table(item, name, out)


def distinct(table, k):
    """The same anchors, written differently for copy k."""
    for key, v in table.items():
        if isinstance(v, dict):
            distinct(v, k)
        elif is_table_array(v):
            for item in v:
                distinct(item, k)
    kind = table.get("kind")
    if kind == "syntax" and "query" in table:
        table["query"] = table["query"] + f"\n; synthetic copy {k}\n"
    if kind == "node" and "path" in table:
        # A path has no comments; whitespace between steps is free.
        table["path"] = table["path"].replace(" > ", " " * (k + 1) + "> ", 1)
    if kind in ("regex", "syntax", "node", "cmake"):
        for key in REGEX_KEYS:
            if key in table and table[key]:
                table[key] = table[key] + "(?:)" * (k - 1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--catalog", default=str(pathlib.Path(__file__).parent.parent / "patchsets"))
    parser.add_argument("--factor", type=int, default=3)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    source, out = pathlib.Path(args.catalog), pathlib.Path(args.out)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    shutil.copy(source / "catalog.toml", out / "catalog.toml")
    count = 0
    for path in sorted(source.glob("*.toml")):
        if path.name == "catalog.toml":
            continue
        shutil.copy(path, out / path.name)
        for k in range(2, args.factor + 1):
            table = tomllib.loads(path.read_text(encoding="utf-8"))
            table["id"] = f"{table['id']}-synthetic-{k}"
            distinct(table, k)
            lines = []
            write_table(table, "", lines)
            (out / f"{table['id']}.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
        count += 1
    print(f"gen_catalog: {count} entries x {args.factor} in {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
