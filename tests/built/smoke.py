"""The installed wheel does real work (tests/built/wheel.sh check).

Each check prints one JSON line: {"check": NAME, "ok": true|false, "detail": ...}. The exit
status is the number of failed checks (0: all passed). Run it outside the source tree, so that
`import torch` finds the installed package and not the tree's torch/ folder.
"""

import json
import os
import sys
import tempfile
import traceback

RESULTS = []


def check(name):
    def run(function):
        try:
            detail = function()
            RESULTS.append({"check": name, "ok": True, "detail": detail})
        except Exception:  # a failing check is reported, never hidden
            RESULTS.append({"check": name, "ok": False, "detail": traceback.format_exc(limit=4)})
        print(json.dumps(RESULTS[-1]), flush=True)
        return function

    return run


import torch  # noqa: E402  (after the helpers: a failed import is the one unreported crash)


@check("installed, not the source tree")
def _():
    where = os.path.dirname(torch.__file__)
    # a venv's site-packages, or Debian's dist-packages (wheel.sh baseline)
    assert any(os.path.join(d, "torch") in where for d in ("site-packages", "dist-packages")), where
    return {"version": torch.__version__, "path": where, "python": sys.version.split()[0]}


@check("matmul agrees with NumPy")
def _():
    import numpy

    a, b = numpy.random.rand(64, 32), numpy.random.rand(32, 16)
    product = torch.from_numpy(a) @ torch.from_numpy(b)
    assert numpy.allclose(product.numpy(), a @ b)
    return {"numpy": numpy.__version__, "shape": list(product.shape)}


@check("autograd: d/dx sum(x^3) = 3x^2")
def _():
    x = torch.linspace(-2, 2, 9, dtype=torch.float64, requires_grad=True)
    (x**3).sum().backward()
    assert torch.allclose(x.grad, 3 * x.detach() ** 2)
    return {"grad": x.grad.tolist()}


@check("torch.nn: a linear model learns y = 3x - 1")
def _():
    torch.manual_seed(0)
    model = torch.nn.Linear(1, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    x = torch.linspace(-1, 1, 32).unsqueeze(1)
    y = 3 * x - 1
    for _ in range(300):
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
    weight, bias = model.weight.item(), model.bias.item()
    assert abs(weight - 3) < 1e-3 and abs(bias + 1) < 1e-3, (weight, bias)
    return {"weight": weight, "bias": bias, "loss": loss.item()}


@check("torch.compile (inductor, CPU) gives eager's result")
def _():
    def f(x):
        return torch.sin(x) * torch.cos(x) + x.relu()

    compiled = torch.compile(f)
    x = torch.randn(1000)
    assert torch.allclose(compiled(x), f(x), atol=1e-6)
    return {"backend": "inductor"}


@check("functorch.dim: first-class dims, or upstream's refusal on Python 3.12+")
def _():
    # 2.6.0's functorch/csrc/dim/dim.cpp compiles only a stub for Python 3.12+ ("First class dim
    # doesn't work with python 3.12"; 2.1.0's has no such branch, 2.2 - 2.5 inferred to have it,
    # since they support 3.12), and with it not arena.h, whose round2min8 the patchset
    # functorch-builtin-clz edits (tests/behaviour/functorch_clz.sh checks that edit's arithmetic).
    if sys.version_info >= (3, 12):
        try:
            from functorch.dim import dims  # noqa: F401
        except ImportError as refusal:
            # the stub raises while functorch._C initialises: an ImportError caused by its
            # RuntimeError (as Debian's own 2.6.0 build shows on Python 3.13)
            cause = refusal.__cause__
            assert isinstance(cause, RuntimeError), repr(refusal)
            assert "First class dim doesn't work with python 3.12" in str(cause), cause
            return {"refused": f"{refusal} ({cause})"}
        raise AssertionError("functorch.dim imported on Python 3.12+, which 2.6's dim.cpp refuses")
    from functorch.dim import dims

    i, j = dims(2)
    x = torch.randn(3, 4)
    transposed = x[i, j].order(j, i)
    assert torch.equal(transposed, x.t())
    return {"shape": list(transposed.shape)}


@check("a C++ extension compiled at run time (cpp_extension.load_inline)")
def _():
    from torch.utils.cpp_extension import load_inline

    source = "torch::Tensor twice(torch::Tensor x) { return x * 2; }"
    with tempfile.TemporaryDirectory() as build:
        module = load_inline("tp_smoke", cpp_sources=source, functions=["twice"], build_directory=build)
        assert torch.equal(module.twice(torch.arange(4)), torch.arange(4) * 2)
    return {"compiler": os.environ.get("CXX", "c++")}


failed = [r["check"] for r in RESULTS if not r["ok"]]
print(json.dumps({"checks": len(RESULTS), "failed": failed}))
sys.exit(len(failed))
