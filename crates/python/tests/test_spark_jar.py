"""The urikit-spark jar without Python: the Java version of one of the
crawl job's queries (examples/spark/HostCounts.java), compiled against
Spark's jars and run by spark-submit with the session extension
(spark.sql.extensions=org.urikit.spark.UrikitExtensions), as a Java or SQL
user runs it; its answers checked against urikit.arrow."""

import collections
import os
import subprocess
import sys
from pathlib import Path

from conftest import REPO, data_dir, need, need_java, spark_jar
from urikit import arrow


def test_a_java_job_with_the_session_extension(tmp_path):
    pyspark = need("pyspark", "pip install -r crates/python/requirements-dev.txt")
    need_java()
    jar = spark_jar()
    home = Path(pyspark.__file__).parent
    classes = tmp_path / "classes"
    subprocess.run(["javac", "-cp", f"{home / 'jars'}/*:{jar}", "-d", str(classes),
                    str(REPO / "examples" / "spark" / "HostCounts.java")], check=True)
    app = tmp_path / "host-counts.jar"
    subprocess.run(["jar", "--create", "--file", str(app), "-C", str(classes), "."], check=True)
    lines = [l for f in sorted(data_dir().glob("*.txt"))
             for l in f.read_bytes().decode("utf-8", "replace").splitlines()][:20000]
    urls = tmp_path / "urls.txt"
    urls.write_text("\n".join(lines) + "\n", encoding="utf-8")
    env = dict(os.environ, PYSPARK_PYTHON=sys.executable)
    r = subprocess.run(
        [str(home / "bin" / "spark-submit"), "--master", "local[2]", "--conf", "spark.ui.enabled=false",
         "--conf", "spark.sql.extensions=org.urikit.spark.UrikitExtensions",
         "--jars", jar, "--class", "HostCounts", str(app), str(urls)],
        env=env, capture_output=True, text=True, timeout=600,
    )
    assert r.returncode == 0, r.stderr[-3000:]
    got = [line.split("\t") for line in r.stdout.strip().splitlines()]
    # The same query in Python over urikit.arrow.
    valid = arrow.is_valid(lines).to_pylist()
    domains = arrow.registrable_domain(lines).to_pylist()
    hosts = arrow.host(lines).to_pylist()
    n = collections.Counter(d for d, v in zip(domains, valid) if v)
    h = collections.defaultdict(set)
    for d, x, v in zip(domains, hosts, valid):
        if v and x is not None:
            h[d].add(x)
    top = sorted(n.items(), key=lambda kv: (-kv[1], "" if kv[0] is None else kv[0]))[:10]
    want = [["null" if d is None else d, str(len(h[d])), str(c)] for d, c in top]
    assert got[:-1] == want
    assert got[-1] == ["invalid", str(valid.count(False))]
