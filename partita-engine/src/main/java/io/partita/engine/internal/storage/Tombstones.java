package io.partita.engine.internal.storage;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongBiFunction;

/**
 * Where deletes have gathered since they were last compacted away. RocksDB keeps a tombstone for
 * each deleted key until a compaction drops it, and a read steps over every tombstone in its range:
 * the head of a queue kept as an item collection, or Time to Live's expiry index, which a sweep reads
 * from its start, cost more with every delete before them (docs/benchmarks-history.md, "Costs that grew
 * with the load's history"). RocksDB compacts on its own schedule, by file sizes, not by what reads step over.
 *
 * <p>Point deletes of the tables' regions ({@link Keyspace#ITEM} and after: items, index entries,
 * expiry entries, stream and change-log records) are followed by their key's first 9 bytes (region
 * and table id): how many, and the first and last key deleted. A span is due for compaction once its
 * deletes are at least {@link #MIN_DELETES} and at least one for every {@link #BYTES_PER_DELETE}
 * bytes the span holds by RocksDB's estimate: a queue's span (a few live items among many
 * tombstones) soon, a large table's span with deletes spread thin (which a read meets few of) only
 * once compacting it costs about a kilobyte rewritten per delete. (The estimate counts little of
 * what is still being flushed, a third of it in a test: the bound is on the cost, not exact.) A span
 * holding more than {@link #MAX_BYTES} is left to RocksDB's own compactions, so no one compaction
 * here runs long. Range deletes (a dropped table) are not followed: RocksDB skips their ranges whole.
 */
final class Tombstones {
  static final int MIN_DELETES = 1_000;
  static final long BYTES_PER_DELETE = 1024;
  static final long MAX_BYTES = 64L << 20;
  /** A bound on the spans followed; beyond it, a span short of {@link #MIN_DELETES} makes room. */
  static final int MAX_SPANS = 10_000;
  private static final int PREFIX = 9;

  /** A range due for compaction: its first and last deleted keys. */
  record Span(byte[] first, byte[] last) {
    /** The least key after {@link #last}: the range is {@code [first, end)}. */
    byte[] end() {
      return Arrays.copyOf(last, last.length + 1);
    }
  }

  private static final class Deletes {
    byte[] first;
    byte[] last;
    long count;
  }

  private final Map<ByteBuffer, Deletes> spans = new HashMap<>();

  /** Notes the deletes of a batch just written. */
  synchronized void deleted(List<byte[]> keys) {
    for (byte[] key : keys) {
      if (key.length < PREFIX || key[0] < Keyspace.ITEM) {
        continue; // the catalog's and the backups' own records
      }
      note(key, 1);
    }
  }

  private void note(byte[] key, long count) {
    ByteBuffer region = ByteBuffer.wrap(key, 0, PREFIX);
    Deletes d = spans.get(region);
    if (d == null) {
      if (spans.size() >= MAX_SPANS && !makeRoom()) {
        return;
      }
      d = new Deletes();
      d.first = key;
      d.last = key;
      spans.put(ByteBuffer.wrap(Arrays.copyOf(key, PREFIX)), d);
    } else if (Arrays.compareUnsigned(key, d.first) < 0) {
      d.first = key;
    } else if (Arrays.compareUnsigned(key, d.last) > 0) {
      d.last = key;
    }
    d.count += count;
  }

  /** Forgets one span short of {@link #MIN_DELETES} (a dropped table's, say); false when none is. */
  private boolean makeRoom() {
    for (Iterator<Deletes> it = spans.values().iterator(); it.hasNext(); ) {
      if (it.next().count < MIN_DELETES) {
        it.remove();
        return true;
      }
    }
    return false;
  }

  /**
   * The spans due for compaction, taken out: their deletes are counted again from none ({@link
   * #retry} puts back those not compacted). {@code bytes} estimates the bytes in a range; it is
   * asked outside this object's lock, so writers noting deletes do not wait for it.
   */
  List<Span> due(ToLongBiFunction<byte[], byte[]> bytes) {
    // taken out whole: no writer sees them again until they are put back
    List<Deletes> candidates = new ArrayList<>();
    synchronized (this) {
      for (Iterator<Deletes> it = spans.values().iterator(); it.hasNext(); ) {
        Deletes d = it.next();
        if (d.count >= MIN_DELETES) {
          candidates.add(d);
          it.remove();
        }
      }
    }
    List<Span> due = new ArrayList<>();
    for (Deletes d : candidates) {
      Span s = new Span(d.first, d.last);
      long held = bytes.applyAsLong(s.first(), s.end());
      if (held > MAX_BYTES) {
        continue; // RocksDB's own compactions take it; counting starts again
      }
      if (d.count * BYTES_PER_DELETE >= held) {
        due.add(s);
      } else {
        putBack(s, d.count);
      }
    }
    return due;
  }

  /** Puts back spans {@link #due} answered that were not compacted after all. */
  synchronized void retry(List<Span> notDone) {
    for (Span s : notDone) {
      putBack(s, MIN_DELETES);
    }
  }

  private synchronized void putBack(Span s, long count) {
    note(s.first(), count);
    note(s.last(), 0);
  }
}
