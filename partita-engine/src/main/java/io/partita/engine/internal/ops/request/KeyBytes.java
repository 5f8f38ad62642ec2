package io.partita.engine.internal.ops.request;

import java.util.Arrays;

/** Byte arithmetic on storage keys, for the key ranges reads are made of. */
public final class KeyBytes {
  private KeyBytes() {}

  public static byte[] concat(byte[] a, byte[] b) {
    byte[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  /** The smallest key after {@code key}: a read from an exclusive start key begins there. */
  public static byte[] after(byte[] key) {
    return Arrays.copyOf(key, key.length + 1);
  }

  /** The smallest key greater than every key that starts with {@code prefix}. */
  public static byte[] prefixEnd(byte[] prefix) {
    byte[] end = prefix.clone();
    for (int i = end.length - 1; i >= 0; i--) {
      if (end[i] != (byte) 0xFF) {
        end[i]++;
        return Arrays.copyOf(end, i + 1);
      }
    }
    throw new IllegalArgumentException("no key follows an all-0xFF prefix");
  }
}
