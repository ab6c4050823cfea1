"""The examples in the compiled module's docstrings, run as doctests.

pytest's ``--doctest-modules`` reads only ``.py`` files, so the examples
written in Rust (the classes' and functions' docstrings) are collected
here: every docstring of every public object and of each class's members.
"""

import doctest

import pytest

import urikit
import urikit.arrow


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
