import os
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
SHARED = Path(os.environ.get("URIKIT_DATA", REPO.parent / "shared" / "data" / "urls"))
# The command's embedded sample (valid and invalid references), for a
# checkout without the shared datasets beside it: the tests then run on
# fewer lines, never on none.
SAMPLE = REPO / "crates" / "cli" / "src" / "sample"

# Spark's workers run the Python of this interpreter, where urikit is.
os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)


def have_shared() -> bool:
    return any(SHARED.glob("*.txt"))


def data_dir() -> Path:
    """The shared URL datasets, or the embedded sample without them."""
    return SHARED if have_shared() else SAMPLE


@pytest.fixture(scope="session")
def datasets() -> dict[str, list[str]]:
    """Each dataset's lines, as the Rust benches read them (lossy UTF-8)."""
    files = sorted(data_dir().glob("*.txt"))
    assert files, f"no datasets in {data_dir()}"
    return {
        f.stem: f.read_bytes().decode("utf-8", "replace").splitlines() for f in files
    }


def pytest_report_header(config):
    return f"urikit datasets: {data_dir()}"
