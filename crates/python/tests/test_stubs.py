"""urikit/arrow.pyi lists the column functions as the compiled table
defines them. Run this file (``python tests/test_stubs.py``) to rewrite
it after a change to the table."""

import subprocess
import sys
from pathlib import Path

import pytest

import urikit
from urikit import _urikit, arrow

STUB = Path(urikit.__file__).with_name("arrow.pyi")

_KIND = {"dialect": "str | None", "text": "Any", "ref": "Any", "bool": "Any"}


def render() -> str:
    out = [
        "# Written by tests/test_stubs.py from the compiled table; do not edit.",
        "from typing import Any",
        "",
        "import pyarrow as pa",
        "",
        "SPECS: dict[str, dict[str, Any]]",
        "FUNCTIONS: list[str]",
        "",
    ]
    names = ["FUNCTIONS", "SPECS"] + [n.removeprefix("uri_") for n, *_ in _urikit.specs()]
    out[5:5] = ["__all__ = [" + ", ".join(f'"{n}"' for n in names) + "]", ""]
    for name, first, params, required, _ty, doc in _urikit.specs():
        args = [f"{first}: Any"]
        for i, (p, kind) in enumerate(params):
            default = "" if i < required else " = None"
            args.append(f"{p}: {_KIND[kind]}{default}")
        out.append(f"def {name.removeprefix('uri_')}({', '.join(args)}) -> pa.Array | pa.ChunkedArray:")
        out.append(f'    """{doc}"""')
        out.append("")
    return "\n".join(out)


def test_stub_matches_the_table():
    assert STUB.read_text() == render(), "run python tests/test_stubs.py"
    assert all(hasattr(arrow, n.removeprefix("uri_")) for n in arrow.FUNCTIONS)
    for sub in ["py.typed", "_urikit.pyi"]:
        assert STUB.with_name(sub).exists()


def test_stubs_match_the_runtime():
    # mypy's stubtest: every name, signature and class property of the
    # stubs against the objects Python sees.
    pytest.importorskip("mypy")
    config = Path(__file__).resolve().parents[1] / "pyproject.toml"
    r = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "--mypy-config-file", str(config),
         "urikit._urikit", "urikit.arrow"],
        capture_output=True, text=True,
    )
    assert r.returncode == 0, r.stdout + r.stderr


if __name__ == "__main__":
    STUB.write_text(render())
