package io.partita.embedded.oracle.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.*;

/**
 * A deliberately naive model of Amazon DynamoDB's item semantics, the oracle of the differential tests: every table
 * a sorted map of items, every index derived from it by a linear scan at read time, every page computed by walking
 * the whole candidate list. It shares no code with the engine; it follows the Amazon DynamoDB Developer Guide and API
 * reference (and, where those are silent, behaviour of Amazon DynamoDB reported in public; each such place says so).
 *
 * <p>Not thread-safe beyond the one lock every call takes; no timing, no limits on throughput.
 */
public final class ModelDynamoDb implements DynamoDbClient {
  final Map<String, Table> tables = new HashMap<>();
  final Transactions transactions = new Transactions(this);

  @Override
  public String serviceName() {
    return "dynamodb";
  }

  @Override
  public void close() {}

  // ------------------------------------------------------------------ tables

  @Override
  public synchronized CreateTableResponse createTable(CreateTableRequest r) {
    if (tables.containsKey(r.tableName())) throw resourceInUse("Table already exists: " + r.tableName());
    Map<String, String> types = new HashMap<>();
    for (AttributeDefinition d : r.attributeDefinitions()) types.put(d.attributeName(), d.attributeTypeAsString());
    String hash = null, range = null;
    for (KeySchemaElement k : r.keySchema()) {
      if (k.keyType() == KeyType.HASH) hash = k.attributeName();
      else range = k.attributeName();
    }
    List<Table.Index> indexes = new ArrayList<>();
    if (r.hasGlobalSecondaryIndexes()) {
      for (GlobalSecondaryIndex g : r.globalSecondaryIndexes()) indexes.add(index(g.indexName(), true, g.keySchema(), g.projection()));
    }
    if (r.hasLocalSecondaryIndexes()) {
      for (LocalSecondaryIndex l : r.localSecondaryIndexes()) indexes.add(index(l.indexName(), false, l.keySchema(), l.projection()));
    }
    Table t = new Table(r.tableName(), hash, range, types, indexes);
    tables.put(t.name, t);
    return CreateTableResponse.builder().tableDescription(describe(t)).build();
  }

  private static Table.Index index(String name, boolean global, List<KeySchemaElement> keys, Projection p) {
    String hash = null, range = null;
    for (KeySchemaElement k : keys) {
      if (k.keyType() == KeyType.HASH) hash = k.attributeName();
      else range = k.attributeName();
    }
    return new Table.Index(name, global, hash, range, p.projectionTypeAsString(),
        p.hasNonKeyAttributes() ? List.copyOf(p.nonKeyAttributes()) : List.of());
  }

  private static DynamoDbException resourceInUse(String message) {
    return (DynamoDbException) ResourceInUseException.builder().message(message).statusCode(400)
        .awsErrorDetails(software.amazon.awssdk.awscore.exception.AwsErrorDetails.builder()
            .errorCode("ResourceInUseException").errorMessage(message).build()).build();
  }

  @Override
  public synchronized DeleteTableResponse deleteTable(DeleteTableRequest r) {
    Table t = table(r.tableName());
    tables.remove(t.name);
    return DeleteTableResponse.builder().tableDescription(describe(t)).build();
  }

  @Override
  public synchronized DescribeTableResponse describeTable(DescribeTableRequest r) {
    Table t = tables.get(r.tableName());
    if (t == null) throw Err.notFound("Requested resource not found: Table: " + r.tableName() + " not found");
    return DescribeTableResponse.builder().table(describe(t)).build();
  }

  private TableDescription describe(Table t) {
    List<KeySchemaElement> ks = new ArrayList<>();
    ks.add(KeySchemaElement.builder().attributeName(t.hash).keyType(KeyType.HASH).build());
    if (t.range != null) ks.add(KeySchemaElement.builder().attributeName(t.range).keyType(KeyType.RANGE).build());
    List<GlobalSecondaryIndexDescription> g = new ArrayList<>();
    List<LocalSecondaryIndexDescription> l = new ArrayList<>();
    for (Table.Index ix : t.indexes) {
      long count = t.items.values().stream().filter(i -> t.entry(ix, i) != null).count();
      if (ix.global()) g.add(GlobalSecondaryIndexDescription.builder().indexName(ix.name()).itemCount(count).build());
      else l.add(LocalSecondaryIndexDescription.builder().indexName(ix.name()).itemCount(count).build());
    }
    TableDescription.Builder b = TableDescription.builder().tableName(t.name).keySchema(ks)
        .tableStatus(TableStatus.ACTIVE).itemCount((long) t.items.size());
    if (!g.isEmpty()) b.globalSecondaryIndexes(g);
    if (!l.isEmpty()) b.localSecondaryIndexes(l);
    return b.build();
  }

  /** The named table; a ValidationException for a name DynamoDB refuses, a ResourceNotFoundException if absent. */
  Table table(String name) {
    if (name == null) {
      throw Err.validation("1 validation error detected: Value null at 'tableName' failed to satisfy constraint: Member must not be null");
    }
    if (!name.matches("[a-zA-Z0-9_.-]{3,255}")) {
      throw Err.validation("1 validation error detected: Value '" + name + "' at 'tableName' failed to satisfy constraint: "
          + "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
    }
    Table t = tables.get(name);
    if (t == null) throw Err.notFound("Requested resource not found");
    return t;
  }

  // ------------------------------------------------------------------ validation shared by the operations

  static final String KEY_MISMATCH = "The provided key element does not match the schema";

  /** A Key parameter (GetItem, DeleteItem, UpdateItem, ...): exactly the key attributes, of the schema's types. */
  List<AttributeValue> checkKey(Table t, Map<String, AttributeValue> key) {
    if (key == null) key = Map.of();
    for (AttributeValue v : key.values()) {
      String p = Vals.problem(v);
      if (p != null) throw Err.validation("One or more parameter values were invalid: " + p);
    }
    if (key.size() != t.keyNames().size()) throw Err.validation(KEY_MISMATCH);
    for (String n : t.keyNames()) {
      AttributeValue v = key.get(n);
      if (v == null || !t.types.get(n).equals(Vals.type(v))) throw Err.validation(KEY_MISMATCH);
    }
    for (String n : t.keyNames()) checkNotEmptyKey(n, key.get(n));
    return t.keyOf(key);
  }

  private static void checkNotEmptyKey(String name, AttributeValue v) {
    if ("S".equals(Vals.type(v)) && v.s().isEmpty()) {
      throw Err.validation("One or more parameter values are not valid. The AttributeValue for a key attribute cannot "
          + "contain an empty string value. Key: " + name);
    }
    if ("B".equals(Vals.type(v)) && v.b().asByteArray().length == 0) {
      throw Err.validation("One or more parameter values are not valid. The AttributeValue for a key attribute cannot "
          + "contain an empty binary value. Key: " + name);
    }
  }

  /** An Item parameter (PutItem, a batch's or a transaction's Put). */
  void checkItem(Table t, Map<String, AttributeValue> item) {
    checkItem(t, item, true);
  }

  /** An Item parameter; with {@code indexKeys}, its index key attributes too (a transaction checks them later). */
  void checkItem(Table t, Map<String, AttributeValue> item, boolean indexKeys) {
    if (item == null) throw Err.validation("1 validation error detected: Value null at 'item' failed to satisfy constraint: Member must not be null");
    for (AttributeValue v : item.values()) {
      String p = Vals.problem(v);
      if (p != null) throw Err.validation(p.startsWith("One or more") ? p : "One or more parameter values were invalid: " + p);
    }
    for (String n : t.keyNames()) {
      AttributeValue v = item.get(n);
      if (v == null) throw Err.validation("One or more parameter values were invalid: Missing the key " + n + " in the item");
      if (!t.types.get(n).equals(Vals.type(v))) {
        throw Err.validation("One or more parameter values were invalid: Type mismatch for key " + n + " expected: "
            + t.types.get(n) + " actual: " + Vals.type(v));
      }
      checkNotEmptyKey(n, v);
    }
    if (indexKeys) {
      checkIndexKeys(t, item);
    } else {
      // what a transaction's Put refuses as a request before any action runs: an index key of no key type at all,
      // or empty (the engine's answer; the API reference does not say, and no answer of the service was found)
      for (Table.Index ix : t.indexes) {
        for (String n : ix.keyNames()) {
          AttributeValue v = item.get(n);
          if (v == null || t.keyNames().contains(n)) continue;
          if (!Vals.isScalarKeyType(Vals.type(v))) {
            // a set or a document: the service's type-mismatch sentence (ExtendDB's PR 184 records it of the service)
            throw Err.validation("One or more parameter values were invalid: Type mismatch for Index Key " + n
                + " Expected: " + t.types.get(n) + " Actual: " + Vals.type(v) + " IndexName: " + ix.name());
          }
          if (("S".equals(Vals.type(v)) && v.s().isEmpty()) || ("B".equals(Vals.type(v)) && v.b().asByteArray().length == 0)) {
            checkIndexKeys(t, item);
          }
        }
      }
    }
    if (Vals.size(item) > 400 * 1024) throw Err.validation("Item size has exceeded the maximum allowed size");
  }

  /** An item's index key attributes: of the type the table defines for them, and not empty. */
  static void checkIndexKeys(Table t, Map<String, AttributeValue> item) {
    for (Table.Index ix : t.indexes) {
      for (String n : ix.keyNames()) {
        AttributeValue v = item.get(n);
        if (v == null || t.keyNames().contains(n)) continue;
        if (!t.types.get(n).equals(Vals.type(v))) {
          throw Err.validation("One or more parameter values were invalid: Type mismatch for Index Key " + n + " Expected: "
              + t.types.get(n) + " Actual: " + Vals.type(v) + " IndexName: " + ix.name());
        }
        if (("S".equals(Vals.type(v)) && v.s().isEmpty()) || ("B".equals(Vals.type(v)) && v.b().asByteArray().length == 0)) {
          throw Err.validation("One or more parameter values are not valid. A value specified for a secondary index key is "
              + "not supported. The AttributeValue for a key attribute cannot contain an empty " + ("S".equals(Vals.type(v)) ? "string" : "binary")
              + " value. IndexName: " + ix.name() + ", IndexKey: " + n);
        }
      }
    }
  }

  /**
   * The request's ExpressionAttributeNames and Values, checked as far as they can be before parsing: not empty, only
   * with an expression, every value valid.
   */
  static Expr.Ctx ctx(Map<String, String> names, Map<String, AttributeValue> values, boolean anyExpression,
      boolean namesGiven, boolean valuesGiven) {
    return ctx(names, values, anyExpression, anyExpression, null, namesGiven, valuesGiven);
  }

  /**
   * As above, where names are usable with any expression ({@code namesUsable}) and values only with some
   * ({@code valuesUsable}); {@code nullExpressions} names those (docs/legacy-parameters.md §2: "ExpressionAttributeValues
   * can only be specified when using expressions: ConditionExpression is null", dynalite's suites recorded it so).
   */
  static Expr.Ctx ctx(Map<String, String> names, Map<String, AttributeValue> values, boolean namesUsable,
      boolean valuesUsable, String nullExpressions, boolean namesGiven, boolean valuesGiven) {
    if (namesGiven && names.isEmpty()) throw Err.validation("ExpressionAttributeNames must not be empty");
    if (valuesGiven && values.isEmpty()) throw Err.validation("ExpressionAttributeValues must not be empty");
    if (!namesUsable && namesGiven) throw Err.validation("ExpressionAttributeNames can only be specified when using expressions");
    if (!valuesUsable && valuesGiven) {
      throw Err.validation("ExpressionAttributeValues can only be specified when using expressions"
          + (nullExpressions == null ? "" : ": " + nullExpressions));
    }
    if (valuesGiven) {
      for (Map.Entry<String, AttributeValue> e : values.entrySet()) {
        String p = Vals.problem(e.getValue());
        if (p != null) throw Err.validation("ExpressionAttributeValues contains invalid value: " + p + " for key " + e.getKey());
      }
    }
    return new Expr.Ctx(namesGiven ? names : null, valuesGiven ? values : null);
  }

  static String mode(String returnConsumedCapacity) {
    if (returnConsumedCapacity == null) return "NONE";
    if (!Set.of("NONE", "TOTAL", "INDEXES").contains(returnConsumedCapacity)) {
      throw Err.validation("1 validation error detected: Value '" + returnConsumedCapacity + "' at 'returnConsumedCapacity' "
          + "failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]");
    }
    return returnConsumedCapacity;
  }

  // ------------------------------------------------------------------ capacity

  /** Capacity units of one request on one table: the table's share and each index's. */
  static final class Units {
    double table;
    double reads;
    final Map<String, Double> global = new TreeMap<>();
    final Map<String, Double> local = new TreeMap<>();

    Units add(Units o) {
      table += o.table;
      reads += o.reads;
      o.global.forEach((k, v) -> global.merge(k, v, Double::sum));
      o.local.forEach((k, v) -> local.merge(k, v, Double::sum));
      return this;
    }

    Units times(double f) {
      Units u = new Units();
      u.table = table * f;
      u.reads = reads * f;
      global.forEach((k, v) -> u.global.put(k, v * f));
      local.forEach((k, v) -> u.local.put(k, v * f));
      return u;
    }

    double total() {
      double t = table;
      for (double v : global.values()) t += v;
      for (double v : local.values()) t += v;
      return t;
    }

    /** The ConsumedCapacity for {@code mode} (null for NONE); a transaction's also tells reads from writes. */
    ConsumedCapacity report(String mode, String tableName, boolean transactional) {
      if (mode.equals("NONE")) return null;
      ConsumedCapacity.Builder b = ConsumedCapacity.builder().tableName(tableName).capacityUnits(total());
      if (transactional) {
        if (reads > 0) b.readCapacityUnits(reads);
        if (total() - reads > 0) b.writeCapacityUnits(total() - reads);
      }
      if (mode.equals("INDEXES")) {
        Capacity.Builder t = Capacity.builder().capacityUnits(table);
        if (transactional && table - reads > 0) {
          t.writeCapacityUnits(table - reads);
          if (reads > 0) t.readCapacityUnits(reads);
        }
        b.table(t.build());
        if (!global.isEmpty()) b.globalSecondaryIndexes(capacities(global, transactional));
        if (!local.isEmpty()) b.localSecondaryIndexes(capacities(local, transactional));
      }
      return b.build();
    }

    private static Map<String, Capacity> capacities(Map<String, Double> m, boolean transactional) {
      Map<String, Capacity> out = new TreeMap<>();
      m.forEach((k, v) -> {
        Capacity.Builder c = Capacity.builder().capacityUnits(v);
        if (transactional) c.writeCapacityUnits(v);
        out.put(k, c.build());
      });
      return out;
    }
  }

  /** One write unit per started KB of the larger of the two versions ("Item sizes and formats"); at least one. */
  static double writeUnits(long oldSize, long newSize) {
    long size = Math.max(oldSize, newSize);
    return Math.max(1, (size + 1023) / 1024);
  }

  /** One read unit per started 4 KB, half for an eventually consistent read; at least one (half). */
  static double readUnits(long size, boolean consistent) {
    double u = Math.max(1, (size + 4095) / 4096);
    return consistent ? u : u / 2;
  }

  /**
   * The units of writing {@code now} over {@code old} (either may be null): the table's, and per index, as the
   * Developer Guide describes index writes: nothing when the item is in the index neither before nor after; one
   * write to put or to delete an entry; two when the index key changed; one when only projected attributes changed.
   * An entry the write leaves as it was costs nothing.
   */
  static Units writeCost(Table t, Map<String, AttributeValue> old, Map<String, AttributeValue> now) {
    Units u = new Units();
    u.table = writeUnits(old == null ? 0 : Vals.size(old), now == null ? 0 : Vals.size(now));
    for (Table.Index ix : t.indexes) {
      Map<String, AttributeValue> e0 = t.entry(ix, old), e1 = t.entry(ix, now);
      double c;
      if (e0 == null && e1 == null) continue;
      if (e0 == null) c = writeUnits(0, Vals.size(e1));
      else if (e1 == null) c = writeUnits(Vals.size(e0), 0);
      else if (!sameIndexKey(t, ix, e0, e1)) c = writeUnits(Vals.size(e0), 0) + writeUnits(0, Vals.size(e1));
      else if (Vals.equalItems(e0, e1)) continue;
      else c = writeUnits(Vals.size(e0), Vals.size(e1));
      (ix.global() ? u.global : u.local).merge(ix.name(), c, Double::sum);
    }
    return u;
  }

  private static boolean sameIndexKey(Table t, Table.Index ix, Map<String, AttributeValue> a, Map<String, AttributeValue> b) {
    for (String n : ix.keyNames()) if (!Vals.equal(a.get(n), b.get(n))) return false;
    return true;
  }

  // ------------------------------------------------------------------ single items

  @Override
  public synchronized PutItemResponse putItem(PutItemRequest r) {
    String co = r.conditionalOperatorAsString();
    Legacy.modeled(co, null, null, r.hasExpected() ? r.expected() : null);
    Legacy.mixing(Legacy.given("Expected", r.hasExpected(), "ConditionalOperator", co != null),
        Legacy.given("ConditionExpression", r.conditionExpression() != null));
    Table t = table(r.tableName());
    String mode = mode(r.returnConsumedCapacityAsString());
    Expr.Ctx ctx = ctx(r.expressionAttributeNames(), r.expressionAttributeValues(), r.conditionExpression() != null,
        r.conditionExpression() != null, "ConditionExpression is null", r.hasExpressionAttributeNames(),
        r.hasExpressionAttributeValues());
    Expr.Cond cond = r.conditionExpression() == null ? null : Expr.parseCondition("ConditionExpression", r.conditionExpression(), ctx);
    ctx.checkAllUsed();
    String rv = r.returnValuesAsString();
    if (rv != null && !rv.equals("NONE") && !rv.equals("ALL_OLD")) throw Err.validation("Return values set to invalid value");
    String rvf = rvOnFailure(r.returnValuesOnConditionCheckFailureAsString());
    checkItem(t, r.item());
    Legacy.Test expected = expected(r.hasExpected(), r.expected(), co);
    List<AttributeValue> key = t.keyOf(r.item());
    Map<String, AttributeValue> old = t.items.get(key);
    if (!holds(cond, expected, old)) {
      throw Err.conditionFailed("ALL_OLD".equals(rvf) ? old : null);
    }
    Map<String, AttributeValue> item = new LinkedHashMap<>(r.item());
    t.items.put(key, item);
    PutItemResponse.Builder b = PutItemResponse.builder();
    if ("ALL_OLD".equals(rv) && old != null) b.attributes(old);
    b.consumedCapacity(writeCost(t, old, item).report(mode, t.name, false));
    return b.build();
  }

  /** A write's Expected with its ConditionalOperator (which needs a map of two or more entries), or null. */
  static Legacy.Test expected(boolean hasExpected, Map<String, ExpectedAttributeValue> expected, String co) {
    if (!hasExpected && co == null) return null;
    return Legacy.expected(hasExpected ? expected : Map.of(), co);
  }

  /** Whether a write's condition (an expression, or the legacy Expected, or none) holds of the item (null: missing). */
  static boolean holds(Expr.Cond cond, Legacy.Test expected, Map<String, AttributeValue> old) {
    Map<String, AttributeValue> item = old == null ? Map.of() : old;
    if (cond != null) return Expr.test(cond, item);
    return expected == null || expected.test(item);
  }

  static String rvOnFailure(String v) {
    if (v != null && !v.equals("NONE") && !v.equals("ALL_OLD")) {
      throw Err.validation("1 validation error detected: Value '" + v + "' at 'returnValuesOnConditionCheckFailure' failed "
          + "to satisfy constraint: Member must satisfy enum value set: [ALL_OLD, NONE]");
    }
    return v;
  }

  @Override
  public synchronized GetItemResponse getItem(GetItemRequest r) {
    Legacy.mixing(Legacy.given("AttributesToGet", r.hasAttributesToGet()),
        Legacy.given("ProjectionExpression", r.projectionExpression() != null));
    Table t = table(r.tableName());
    String mode = mode(r.returnConsumedCapacityAsString());
    Expr.Ctx ctx = ctx(r.expressionAttributeNames(), null, r.projectionExpression() != null, r.hasExpressionAttributeNames(), false);
    List<Expr.Path> projection = r.projectionExpression() == null ? null : Expr.parseProjection(r.projectionExpression(), ctx);
    ctx.checkAllUsed();
    if (r.hasAttributesToGet()) projection = Legacy.attributesToGet(r.attributesToGet());
    List<AttributeValue> key = checkKey(t, r.key());
    Map<String, AttributeValue> item = t.items.get(key);
    boolean consistent = Boolean.TRUE.equals(r.consistentRead());
    GetItemResponse.Builder b = GetItemResponse.builder();
    if (item != null) b.item(projection == null ? item : project(item, projection));
    Units u = new Units();
    u.table = readUnits(item == null ? 0 : Vals.size(item), consistent);
    b.consumedCapacity(u.report(mode, t.name, false));
    return b.build();
  }

  static Map<String, AttributeValue> project(Map<String, AttributeValue> item, List<Expr.Path> paths) {
    try {
      return Expr.project(item, paths);
    } finally {
      Expr.doneProjecting();
    }
  }

  @Override
  public synchronized DeleteItemResponse deleteItem(DeleteItemRequest r) {
    String co = r.conditionalOperatorAsString();
    Legacy.modeled(co, null, null, r.hasExpected() ? r.expected() : null);
    Legacy.mixing(Legacy.given("Expected", r.hasExpected(), "ConditionalOperator", co != null),
        Legacy.given("ConditionExpression", r.conditionExpression() != null));
    Table t = table(r.tableName());
    String mode = mode(r.returnConsumedCapacityAsString());
    Expr.Ctx ctx = ctx(r.expressionAttributeNames(), r.expressionAttributeValues(), r.conditionExpression() != null,
        r.conditionExpression() != null, "ConditionExpression is null", r.hasExpressionAttributeNames(),
        r.hasExpressionAttributeValues());
    Expr.Cond cond = r.conditionExpression() == null ? null : Expr.parseCondition("ConditionExpression", r.conditionExpression(), ctx);
    ctx.checkAllUsed();
    String rv = r.returnValuesAsString();
    if (rv != null && !rv.equals("NONE") && !rv.equals("ALL_OLD")) throw Err.validation("Return values set to invalid value");
    String rvf = rvOnFailure(r.returnValuesOnConditionCheckFailureAsString());
    List<AttributeValue> key = checkKey(t, r.key());
    Legacy.Test expected = expected(r.hasExpected(), r.expected(), co);
    Map<String, AttributeValue> old = t.items.get(key);
    if (!holds(cond, expected, old)) {
      throw Err.conditionFailed("ALL_OLD".equals(rvf) ? old : null);
    }
    t.items.remove(key);
    DeleteItemResponse.Builder b = DeleteItemResponse.builder();
    if ("ALL_OLD".equals(rv) && old != null) b.attributes(old);
    b.consumedCapacity(writeCost(t, old, null).report(mode, t.name, false));
    return b.build();
  }

  /** A parsed UpdateItem (or a transaction's Update). */
  record Update(List<Expr.UpdateAction> actions, Expr.Cond condition) {}

  /** Parses an update's expressions and checks what can be checked before reading the item. */
  static Update parseUpdate(Table t, String updateExpression, String conditionExpression, Expr.Ctx ctx) {
    List<Expr.UpdateAction> actions = updateExpression == null ? List.of() : Expr.parseUpdate(updateExpression, ctx);
    Expr.Cond cond = conditionExpression == null ? null : Expr.parseCondition("ConditionExpression", conditionExpression, ctx);
    ctx.checkAllUsed();
    return new Update(actions, cond);
  }

  static void checkKeyNotUpdated(Table t, Update u) {
    for (Expr.UpdateAction a : u.actions()) {
      if (t.keyNames().contains(a.path().top())) {
        throw Err.validation("One or more parameter values were invalid: Cannot update attribute " + a.path().top()
            + ". This attribute is part of the key");
      }
    }
  }

  /**
   * The item an update makes of {@code old} (null: no item yet); runtime errors as ValidationExceptions.
   * An update that only removes (REMOVE, DELETE) makes no item of a missing one (scylladb's
   * test_update_item_non_existent, run against the service).
   */
  static Map<String, AttributeValue> updated(Table t, List<AttributeValue> key, Map<String, AttributeValue> old, Update u) {
    if (old == null && !u.actions().isEmpty() && u.actions().stream().allMatch(
        a -> a.action() == Expr.Action.REMOVE || a.action() == Expr.Action.DELETE)) {
      return null;
    }
    Map<String, AttributeValue> base = old != null ? old : keyItem(t, key);
    Map<String, AttributeValue> now = Expr.apply(u.actions(), base);
    checkIndexKeys(t, now);
    if (Vals.size(now) > 400 * 1024) throw Err.validation("Item size to update has exceeded the maximum allowed size");
    return now;
  }

  static Map<String, AttributeValue> keyItem(Table t, List<AttributeValue> key) {
    Map<String, AttributeValue> m = new LinkedHashMap<>();
    for (int i = 0; i < key.size(); i++) m.put(t.keyNames().get(i), key.get(i));
    return m;
  }

  @Override
  public synchronized UpdateItemResponse updateItem(UpdateItemRequest r) {
    String co = r.conditionalOperatorAsString();
    Legacy.modeled(co, null, null, r.hasExpected() ? r.expected() : null);
    Legacy.mixing(Legacy.given("AttributeUpdates", r.hasAttributeUpdates(), "Expected", r.hasExpected(),
        "ConditionalOperator", co != null),
        Legacy.given("UpdateExpression", r.updateExpression() != null, "ConditionExpression", r.conditionExpression() != null));
    Table t = table(r.tableName());
    String mode = mode(r.returnConsumedCapacityAsString());
    boolean any = r.updateExpression() != null || r.conditionExpression() != null;
    Expr.Ctx ctx = ctx(r.expressionAttributeNames(), r.expressionAttributeValues(), any, any,
        "UpdateExpression and ConditionExpression are null", r.hasExpressionAttributeNames(), r.hasExpressionAttributeValues());
    Update u = parseUpdate(t, r.updateExpression(), r.conditionExpression(), ctx);
    String rv = r.returnValuesAsString() == null ? "NONE" : r.returnValuesAsString();
    if (!Set.of("NONE", "ALL_OLD", "UPDATED_OLD", "ALL_NEW", "UPDATED_NEW").contains(rv)) {
      throw Err.validation("Return values set to invalid value");
    }
    String rvf = rvOnFailure(r.returnValuesOnConditionCheckFailureAsString());
    List<AttributeValue> key = checkKey(t, r.key());
    // the legacy AttributeUpdates: request checks, then Expected (docs/legacy-parameters.md §8: Key, AttributeUpdates,
    // Expected), then after the table the key attributes and index key types
    Map<String, AttributeValueUpdate> au = r.hasAttributeUpdates() ? r.attributeUpdates() : null;
    if (au != null) Legacy.checkAttributeUpdates(au);
    Legacy.Test expected = expected(r.hasExpected(), r.expected(), co);
    checkKeyNotUpdated(t, u);
    if (au != null) checkLegacyUpdateKeys(t, au);
    Map<String, AttributeValue> old = t.items.get(key);
    if (!holds(u.condition(), expected, old)) {
      throw Err.conditionFailed("ALL_OLD".equals(rvf) ? old : null);
    }
    Map<String, AttributeValue> now = au != null ? legacyUpdated(t, key, old, au) : updated(t, key, old, u);
    if (now != null) t.items.put(key, now);
    UpdateItemResponse.Builder b = UpdateItemResponse.builder();
    Map<String, AttributeValue> attrs = switch (rv) {
      case "ALL_OLD" -> old;
      case "ALL_NEW" -> now;
      case "UPDATED_OLD" -> old == null ? null : project(old, au != null ? legacyPaths(au) : updatedPaths(u));
      case "UPDATED_NEW" -> now == null ? null : project(now, au != null ? legacyPaths(au) : updatedPaths(u));
      default -> null;
    };
    if (attrs != null && !attrs.isEmpty()) b.attributes(attrs);
    b.consumedCapacity(writeCost(t, old, now).report(mode, t.name, false));
    return b.build();
  }

  /** The attributes an AttributeUpdates names: what UPDATED_OLD and UPDATED_NEW return of (§8, dynalite's updateItem.js). */
  private static List<Expr.Path> legacyPaths(Map<String, AttributeValueUpdate> au) {
    List<Expr.Path> paths = new ArrayList<>();
    for (String n : au.keySet()) paths.add(new Expr.Path(List.of(n)));
    return paths;
  }

  /**
   * AttributeUpdates against the table: no key attribute may be named (whatever the action; dynalite refuses any),
   * and a PUT of an index key attribute must have its type (§8, "after table lookup").
   */
  private static void checkLegacyUpdateKeys(Table t, Map<String, AttributeValueUpdate> au) {
    for (String n : au.keySet()) {
      if (t.keyNames().contains(n)) {
        throw Err.validation("One or more parameter values were invalid: Cannot update attribute " + n
            + ". This attribute is part of the key");
      }
    }
    Map<String, AttributeValue> puts = new LinkedHashMap<>();
    au.forEach((n, u) -> {
      if (u.value() != null && (u.actionAsString() == null || u.actionAsString().equals("PUT"))) puts.put(n, u.value());
    });
    checkIndexKeys(t, puts);
  }

  /** The item AttributeUpdates make of {@code old} (null: none); deletes alone make no item of a missing one. */
  private static Map<String, AttributeValue> legacyUpdated(Table t, List<AttributeValue> key, Map<String, AttributeValue> old,
      Map<String, AttributeValueUpdate> au) {
    if (old == null && Legacy.onlyDeletes(au)) return null;
    Map<String, AttributeValue> now = Legacy.applyUpdates(au, old != null ? old : keyItem(t, key));
    checkIndexKeys(t, now);
    if (Vals.size(now) > 400 * 1024) throw Err.validation("Item size to update has exceeded the maximum allowed size");
    return now;
  }

  private static List<Expr.Path> updatedPaths(Update u) {
    List<Expr.Path> paths = new ArrayList<>();
    for (Expr.UpdateAction a : u.actions()) paths.add(a.path());
    return paths;
  }

  // ------------------------------------------------------------------ Query and Scan

  @Override
  public synchronized QueryResponse query(QueryRequest r) {
    return new Reads(this).query(r);
  }

  @Override
  public synchronized ScanResponse scan(ScanRequest r) {
    return new Reads(this).scan(r);
  }

  // ------------------------------------------------------------------ batches and transactions

  @Override
  public synchronized BatchGetItemResponse batchGetItem(BatchGetItemRequest r) {
    return new Batches(this).get(r);
  }

  @Override
  public synchronized BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest r) {
    return new Batches(this).write(r);
  }

  @Override
  public synchronized TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest r) {
    return transactions.write(r);
  }

  @Override
  public synchronized TransactGetItemsResponse transactGetItems(TransactGetItemsRequest r) {
    return transactions.get(r);
  }
}
