package org.urikit.spark;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.analysis.FunctionRegistry;

/**
 * urikit's column functions in Spark, evaluated in the JVM's own threads
 * by the native library (no Python worker): the names, types and NULL
 * rules of urikit's {@code functions.md}.
 *
 * <pre>{@code
 * SparkSession spark = SparkSession.builder().config("spark.jars", "urikit-spark.jar").getOrCreate();
 * org.urikit.spark.Urikit.register(spark);
 * spark.sql("SELECT uri_host('http://example.com/a')").show();
 * }</pre>
 *
 * <p>For SQL users, the session extension registers the same functions in
 * every session: {@code --conf spark.sql.extensions=org.urikit.spark.UrikitExtensions}.
 */
public final class Urikit {
    private Urikit() {}

    /** The functions' SQL names: the contract's, in its order, then {@code uri_parse_url}. */
    public static List<String> functions() {
        List<String> names = new ArrayList<>(Arrays.asList(Registry.NAMES));
        names.add("uri_parse_url");
        return names;
    }

    /**
     * Where a row's time goes, measured on this thread over {@code n} calls
     * with the text {@code url}: nanoseconds for the JNI crossing alone (a
     * native function that does nothing), for the crossing with the copy of
     * the row into the buffer, and for {@code uri_host} by its direct kernel
     * (crossing, copy, parse, answer). There is no cost per batch: a row is
     * one call, and a thread's buffer is allocated once.
     */
    public static long[] crossing(String url, int n) {
        org.apache.spark.unsafe.types.UTF8String u = org.apache.spark.unsafe.types.UTF8String.fromString(url);
        int host = java.util.Arrays.asList(Registry.NAMES).indexOf("uri_host");
        int slot = Native.slot(host, null);
        Kernels.Buffer b = new Kernels.Buffer();
        long sink = 0;
        for (int round = 0; round < 2; round++) {  // the first round warms the JIT
            long t0 = System.nanoTime();
            for (int i = 0; i < n; i++) sink += Native.nop(b.addr, u.numBytes(), b.cap);
            long t1 = System.nanoTime();
            for (int i = 0; i < n; i++) sink += Native.nop(b.addr, b.load(u, 0), b.cap);
            long t2 = System.nanoTime();
            for (int i = 0; i < n; i++) {
                org.apache.spark.unsafe.types.UTF8String h = Kernels.directString(host, slot, u);
                sink += h == null ? 0 : h.numBytes();
            }
            long t3 = System.nanoTime();
            if (round == 1) return new long[] {t1 - t0, t2 - t1, t3 - t2, sink};
        }
        throw new IllegalStateException();
    }

    /**
     * Registers every function in {@code spark}'s session (a temporary
     * function each, as {@code spark.udf().register} would), returning
     * their names.
     */
    public static List<String> register(SparkSession spark) {
        FunctionRegistry registry = ((org.apache.spark.sql.classic.SparkSession) spark).sessionState().functionRegistry();
        for (int f = 0; f < Registry.NAMES.length; f++) {
            registry.createOrReplaceTempFunction(Registry.NAMES[f], Registry.builder(f), "java_udf");
        }
        registry.createOrReplaceTempFunction("uri_parse_url", Registry.parseUrlBuilder(), "java_udf");
        return functions();
    }
}
