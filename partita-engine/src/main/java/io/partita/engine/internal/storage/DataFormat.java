package io.partita.engine.internal.storage;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The on-disk format version, written when a data directory is created and checked every time
 * it is opened. Bump {@link #CURRENT} whenever the layout in {@link Keyspace} or an encoding
 * changes incompatibly, and add the migration or refuse older versions here.
 */
public final class DataFormat {
  public static final int CURRENT = 1;
  private static final byte[] MAGIC = "partita".getBytes(StandardCharsets.US_ASCII);

  private DataFormat() {}

  /** Marks a new store with the current format, or checks an existing one; throws if it is not ours. */
  public static void initOrCheck(Store store) {
    byte[] marker = store.get(Keyspace.FORMAT_KEY);
    if (marker == null) {
      if (!store.scan(new byte[0], new byte[] {(byte) 0xFF}, 1).isEmpty()) {
        throw new StorageException(
            store.location() + " holds a RocksDB database that is not a Partita data directory");
      }
      store.write(batch -> batch.put(Keyspace.FORMAT_KEY, encode(CURRENT)));
      return;
    }
    int version = decode(marker, store.location());
    if (version != CURRENT) {
      throw new StorageException(
          store.location() + " is in Partita data format " + version + ", but this build reads format "
              + CURRENT + (version > CURRENT ? ": it was written by a newer Partita" : ""));
    }
  }

  static byte[] encode(int version) {
    return ByteBuffer.allocate(MAGIC.length + 4).put(MAGIC).putInt(version).array();
  }

  static int decode(byte[] marker, String location) {
    if (marker.length != MAGIC.length + 4 || !Arrays.equals(marker, 0, MAGIC.length, MAGIC, 0, MAGIC.length)) {
      throw new StorageException(location + " has an unknown format marker: not a Partita data directory");
    }
    return ByteBuffer.wrap(marker, MAGIC.length, 4).getInt();
  }
}
