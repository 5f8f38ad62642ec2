package io.partita.engine.internal.ops.recovery;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.engine.internal.backup.BackupRecord;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.schema.Descriptions;
import io.partita.engine.internal.table.Table;
import io.partita.engine.internal.table.TableDef;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.BackupDescription;
import software.amazon.awssdk.services.dynamodb.model.BackupDetails;
import software.amazon.awssdk.services.dynamodb.model.BackupStatus;
import software.amazon.awssdk.services.dynamodb.model.BackupSummary;
import software.amazon.awssdk.services.dynamodb.model.BackupTypeFilter;
import software.amazon.awssdk.services.dynamodb.model.CreateBackupRequest;
import software.amazon.awssdk.services.dynamodb.model.CreateBackupResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteBackupRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteBackupResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeBackupRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeBackupResponse;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexInfo;
import software.amazon.awssdk.services.dynamodb.model.ListBackupsRequest;
import software.amazon.awssdk.services.dynamodb.model.ListBackupsResponse;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndexInfo;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.SourceTableDetails;
import software.amazon.awssdk.services.dynamodb.model.SourceTableFeatureDetails;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * CreateBackup, DescribeBackup, ListBackups and DeleteBackup: the requests and answers; the backups
 * themselves (snapshot copy, records, crash safety) are io.partita.engine.internal.backup's {@code Backups}.
 * A backup is complete when CreateBackup returns, so it is answered AVAILABLE (the service answers
 * CREATING and gets there within minutes).
 */
public final class OnDemandBackups {
  private OnDemandBackups() {}

  public static CreateBackupResponse create(EngineContext ctx, CreateBackupRequest req) {
    Table table = ctx.catalog().tableOrNull(req.tableName());
    if (table == null) {
      throw ContinuousBackups.tableNotFound(req.tableName());
    }
    if (table.def().filling()) {
      throw new PartitaException(ErrorCode.TableInUseException, "Table is being "
          + (table.def().importing() == null ? "restored: " : "imported: ") + req.tableName());
    }
    BackupRecord b = ctx.backups().create(req.tableName(), req.backupName(), ctx.clock().millis(), ctx.home());
    if (b == null) {
      // dropped between the look-up and the snapshot
      throw ContinuousBackups.tableNotFound(req.tableName());
    }
    return CreateBackupResponse.builder().backupDetails(details(b, BackupStatus.AVAILABLE)).build();
  }

  public static DescribeBackupResponse describe(EngineContext ctx, DescribeBackupRequest req) {
    return DescribeBackupResponse.builder()
        .backupDescription(description(ctx, find(ctx, req.backupArn()), BackupStatus.AVAILABLE)).build();
  }

  public static DeleteBackupResponse delete(EngineContext ctx, DeleteBackupRequest req) {
    BackupRecord b = find(ctx, req.backupArn());
    if (!ctx.backups().delete(b)) {
      // not established: the service's text (docs/backups.md)
      throw new PartitaException(ErrorCode.BackupInUseException, "Backup is being restored: " + b.arn());
    }
    return DeleteBackupResponse.builder().backupDescription(description(ctx, b, BackupStatus.DELETED)).build();
  }

  /**
   * ListBackups: the backups in creation order, filtered by source table, creation time (lower bound
   * inclusive, upper bound exclusive, as the API reference says) and type (USER when not given, as the
   * API reference says); Limit a page, LastEvaluatedBackupArn when more follow.
   */
  public static ListBackupsResponse list(EngineContext ctx, ListBackupsRequest req) {
    BackupTypeFilter type = req.backupType() == null ? BackupTypeFilter.USER : req.backupType();
    long after = req.exclusiveStartBackupArn() == null ? -1 : startAfter(ctx, req.exclusiveStartBackupArn());
    int limit = req.limit() == null ? Integer.MAX_VALUE : req.limit();
    List<BackupSummary> page = new ArrayList<>();
    String last = null;
    boolean more = false;
    for (BackupRecord b : ctx.backups().all()) {
      if (b.number() <= after
          || req.tableName() != null && !req.tableName().equals(b.source().name())
          || req.timeRangeLowerBound() != null && b.createdMillis() < req.timeRangeLowerBound().toEpochMilli()
          || req.timeRangeUpperBound() != null && b.createdMillis() >= req.timeRangeUpperBound().toEpochMilli()
          || type != BackupTypeFilter.ALL && !type.toString().equals(b.type())) {
        continue;
      }
      if (page.size() == limit) {
        more = true;
        break;
      }
      page.add(summary(ctx, b));
      last = b.arn();
    }
    return ListBackupsResponse.builder().backupSummaries(page).lastEvaluatedBackupArn(more ? last : null).build();
  }

  /**
   * Where a page starts: after the backup the ARN names, or, for a backup deleted since, after every
   * backup created no later than the creation time its ARN carries.
   */
  private static long startAfter(EngineContext ctx, String arn) {
    BackupRecord b = ctx.backups().get(arn);
    if (b != null) {
      return b.number();
    }
    long millis = createdMillisOf(arn);
    long after = -1;
    for (BackupRecord r : ctx.backups().all()) {
      if (r.createdMillis() <= millis) {
        after = r.number();
      }
    }
    return after;
  }

  private static long createdMillisOf(String arn) {
    int at = arn.indexOf("/backup/");
    try {
      return Long.parseLong(arn.substring(at + "/backup/".length(), at + "/backup/".length() + 14));
    } catch (RuntimeException e) {
      // not established: the service's text (docs/backups.md)
      throw PartitaException.validation("Invalid ExclusiveStartBackupArn: " + arn);
    }
  }

  /** The backup an ARN names, or DynamoDB's BackupNotFoundException. */
  static BackupRecord find(EngineContext ctx, String arn) {
    BackupRecord b = ctx.backups().get(arn);
    if (b == null) {
      throw notFound(arn);
    }
    return b;
  }

  static PartitaException notFound(String arn) {
    // not established: the service's text (docs/backups.md)
    return new PartitaException(ErrorCode.BackupNotFoundException, "Backup not found: " + arn);
  }

  private static BackupDetails details(BackupRecord b, BackupStatus status) {
    return BackupDetails.builder().backupArn(b.arn()).backupName(b.name()).backupSizeBytes(b.sizeBytes())
        .backupStatus(status).backupType(b.type()).backupCreationDateTime(Instant.ofEpochMilli(b.createdMillis()))
        .build();
  }

  private static BackupSummary summary(EngineContext ctx, BackupRecord b) {
    TableDef t = b.source();
    return BackupSummary.builder().tableName(t.name()).tableId(t.tableId()).tableArn(t.arn(ctx.home()))
        .backupArn(b.arn()).backupName(b.name()).backupCreationDateTime(Instant.ofEpochMilli(b.createdMillis()))
        .backupStatus(BackupStatus.AVAILABLE).backupType(b.type()).backupSizeBytes(b.sizeBytes()).build();
  }

  /** BackupDescription: the details, the source table as it was, and its features (indexes, stream, TTL, SSE). */
  static BackupDescription description(EngineContext ctx, BackupRecord b, BackupStatus status) {
    TableDef t = b.source();
    // the table as it was backed up, described by the one description builder
    TableDescription d = Descriptions.of(ctx.home(), t, TableStatus.ACTIVE, b.itemCount(), b.sizeBytes());
    SourceTableDetails.Builder source = SourceTableDetails.builder().tableName(t.name()).tableId(t.tableId())
        .tableArn(t.arn(ctx.home())).tableSizeBytes(b.sizeBytes()).keySchema(d.keySchema())
        .tableCreationDateTime(Instant.ofEpochMilli(t.createdMillis())).itemCount(b.itemCount())
        .billingMode(t.billingMode())
        .provisionedThroughput(ProvisionedThroughput.builder().readCapacityUnits(t.readUnits())
            .writeCapacityUnits(t.writeUnits()).build());
    SourceTableFeatureDetails.Builder features = SourceTableFeatureDetails.builder();
    if (d.hasGlobalSecondaryIndexes()) {
      features.globalSecondaryIndexes(d.globalSecondaryIndexes().stream().map(g -> GlobalSecondaryIndexInfo.builder()
          .indexName(g.indexName()).keySchema(g.keySchema()).projection(g.projection())
          .provisionedThroughput(ProvisionedThroughput.builder().readCapacityUnits(g.provisionedThroughput()
              .readCapacityUnits()).writeCapacityUnits(g.provisionedThroughput().writeCapacityUnits()).build())
          .build()).toList());
    }
    if (d.hasLocalSecondaryIndexes()) {
      features.localSecondaryIndexes(d.localSecondaryIndexes().stream().map(l -> LocalSecondaryIndexInfo.builder()
          .indexName(l.indexName()).keySchema(l.keySchema()).projection(l.projection()).build()).toList());
    }
    if (t.enabledStream() != null) {
      features.streamDescription(StreamSpecification.builder().streamEnabled(true)
          .streamViewType(t.enabledStream().viewType()).build());
    }
    if (t.timeToLive() != null && t.timeToLive().enabled()) {
      features.timeToLiveDescription(ttl -> ttl.attributeName(t.timeToLive().attributeName())
          .timeToLiveStatus("ENABLED"));
    }
    if (d.sseDescription() != null) {
      features.sseDescription(d.sseDescription());
    }
    return BackupDescription.builder().backupDetails(details(b, status)).sourceTableDetails(source.build())
        .sourceTableFeatureDetails(features.build()).build();
  }
}
