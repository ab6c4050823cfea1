import importlib
import os
import re
import shutil
import subprocess
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


# CI sets this, so that an engine or a Java that is missing fails the run
# instead of being skipped; on a developer's machine the tests that need
# one are skipped, each with the reason and what to install.
REQUIRE_ALL = os.environ.get("URIKIT_REQUIRE_ALL") == "1"


def need(module: str, install: str):
    """Import an optional test dependency, or skip the test saying what
    to install (fail instead under ``URIKIT_REQUIRE_ALL=1``)."""
    try:
        return importlib.import_module(module)
    except ImportError:
        if REQUIRE_ALL:
            raise
        pytest.skip(f"{module} is not installed: {install}")


def unicode_3_2_code_points():
    """Every code point beyond ASCII that Unicode 3.2 assigned, the
    version of Python's IDNA 2003 codec (Nameprep's tables and
    ``unicodedata.ucd_3_2_0``), but the private use planes 15 and 16,
    which Nameprep prohibits as two ranges (RFC 3454 table C.3) and which
    would make the list three times as long: 101,493 code points, the
    private use area of the BMP among them."""
    import unicodedata

    return [
        chr(cp)
        for cp in range(0x80, 0xF0000)
        if unicodedata.ucd_3_2_0.category(chr(cp)) not in ("Cn", "Cs")
    ]


def hosts_that_differ(package, ours):
    """Each code point of :func:`unicode_3_2_code_points` in a host
    between two letters, ``http://a{c}b.com/``, that ``ours`` (a urikit
    function, None where it raises ParseError) answers otherwise than
    ``package`` (None where the package refuses): the first twenty, each
    as the code point, the package's answer and urikit's."""
    import urikit

    differ = []
    for c in unicode_3_2_code_points():
        url = f"http://a{c}b.com/"
        want = package(url)
        try:
            got = ours(url)
        except urikit.ParseError:
            got = None
        if got != want:
            differ.append((hex(ord(c)), want, got))
    return differ[:20]


def need_java():
    """Spark needs a Java runtime, 17 or later, on the PATH or in
    JAVA_HOME; without one the Spark tests are skipped with this reason
    (a failure under ``URIKIT_REQUIRE_ALL=1``)."""
    java_home = os.environ.get("JAVA_HOME")
    java = shutil.which("java") or (java_home and shutil.which("java", path=str(Path(java_home) / "bin")))
    if java:
        out = subprocess.run([java, "-version"], capture_output=True, text=True)
        m = re.search(r'version "(\d+)', out.stderr + out.stdout)
        if m and (int(m.group(1)) >= 17):
            return
        reason = f"Spark needs Java 17 or later; {java} is {m.group(1) if m else 'of unknown version'}"
    else:
        reason = "Spark needs Java 17 or later (apt-get install openjdk-17-jre-headless, or JAVA_HOME)"
    if REQUIRE_ALL:
        pytest.fail(reason)
    pytest.skip(reason)


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


def spark_jar() -> str:
    """The urikit-spark jar (``crates/spark/build.sh``, which ``.ci/run``
    runs before the tests): built here when it is missing and a JDK is
    there; the Spark tests of the native path are skipped without it (a
    failure under ``URIKIT_REQUIRE_ALL=1``)."""
    jar = os.environ.get("URIKIT_SPARK_JAR") or str(REPO / "target" / "spark" / "urikit-spark.jar")
    if not Path(jar).is_file() and shutil.which("javac"):
        subprocess.run([str(REPO / "crates" / "spark" / "build.sh")], check=True,
                       env={**os.environ, "PYTHON": sys.executable})
    if not Path(jar).is_file():
        reason = f"no urikit-spark jar at {jar}: run crates/spark/build.sh (needs a JDK)"
        if REQUIRE_ALL:
            pytest.fail(reason)
        pytest.skip(reason)
    return jar
