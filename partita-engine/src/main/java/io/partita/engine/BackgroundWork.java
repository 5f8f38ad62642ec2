package io.partita.engine;

import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.recovery.ContinuousBackups;
import io.partita.engine.internal.ops.schema.IndexBuilds;
import io.partita.engine.internal.ops.ttl.Expiry;
import io.partita.engine.internal.ops.ttl.ExpiryBackfill;
import io.partita.engine.internal.table.Table;
import io.partita.engine.internal.transfer.Transfers;

/**
 * The database's own work that no request asks for: resuming what a previous run left unfinished,
 * Time to Live's sweep, point-in-time recovery's trimming and compacting where deletes gathered. It
 * sits here, above the operations it starts, so that {@link EngineContext}, which every operation
 * receives, need not know them.
 */
final class BackgroundWork {
  private BackgroundWork() {}

  /** Resumes the backfill of every index a previous run left unfinished (called once at open). */
  static void resume(EngineContext ctx) {
    // a restore or an import a crash interrupted left a table half filled, still marked: it goes, and
    // the import's record says so
    ctx.catalog().dropUnfinished();
    ctx.attached(Transfers.class).failInterrupted(ctx.clock().millis());
    for (Table table : ctx.catalog().tables()) {
      IndexBuilds.resume(ctx, table);
      ExpiryBackfill.resume(ctx, table);
    }
  }

  /**
   * Deletes the items Time to Live has made due by the clock, through the one write path; answers
   * how many. The engine's sweeper calls it on its schedule, {@code Partita.expireNow} on demand.
   */
  static int expire(EngineContext ctx) {
    return Expiry.sweep(ctx, ctx.clock().instant().getEpochSecond());
  }

  /**
   * Drops the change-log records of every table with point-in-time recovery that are older than its
   * earliest restorable instant (the schedule's work, or a test's by hand).
   */
  static void trimChangeLogs(EngineContext ctx) {
    ContinuousBackups.trim(ctx);
  }

  /**
   * Compacts the key ranges where deletes gathered (a queue's items, a swept expiry index), so reads
   * stop stepping over their tombstones; answers how many ranges (the schedule's work after the
   * sweep, whose deletes it takes too, or a test's by hand).
   */
  static int compactDeleted(EngineContext ctx) {
    return ctx.store().compactDeleted();
  }
}
