package io.partita.engine.internal.storage;

/**
 * What a read goes through: the {@link Store} as it is, or a {@link Store.View} of it as it was (a
 * backup's frozen state, or the past an eventually consistent read sees).
 */
public interface Reads {
  /** The value of {@code key}, or null. */
  byte[] get(byte[] key);

  /** A cursor over {@code [from, to)}; the caller closes it. */
  Store.Cursor cursor(byte[] from, byte[] to, boolean reverse);
}
