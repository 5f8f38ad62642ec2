package io.partita.engine.internal.vector;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import software.amazon.awssdk.services.dynamodb.model.VectorDistanceFunction;

/**
 * One vector index held in memory: each indexed item's vector (32-bit floats, one flat array per
 * partition so a search walks memory in order), its norm, its inline filter values and its storage
 * key. Partitioned by the HASH value of the search schema (one partition when there is none). A
 * search is exact: every candidate of the partition (or of all) that passes the filters is scored,
 * and the best {@code topK} kept, ties broken by the storage key so the answer is deterministic. A
 * large index is scored in slices on the common fork-join pool, which changes nothing of the answer.
 *
 * <p>The table's items are the truth; this is derived from them (built by a backfill, kept by every
 * write under the item's lock, after its batch is durable). Writes take the write lock for a few
 * microseconds; searches share the read lock.
 */
public final class VectorMirror {
  /** What an item contributes: its partition ("" for none), vector, filter values (null: absent), size. */
  public record Entry(String partition, float[] vector, String[] filters, long size) {
    /** Whether {@code a} and {@code b} (either may be null: no entry) index the same. */
    public static boolean same(Entry a, Entry b) {
      return a == null || b == null ? a == b : a.partition.equals(b.partition) && Arrays.equals(a.vector, b.vector)
          && Arrays.equals(a.filters, b.filters);
    }
  }

  /** One result: the item's storage key and its score as answered. */
  public record Hit(byte[] key, double score) {}

  /** A search's results, most similar first, and the size of the entries it scored. */
  public record Result(List<Hit> hits, long examinedBytes) {}

  private final int dims;
  private final VectorDistanceFunction distance;
  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
  private final Map<String, Partition> partitions = new HashMap<>();
  private final Map<Key, Partition> where = new HashMap<>();
  private long bytes;
  private final CountDownLatch built = new CountDownLatch(1);

  public VectorMirror(int dims, VectorDistanceFunction distance) {
    this.dims = dims;
    this.distance = distance;
  }

  /** Sets the item at {@code key} to {@code entry}, or removes it ({@code null}: not indexed). */
  public void put(byte[] key, Entry entry) {
    Key k = new Key(key);
    lock.writeLock().lock();
    try {
      Partition old = where.remove(k);
      if (old != null) {
        bytes -= old.remove(k);
        if (old.n == 0) {
          partitions.values().remove(old);
        }
      }
      if (entry != null) {
        Partition p = partitions.computeIfAbsent(entry.partition(), x -> new Partition(dims));
        p.add(k, entry, Distance.norm(entry.vector(), 0, dims));
        where.put(k, p);
        bytes += entry.size();
      }
    } finally {
      lock.writeLock().unlock();
    }
  }

  /**
   * The {@code topK} items most similar to {@code query} among those of {@code partition} (null: all)
   * whose filter values equal {@code filters} (per filter slot; null: any), most similar first.
   */
  public Result search(String partition, double[] query, String[] filters, int topK) {
    double norm = 0;
    for (double v : query) {
      norm += v * v;
    }
    double queryNorm = Math.sqrt(norm);
    boolean lowerFirst = Distance.lowerFirst(distance);
    Comparator<Candidate> best = (a, b) -> {
      int c = lowerFirst ? Float.compare(a.score, b.score) : Float.compare(b.score, a.score);
      return c != 0 ? c : Arrays.compareUnsigned(a.key, b.key);
    };
    List<Candidate> merged = new ArrayList<>();
    long examined = 0;
    lock.readLock().lock();
    try {
      List<Partition> searched = partition == null ? new ArrayList<>(partitions.values())
          : partitions.containsKey(partition) ? List.of(partitions.get(partition)) : List.of();
      // a large index is scored in slices on every core, each keeping its own best; still exact
      List<Slice> slices = new ArrayList<>();
      for (Partition p : searched) {
        for (int from = 0; from < p.n; from += SLICE) {
          slices.add(new Slice(p, from, Math.min(p.n, from + SLICE)));
        }
      }
      List<Kept> kept = (slices.size() > 1 ? slices.parallelStream() : slices.stream())
          .map(slice -> slice.score(this, query, queryNorm, filters, topK, best)).toList();
      for (Kept k : kept) {
        merged.addAll(k.candidates());
        examined += k.examined();
      }
    } finally {
      lock.readLock().unlock();
    }
    merged.sort(best);
    List<Hit> out = new ArrayList<>(Math.min(topK, merged.size()));
    for (Candidate c : merged.subList(0, Math.min(topK, merged.size()))) {
      out.add(new Hit(c.key, Distance.answered(c.score)));
    }
    return new Result(out, examined);
  }

  /** Entries scored per task: large enough that a task outweighs its scheduling. */
  private static final int SLICE = 16_384;

  /** One slice's best candidates (at most topK) and the size of the entries it scored. */
  private record Kept(List<Candidate> candidates, long examined) {}

  /** Entries {@code from} to {@code to} of one partition. */
  private record Slice(Partition p, int from, int to) {
    Kept score(VectorMirror m, double[] query, double queryNorm, String[] filters, int topK,
        Comparator<Candidate> best) {
      // the worst kept candidate on top, so a better one replaces it
      PriorityQueue<Candidate> kept = new PriorityQueue<>(topK + 1, best.reversed());
      boolean lowerFirst = Distance.lowerFirst(m.distance);
      long examined = 0;
      for (int i = from; i < to; i++) {
        if (!passes(p.filters[i], filters)) {
          continue;
        }
        examined += p.sizes[i];
        float score = (float) clamp(Distance.score(m.distance, query, queryNorm, p.data, i * m.dims, p.norms[i]));
        if (kept.size() == topK) {
          Candidate worst = kept.peek();
          int c = lowerFirst ? Float.compare(score, worst.score) : Float.compare(worst.score, score);
          if (c > 0 || (c == 0 && Arrays.compareUnsigned(p.keys[i].bytes, worst.key) >= 0)) {
            continue;
          }
          kept.poll();
        }
        kept.add(new Candidate(p.keys[i].bytes, score));
      }
      return new Kept(new ArrayList<>(kept), examined);
    }
  }

  private static double clamp(double raw) {
    return raw > Float.MAX_VALUE ? Float.MAX_VALUE : raw < -Float.MAX_VALUE ? -Float.MAX_VALUE : raw;
  }

  private static boolean passes(String[] values, String[] wanted) {
    for (int f = 0; f < wanted.length; f++) {
      if (wanted[f] != null && !wanted[f].equals(values[f])) {
        return false;
      }
    }
    return true;
  }

  /** Items indexed. */
  public long count() {
    lock.readLock().lock();
    try {
      return where.size();
    } finally {
      lock.readLock().unlock();
    }
  }

  /** The index's size in bytes: each entry's vector, key and filter values. */
  public long sizeBytes() {
    lock.readLock().lock();
    try {
      return bytes;
    } finally {
      lock.readLock().unlock();
    }
  }

  /** Marks the mirror complete: every item the table held when it was made has been read into it. */
  public void markBuilt() {
    built.countDown();
  }

  /** Waits up to {@code millis} for {@link #markBuilt}; answers whether it is built. */
  public boolean awaitBuilt(long millis) throws InterruptedException {
    return built.await(millis, TimeUnit.MILLISECONDS);
  }

  public boolean isBuilt() {
    return built.getCount() == 0;
  }

  private record Candidate(byte[] key, float score) {}

  /** A storage key as a map key. */
  private record Key(byte[] bytes) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && Arrays.equals(bytes, k.bytes);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(bytes);
    }
  }

  /** One HASH value's entries, in flat arrays; a removed entry's slot takes the last one. */
  private static final class Partition {
    private final int dims;
    float[] data;
    double[] norms;
    Key[] keys;
    String[][] filters;
    long[] sizes;
    int n;
    final Map<Key, Integer> slot = new HashMap<>();

    Partition(int dims) {
      this.dims = dims;
      int capacity = 16;
      data = new float[capacity * dims];
      norms = new double[capacity];
      keys = new Key[capacity];
      filters = new String[capacity][];
      sizes = new long[capacity];
    }

    void add(Key k, Entry e, double norm) {
      if (n == keys.length) {
        int capacity = n * 2;
        data = Arrays.copyOf(data, capacity * dims);
        norms = Arrays.copyOf(norms, capacity);
        keys = Arrays.copyOf(keys, capacity);
        filters = Arrays.copyOf(filters, capacity);
        sizes = Arrays.copyOf(sizes, capacity);
      }
      System.arraycopy(e.vector(), 0, data, n * dims, dims);
      norms[n] = norm;
      keys[n] = k;
      filters[n] = e.filters();
      sizes[n] = e.size();
      slot.put(k, n);
      n++;
    }

    /** Removes {@code k}'s entry; answers its size. */
    long remove(Key k) {
      int i = slot.remove(k);
      long size = sizes[i];
      int last = n - 1;
      if (i != last) {
        System.arraycopy(data, last * dims, data, i * dims, dims);
        norms[i] = norms[last];
        keys[i] = keys[last];
        filters[i] = filters[last];
        sizes[i] = sizes[last];
        slot.put(keys[i], i);
      }
      keys[last] = null;
      filters[last] = null;
      n = last;
      return size;
    }
  }
}
