package org.urikit.spark;

import java.util.ArrayList;
import java.util.List;

import org.apache.spark.sql.catalyst.FunctionIdentifier;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.ExpressionInfo;
import org.apache.spark.sql.catalyst.expressions.If;
import org.apache.spark.sql.catalyst.expressions.IsNull;
import org.apache.spark.sql.catalyst.expressions.Literal;
import org.apache.spark.sql.catalyst.expressions.objects.StaticInvoke;
import org.apache.spark.sql.types.AbstractDataType;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.NullType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;

import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;
import scala.runtime.AbstractFunction1;

/**
 * The table of functions, as the native library describes it, and the
 * expression each call becomes: a {@link Call}, named after the function,
 * which Spark replaces by a {@code StaticInvoke} of a method of
 * {@link Kernels}, which its generated code calls directly.
 */
final class Registry {
    private Registry() {}

    static final String[] NAMES, PARAMS, DOCS;
    static final int[] REQUIRED;
    static final DataType[] TYPES;

    static {
        int n = Native.count();
        NAMES = new String[n];
        PARAMS = new String[n];
        DOCS = new String[n];
        REQUIRED = new int[n];
        TYPES = new DataType[n];
        for (int f = 0; f < n; f++) {
            String[] d = Native.describe(f).split("\t", 5);
            NAMES[f] = d[0];
            TYPES[f] = DataType.fromDDL(d[1]);
            PARAMS[f] = d[2];
            REQUIRED[f] = Integer.parseInt(d[3]);
            DOCS[f] = d[4];
        }
    }

    /** The number the library knows {@code uri_parse_url} by (past the table). */
    static final int PARSE_URL = 1 << 20;

    static String name(int f) { return f == PARSE_URL ? "uri_parse_url" : NAMES[f]; }

    static DataType type(int f) { return TYPES[f]; }

    static FunctionIdentifier id(int f) { return FunctionIdentifier.apply(NAMES[f]); }

    static ExpressionInfo info(int f) {
        String args = PARAMS[f].isEmpty() ? "u" : "u, ...";
        return new ExpressionInfo(Kernels.class.getName(), null, NAMES[f],
            "_FUNC_(" + args + ") - " + DOCS[f] + " (urikit)", "");
    }

    static <T> Seq<T> seq(List<T> items) {
        return CollectionConverters.asScala(items).toSeq();
    }

    /** The function that Spark calls with a call's arguments to build its expression. */
    static AbstractFunction1<Seq<Expression>, Expression> builder(int f) {
        return new AbstractFunction1<Seq<Expression>, Expression>() {
            @Override
            public Expression apply(Seq<Expression> given) {
                return new Call(f, new ArrayList<>(CollectionConverters.asJava(given)));
            }
        };
    }

    private static IllegalArgumentException wrong(int f, String what) {
        return new IllegalArgumentException(name(f) + ": " + what);
    }

    /** {@code uri_parse_url(url, part [, key])}: Spark's {@code parse_url}, read as
     * {@code java.net.URI} reads, by the library (no regular expression). */
    static AbstractFunction1<Seq<Expression>, Expression> parseUrlBuilder() {
        return new AbstractFunction1<Seq<Expression>, Expression>() {
            @Override
            public Expression apply(Seq<Expression> given) {
                return new Call(PARSE_URL, new ArrayList<>(CollectionConverters.asJava(given)));
            }
        };
    }

    /** The expression that computes {@code uri_parse_url(args)}. */
    static Expression parseUrl(List<Expression> args) {
        if (args.size() < 2 || args.size() > 3) {
            throw wrong(PARSE_URL, "takes 2 to 3 arguments, not " + args.size());
        }
        List<Expression> call = new ArrayList<>();
        call.add(lit(PARSE_URL));
        for (int k = 0; k < args.size(); k++) call.add(text(PARSE_URL, k, args.get(k)));
        List<AbstractDataType> none = new ArrayList<>();
        return new StaticInvoke(Kernels.class, DataTypes.StringType, "string", seq(call), seq(none),
            false, true, true, scala.Option.empty());
    }

    static ExpressionInfo parseUrlInfo() {
        return new ExpressionInfo(Kernels.class.getName(), null, "uri_parse_url",
            "_FUNC_(url, partToExtract[, key]) - Spark's parse_url (HOST, PATH, QUERY, REF, PROTOCOL, FILE, "
                + "AUTHORITY, USERINFO), as java.net.URI reads the URL; NULL where it refuses it (urikit)", "");
    }

    /** A text argument: a string column (a NULL literal becomes a NULL string). */
    private static Expression text(int f, int k, Expression e) {
        DataType t = e.dataType();
        if (t instanceof NullType) return Literal.create(null, DataTypes.StringType);
        if (t instanceof StringType) return e;
        String which = k == 0 ? "the first argument" : "argument " + (k + 1);
        throw wrong(f, which + " must be a column of strings, not " + t.simpleString());
    }

    /** A boolean argument, handed over as an int: -1 NULL, 0, 1. */
    private static Expression flag(int f, int k, Expression e) {
        DataType t = e.dataType();
        if (t instanceof NullType) return Literal.create(-1, DataTypes.IntegerType);
        if (!(t instanceof BooleanType)) {
            throw wrong(f, "argument " + (k + 1) + " must be a boolean, not " + t.simpleString());
        }
        Literal one = Literal.create(1, DataTypes.IntegerType), zero = Literal.create(0, DataTypes.IntegerType);
        return new If(new IsNull(e), Literal.create(-1, DataTypes.IntegerType), new If(e, one, zero));
    }

    /** The method of {@link Kernels} for a result type ({@code direct}: a direct kernel's). */
    private static String method(DataType t, boolean direct) {
        if (t instanceof StringType) return direct ? "directString" : "string";
        if (t instanceof BooleanType) return direct ? "directBoolean" : "bool";
        if (t instanceof IntegerType) return direct ? "directInteger" : "integer";
        if (t instanceof ArrayType) return "array";
        return "struct";
    }

    static StaticInvoke invoke(int f, String method, List<Expression> args) {
        List<AbstractDataType> none = new ArrayList<>();
        // No NULL propagation: a NULL dialect is RFC 3986's (functions.md),
        // and the methods answer NULL for a NULL row themselves.
        return new StaticInvoke(Kernels.class, TYPES[f], method, seq(args), seq(none),
            false, true, true, scala.Option.empty());
    }

    static Literal lit(int v) { return Literal.create(v, DataTypes.IntegerType); }

    static Expression build(int f, List<Expression> args) {
        String params = PARAMS[f];
        int extra = args.size() - 1;
        if (extra < REQUIRED[f] || extra > params.length()) {
            int lo = 1 + REQUIRED[f], hi = 1 + params.length();
            throw wrong(f, "takes " + (lo == hi ? "" + lo : lo + " to " + hi) + " arguments, not " + args.size());
        }
        List<Expression> typed = new ArrayList<>();
        typed.add(text(f, 0, args.get(0)));
        boolean literals = true;
        for (int k = 1; k < args.size(); k++) {
            Expression a = args.get(k);
            typed.add(params.charAt(k - 1) == 'B' ? flag(f, k, a) : text(f, k, a));
            literals &= a.foldable();
        }
        DataType type = TYPES[f];
        // The direct kernel: no argument but a dialect, a literal one.
        if (literals && (extra == 0 || (extra == 1 && params.charAt(0) == 'D'))) {
            Object d = extra == 0 ? null : typed.get(1).eval(null);
            int slot = Native.slot(f, d == null ? null : d.toString());
            if (slot >= 0 && !(type instanceof ArrayType) && !(type instanceof org.apache.spark.sql.types.StructType)) {
                List<Expression> call = new ArrayList<>();
                call.add(lit(f));
                call.add(lit(slot));
                call.add(typed.get(0));
                return invoke(f, method(type, true), call);
            }
        }
        // Literal arguments that can serve no row fail the query now,
        // naming the argument (a base that is not absolute).
        if (literals && extra > 0) {
            String err = check(f, typed.subList(1, typed.size()), params);
            if (err != null) throw new IllegalArgumentException(err);
        }
        List<Expression> call = new ArrayList<>();
        call.add(lit(f));
        call.addAll(typed);
        return invoke(f, method(type, false), call);
    }

    /** The library's verdict on literal arguments (null: they can serve). */
    private static String check(int f, List<Expression> literals, String params) {
        List<byte[]> parts = new ArrayList<>();
        int size = 0;
        for (int k = 0; k < literals.size(); k++) {
            Object v = literals.get(k).eval(null);
            byte[] b;
            if (params.charAt(k) == 'B') {
                int x = ((Number) v).intValue();
                b = le(x < 0 ? -1 : x == 0 ? -2 : -3);
            } else if (v == null) {
                b = le(-1);
            } else {
                byte[] s = ((UTF8String) v).getBytes();
                b = new byte[4 + s.length];
                System.arraycopy(le(s.length), 0, b, 0, 4);
                System.arraycopy(s, 0, b, 4, s.length);
            }
            parts.add(b);
            size += b.length;
        }
        long addr = Platform.allocateMemory(Math.max(size, 1));
        try {
            long at = addr;
            for (byte[] b : parts) {
                Platform.copyMemory(b, Platform.BYTE_ARRAY_OFFSET, null, at, b.length);
                at += b.length;
            }
            return Native.check(f, addr, size);
        } finally {
            Platform.freeMemory(addr);
        }
    }

    private static byte[] le(int v) {
        return new byte[] {(byte) v, (byte) (v >> 8), (byte) (v >> 16), (byte) (v >> 24)};
    }
}
