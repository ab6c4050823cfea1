package org.urikit.spark;

/**
 * A urikit function failed on a row: an argument that serves no row (a
 * dialect's name that does not exist, in a column), or an error inside the
 * native library (a panic, caught there). The message names the function
 * and the row's value (shortened); Spark fails the task with it, and the
 * executor goes on.
 */
public final class UrikitException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UrikitException(String message) {
        super(message);
    }
}
