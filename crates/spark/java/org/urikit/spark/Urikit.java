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
