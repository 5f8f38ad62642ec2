package io.partita.engine.internal.ops.schema;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.request.IndexEntries;
import io.partita.engine.internal.table.IndexDef;
import io.partita.engine.internal.table.KeyDef;
import io.partita.engine.internal.table.Table;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.table.VectorIndexDef;
import io.partita.engine.internal.value.ScalarType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.Lock;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateVectorIndexAction;
import software.amazon.awssdk.services.dynamodb.model.VectorIndexUpdate;

/**
 * UpdateTable's VectorIndexUpdates: one index created or deleted per request (the limit is shared
 * with global index builds, as the service's). A created index is CREATING with Backfilling while
 * {@link VectorBuild} reads the table's items into it, then ACTIVE; its settings cannot change after.
 * The service's messages are cited in docs/vector-search.md.
 */
final class VectorIndexUpdates {
  private VectorIndexUpdates() {}

  static PartitaException oneAtATime() {
    return new PartitaException(ErrorCode.LimitExceededException,
        "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table");
  }

  /** Applies the one update of the list; answers the new definition. {@code billing} is the table's after the request. */
  static TableDef apply(EngineContext ctx, Table table, List<VectorIndexUpdate> updates,
      List<AttributeDefinition> attributeDefinitions, BillingMode billing) {
    if (updates.size() != 1) {
      throw oneAtATime();
    }
    VectorIndexUpdate update = updates.get(0);
    if ((update.create() == null) == (update.delete() == null)) {
      // not recorded: the service's answer is a ValidationException naming VectorIndexUpdate (docs/vector-search.md)
      throw VectorIndexRules.invalid("One of Create or Delete must be specified in VectorIndexUpdate");
    }
    return update.create() != null ? create(ctx, table, update.create(), attributeDefinitions, billing)
        : delete(ctx, table, update.delete().indexName());
  }

  private static TableDef create(EngineContext ctx, Table table, CreateVectorIndexAction action,
      List<AttributeDefinition> attributeDefinitions, BillingMode billing) {
    TableDef old = table.def();
    if (old.globalIndexes().stream().anyMatch(IndexDef::backfilling)
        || old.vectorIndexes().stream().anyMatch(VectorIndexDef::backfilling)) {
      VectorIndexDef same = old.vectorIndex(action.indexName());
      if (same != null) {
        throw new PartitaException(ErrorCode.ResourceInUseException, "Attempt to change a resource which is still"
            + " in use: Index is being created.  Table: " + old.name() + " Index: " + same.name());
      }
      throw oneAtATime();
    }
    boolean taken = old.vectorIndex(action.indexName()) != null
        || IndexEntries.indexes(old).stream().anyMatch(i -> i.name().equals(action.indexName()));
    if (taken) {
      throw PartitaException.validation("Attempting to create an index which already exists");
    }
    if (old.vectorIndexes().size() >= VectorIndexRules.MAX_VECTOR_INDEXES) {
      throw new PartitaException(ErrorCode.LimitExceededException, "Subscriber limit exceeded: Number of vector"
          + " secondary indexes exceeds per-table limit of " + VectorIndexRules.MAX_VECTOR_INDEXES);
    }
    VectorIndexRules.checkBilling(billing, 1);
    // the search schema is looked up in this request's definitions only (recorded: docs/vector-search.md)
    Map<String, ScalarType> given = new LinkedHashMap<>();
    attributeDefinitions.forEach(d -> given.put(d.attributeName(), ScalarType.of(d.attributeType())));
    List<KeyDef> definitions = IndexBuilds.mergeDefinitions(old, attributeDefinitions, name -> "HASH");
    Map<String, ScalarType> defined = new LinkedHashMap<>();
    definitions.forEach(k -> defined.put(k.name(), k.type()));
    VectorIndexDef made = VectorIndexRules.define(VectorIndexRules.Given.of(action), given, true);
    ScalarType existing = defined.get(made.attribute());
    if (existing != null) {
      String role = old.range() != null && old.range().name().equals(made.attribute()) ? "RANGE" : "HASH";
      throw VectorIndexRules.invalid("Attributes cannot be redefined. Please check that your attribute has the same"
          + " type as previously defined. Existing schema: Schema:[SchemaElement: key{" + made.attribute() + ":"
          + existing.name() + ":" + role + "}] New schema: VectorIndexSchema:[VectorAttribute: key{"
          + made.attribute() + ":L:" + made.dimensions() + "}]");
    }
    List<VectorIndexDef> all = new ArrayList<>(old.vectorIndexes());
    all.add(made);
    VectorIndexRules.checkTogether(all, defined);
    TableDef def = old.withVectorIndexes(definitions, all);
    // under the table's write lock: no write is between its item and the build's registration
    Lock writes = table.lifecycle().writeLock();
    writes.lock();
    try {
      ctx.catalog().update(def);
    } finally {
      writes.unlock();
    }
    VectorBuild.mirror(ctx, table, made);
    return def;
  }

  private static TableDef delete(EngineContext ctx, Table table, String indexName) {
    TableDef old = table.def();
    VectorIndexDef index = old.vectorIndex(indexName);
    if (index == null) {
      // recorded as ResourceNotFoundException; its words are a global index's (docs/vector-search.md)
      throw new PartitaException(ErrorCode.ResourceNotFoundException,
          "Requested resource not found: Index: " + indexName + " not found");
    }
    List<VectorIndexDef> all = new ArrayList<>(old.vectorIndexes());
    all.remove(index);
    TableDef def = old.withVectorIndexes(old.attributeDefinitions(), all);
    ctx.catalog().update(def);
    ctx.vectors().drop(old.id(), index); // its build, if any, stops at its next chunk
    return def;
  }
}
