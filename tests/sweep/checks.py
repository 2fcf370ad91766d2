"""What the sweep's tests share: checks that print "ok: WHAT" or "FAILED: WHAT" and are counted.

A test imports its subject by name (`import compile`, `import bundle`): Python puts the test's own
folder, tests/sweep, first on the module path. The test sets sys.dont_write_bytecode first, so that
no __pycache__ is left in the source tree.
"""


class Checks:
    def __init__(self):
        self.count, self.failures = 0, []

    def __call__(self, ok, what):
        self.count += 1
        print(("ok: " if ok else "FAILED: ") + what)
        if not ok:
            self.failures.append(what)

    def passed(self):
        return self.count - len(self.failures)
