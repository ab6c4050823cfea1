// One query of the crawl job (crates/python/jobs/crawl.py: the hosts and
// registrable domains of a crawl, valid URLs only) as a Java Spark job: the
// urikit-spark jar alone, no Python anywhere.
//
//   crates/spark/build.sh
//   J=$(.venv/bin/python -c 'import os, pyspark; print(os.path.dirname(pyspark.__file__))')
//   javac -cp "$J/jars/*:target/spark/urikit-spark.jar" -d target/spark/example examples/spark/HostCounts.java
//   jar --create --file target/spark/host-counts.jar -C target/spark/example .
//   $J/bin/spark-submit --master 'local[2]' --jars target/spark/urikit-spark.jar \
//       --class HostCounts target/spark/host-counts.jar urls.txt
//
// With --conf spark.sql.extensions=org.urikit.spark.UrikitExtensions the
// session has the functions from the start (as a SQL user's does); without
// it the job registers them with Urikit.register.

import java.util.List;

import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.urikit.spark.Urikit;

public final class HostCounts {
    public static void main(String[] args) {
        SparkSession spark = SparkSession.builder().appName("urikit-host-counts").getOrCreate();
        if (!spark.catalog().functionExists("uri_host")) {
            Urikit.register(spark);
        }
        spark.read().text(args[0]).createOrReplaceTempView("urls");
        List<Row> rows = spark.sql(
            "SELECT uri_registrable_domain(value) AS domain, count(DISTINCT uri_host(value)) AS hosts, "
                + "count(*) AS n FROM urls WHERE uri_is_valid(value) "
                + "GROUP BY 1 ORDER BY n DESC, domain LIMIT 10").collectAsList();
        long invalid = spark.sql("SELECT count_if(NOT uri_is_valid(value)) FROM urls").first().getLong(0);
        for (Row r : rows) {
            System.out.println(r.get(0) + "\t" + r.getLong(1) + "\t" + r.getLong(2));
        }
        System.out.println("invalid\t" + invalid);
        spark.stop();
    }
}
