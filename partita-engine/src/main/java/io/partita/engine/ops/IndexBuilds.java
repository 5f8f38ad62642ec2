package io.partita.engine.ops;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.engine.storage.Keyspace;
import io.partita.engine.storage.Store;
import io.partita.engine.table.IndexDef;
import io.partita.engine.table.KeyDef;
import io.partita.engine.table.Table;
import io.partita.engine.table.TableDef;
import io.partita.engine.value.ItemCodec;
import io.partita.engine.value.ScalarType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.Lock;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.CreateGlobalSecondaryIndexAction;
import software.amazon.awssdk.services.dynamodb.model.DeleteGlobalSecondaryIndexAction;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexUpdate;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;

/**
 * Adding a global secondary index to a table that holds items, and deleting one, through
 * UpdateTable.
 *
 * <p>The backfill runs inside the UpdateTable call, with the table's writes held off by its
 * lifecycle lock, and the new definition is stored only once every entry is written: a crash half
 * way leaves the table as it was (the stray entries and counters are cleared before any later
 * build of an index of that name). DynamoDB builds in the background and answers CREATING with
 * Backfilling; here the index is ACTIVE when the call returns, and writes to that table wait while
 * it builds. Clients that wait for ACTIVE, as they must with DynamoDB, see no difference.
 */
final class IndexBuilds {
  private static final int BATCH_ITEMS = 512;

  private IndexBuilds() {}

  /** Applies the one index update of {@code req}; answers the new definition. */
  static TableDef apply(EngineContext ctx, Table table, List<GlobalSecondaryIndexUpdate> updates,
      List<AttributeDefinition> attributeDefinitions) {
    if (updates.size() != 1) {
      throw new PartitaException(ErrorCode.LimitExceededException,
          "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table");
    }
    GlobalSecondaryIndexUpdate update = updates.get(0);
    if (update.create() != null) {
      return create(ctx, table, update.create(), attributeDefinitions);
    }
    if (update.delete() != null) {
      return delete(ctx, table, update.delete());
    }
    throw PartitaException.validation("UpdateTable parameter GlobalSecondaryIndexUpdates.Update (index throughput) "
        + "is not supported by Partita yet");
  }

  private static TableDef create(EngineContext ctx, Table table, CreateGlobalSecondaryIndexAction action,
      List<AttributeDefinition> attributeDefinitions) {
    TableDef old = table.def();
    if (old.globalIndexes().size() >= CreateTable.MAX_GSIS) {
      throw new PartitaException(ErrorCode.LimitExceededException,
          "Subscriber limit exceeded: The number of global secondary indexes for a table exceeds the limit of "
              + CreateTable.MAX_GSIS);
    }
    for (IndexDef existing : IndexEntries.indexes(old)) {
      if (existing.name().equals(action.indexName())) {
        throw PartitaException.validation("One or more parameter values were invalid: Index with name "
            + action.indexName() + " already exists");
      }
    }
    Map<String, ScalarType> defined = new LinkedHashMap<>();
    List<KeyDef> definitions = new ArrayList<>(old.attributeDefinitions());
    old.attributeDefinitions().forEach(k -> defined.put(k.name(), k.type()));
    for (AttributeDefinition d : attributeDefinitions) {
      ScalarType type = ScalarType.of(d.attributeType());
      ScalarType before = defined.putIfAbsent(d.attributeName(), type);
      if (before == null) {
        definitions.add(new KeyDef(d.attributeName(), type));
      } else if (before != type) {
        throw PartitaException.validation("One or more parameter values were invalid: Attribute " + d.attributeName()
            + " is already defined with a different type");
      }
    }
    CreateTable.KeySchemas keys = CreateTable.KeySchemas.parse(action.keySchema(), action.indexName(), defined,
        new java.util.HashSet<>(), CreateTable.MAX_KEY_ATTRIBUTES_PER_PART);
    CreateTable.checkThroughput(old.billingMode(), action.provisionedThroughput(), action.indexName());
    ProvisionedThroughput pt = action.provisionedThroughput();
    IndexDef index = new IndexDef(action.indexName(), true, keys.hash(), keys.range(),
        CreateTable.projectionType(action.projection(), action.indexName()),
        CreateTable.nonKeyAttributes(action.projection(), action.indexName()),
        pt == null ? 0 : pt.readCapacityUnits(), pt == null ? 0 : pt.writeCapacityUnits());
    List<IndexDef> gsis = new ArrayList<>(old.globalIndexes());
    gsis.add(index);
    TableDef def = old.withIndexes(definitions, gsis, old.localIndexes());

    Lock writes = table.lifecycle().writeLock();
    writes.lock();
    try {
      clear(ctx, def, index);
      backfill(ctx, def, index);
      ctx.catalog.update(def);
    } finally {
      writes.unlock();
    }
    return def;
  }

  /** Writes an entry for every table item the index holds, in batches, with its counters. */
  private static void backfill(EngineContext ctx, TableDef def, IndexDef index) {
    try (Store.Cursor cursor = ctx.store.cursor(Keyspace.itemsFrom(def.id()), Keyspace.itemsTo(def.id()), false)) {
      Store.Batch batch = new Store.Batch();
      long count = 0;
      long size = 0;
      int inBatch = 0;
      while (cursor.next()) {
        IndexEntries.Entry e = IndexEntries.entry(def, index, ItemCodec.decode(cursor.value()));
        if (e != null) {
          batch.put(e.key(), e.value());
          count++;
          size += e.size();
        }
        if (++inBatch == BATCH_ITEMS) {
          ctx.store.write(batch);
          batch = new Store.Batch();
          inBatch = 0;
        }
      }
      batch.addToCounter(Keyspace.indexCountKey(def.id(), index.name()), count);
      batch.addToCounter(Keyspace.indexSizeKey(def.id(), index.name()), size);
      ctx.store.write(batch);
    }
  }

  private static TableDef delete(EngineContext ctx, Table table, DeleteGlobalSecondaryIndexAction action) {
    TableDef old = table.def();
    IndexDef index = old.globalIndexes().stream().filter(i -> i.name().equals(action.indexName())).findFirst()
        .orElseThrow(() -> new PartitaException(ErrorCode.ResourceNotFoundException,
            "Requested resource not found: Index: " + action.indexName() + " not found"));
    List<IndexDef> gsis = new ArrayList<>(old.globalIndexes());
    gsis.remove(index);
    TableDef def = old.withIndexes(old.attributeDefinitions(), gsis, old.localIndexes());
    Lock writes = table.lifecycle().writeLock();
    writes.lock();
    try {
      ctx.catalog.update(def);
      clear(ctx, old, index);
    } finally {
      writes.unlock();
    }
    return def;
  }

  /** Removes every entry and both counters of {@code index}. */
  private static void clear(EngineContext ctx, TableDef def, IndexDef index) {
    byte[] prefix = IndexEntries.prefix(def, index);
    ctx.store.write(new Store.Batch()
        .deleteRange(prefix, KeyBytes.prefixEnd(prefix))
        .delete(Keyspace.indexCountKey(def.id(), index.name()))
        .delete(Keyspace.indexSizeKey(def.id(), index.name())));
  }
}
