package io.partita.engine.internal.ops.recovery;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.engine.internal.backup.BackupRecord;
import io.partita.engine.internal.backup.ChangeLog;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.request.ItemKey;
import io.partita.engine.internal.ops.schema.CreateTable;
import io.partita.engine.internal.ops.schema.Descriptions;
import io.partita.engine.internal.ops.schema.TableSettingsParams;
import io.partita.engine.internal.ops.write.ReadModifyWrite;
import io.partita.engine.internal.storage.Keyspace;
import io.partita.engine.internal.storage.Store;
import io.partita.engine.internal.table.IndexDef;
import io.partita.engine.internal.table.KeyDef;
import io.partita.engine.internal.table.PointInTimeRecovery;
import io.partita.engine.internal.table.Restored;
import io.partita.engine.internal.table.Table;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.table.VectorIndexDef;
import io.partita.engine.internal.table.TableDefCodec;
import io.partita.engine.internal.table.TableSettings;
import io.partita.engine.internal.value.ItemCodec;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.OnDemandThroughput;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.RestoreTableFromBackupRequest;
import software.amazon.awssdk.services.dynamodb.model.RestoreTableFromBackupResponse;
import software.amazon.awssdk.services.dynamodb.model.RestoreTableToPointInTimeRequest;
import software.amazon.awssdk.services.dynamodb.model.RestoreTableToPointInTimeResponse;
import software.amazon.awssdk.services.dynamodb.model.SSESpecification;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * RestoreTableFromBackup and RestoreTableToPointInTime: a new table (a new storage id) made from a
 * backup's items, or from the source table's items as they were at an instant, with the source's
 * key schema, indexes and settings less what the request overrides. No tags, stream, Time to Live or
 * point-in-time recovery come along (as DynamoDB documents it).
 *
 * <p>The new table is stored first marked as being restored (DescribeTable: CREATING, RestoreSummary
 * RestoreInProgress; its items are refused to item operations meanwhile); the items are then written
 * through the one write path ({@link ReadModifyWrite}) in batches, which writes their index entries
 * and counters exactly as any write does, so the indexes are rebuilt by the same code that keeps
 * them; and the mark is cleared last. A restore a crash interrupts is dropped when the database
 * opens ({@link io.partita.engine.internal.table.Catalog#dropUnfinished}). The request returns when the restore is done.
 *
 * <p>In ops, not in io.partita.engine.internal.backup, because it builds the table with CreateTable's index
 * validation and writes through ReadModifyWrite, both package-private here; the storage side
 * (backups, change log) is in io.partita.engine.internal.backup.
 */
public final class Restores {
  /** Items written per batch: one atomic write, one log sync. */
  private static final int BATCH_ITEMS = 100;

  private Restores() {}

  public static RestoreTableFromBackupResponse fromBackup(EngineContext ctx, RestoreTableFromBackupRequest req) {
    BackupRecord backup = OnDemandBackups.find(ctx, req.backupArn());
    Overrides o = new Overrides(req.billingModeOverride(), req.hasGlobalSecondaryIndexOverride()
        ? req.globalSecondaryIndexOverride() : null, req.hasLocalSecondaryIndexOverride()
        ? req.localSecondaryIndexOverride() : null, req.provisionedThroughputOverride(),
        req.onDemandThroughputOverride(), req.sseSpecificationOverride());
    refuseVectorIndexes(req.hasVectorIndexOverride());
    Restored restored = new Restored(backup.arn(), backup.source().arn(ctx.home()), backup.createdMillis(), true);
    TableDef def = restore(ctx, backup.source(), req.targetTableName(), o, restored, sink -> {
      if (!ctx.backups().readItems(backup, sink)) {
        throw OnDemandBackups.notFound(backup.arn());
      }
    });
    return RestoreTableFromBackupResponse.builder().tableDescription(Descriptions.current(ctx, def, TableStatus.ACTIVE))
        .build();
  }

  public static RestoreTableToPointInTimeResponse toPointInTime(EngineContext ctx, RestoreTableToPointInTimeRequest req) {
    String source = sourceName(req.sourceTableName(), req.sourceTableArn());
    Overrides o = new Overrides(req.billingModeOverride(), req.hasGlobalSecondaryIndexOverride()
        ? req.globalSecondaryIndexOverride() : null, req.hasLocalSecondaryIndexOverride()
        ? req.localSecondaryIndexOverride() : null, req.provisionedThroughputOverride(),
        req.onDemandThroughputOverride(), req.sseSpecificationOverride());
    refuseVectorIndexes(req.hasVectorIndexOverride());
    boolean latest = Boolean.TRUE.equals(req.useLatestRestorableTime());
    if (latest == (req.restoreDateTime() != null)) {
      // not established: the service's text for both or neither is not recorded (docs/backups.md)
      throw PartitaException.validation(latest
          ? "Only one of RestoreDateTime or UseLatestRestorableTime can be specified"
          : "Either RestoreDateTime or UseLatestRestorableTime must be specified");
    }
    // the source, its change log and its items are read in one snapshot: a write meanwhile is in all or none
    try (Store.View view = ctx.store().view()) {
      byte[] stored = view.get(Keyspace.tableKey(source));
      Table live = ctx.catalog().tableOrNull(source);
      if (stored == null || live == null || live.def().filling()) {
        throw ContinuousBackups.tableNotFound(source);
      }
      TableDef def = TableDefCodec.decode(stored);
      PointInTimeRecovery pitr = def.pitr();
      if (pitr == null) {
        throw new PartitaException(ErrorCode.PointInTimeRecoveryUnavailableException,
            "Point in time recovery is not enabled for table '" + source + "'");
      }
      long now = ctx.clock().millis();
      long at = latest ? now : req.restoreDateTime().toEpochMilli();
      if (at < pitr.earliestMillis(now) || at > now) {
        throw new PartitaException(ErrorCode.InvalidRestoreTimeException, "Invalid restore time: "
            + Instant.ofEpochMilli(at) + " is not between the earliest restorable time "
            + Instant.ofEpochMilli(pitr.earliestMillis(now)) + " and the latest restorable time " + Instant.ofEpochMilli(now));
      }
      Restored restored = new Restored(null, def.arn(ctx.home()), at, true);
      TableDef made = restore(ctx, def, req.targetTableName(), o, restored, sink -> itemsAt(view, def.id(), at, sink));
      return RestoreTableToPointInTimeResponse.builder()
          .tableDescription(Descriptions.current(ctx, made, TableStatus.ACTIVE)).build();
    }
  }

  /** The items of table {@code tableId} as they were at {@code millis}, given to {@code sink}. */
  static void itemsAt(Store.View view, long tableId, long millis, BiConsumer<byte[], byte[]> sink) {
    try (ChangeLog.ItemsAt items = ChangeLog.itemsAt(view, tableId, millis)) {
      for (Store.Entry e = items.next(); e != null; e = items.next()) {
        sink.accept(e.key(), e.value());
      }
    }
  }

  /** The table a RestoreTableToPointInTime names, by name or by ARN. */
  private static String sourceName(String name, String arn) {
    if (name != null) {
      return name;
    }
    int at = arn == null ? -1 : arn.indexOf(":table/");
    if (at < 0) {
      // not established: the service's text for a request naming no source (docs/backups.md)
      throw PartitaException.validation(arn == null ? "Either SourceTableName or SourceTableArn must be specified"
          : "Invalid SourceTableArn: " + arn);
    }
    return arn.substring(at + ":table/".length());
  }

  private static void refuseVectorIndexes(boolean given) {
    if (given) {
      throw PartitaException.validation("VectorIndexOverride is not supported by Partita");
    }
  }

  /** What a restore request overrides; a null member keeps the source's. */
  record Overrides(BillingMode billing, List<GlobalSecondaryIndex> gsis, List<LocalSecondaryIndex> lsis,
      ProvisionedThroughput throughput, OnDemandThroughput onDemand, SSESpecification sse) {}

  /**
   * Makes table {@code target} from {@code source}'s definition and {@code overrides}, fills it with
   * the items {@code items} hands over (storage key of any table, stored bytes), and marks it done.
   */
  private static TableDef restore(EngineContext ctx, TableDef source, String target, Overrides overrides,
      Restored restored, Consumer<BiConsumer<byte[], byte[]>> items) {
    if (ctx.catalog().tableOrNull(target) != null) {
      throw alreadyExists(target);
    }
    long now = ctx.clock().millis();
    TableDef shape = shape(source, target, overrides, restored, now);
    TableDef def;
    try {
      def = ctx.catalog().create(target, id -> new TableDef(id, target, UUID.randomUUID().toString(), shape.hash(),
          shape.range(), shape.attributeDefinitions(), shape.billingMode(), shape.readUnits(), shape.writeUnits(), now,
          now, shape.globalIndexes(), shape.localIndexes(), Map.of(), false, shape.settings(), null, List.of(), null,
          restored, Map.of(), null, shape.vectorIndexes()));
    } catch (PartitaException e) {
      if (e.code() == ErrorCode.ResourceInUseException) {
        throw alreadyExists(target);
      }
      throw e;
    }
    Table table = ctx.catalog().get(target);
    try {
      Copier copier = new Copier(ctx, table);
      items.accept(copier);
      copier.flush();
      ctx.catalog().update(table.def().withRestored(restored.done()));
      return table.def();
    } catch (RuntimeException e) {
      try {
        ctx.catalog().delete(target);
      } catch (RuntimeException again) {
        // still marked as being restored: dropped at the next open
        e.addSuppressed(again);
      }
      throw e;
    }
  }

  /** Writes the restored items in batches through the one write path, which adds their index entries and counters. */
  private static final class Copier implements BiConsumer<byte[], byte[]> {
    private final EngineContext ctx;
    private final Table table;
    private final byte[] prefix;
    private final List<ReadModifyWrite.Target> pending = new ArrayList<>(BATCH_ITEMS);

    Copier(EngineContext ctx, Table table) {
      this.ctx = ctx;
      this.table = table;
      this.prefix = Keyspace.itemsFrom(table.def().id());
    }

    @Override
    public void accept(byte[] key, byte[] value) {
      Map<String, AttributeValue> item = ItemCodec.decode(value);
      TableDef def = table.def();
      Map<String, AttributeValue> keyAttributes = new LinkedHashMap<>();
      keyAttributes.put(def.hash().name(), item.get(def.hash().name()));
      if (def.range() != null) {
        keyAttributes.put(def.range().name(), item.get(def.range().name()));
      }
      pending.add(new ReadModifyWrite.Target(table, new ItemKey(Keyspace.reprefixed(key, prefix), keyAttributes),
          current -> item));
      if (pending.size() >= BATCH_ITEMS) {
        flush();
      }
    }

    void flush() {
      if (pending.isEmpty()) {
        return;
      }
      ReadModifyWrite.runAll(ctx, List.copyOf(pending), (refusals, before) -> {
        for (PartitaException r : refusals) {
          if (r != null) {
            return r;
          }
        }
        return new IllegalStateException("refused without a reason");
      });
      pending.clear();
    }
  }

  /**
   * The restored table's shape (the id and table id are the catalog's to give): the source's keys,
   * settings and indexes, with the overrides applied and checked as CreateTable checks them.
   */
  private static TableDef shape(TableDef source, String target, Overrides o, Restored restored, long now) {
    BillingMode billing = o.billing() != null ? o.billing() : source.billingMode();
    boolean provisioned = billing == BillingMode.PROVISIONED;
    ProvisionedThroughput pt = o.throughput();
    if (pt == null && provisioned && source.billingMode() == BillingMode.PROVISIONED) {
      pt = ProvisionedThroughput.builder().readCapacityUnits(source.readUnits()).writeCapacityUnits(source.writeUnits())
          .build();
    }
    CreateTable.checkThroughput(billing, pt, null);
    Map<String, io.partita.engine.internal.value.ScalarType> defined = new LinkedHashMap<>();
    source.attributeDefinitions().forEach(k -> defined.put(k.name(), k.type()));
    Set<String> used = new HashSet<>();
    used.add(source.hash().name());
    if (source.range() != null) {
      used.add(source.range().name());
    }
    Set<String> names = new HashSet<>();
    List<IndexDef> lsis = new ArrayList<>();
    if (o.lsis() == null) {
      lsis.addAll(source.localIndexes());
    } else {
      if (o.lsis().size() > CreateTable.MAX_LSIS) {
        throw PartitaException.validation("One or more parameter values were invalid: Number of LocalSecondaryIndexes "
            + "exceeds per-table limit of " + CreateTable.MAX_LSIS);
      }
      for (LocalSecondaryIndex l : o.lsis()) {
        if (source.range() == null) {
          throw PartitaException.validation("One or more parameter values were invalid: Table KeySchema does not have "
              + "a range key, which is required when specifying a LocalSecondaryIndex");
        }
        unique(l.indexName(), names);
        CreateTable.KeySchemas keys = CreateTable.KeySchemas.parse(l.keySchema(), l.indexName(), defined, used, 1);
        if (keys.range().isEmpty() || !keys.hash().get(0).equals(source.hash())) {
          throw PartitaException.validation("One or more parameter values were invalid: Index KeySchema does not have "
              + "the same leading hash key as table KeySchema for index: " + l.indexName());
        }
        lsis.add(new IndexDef(l.indexName(), false, keys.hash(), keys.range(),
            CreateTable.projectionType(l.projection(), l.indexName()),
            CreateTable.nonKeyAttributes(l.projection(), l.indexName()), 0, 0, false));
      }
    }
    List<IndexDef> gsis = new ArrayList<>();
    if (o.gsis() == null) {
      for (IndexDef g : source.globalIndexes()) {
        // every index of the restored table is built by the copy: none is left backfilling
        gsis.add(new IndexDef(g.name(), true, g.hashKeys(), g.rangeKeys(), g.projection(), g.nonKeyAttributes(),
            !provisioned ? 0 : g.readUnits() > 0 ? g.readUnits() : pt.readCapacityUnits(),
            !provisioned ? 0 : g.writeUnits() > 0 ? g.writeUnits() : pt.writeCapacityUnits(), false));
      }
    } else {
      if (o.gsis().size() > CreateTable.MAX_GSIS) {
        throw PartitaException.validation("One or more parameter values were invalid: GlobalSecondaryIndex count "
            + "exceeds the per-table limit of " + CreateTable.MAX_GSIS);
      }
      for (GlobalSecondaryIndex g : o.gsis()) {
        CreateTable.refuseIndexSettings("Restore", g.indexName(), g.onDemandThroughput() != null,
            g.warmThroughput() != null);
        unique(g.indexName(), names);
        CreateTable.KeySchemas keys = CreateTable.KeySchemas.parse(g.keySchema(), g.indexName(), defined, used,
            CreateTable.MAX_KEY_ATTRIBUTES_PER_PART);
        CreateTable.checkThroughput(billing, g.provisionedThroughput(), g.indexName());
        ProvisionedThroughput gpt = g.provisionedThroughput();
        gsis.add(new IndexDef(g.indexName(), true, keys.hash(), keys.range(),
            CreateTable.projectionType(g.projection(), g.indexName()),
            CreateTable.nonKeyAttributes(g.projection(), g.indexName()),
            gpt == null ? 0 : gpt.readCapacityUnits(), gpt == null ? 0 : gpt.writeCapacityUnits(), false));
      }
    }
    List<IndexDef> all = new ArrayList<>(lsis);
    all.addAll(gsis);
    for (IndexDef ix : all) {
      ix.hashKeys().forEach(k -> used.add(k.name()));
      ix.rangeKeys().forEach(k -> used.add(k.name()));
    }
    // the vector indexes come as the source had them (an override is refused, refuseVectorIndexes), built
    // from the copied items as every vector index is (ops/vector)
    List<VectorIndexDef> vectors = source.vectorIndexes().stream().map(v -> v.withBackfilling(false)).toList();
    vectors.forEach(v -> v.searchSchema().forEach(k -> used.add(k.key().name())));
    // the definitions that only an index dropped by an override used go with it
    List<KeyDef> definitions = source.attributeDefinitions().stream().filter(k -> used.contains(k.name())).toList();
    TableSettings settings = TableSettingsParams.apply(source.settings(), null, o.sse(), o.onDemand(), null, billing, now);
    if (provisioned) {
      // on-demand ceilings mean nothing to a provisioned table
      settings = settings.withOnDemand(0, 0);
    }
    return new TableDef(0, target, "", source.hash(), source.range(), definitions, billing,
        provisioned ? pt.readCapacityUnits() : 0, provisioned ? pt.writeCapacityUnits() : 0, now, now, gsis, lsis,
        Map.of(), false, settings, null, List.of(), null, restored, Map.of(), null,
        vectors);
  }

  private static void unique(String name, Set<String> names) {
    if (!names.add(name)) {
      throw PartitaException.validation("One or more parameter values were invalid: Duplicate index name: " + name);
    }
  }

  private static PartitaException alreadyExists(String name) {
    // not established: the service's text (docs/backups.md)
    return new PartitaException(ErrorCode.TableAlreadyExistsException, "Table already exists: " + name);
  }
}
