package io.partita.engine.internal.ops.recovery;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.engine.internal.backup.ChangeLog;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.storage.Store;
import io.partita.engine.internal.table.PointInTimeRecovery;
import io.partita.engine.internal.table.Table;
import io.partita.engine.internal.table.TableDef;
import java.time.Instant;
import software.amazon.awssdk.services.dynamodb.model.ContinuousBackupsDescription;
import software.amazon.awssdk.services.dynamodb.model.ContinuousBackupsStatus;
import software.amazon.awssdk.services.dynamodb.model.DescribeContinuousBackupsRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeContinuousBackupsResponse;
import software.amazon.awssdk.services.dynamodb.model.PointInTimeRecoveryDescription;
import software.amazon.awssdk.services.dynamodb.model.PointInTimeRecoverySpecification;
import software.amazon.awssdk.services.dynamodb.model.PointInTimeRecoveryStatus;
import software.amazon.awssdk.services.dynamodb.model.UpdateContinuousBackupsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateContinuousBackupsResponse;

/**
 * UpdateContinuousBackups and DescribeContinuousBackups: point-in-time recovery on and off, its
 * recovery period and restorable window; and the trimming of its change log. Continuous backups are
 * ENABLED on every table (as the API reference says); point-in-time recovery is what a request
 * turns on. Turning it off drops the table's change log in the same batch as the setting.
 *
 * <p>LatestRestorableDateTime is now: a change is in the log as soon as its write returns (the
 * service says about five minutes before now). EarliestRestorableDateTime is the later of when
 * recovery was turned on and now less the recovery period.
 */
public final class ContinuousBackups {
  private ContinuousBackups() {}

  public static UpdateContinuousBackupsResponse update(EngineContext ctx, UpdateContinuousBackupsRequest req) {
    PointInTimeRecoverySpecification spec = req.pointInTimeRecoverySpecification();
    boolean enable = Boolean.TRUE.equals(spec.pointInTimeRecoveryEnabled());
    Integer days = spec.recoveryPeriodInDays();
    if (!enable && days != null) {
      // not established: the service's answer (docs/backups.md)
      throw PartitaException.validation("RecoveryPeriodInDays can only be specified when PointInTimeRecoveryEnabled "
          + "is true");
    }
    TableDef def;
    synchronized (ctx.catalog()) {
      Table table = live(ctx, req.tableName());
      TableDef old = table.def();
      long now = ctx.clock().millis();
      PointInTimeRecovery pitr = !enable ? null
          : old.pitr() == null ? new PointInTimeRecovery(days == null ? PointInTimeRecovery.DEFAULT_DAYS : days, now)
          : new PointInTimeRecovery(days == null ? old.pitr().recoveryPeriodDays() : days, old.pitr().enabledMillis());
      def = old.withPitr(pitr);
      // no write of the table is in flight across the change: every write after it sees it, and logs or not
      boolean drop = pitr == null && old.pitr() != null;
      ctx.catalog().updateExclusively(def, batch -> {
        if (drop) {
          ChangeLog.dropAll(batch, old.id());
        }
      });
    }
    return UpdateContinuousBackupsResponse.builder().continuousBackupsDescription(description(ctx, def)).build();
  }

  public static DescribeContinuousBackupsResponse describe(EngineContext ctx, DescribeContinuousBackupsRequest req) {
    return DescribeContinuousBackupsResponse.builder()
        .continuousBackupsDescription(description(ctx, live(ctx, req.tableName()).def())).build();
  }

  private static ContinuousBackupsDescription description(EngineContext ctx, TableDef def) {
    PointInTimeRecovery pitr = def.pitr();
    PointInTimeRecoveryDescription.Builder p = PointInTimeRecoveryDescription.builder();
    if (pitr == null) {
      p.pointInTimeRecoveryStatus(PointInTimeRecoveryStatus.DISABLED);
    } else {
      long now = ctx.clock().millis();
      p.pointInTimeRecoveryStatus(PointInTimeRecoveryStatus.ENABLED)
          .recoveryPeriodInDays(pitr.recoveryPeriodDays())
          .earliestRestorableDateTime(Instant.ofEpochMilli(pitr.earliestMillis(now)))
          .latestRestorableDateTime(Instant.ofEpochMilli(now));
    }
    return ContinuousBackupsDescription.builder().continuousBackupsStatus(ContinuousBackupsStatus.ENABLED)
        .pointInTimeRecoveryDescription(p.build()).build();
  }

  private static Table live(EngineContext ctx, String name) {
    Table table = ctx.catalog().tableOrNull(name);
    if (table == null || table.def().filling()) {
      throw tableNotFound(name);
    }
    return table;
  }

  static PartitaException tableNotFound(String name) {
    // not established: the service's text (docs/backups.md)
    return new PartitaException(ErrorCode.TableNotFoundException, "Table not found: " + name);
  }

  /** Drops each table's change-log records older than its earliest restorable instant. */
  public static void trim(EngineContext ctx) {
    long now = ctx.clock().millis();
    for (Table table : ctx.catalog().tables()) {
      PointInTimeRecovery pitr = table.def().pitr();
      if (pitr != null && !table.dropped()) {
        ChangeLog.trim(ctx.store(), table.def().id(), pitr.earliestMillis(now));
      }
    }
  }
}
