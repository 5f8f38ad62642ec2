package io.partita.model.migrate;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/** A migration's counts over all its segments, this run's and earlier runs', added to as pages are done. */
final class SegmentTotals {
  private final String id;
  private final int segments;
  private final AtomicLong scanned = new AtomicLong();
  private final AtomicLong migrated = new AtomicLong();
  private final AtomicLong current = new AtomicLong();
  private final AtomicLong gone = new AtomicLong();
  private final AtomicInteger done = new AtomicInteger();

  SegmentTotals(String id, int segments, Checkpoint[] state) {
    this.id = id;
    this.segments = segments;
    for (Checkpoint c : state) {
      scanned.addAndGet(c.scanned());
      migrated.addAndGet(c.migrated());
      current.addAndGet(c.current());
      gone.addAndGet(c.gone());
      if (c.done()) {
        done.incrementAndGet();
      }
    }
  }

  Migration.Progress add(boolean segmentDone, long s, long m, long c, long g) {
    return new Migration.Progress(id, segments, segmentDone ? done.incrementAndGet() : done.get(),
        scanned.addAndGet(s),
        migrated.addAndGet(m), current.addAndGet(c), gone.addAndGet(g));
  }
}
