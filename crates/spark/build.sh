#!/usr/bin/env bash
# Builds the urikit-spark jar: the native library (this crate, release) and
# the Java classes in java/, compiled against Spark's own jars, with the
# library inside the jar under native/<os>-<arch>/ (Native.java loads it
# from there). Run it on each platform whose library the jar should carry.
#
#   crates/spark/build.sh            # writes target/spark/urikit-spark.jar
#
# Spark's jars come from SPARK_JARS (a directory), else $SPARK_HOME/jars,
# else the pyspark package of $PYTHON (default: the checkout's .venv).
# Needs a JDK 17 or later (javac, jar) and cargo.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
target=${CARGO_TARGET_DIR:-$root/target}
jars=${SPARK_JARS:-}
if [ -z "$jars" ]; then
  if [ -n "${SPARK_HOME:-}" ]; then
    jars=$SPARK_HOME/jars
  else
    py=${PYTHON:-$root/.venv/bin/python}
    jars=$("$py" -c 'import os, pyspark; print(os.path.join(os.path.dirname(pyspark.__file__), "jars"))')
  fi
fi
[ -d "$jars" ] || { echo "no Spark jars in $jars" >&2; exit 1; }
case "$(uname -s)" in
  Linux) os=linux lib=liburikit_spark.so ;;
  Darwin) os=macos lib=liburikit_spark.dylib ;;
  *) os=windows lib=urikit_spark.dll ;;
esac
arch=$(uname -m)
[ "$arch" = arm64 ] && arch=aarch64
cargo build --release --quiet --locked -p urikit-spark --manifest-path "$root/Cargo.toml" --target-dir "$target"
out=$target/spark
rm -rf "$out/classes"
mkdir -p "$out/classes/native/$os-$arch"
javac --release 17 -Xlint:-options -cp "$jars/*" -d "$out/classes" "$root"/crates/spark/java/org/urikit/spark/*.java
cp "$target/release/$lib" "$out/classes/native/$os-$arch/"
jar --create --file "$out/urikit-spark.jar" -C "$out/classes" .
echo "$out/urikit-spark.jar"
