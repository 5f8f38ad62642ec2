package io.partita.test;

/** A fixture file that cannot be loaded as it says: its message names the file and, where there is one, the item. */
public final class FixtureException extends RuntimeException {
  FixtureException(String message, Throwable cause) {
    super(message, cause);
  }
}
