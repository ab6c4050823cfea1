package org.urikit.spark;

import java.util.ArrayList;
import java.util.List;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.RuntimeReplaceable;
import org.apache.spark.sql.catalyst.expressions.codegen.CodegenContext;
import org.apache.spark.sql.catalyst.expressions.codegen.ExprCode;
import org.apache.spark.sql.types.DataType;

import scala.Enumeration;
import scala.collection.immutable.IndexedSeq;
import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;

/**
 * A call of one of urikit's functions as the query shows it: named after
 * the function and its arguments as written ({@code uri_host(u)}, the
 * column's name where the query gives none), with the arguments as its
 * children. Spark replaces it, before the plan runs, by the expression that
 * computes it (a {@code StaticInvoke} of a method of {@link Kernels}, which
 * {@link Registry} builds): it is a {@link RuntimeReplaceable}, as Spark's
 * own functions that are written in terms of others are.
 */
final class Call extends Expression implements RuntimeReplaceable {
    private final int f;
    private final Seq<Expression> args;
    private final Expression replacement;
    /** The trait's {@code nodePatterns} (set by its initializer). */
    private Seq<Enumeration.Value> patterns;

    /**
     * The call of function {@code f} (a number of the table, or
     * {@link Registry#PARSE_URL}) with {@code args}; the replacement is
     * built now, so that a wrong argument fails the query when it is
     * analysed, naming the function.
     */
    Call(int f, List<Expression> args) {
        this.f = f;
        this.args = Registry.seq(args);
        this.replacement = f == Registry.PARSE_URL ? Registry.parseUrl(args) : Registry.build(f, args);
        RuntimeReplaceable.$init$(this);
    }

    /** The same call from its product elements ({@code f} and the
     * arguments), the constructor Spark's reflective copy looks for. */
    public Call(int f, Seq<Expression> args) {
        this(f, new ArrayList<>(CollectionConverters.asJava(args)));
    }

    @Override
    public Expression replacement() { return replacement; }

    @Override
    public String prettyName() { return Registry.name(f); }

    @Override
    public Seq<Expression> children() { return args; }

    @Override
    public Expression withNewChildrenInternal(IndexedSeq<Expression> children) {
        return new Call(f, children);
    }

    @Override
    public boolean nullable() { return replacement.nullable(); }

    @Override
    public DataType dataType() { return replacement.dataType(); }

    /** The replacement's answer (Spark replaces the call before it runs; this
     * is for a caller that evaluates it first). */
    @Override
    public Object eval(InternalRow row) { return replacement.eval(row); }

    @Override
    public ExprCode doGenCode(CodegenContext ctx, ExprCode ev) { return replacement.genCode(ctx); }

    @Override
    public Seq<Enumeration.Value> nodePatterns() { return patterns; }

    @Override
    public void org$apache$spark$sql$catalyst$expressions$RuntimeReplaceable$_setter_$nodePatterns_$eq(
            Seq<Enumeration.Value> p) {
        patterns = p;
    }

    @Override
    public Expression canonicalized() { return replacement.canonicalized(); }

    @Override
    public String toString() { return sql(); }

    @Override
    public int productArity() { return 2; }

    @Override
    public Object productElement(int n) {
        if (n == 0) return f;
        if (n == 1) return args;
        throw new IndexOutOfBoundsException(String.valueOf(n));
    }

    @Override
    public boolean canEqual(Object other) { return other instanceof Call; }

    /** Calls of the same function with equal arguments are equal (Spark
     * matches a grouped expression with its use by equality). */
    @Override
    public boolean equals(Object other) {
        return other instanceof Call c && c.f == f && c.args.equals(args);
    }

    @Override
    public int hashCode() { return 31 * f + args.hashCode(); }
}
