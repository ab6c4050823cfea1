package org.urikit.spark;

import org.apache.spark.sql.SparkSessionExtensions;
import org.apache.spark.sql.catalyst.FunctionIdentifier;

import scala.Tuple3;
import scala.runtime.AbstractFunction1;
import scala.runtime.BoxedUnit;

/**
 * The session extension: {@code spark.sql.extensions=org.urikit.spark.UrikitExtensions}
 * gives every session urikit's functions, for SQL users (the Thrift server,
 * {@code spark-sql}) who call no {@code register}.
 */
public final class UrikitExtensions extends AbstractFunction1<SparkSessionExtensions, BoxedUnit> {
    @Override
    public BoxedUnit apply(SparkSessionExtensions ext) {
        for (int f = 0; f < Registry.NAMES.length; f++) {
            ext.injectFunction(new Tuple3<>(Registry.id(f), Registry.info(f), Registry.builder(f)));
        }
        ext.injectFunction(new Tuple3<>(FunctionIdentifier.apply("uri_parse_url"), Registry.parseUrlInfo(),
            Registry.parseUrlBuilder()));
        return BoxedUnit.UNIT;
    }
}
