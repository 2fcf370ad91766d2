#!/usr/bin/env python3
"""Checks that src/CMakeLists.txt links exactly the modules each src/ folder includes.

The graph is read from the tp_module(...) calls of src/CMakeLists.txt (DEPS are linked PUBLIC,
PRIVATE_DEPS PRIVATE) and compared with the #include lines of every file under src/<module>/:

  - a file may include another module's header only when its folder links that module;
  - a module included by one of the folder's headers is linked PUBLIC (DEPS), a module included
    only by its .cpp files PRIVATE (PRIVATE_DEPS); every linked module is included somewhere;
  - a third-party library (git2.h, re2/, tree_sitter/, toml++/, CLI/) is included only in the
    folder that links it, and linked PRIVATE;
  - every folder under src/ is a module, and the modules form no cycle.

The test binaries (tests/CMakeLists.txt) and fuzz targets (fuzz/CMakeLists.txt) are checked the
same way: each target's files (its sources, and the local headers they include) may include a
module's header only when the target links that module itself (not through another module's
PUBLIC link), a third-party header only when it links that library, and every module it links
is included by one of its files.

Every problem is printed as file:line: message, and the exit status is 1 when there is any.
--print writes the graph as the Markdown block ARCHITECTURE.md shows; the check also fails when
ARCHITECTURE.md's block (between the module-graph markers) differs from it, and
--write-architecture rewrites that block (a developer's command; the check never writes).
"""
import argparse
import glob
import os
import re
import sys

HEADER_SUFFIXES = ('.hpp', '.h', '.hh', '.ipp', '.inc')
SOURCE_SUFFIXES = HEADER_SUFFIXES + ('.cpp', '.cc', '.cxx', '.c')
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
# Third-party headers and the CMake target that provides each (the project's own names for them).
THIRD_PARTY = [
    ('git2.h', 'tp_libgit2'),
    ('git2/', 'tp_libgit2'),
    ('re2/', 'tp_re2'),
    ('tree_sitter/', 'tp_grammars'),
    ('toml++/', 'tomlplusplus::tomlplusplus'),
    ('CLI/', 'CLI11::CLI11'),
]
BEGIN_MARK = '<!-- module-graph: begin (python3 scripts/check_module_graph.py --write-architecture) -->'
END_MARK = '<!-- module-graph: end -->'


class Module:
    def __init__(self, name, line):
        self.name = name
        self.line = line          # of its tp_module( call in src/CMakeLists.txt
        self.public = []          # DEPS that are modules (tp_<name>)
        self.private = []         # PRIVATE_DEPS that are modules
        self.third_public = []    # DEPS that are not modules
        self.third_private = []   # PRIVATE_DEPS that are not modules


def strip_comment(line):
    """The line without its CMake comment (a # outside a quoted argument)."""
    quoted = False
    for i, c in enumerate(line):
        if c == '"':
            quoted = not quoted
        elif c == '#' and not quoted:
            return line[:i]
    return line


def read_modules(cmake_file):
    """The tp_module(...) calls of `cmake_file`, in order, with their line numbers."""
    with open(cmake_file, encoding='utf-8') as f:
        lines = [strip_comment(l) for l in f.read().split('\n')]
    calls = []
    i = 0
    while i < len(lines):
        m = re.match(r'\s*tp_module\s*\(', lines[i])
        if not m:
            i += 1
            continue
        start = i
        text = lines[i][m.end():]
        depth = 1
        while True:
            for k, c in enumerate(text):
                depth += c == '('
                depth -= c == ')'
                if depth == 0:
                    text = text[:k]
                    break
            if depth == 0:
                break
            i += 1
            if i == len(lines):
                sys.exit(f'{cmake_file}:{start + 1}: tp_module( is never closed')
            text += ' ' + lines[i]
        calls.append((start + 1, re.findall(r'"[^"]*"|[^\s]+', text)))
        i += 1
    modules = {}
    names = {words[0] for _, words in calls if words}
    for line, words in calls:
        module = Module(words[0], line)
        section = None
        for w in words[1:]:
            if w in ('SOURCES', 'DEPS', 'PRIVATE_DEPS'):
                section = w
            elif section in ('DEPS', 'PRIVATE_DEPS'):
                is_module = w.startswith('tp_') and w[3:] in names
                target = (module.public if section == 'DEPS' else module.private) if is_module else \
                         (module.third_public if section == 'DEPS' else module.third_private)
                target.append(w[3:] if is_module else w)
        modules[module.name] = module
    return modules


def third_party_target(path):
    for prefix, target in THIRD_PARTY:
        if path == prefix or (prefix.endswith('/') and path.startswith(prefix)):
            return target
    return None


def scan_includes(src, modules):
    """Per module: [(file, line number, included path, is_header)] of every include line."""
    found = {name: [] for name in modules}
    for name in modules:
        folder = os.path.join(src, name)
        for root, dirs, files in os.walk(folder):
            dirs.sort()
            for file in sorted(files):
                if not file.endswith(SOURCE_SUFFIXES):
                    continue
                path = os.path.join(root, file)
                with open(path, encoding='utf-8', errors='replace') as f:
                    for number, text in enumerate(f, 1):
                        m = INCLUDE.match(text)
                        if m:
                            found[name].append((path, number, m.group(2), file.endswith(HEADER_SUFFIXES)))
    return found


def find_cycle(modules):
    """One dependency cycle as a list of names, or None."""
    state = {}

    def visit(name, stack):
        state[name] = 'open'
        stack.append(name)
        for dep in modules[name].public + modules[name].private:
            if dep not in modules:
                continue
            if state.get(dep) == 'open':
                return stack[stack.index(dep):] + [dep]
            if dep not in state:
                cycle = visit(dep, stack)
                if cycle:
                    return cycle
        stack.pop()
        state[name] = 'done'
        return None

    for name in modules:
        if name not in state:
            cycle = visit(name, [])
            if cycle:
                return cycle
    return None


def check(src, modules, cmake_file):
    problems = []
    rel = lambda p: os.path.relpath(p, os.path.dirname(src))
    cmake = f'{rel(cmake_file)}'
    for entry in sorted(os.listdir(src)):
        folder = os.path.join(src, entry)
        if os.path.isdir(folder) and entry not in modules and any(
                f.endswith(SOURCE_SUFFIXES) for _, _, fs in os.walk(folder) for f in fs):
            problems.append(f'{rel(folder)}/: a folder of sources with no tp_module({entry} ...) in {cmake}')
    for name, module in modules.items():
        where = f'{cmake}:{module.line}'
        if not os.path.isdir(os.path.join(src, name)):
            problems.append(f'{where}: tp_module({name}) names no folder src/{name}/')
    for name, includes in scan_includes(src, modules).items():
        module = modules[name]
        where = f'{cmake}:{module.line}'
        in_header, anywhere = set(), set()
        third_used = set()
        for path, number, included, is_header in includes:
            first = included.split('/')[0]
            if '/' in included and first in modules and first != name:
                anywhere.add(first)
                if is_header:
                    in_header.add(first)
                if first not in module.public + module.private:
                    problems.append(f'{rel(path)}:{number}: includes "{included}", but tp_{name} does not link '
                                    f'tp_{first} ({where}: add it to {"DEPS" if is_header else "PRIVATE_DEPS"})')
                elif is_header and first in module.private:
                    problems.append(f'{rel(path)}:{number}: the header includes "{included}", so tp_{name} must link '
                                    f'tp_{first} PUBLIC ({where}: move it from PRIVATE_DEPS to DEPS)')
                continue
            target = third_party_target(included)
            if target:
                third_used.add(target)
                if target not in module.third_public + module.third_private:
                    problems.append(f'{rel(path)}:{number}: includes <{included}> from {target}, which tp_{name} '
                                    f'does not link ({where}); each third-party library belongs to one folder')
        for dep in module.public:
            if dep not in anywhere:
                problems.append(f'{where}: tp_{name} links tp_{dep}, but no file in src/{name}/ includes it')
            elif dep not in in_header:
                problems.append(f'{where}: tp_{name} links tp_{dep} PUBLIC, but only its .cpp files include it '
                                f'(move it to PRIVATE_DEPS)')
        for dep in module.private:
            if dep not in anywhere:
                problems.append(f'{where}: tp_{name} links tp_{dep}, but no file in src/{name}/ includes it')
        for target in module.third_public:
            if target in third_used:
                problems.append(f'{where}: tp_{name} links {target} PUBLIC; a third-party library stays PRIVATE')
        for dep in module.public + module.private:
            if dep not in modules:
                problems.append(f'{where}: tp_{name} links unknown module tp_{dep}')
    cycle = find_cycle(modules)
    if cycle:
        problems.append(f'{cmake}: the modules form a cycle: {" -> ".join(cycle)}')
    return problems


def cmake_calls(cmake_file, command):
    """(line, [words]) of every `command(...)` call of `cmake_file`, arguments unquoted."""
    with open(cmake_file, encoding='utf-8') as f:
        lines = [strip_comment(l) for l in f.read().split('\n')]
    calls = []
    i = 0
    while i < len(lines):
        m = re.match(r'\s*' + command + r'\s*\(', lines[i])
        if not m:
            i += 1
            continue
        start, text, depth = i, lines[i][m.end():], 1
        while True:
            end = None
            for k, c in enumerate(text):
                depth += c == '('
                depth -= c == ')'
                if depth == 0:
                    end = k
                    break
            if end is not None:
                text = text[:end]
                break
            i += 1
            if i == len(lines):
                sys.exit(f'{cmake_file}:{start + 1}: {command}( is never closed')
            text += ' ' + lines[i]
        calls.append((start + 1, [w.strip('"') for w in re.findall(r'"[^"]*"|[^\s]+', text)]))
        i += 1
    return calls


def expand_sources(words, folder, globs):
    """The files that add_executable's `words` name: ${var} of a file(GLOB...) or a path."""
    out = []
    for w in words:
        m = re.fullmatch(r'\$\{(\w+)\}', w)
        if m and m.group(1) in globs:
            out += globs[m.group(1)]
        elif w.startswith('${CMAKE_CURRENT_SOURCE_DIR}/'):
            out.append(os.path.join(folder, w[len('${CMAKE_CURRENT_SOURCE_DIR}/'):]))
    return out


def test_targets(root):
    """{target: (cmake file, line, [source files], [linked names])} of tests/ and fuzz/."""
    targets = {}
    tests_cmake = os.path.join(root, 'tests', 'CMakeLists.txt')
    if os.path.exists(tests_cmake):
        folder = os.path.dirname(tests_cmake)
        globs = {}
        for _, words in cmake_calls(tests_cmake, 'file'):
            if words and words[0] in ('GLOB', 'GLOB_RECURSE'):
                files = []
                for pattern in words[2:]:
                    if pattern.startswith('${CMAKE_CURRENT_SOURCE_DIR}/'):
                        rel = pattern[len('${CMAKE_CURRENT_SOURCE_DIR}/'):]
                        recursive = words[0] == 'GLOB_RECURSE'
                        base, name = os.path.split(rel)
                        pat = os.path.join(folder, base, '**', name) if recursive else os.path.join(folder, rel)
                        files += sorted(glob.glob(pat, recursive=recursive))
                globs[words[1]] = files
        sources = {words[0]: expand_sources(words[1:], folder, globs)
                   for _, words in cmake_calls(tests_cmake, 'add_executable') if words}
        for line, words in cmake_calls(tests_cmake, 'target_link_libraries'):
            if words and words[0] in sources:
                targets[words[0]] = (tests_cmake, line, sources[words[0]],
                                     [w for w in words[1:] if w not in ('PRIVATE', 'PUBLIC')])
    fuzz_cmake = os.path.join(root, 'fuzz', 'CMakeLists.txt')
    if os.path.exists(fuzz_cmake):
        for line, words in cmake_calls(fuzz_cmake, 'tp_fuzz_target'):
            if words and words[0] != 'name':
                libs = words[words.index('LIBS') + 1:] if 'LIBS' in words else []
                source = os.path.join(os.path.dirname(fuzz_cmake), f'{words[0]}_fuzz.cpp')
                targets[f'fuzz_{words[0]}'] = (fuzz_cmake, line, [source], libs)
    return targets


def target_includes(files, include_dirs):
    """[(file, line, included path)] of `files` and of the local headers they include, in turn."""
    seen, queue, found = set(), list(files), []
    while queue:
        path = os.path.normpath(queue.pop(0))
        if path in seen or not os.path.exists(path):
            continue
        seen.add(path)
        with open(path, encoding='utf-8', errors='replace') as f:
            for number, text in enumerate(f, 1):
                m = INCLUDE.match(text)
                if not m:
                    continue
                found.append((path, number, m.group(2)))
                for d in [os.path.dirname(path)] + include_dirs:
                    local = os.path.join(d, m.group(2))
                    if m.group(1) == '"' and os.path.isfile(local):
                        queue.append(local)
                        break
    return found


def check_tests(root, modules):
    problems = []
    rel = lambda p: os.path.relpath(p, root)
    include_dirs = [os.path.join(root, 'tests'), os.path.join(root, 'tests', 'unit'), os.path.join(root, 'fuzz')]
    third_party = {t for _, t in THIRD_PARTY}
    for target, (cmake_file, line, sources, links) in sorted(test_targets(root).items()):
        where = f'{rel(cmake_file)}:{line}'
        linked = {l[3:] for l in links if l.startswith('tp_') and l[3:] in modules}
        used = set()
        for path, number, included in target_includes(sources, include_dirs):
            first = included.split('/')[0]
            if '/' in included and first in modules and not os.path.isfile(os.path.join(os.path.dirname(path), included)):
                used.add(first)
                if first not in linked:
                    problems.append(f'{rel(path)}:{number}: includes "{included}", but {target} does not link '
                                    f'tp_{first} ({where})')
                continue
            party = third_party_target(included)
            if party and party in third_party and party not in links:
                problems.append(f'{rel(path)}:{number}: includes <{included}> from {party}, which {target} '
                                f'does not link ({where})')
        for name in sorted(linked - used):
            problems.append(f'{where}: {target} links tp_{name}, but none of its files includes it')
    return problems


def layers(modules):
    """Each module's layer: 0 for one that links no module, else one above its highest dependency."""
    layer = {}

    def of(name):
        if name not in layer:
            layer[name] = 0
            deps = [d for d in modules[name].public + modules[name].private if d in modules]
            layer[name] = 1 + max((of(d) for d in deps), default=-1)
        return layer[name]

    for name in modules:
        of(name)
    return layer


def render_graph(modules):
    """The Markdown block for ARCHITECTURE.md: modules bottom-up, what each links and how."""
    layer = layers(modules)
    order = sorted(modules, key=lambda n: (layer[n], list(modules).index(n)))
    out = [BEGIN_MARK,
           '| layer | module | links PUBLIC (its headers include them) | links PRIVATE (only its .cpp files) |',
           '|---|---|---|---|']
    for name in order:
        m = modules[name]
        public = ', '.join(m.public + m.third_public) or '—'
        private = ', '.join(m.private + m.third_private) or '—'
        out.append(f'| {layer[name]} | `{name}` | {public} | {private} |')
    out.append(END_MARK)
    return '\n'.join(out) + '\n'


def architecture_block(text):
    begin = text.find(BEGIN_MARK)
    end = text.find(END_MARK)
    if begin < 0 or end < begin:
        return None, begin, end
    end += len(END_MARK) + 1
    return text[begin:end], begin, end


def main():
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--root', default=here, help='the source tree (default: this script\'s)')
    parser.add_argument('--print', action='store_true', help='print the graph block and exit')
    parser.add_argument('--write-architecture', action='store_true',
                        help='rewrite the graph block of ARCHITECTURE.md')
    args = parser.parse_args()
    src = os.path.join(args.root, 'src')
    cmake_file = os.path.join(src, 'CMakeLists.txt')
    modules = read_modules(cmake_file)
    if not modules:
        print(f'{cmake_file}: no tp_module(...) call found', file=sys.stderr)
        return 1
    graph = render_graph(modules)
    if args.print:
        sys.stdout.write(graph)
        return 0
    architecture = os.path.join(args.root, 'ARCHITECTURE.md')
    with open(architecture, encoding='utf-8', newline='') as f:
        text = f.read()
    block, begin, end = architecture_block(text)
    if args.write_architecture:
        if block is None:
            print(f'{architecture}: no "{BEGIN_MARK}" ... "{END_MARK}" block to rewrite', file=sys.stderr)
            return 1
        with open(architecture, 'w', encoding='utf-8', newline='') as f:
            f.write(text[:begin] + graph + text[end:])
        return 0
    problems = check(src, modules, cmake_file) + check_tests(args.root, modules)
    if block is None:
        problems.append(f'ARCHITECTURE.md: the module graph block ({BEGIN_MARK} ... {END_MARK}) is missing')
    elif block != graph:
        problems.append('ARCHITECTURE.md: the module graph block is not the graph of src/CMakeLists.txt; '
                        'run: python3 scripts/check_module_graph.py --write-architecture')
    for p in problems:
        print(p)
    count = sum(len(m.public) + len(m.private) for m in modules.values())
    print(f'module graph: {len(modules)} modules, {count} links, '
          f'{len(problems)} problem{"" if len(problems) == 1 else "s"}')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
