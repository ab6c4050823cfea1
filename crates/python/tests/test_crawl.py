"""The crawl-scale job (jobs/crawl.py), submitted as on a cluster, with
spark-submit on local[2], on a small input; its outputs checked against
urikit.arrow on the same rows."""

import os
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from conftest import need, need_java, spark_jar
from urikit import arrow


@pytest.fixture(autouse=True)
def spark_available():
    need("pyspark", "pip install -r crates/python/requirements-dev.txt")
    need_java()
JOB = Path(__file__).resolve().parents[1] / "jobs" / "crawl.py"


def test_the_job_under_spark_submit(tmp_path, datasets):
    from conftest import data_dir

    source = tmp_path / "in.parquet"
    args = [sys.executable, str(JOB), "build", "--rows", "30000", "--out", str(source),
            "--data", str(data_dir())]
    subprocess.run(args, check=True)
    submit = Path(sys.executable).with_name("spark-submit")
    env = dict(os.environ, PYSPARK_PYTHON=sys.executable, PYSPARK_DRIVER_PYTHON=sys.executable)
    out = tmp_path / "out"
    r = subprocess.run(
        [str(submit), "--master", "local[2]", "--conf", "spark.ui.enabled=false",
         "--jars", spark_jar(), str(JOB), "run", "--input", str(source), "--out", str(out)],
        env=env, capture_output=True, text=True, timeout=600,
    )
    assert r.returncode == 0, r.stderr[-3000:]
    assert "unique:" in r.stdout
    # The job ran on the JVM's native path (the jar), no Python worker.
    assert "path: native" in r.stdout, r.stdout

    table = pq.read_table(source)
    urls = table.column("url").combine_chunks()
    valid = arrow.is_valid(urls).to_pylist()
    codes = {row["code"]: row["n"] for row in pq.read_table(out / "validity").to_pylist()}
    assert sum(codes.values()) == len(urls)
    assert codes["valid"] == sum(valid)
    errors = [e["code"] for e in arrow.error(urls).to_pylist() if e]
    for code in set(errors):
        assert codes[code] == errors.count(code)
    hosts = pq.read_table(out / "hosts").to_pylist()
    assert sum(h["n"] for h in hosts) == sum(h is not None for h in arrow.host(urls).to_pylist())
    unique = pq.read_table(out / "unique")
    keys = {k for k in arrow.clean(urls).to_pylist() if k is not None}
    assert set(unique.column("key").to_pylist()) == keys
    assert sum(unique.column("n").to_pylist()) == sum(valid)
    links = pq.read_table(out / "links").to_pylist()
    assert len(links) == sum(valid)
    sample = links[:500]
    want = arrow.resolve([l["link"] for l in sample], [l["page"] for l in sample]).to_pylist()
    assert [l["target"] for l in sample] == want
