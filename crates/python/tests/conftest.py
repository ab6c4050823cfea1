import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]


def data_dir() -> Path:
    """The shared URL datasets (``URIKIT_DATA`` overrides)."""
    return Path(os.environ.get("URIKIT_DATA", REPO.parent / "shared" / "data" / "urls"))


@pytest.fixture(scope="session")
def datasets() -> dict[str, list[str]]:
    """Each dataset's lines, as the Rust benches read them (lossy UTF-8)."""
    files = sorted(data_dir().glob("*.txt"))
    assert files, f"no datasets in {data_dir()}"
    return {
        f.stem: f.read_bytes().decode("utf-8", "replace").splitlines() for f in files
    }
