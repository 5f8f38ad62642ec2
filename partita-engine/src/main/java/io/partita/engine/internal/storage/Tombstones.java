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
 * from its start, cost more with every delete before them (BENCHMARKS.md, "Costs that grew with the
 * load's history"). RocksDB compacts on its own schedule, by file sizes, not by what reads step over.
 *
 * <p>Deletes are followed by their key's region and table (its first 9 bytes, {@link Keyspace}): how
 * many, and the first and last key deleted. A span is due for compaction once its deletes are at
 * least {@link #MIN_DELETES} and at least one for every {@link #BYTES_PER_DELETE} bytes the span
 * holds by RocksDB's estimate: a queue's span (a few live items among many tombstones) soon, a large
 * table's span with deletes spread thin (which a read meets few of) only once compacting it costs
 * about a kilobyte rewritten per delete. (The estimate counts little of what is still being flushed,
 * a third of it in a test: the bound is on the cost, not exact.)
 */
final class Tombstones {
  static final int MIN_DELETES = 1_000;
  static final long BYTES_PER_DELETE = 1024;
  /** A bound on the spans followed; beyond it, deletes in new regions are not followed. */
  private static final int MAX_SPANS = 10_000;
  private static final int PREFIX = 9;

  private static final class Span {
    byte[] first;
    byte[] last;
    long deletes;
  }

  private final Map<ByteBuffer, Span> spans = new HashMap<>();

  /** Notes the deletes of a batch just written. */
  synchronized void deleted(List<byte[]> keys) {
    for (byte[] key : keys) {
      ByteBuffer region = ByteBuffer.wrap(key, 0, Math.min(PREFIX, key.length)).slice();
      Span s = spans.get(region);
      if (s == null) {
        if (spans.size() >= MAX_SPANS) {
          continue;
        }
        s = new Span();
        s.first = key;
        s.last = key;
        spans.put(region, s);
      } else if (Arrays.compareUnsigned(key, s.first) < 0) {
        s.first = key;
      } else if (Arrays.compareUnsigned(key, s.last) > 0) {
        s.last = key;
      }
      s.deletes++;
    }
  }

  /**
   * The spans due for compaction, each as {@code [first, end)} ({@code end} just past its last
   * deleted key), taken out: their deletes are counted again from none. {@code bytes} estimates
   * how many bytes a span holds.
   */
  synchronized List<byte[][]> due(ToLongBiFunction<byte[], byte[]> bytes) {
    List<byte[][]> due = new ArrayList<>();
    for (Iterator<Span> it = spans.values().iterator(); it.hasNext(); ) {
      Span s = it.next();
      if (s.deletes < MIN_DELETES) {
        continue;
      }
      byte[] end = Arrays.copyOf(s.last, s.last.length + 1); // the least key after the last
      if (s.deletes * BYTES_PER_DELETE >= bytes.applyAsLong(s.first, end)) {
        due.add(new byte[][] {s.first, end});
        it.remove();
      }
    }
    return due;
  }
}
