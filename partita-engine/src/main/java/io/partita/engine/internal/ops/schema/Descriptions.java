package io.partita.engine.internal.ops.schema;

import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.table.Home;
import io.partita.engine.internal.table.IndexDef;
import io.partita.engine.internal.table.KeyDef;
import io.partita.engine.internal.table.StreamDef;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.table.TableSettings;
import io.partita.engine.internal.table.VectorIndexDef;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.BillingModeSummary;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputDescription;
import software.amazon.awssdk.services.dynamodb.model.SearchSchemaElement;
import software.amazon.awssdk.services.dynamodb.model.SearchSchemaElementType;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.VectorIndexDescription;

/** Builds DynamoDB's TableDescription from a stored definition. */
public final class Descriptions {
  private Descriptions() {}

  /** An index's ItemCount and IndexSizeBytes. */
  interface IndexStats {
    IndexStats NONE = new IndexStats() {
      @Override
      public long count(String index) {
        return 0;
      }

      @Override
      public long size(String index) {
        return 0;
      }
    };

    long count(String index);

    long size(String index);
  }

  public static TableDescription of(Home home, TableDef t, TableStatus status, long itemCount, long sizeBytes) {
    return of(home, t, status, itemCount, sizeBytes, IndexStats.NONE);
  }

  /** The description with the counters as they are now: the table's and every index's. */
  public static TableDescription current(EngineContext ctx, TableDef t, TableStatus status) {
    return of(ctx.home(), t, status, ctx.catalog().itemCount(t), ctx.catalog().sizeBytes(t), new IndexStats() {
      @Override
      public long count(String index) {
        if (t.vectorIndex(index) != null) {
          var mirror = ctx.vectors().get(t.id(), t.vectorIndex(index));
          return mirror == null ? 0 : mirror.count();
        }
        return ctx.catalog().indexItemCount(t, index);
      }

      @Override
      public long size(String index) {
        if (t.vectorIndex(index) != null) {
          var mirror = ctx.vectors().get(t.id(), t.vectorIndex(index));
          return mirror == null ? 0 : mirror.sizeBytes();
        }
        return ctx.catalog().indexSizeBytes(t, index);
      }
    });
  }

  /** The settings DynamoDB describes, each only once a request has set it (as DynamoDB shows them). */
  private static void settings(TableDescription.Builder b, TableSettings s, Home home) {
    if (s.tableClassChangedMillis() > 0) {
      b.tableClassSummary(c -> c.tableClass(s.tableClass()).lastUpdateDateTime(Instant.ofEpochMilli(s.tableClassChangedMillis())));
    }
    if (s.sseEnabled()) {
      // the key named by the request (an ARN as given, a key id made one), or the account's AWS managed key
      String id = s.kmsMasterKeyId();
      String arn = id != null && id.startsWith("arn:") ? id
          : "arn:aws:kms:" + home.region() + ":" + home.account() + ":" + (id == null ? "alias/aws/dynamodb" : "key/" + id);
      b.sseDescription(d -> d.status("ENABLED").sseType("KMS").kmsMasterKeyArn(arn));
    }
    if (s.maxReadRequestUnits() != 0 || s.maxWriteRequestUnits() != 0) {
      b.onDemandThroughput(o -> o.maxReadRequestUnits(s.maxReadRequestUnits() == 0 ? -1L : s.maxReadRequestUnits())
          .maxWriteRequestUnits(s.maxWriteRequestUnits() == 0 ? -1L : s.maxWriteRequestUnits()));
    }
    // every table is warm to at least the service's floor (scylladb's test_warm_throughput.py, run against it)
    b.warmThroughput(w -> w.readUnitsPerSecond(Math.max(s.warmReadUnitsPerSecond(), TableSettings.WARM_READ_FLOOR))
        .writeUnitsPerSecond(Math.max(s.warmWriteUnitsPerSecond(), TableSettings.WARM_WRITE_FLOOR)).status("ACTIVE"));
  }

  public static TableDescription of(Home home, TableDef t, TableStatus status, long itemCount, long sizeBytes,
      IndexStats stats) {
    List<KeySchemaElement> keySchema = new ArrayList<>(2);
    keySchema.add(element(t.hash(), KeyType.HASH));
    if (t.range() != null) {
      keySchema.add(element(t.range(), KeyType.RANGE));
    }
    TableDescription.Builder b = TableDescription.builder()
        .tableName(t.name())
        .tableStatus(status)
        .keySchema(keySchema)
        .attributeDefinitions(t.attributeDefinitions().stream()
            .map(k -> AttributeDefinition.builder().attributeName(k.name()).attributeType(k.type().toSdk()).build())
            .toList())
        .creationDateTime(Instant.ofEpochMilli(t.createdMillis()))
        .itemCount(itemCount)
        .tableSizeBytes(sizeBytes)
        .tableArn(t.arn(home))
        .tableId(t.tableId())
        .deletionProtectionEnabled(t.deletionProtection())
        .provisionedThroughput(throughput(t.readUnits(), t.writeUnits()));
    settings(b, t.settings(), home);
    if (t.restored() != null) {
      io.partita.engine.internal.table.Restored r = t.restored();
      b.restoreSummary(s -> s.sourceBackupArn(r.sourceBackupArn()).sourceTableArn(r.sourceTableArn())
          .restoreDateTime(Instant.ofEpochMilli(r.restoreMillis())).restoreInProgress(r.inProgress()));
    }
    if (!t.streams().isEmpty()) {
      // the latest stream stays named after it is disabled; the specification shows only an enabled one
      StreamDef latest = t.streams().get(t.streams().size() - 1);
      b.latestStreamArn(t.streamArn(home, latest)).latestStreamLabel(latest.label());
      if (latest.enabled()) {
        b.streamSpecification(StreamSpecification.builder().streamEnabled(true).streamViewType(latest.viewType()).build());
      }
    }
    if (t.billingMode() == BillingMode.PAY_PER_REQUEST) {
      // DynamoDB reports billing mode only for on-demand tables; provisioned is the default
      b.billingModeSummary(BillingModeSummary.builder()
          .billingMode(BillingMode.PAY_PER_REQUEST)
          .lastUpdateToPayPerRequestDateTime(Instant.ofEpochMilli(t.billingModeChangedMillis()))
          .build());
    }
    if (!t.globalIndexes().isEmpty()) {
      b.globalSecondaryIndexes(t.globalIndexes().stream().map(ix -> GlobalSecondaryIndexDescription.builder()
          .indexName(ix.name())
          .keySchema(keySchema(ix))
          .projection(projection(ix))
          .indexStatus(ix.backfilling() || status == TableStatus.CREATING ? IndexStatus.CREATING : IndexStatus.ACTIVE)
          .backfilling(ix.backfilling() ? Boolean.TRUE : null)
          .provisionedThroughput(throughput(ix.readUnits(), ix.writeUnits()))
          .indexSizeBytes(stats.size(ix.name()))
          .itemCount(stats.count(ix.name()))
          .indexArn(t.arn(home) + "/index/" + ix.name())
          .build()).toList());
    }
    if (!t.localIndexes().isEmpty()) {
      b.localSecondaryIndexes(t.localIndexes().stream().map(ix -> LocalSecondaryIndexDescription.builder()
          .indexName(ix.name())
          .keySchema(keySchema(ix))
          .projection(projection(ix))
          .indexSizeBytes(stats.size(ix.name()))
          .itemCount(stats.count(ix.name()))
          .indexArn(t.arn(home) + "/index/" + ix.name())
          .build()).toList());
    }
    if (!t.vectorIndexes().isEmpty()) {
      b.vectorIndexes(t.vectorIndexes().stream().map(v -> vectorIndex(home, t, v, status, stats)).toList());
    }
    return b.build();
  }

  /**
   * A vector index as DescribeTable shows it: CREATING with Backfilling while UpdateTable's build runs
   * (the member is absent otherwise, as the service leaves it out once the index is ACTIVE), its counts
   * from the index held in memory (0 before it was first built, as the service's are "updated
   * approximately every six hours").
   */
  private static VectorIndexDescription vectorIndex(Home home, TableDef t, VectorIndexDef v, TableStatus status,
      IndexStats stats) {
    VectorIndexDescription.Builder d = VectorIndexDescription.builder()
        .indexName(v.name())
        .vectorAttribute(a -> a.attributeName(v.attribute()))
        .dimensions((long) v.dimensions())
        .distanceFunction(v.distance())
        .projection(projection(v.projection(), v.nonKeyAttributes()))
        .indexStatus(v.backfilling() || status == TableStatus.CREATING ? IndexStatus.CREATING : IndexStatus.ACTIVE)
        .backfilling(v.backfilling() ? Boolean.TRUE : null)
        .indexSizeBytes(stats.size(v.name()))
        .itemCount(stats.count(v.name()))
        .indexArn(v.arn(t, home));
    if (!v.searchSchema().isEmpty()) {
      d.searchSchema(v.searchSchema().stream().map(k -> SearchSchemaElement.builder().attributeName(k.key().name())
          .searchSchemaElementType(k.hash() ? SearchSchemaElementType.HASH : SearchSchemaElementType.INLINE_FILTER)
          .build()).toList());
    }
    return d.build();
  }

  private static ProvisionedThroughputDescription throughput(long read, long write) {
    return ProvisionedThroughputDescription.builder()
        .numberOfDecreasesToday(0L).readCapacityUnits(read).writeCapacityUnits(write).build();
  }

  private static KeySchemaElement element(KeyDef k, KeyType type) {
    return KeySchemaElement.builder().attributeName(k.name()).keyType(type).build();
  }

  private static List<KeySchemaElement> keySchema(IndexDef ix) {
    List<KeySchemaElement> out = new ArrayList<>();
    ix.hashKeys().forEach(k -> out.add(element(k, KeyType.HASH)));
    ix.rangeKeys().forEach(k -> out.add(element(k, KeyType.RANGE)));
    return out;
  }

  private static Projection projection(IndexDef ix) {
    return projection(ix.projection(), ix.nonKeyAttributes());
  }

  private static Projection projection(software.amazon.awssdk.services.dynamodb.model.ProjectionType type,
      List<String> nonKeyAttributes) {
    Projection.Builder p = Projection.builder().projectionType(type);
    if (!nonKeyAttributes.isEmpty()) {
      p.nonKeyAttributes(nonKeyAttributes);
    }
    return p.build();
  }
}
