"""The examples in the package's docstrings and in the READMEs, run as
doctests.

pytest's ``--doctest-modules`` reads only ``.py`` files from a directory,
so the examples are collected here, from the installed package: every
docstring of every public object and of each class's members (most are
written in Rust), the Python modules' own, and the READMEs' Python
examples.
"""

import doctest
import importlib
from pathlib import Path

import pytest

from conftest import need

import urikit
import urikit.arrow
import urikit.compat.surt
import urikit.compat.w3lib.url
import urikit.compat.tldextract


def _docstrings():
    seen = set()
    for name in urikit.__all__:
        obj = getattr(urikit, name)
        if not callable(obj) or id(obj) in seen:
            continue
        seen.add(id(obj))
        yield f"urikit.{name}", obj.__doc__
        if isinstance(obj, type):
            for member, value in vars(obj).items():
                doc = getattr(value, "__doc__", None)
                if not member.startswith("__") or member == "__truediv__":
                    yield f"urikit.{name}.{member}", doc


EXAMPLES = [(n, d) for n, d in _docstrings() if d and ">>>" in d]

HERE = Path(__file__).resolve().parent
READMES = [HERE.parent / "README.md", HERE.parents[2] / "README.md"]


@pytest.mark.parametrize(
    "module", [urikit, urikit.arrow, urikit.compat.surt, urikit.compat.w3lib.url, urikit.compat.tldextract], ids=lambda m: m.__name__
)
def test_module_docstrings(module):
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0


@pytest.mark.parametrize("name", ["duckdb", "polars", "datafusion", "spark"])
def test_engine_module_docstrings(name):
    """The engines' modules' examples (their engine must be installed)."""
    need(name if name != "spark" else "pyspark", "pip install -r crates/python/requirements-dev.txt")
    module = importlib.import_module(f"urikit.{name}")
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0
    assert tried > 0 or name == "spark"


@pytest.mark.parametrize("path", READMES, ids=lambda p: str(p.relative_to(HERE.parents[2])))
def test_readme(path):
    failures, tried = doctest.testfile(
        str(path), module_relative=False, optionflags=doctest.ELLIPSIS
    )
    assert tried > 0 and failures == 0


def test_there_are_examples():
    # Enough of them that a change in how they are found is noticed.
    assert len(EXAMPLES) >= 20


@pytest.mark.parametrize("name,doc", EXAMPLES, ids=[n for n, _ in EXAMPLES])
def test_example(name, doc):
    globs = {"urikit": urikit, "URIRef": urikit.URIRef, "IRIRef": urikit.IRIRef}
    test = doctest.DocTestParser().get_doctest(doc, globs, name, None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    out = []
    runner.run(test, out=out.append)
    assert runner.failures == 0, "".join(out)
