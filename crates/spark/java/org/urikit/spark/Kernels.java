package org.urikit.spark;

import java.lang.ref.Cleaner;
import java.nio.charset.StandardCharsets;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * What the code Spark generates calls on each row (through
 * {@code StaticInvoke}): the row's UTF-8 bytes copied into this thread's
 * buffer, one JNI call with numbers for arguments, the answer read back.
 * A component of the row comes back as an offset and a length and is
 * answered as a {@code UTF8String} over the row's own bytes (no copy, as
 * Spark's own {@code substring} of a row's value would share them too);
 * anything else is copied out of the buffer.
 *
 * <p>The methods are public for the generated code; they are not an API.
 */
public final class Kernels {
    private Kernels() {}

    static final long NULL = -1, ERROR = -2, PANIC = -3, SLICE = 1L << 62;

    private static final Cleaner CLEANER = Cleaner.create();

    /** A thread's buffer: the row, its arguments, then the answer. */
    static final class Buffer {
        long addr;
        int cap;
        /** Where the general evaluator's last answer starts. */
        int answer;
        private final long[] owned = new long[1];

        Buffer() {
            grow(1 << 16);
            long[] cell = owned;
            CLEANER.register(this, () -> Platform.freeMemory(cell[0]));
        }

        void grow(long want) {
            if (want > Integer.MAX_VALUE - 16) {
                throw new UrikitException("a row needs more than 2 GiB of room in urikit's buffer");
            }
            long size = Math.max(want, Math.min((long) cap * 2, Integer.MAX_VALUE - 16));
            if (addr != 0) Platform.freeMemory(addr);
            addr = Platform.allocateMemory(size);
            owned[0] = addr;
            cap = (int) size;
        }

        /** Copies {@code u}'s bytes to the buffer's start, with room for {@code more} bytes after. */
        int load(UTF8String u, int more) {
            int n = u.numBytes();
            if ((long) n + more + 4096 > cap) grow((long) n * 2 + more + 4096);
            Platform.copyMemory(u.getBaseObject(), u.getBaseOffset(), null, addr, n);
            return n;
        }
    }

    private static final ThreadLocal<Buffer> BUFFER = ThreadLocal.withInitial(Buffer::new);

    // ---- the direct kernels (a component, the validity, the port)

    /** A direct kernel's answer: the protocol's code. */
    private static long direct(int slot, UTF8String u, Buffer b) {
        int n = b.load(u, 0);
        long r = Native.direct(slot, b.addr, n, b.cap);
        while (r <= -4) {
            b.grow(n - r);
            n = b.load(u, 0);
            r = Native.direct(slot, b.addr, n, b.cap);
        }
        return r;
    }

    public static UTF8String directString(int f, int slot, UTF8String u) {
        if (u == null) return null;
        Buffer b = BUFFER.get();
        return string(direct(slot, u, b), u, b, u.numBytes(), f);
    }

    public static Boolean directBoolean(int f, int slot, UTF8String u) {
        if (u == null) return null;
        Buffer b = BUFFER.get();
        return bool(direct(slot, u, b), u, b, u.numBytes(), f);
    }

    public static Integer directInteger(int f, int slot, UTF8String u) {
        if (u == null) return null;
        Buffer b = BUFFER.get();
        return integer(direct(slot, u, b), u, b, u.numBytes(), f);
    }

    // ---- the general evaluator (any function, any arguments)

    /** Writes an argument at {@code at}: -1 NULL, or its length and bytes. */
    private static int arg(Buffer b, int at, UTF8String a) {
        if (a == null) {
            Platform.putInt(null, b.addr + at, -1);
            return at + 4;
        }
        int n = a.numBytes();
        Platform.putInt(null, b.addr + at, n);
        Platform.copyMemory(a.getBaseObject(), a.getBaseOffset(), null, b.addr + at + 4, n);
        return at + 4 + n;
    }

    /** Writes a boolean argument given as an int: -1 NULL, 0, 1. */
    private static int flag(Buffer b, int at, int v) {
        Platform.putInt(null, b.addr + at, v < 0 ? -1 : v == 0 ? -2 : -3);
        return at + 4;
    }

    private static int size(UTF8String a) {
        return a == null ? 4 : 4 + a.numBytes();
    }

    /** Loads the row and its arguments ({@code x}, {@code y}: text; {@code flag}: a boolean, or
     * {@code Integer.MIN_VALUE} when the function takes none), returning where the answer starts. */
    private static int loadAll(Buffer b, UTF8String u, int count, UTF8String x, UTF8String y, int flagValue) {
        int more = (count > 0 ? size(x) : 0) + (count > 1 ? size(y) : 0) + 4;
        int n = b.load(u, more);
        int at = n;
        if (flagValue != Integer.MIN_VALUE) at = flag(b, at, flagValue);
        else {
            if (count > 0) at = arg(b, at, x);
            if (count > 1) at = arg(b, at, y);
        }
        return at;
    }

    /** The general evaluator's answer: the protocol's code, its bytes at {@code b.answer}. */
    private static long eval(int f, UTF8String u, int count, UTF8String x, UTF8String y, int flagValue, Buffer b) {
        int at = loadAll(b, u, count, x, y, flagValue);
        int n = u.numBytes();
        long r = Native.eval(f, b.addr, n, at - n, b.cap);
        while (r <= -4) {
            b.grow((long) at - r);
            at = loadAll(b, u, count, x, y, flagValue);
            r = Native.eval(f, b.addr, n, at - n, b.cap);
        }
        b.answer = at;
        return r;
    }

    // String answers.
    public static UTF8String string(int f, UTF8String u) { return str(f, u, 0, null, null, Integer.MIN_VALUE); }
    public static UTF8String string(int f, UTF8String u, UTF8String x) { return str(f, u, 1, x, null, Integer.MIN_VALUE); }
    public static UTF8String string(int f, UTF8String u, UTF8String x, UTF8String y) { return str(f, u, 2, x, y, Integer.MIN_VALUE); }
    public static UTF8String string(int f, UTF8String u, int flag) { return str(f, u, 1, null, null, flag); }

    private static UTF8String str(int f, UTF8String u, int count, UTF8String x, UTF8String y, int flagValue) {
        if (u == null) return null;
        Buffer b = BUFFER.get();
        long r = eval(f, u, count, x, y, flagValue, b);
        return string(r, u, b, b.answer, f);
    }

    // Boolean answers.
    public static Boolean bool(int f, UTF8String u) { return bool(f, u, 0, null, null); }
    public static Boolean bool(int f, UTF8String u, UTF8String x) { return bool(f, u, 1, x, null); }
    public static Boolean bool(int f, UTF8String u, UTF8String x, UTF8String y) { return bool(f, u, 2, x, y); }

    private static Boolean bool(int f, UTF8String u, int count, UTF8String x, UTF8String y) {
        if (u == null) return null;
        Buffer b = BUFFER.get();
        long r = eval(f, u, count, x, y, Integer.MIN_VALUE, b);
        return bool(r, u, b, b.answer, f);
    }

    // Integer answers.
    public static Integer integer(int f, UTF8String u) { return integer(f, u, 0, null); }
    public static Integer integer(int f, UTF8String u, UTF8String x) { return integer(f, u, 1, x); }

    private static Integer integer(int f, UTF8String u, int count, UTF8String x) {
        if (u == null) return null;
        Buffer b = BUFFER.get();
        long r = eval(f, u, count, x, null, Integer.MIN_VALUE, b);
        return integer(r, u, b, b.answer, f);
    }

    // List answers.
    public static ArrayData array(int f, UTF8String u) { return (ArrayData) cell(f, u, 0, null, null); }
    public static ArrayData array(int f, UTF8String u, UTF8String x) { return (ArrayData) cell(f, u, 1, x, null); }

    // Struct answers.
    public static InternalRow struct(int f, UTF8String u) { return (InternalRow) cell(f, u, 0, null, null); }
    public static InternalRow struct(int f, UTF8String u, UTF8String x) { return (InternalRow) cell(f, u, 1, x, null); }
    public static InternalRow struct(int f, UTF8String u, int flag) { return (InternalRow) cell(f, u, 1, null, null, flag); }

    private static Object cell(int f, UTF8String u, int count, UTF8String x, UTF8String y) {
        return cell(f, u, count, x, y, Integer.MIN_VALUE);
    }

    private static Object cell(int f, UTF8String u, int count, UTF8String x, UTF8String y, int flagValue) {
        if (u == null) return null;
        Buffer b = BUFFER.get();
        long r = eval(f, u, count, x, y, flagValue, b);
        if (r == NULL) return null;
        if (r < 0) return fail(r, u, b, b.answer, f);
        Reader in = new Reader(b.addr + b.answer);
        return in.read(Registry.type(f));
    }

    // ---- reading answers

    /** A string answer: NULL, a slice of the row, or bytes at {@code at}. */
    private static UTF8String string(long r, UTF8String u, Buffer b, int at, int f) {
        if (r == NULL) return null;
        if (r < 0) return fail(r, u, b, at, f);
        if ((r & SLICE) != 0) {
            int start = (int) ((r >>> 31) & 0x7fffffffL);
            int len = (int) (r & 0x7fffffffL);
            return UTF8String.fromAddress(u.getBaseObject(), u.getBaseOffset() + start, len);
        }
        return bytes(b.addr + at, (int) r);
    }

    /** A boolean answer: NULL, false (0) or true. */
    private static Boolean bool(long r, UTF8String u, Buffer b, int at, int f) {
        if (r == NULL) return null;
        if (r < 0) return fail(r, u, b, at, f);
        return r != 0;
    }

    /** An integer answer: NULL or the number. */
    private static Integer integer(long r, UTF8String u, Buffer b, int at, int f) {
        if (r == NULL) return null;
        if (r < 0) return fail(r, u, b, at, f);
        return (int) r;
    }

    private static UTF8String bytes(long addr, int n) {
        byte[] out = new byte[n];
        Platform.copyMemory(null, addr, out, Platform.BYTE_ARRAY_OFFSET, n);
        return UTF8String.fromBytes(out);
    }

    /** Raises the error the library reported, naming function {@code f} and the row's value. */
    private static <T> T fail(long r, UTF8String u, Buffer b, int at, int f) {
        String name = Registry.name(f);
        String what;
        if (r == ERROR || r == PANIC) {
            int n = Platform.getInt(null, b.addr + at);
            byte[] m = new byte[Math.max(0, n)];
            Platform.copyMemory(null, b.addr + at + 4, m, Platform.BYTE_ARRAY_OFFSET, m.length);
            what = new String(m, StandardCharsets.UTF_8);
        } else {
            what = "an answer the jar cannot read (code " + r + ")";
        }
        if (what.startsWith(name + ": ")) what = what.substring(name.length() + 2);
        throw new UrikitException(name + ": " + what + "; the row's value: " + shorten(u));
    }

    /** The row's value for a message: quoted, at most 200 characters. */
    static String shorten(UTF8String u) {
        String s = u.toString();
        if (s.length() > 200) s = s.substring(0, 200) + "\u2026 (" + u.numBytes() + " bytes)";
        return "\"" + s.replace("\"", "\\\"") + "\"";
    }

    /** Reads cells (the crate's {@code wire} module) into Spark's values. */
    static final class Reader {
        long at;

        Reader(long at) { this.at = at; }

        int i32() { int v = Platform.getInt(null, at); at += 4; return v; }

        Object read(DataType t) {
            if (t instanceof StringType) {
                int n = i32();
                if (n < 0) return null;
                UTF8String s = bytes(at, n);
                at += n;
                return s;
            }
            if (t instanceof IntegerType || t instanceof LongType) {
                int tag = i32();
                if (tag < 0) return null;
                long v = Platform.getLong(null, at);
                at += 8;
                return t instanceof IntegerType ? (Object) (int) v : (Object) v;
            }
            if (t instanceof BooleanType) {
                int tag = i32();
                return tag == -1 ? null : (Object) (tag == -3);
            }
            if (t instanceof ArrayType) {
                int n = i32();
                if (n < 0) return null;
                DataType e = ((ArrayType) t).elementType();
                Object[] items = new Object[n];
                for (int k = 0; k < n; k++) items[k] = read(e);
                return new GenericArrayData(items);
            }
            if (t instanceof StructType) {
                if (i32() < 0) return null;
                StructField[] fs = ((StructType) t).fields();
                Object[] values = new Object[fs.length];
                for (int k = 0; k < fs.length; k++) values[k] = read(fs[k].dataType());
                return new GenericInternalRow(values);
            }
            throw new UrikitException("no reader for " + t);
        }
    }
}
