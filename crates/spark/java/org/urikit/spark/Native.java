package org.urikit.spark;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * The native library (the Rust crate {@code urikit-spark}) and its entry
 * points. The library is loaded once per JVM: from the path in the system
 * property {@code urikit.native} or the environment variable
 * {@code URIKIT_SPARK_NATIVE} when set, else from the copy inside this jar
 * for the JVM's platform ({@code native/<os>-<arch>/}), written to a
 * temporary file first.
 */
final class Native {
    private Native() {}

    /** Where the jar keeps the library for this platform. */
    static String resource() {
        String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch").toLowerCase(Locale.ROOT);
        if (arch.equals("amd64")) arch = "x86_64";
        if (arch.equals("arm64")) arch = "aarch64";
        String name;
        if (os.contains("mac")) { os = "macos"; name = "liburikit_spark.dylib"; }
        else if (os.contains("win")) { os = "windows"; name = "urikit_spark.dll"; }
        else { os = "linux"; name = "liburikit_spark.so"; }
        return "native/" + os + "-" + arch + "/" + name;
    }

    static {
        String path = System.getProperty("urikit.native");
        if (path == null) path = System.getenv("URIKIT_SPARK_NATIVE");
        if (path != null) {
            System.load(new File(path).getAbsolutePath());
        } else {
            String res = resource();
            try (InputStream in = Native.class.getClassLoader().getResourceAsStream(res)) {
                if (in == null) {
                    throw new UnsatisfiedLinkError("the urikit-spark jar has no native library for this platform ("
                        + res + "); build it with crates/spark/build.sh on this platform, or set URIKIT_SPARK_NATIVE");
                }
                Path tmp = Files.createTempFile("urikit_spark", res.substring(res.lastIndexOf('.')));
                tmp.toFile().deleteOnExit();
                Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
                System.load(tmp.toAbsolutePath().toString());
            } catch (IOException e) {
                throw new UnsatisfiedLinkError("cannot write urikit's native library to a temporary file: " + e);
            }
        }
    }

    /** How many functions the table has. */
    static native int count();

    /** Function {@code f}: name, Spark type, parameters, required count, doc, tab-separated. */
    static native String describe(int f);

    /** The slot of {@code f}'s direct kernel with {@code dialect}, or -1 (none). */
    static native int slot(int f, String dialect);

    /** Null when the literal arguments at {@code addr} serve {@code f}, else the query's error. */
    static native String check(int f, long addr, int len);

    /** A row by a direct kernel (the protocol of the crate's {@code row} module). */
    static native long direct(int slot, long addr, int len, int cap);

    /** Nothing: the cost of the crossing alone. */
    static native long nop(long addr, int len, int cap);

    /** A row by a function's general evaluator. */
    static native long eval(int f, long addr, int len, int args, int cap);
}
