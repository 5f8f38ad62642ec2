package io.partita.model.migrate;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import io.partita.model.TableSchema;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * The migration record kept in the table itself: one item per {@link Migration} (which ran, when, to what state) and
 * one per segment checkpoint. They live in a partition of their own, {@code _partita#migration} (with a sort key:
 * the migration's id; without one, the id is appended to the partition key), and carry a type attribute value
 * ({@code _migration}, {@code _migration_checkpoint}) that names no entity, so the model's reads, scans and
 * {@code Model.decode} never see them. Keep entity key templates from rendering a text starting with
 * {@code _partita#}. Thread-safe.
 */
public final class MigrationLog implements CheckpointStore {
  static final String PARTITION = "_partita#migration";
  static final String RECORD_TYPE = io.partita.model.internal.Recognition.MIGRATION_TYPE;
  static final String CHECKPOINT_TYPE = io.partita.model.internal.Recognition.CHECKPOINT_TYPE;

  private final DynamoDbClient dynamo;
  private final TableSchema table;

  private MigrationLog(DynamoDbClient dynamo, TableSchema table) {
    this.dynamo = Objects.requireNonNull(dynamo, "dynamo");
    this.table = Objects.requireNonNull(table, "table");
  }

  /** The log in {@code table}. */
  public static MigrationLog in(DynamoDbClient dynamo, TableSchema table) {
    return new MigrationLog(dynamo, table);
  }

  /** The record of migration {@code id}; empty when it never ran in this table. */
  public Optional<MigrationRecord> record(String id) {
    Map<String, AttributeValue> item = dynamo.getItem(g -> g.tableName(table.name()).key(key(id, null))
        .consistentRead(true)).item();
    return item == null || item.isEmpty() ? Optional.empty() : Optional.of(decode(item));
  }

  /** Every migration that ran in the table, by id. */
  public List<MigrationRecord> history() {
    List<MigrationRecord> out = new ArrayList<>();
    Map<String, AttributeValue> start = null;
    Map<String, String> names = Map.of("#t", table.typeAttribute(), "#p", table.partitionKey());
    do {
      List<Map<String, AttributeValue>> items;
      if (table.sortKey().isPresent()) {
        QueryRequest.Builder q = QueryRequest.builder().tableName(table.name()).consistentRead(true)
            .keyConditionExpression("#p = :p").filterExpression("#t = :t").expressionAttributeNames(names)
            .expressionAttributeValues(Map.of(":p", s(PARTITION), ":t", s(RECORD_TYPE)));
        if (start != null) {
          q.exclusiveStartKey(start);
        }
        QueryResponse r = dynamo.query(q.build());
        items = r.items();
        start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
      } else {
        ScanRequest.Builder q = ScanRequest.builder().tableName(table.name()).consistentRead(true)
            .filterExpression("#t = :t").expressionAttributeNames(Map.of("#t", table.typeAttribute()))
            .expressionAttributeValues(Map.of(":t", s(RECORD_TYPE)));
        if (start != null) {
          q.exclusiveStartKey(start);
        }
        ScanResponse r = dynamo.scan(q.build());
        items = r.items();
        start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
      }
      items.forEach(i -> out.add(decode(i)));
    } while (start != null);
    out.sort(java.util.Comparator.comparing(MigrationRecord::id));
    return out;
  }

  void save(MigrationRecord r) {
    Map<String, AttributeValue> item = new HashMap<>(key(r.id(), null));
    item.put(table.typeAttribute(), s(RECORD_TYPE));
    item.put("id", s(r.id()));
    item.put("entity", s(r.entity()));
    item.put("state", s(r.state().name()));
    item.put("startedAt", s(r.startedAt().toString()));
    r.finishedAt().ifPresent(f -> item.put("finishedAt", s(f.toString())));
    item.put("runs", n(r.runs()));
    item.put("segments", n(r.segments()));
    item.put("migrated", n(r.migrated()));
    item.put("current", n(r.current()));
    item.put("gone", n(r.gone()));
    r.error().ifPresent(e -> item.put("error", s(e)));
    dynamo.putItem(p -> p.tableName(table.name()).item(item));
  }

  private static MigrationRecord decode(Map<String, AttributeValue> i) {
    return new MigrationRecord(i.get("id").s(), i.get("entity").s(),
        MigrationRecord.State.valueOf(i.get("state").s()), Instant.parse(i.get("startedAt").s()),
        Optional.ofNullable(i.get("finishedAt")).map(f -> Instant.parse(f.s())), num(i, "runs").intValue(),
        num(i, "segments").intValue(), num(i, "migrated"), num(i, "current"), num(i, "gone"),
        Optional.ofNullable(i.get("error")).map(AttributeValue::s));
  }

  @Override
  public Map<Integer, Checkpoint> load(String id) {
    Map<Integer, Checkpoint> out = new HashMap<>();
    MigrationRecord r = record(id).orElse(null);
    if (r == null) {
      return out;
    }
    for (int segment = 0; segment < r.segments(); segment++) {
      int seg = segment;
      Map<String, AttributeValue> i = dynamo.getItem(g -> g.tableName(table.name()).key(key(id, seg))
          .consistentRead(true)).item();
      if (i != null && !i.isEmpty()) {
        out.put(segment, new Checkpoint(segment, num(i, "of").intValue(), i.get("after").m(),
            i.get("done").bool(), num(i, "scanned"), num(i, "migrated"), num(i, "current"), num(i, "gone")));
      }
    }
    return out;
  }

  @Override
  public void save(String id, Checkpoint c) {
    Map<String, AttributeValue> item = new HashMap<>(key(id, c.segment()));
    item.put(table.typeAttribute(), s(CHECKPOINT_TYPE));
    item.put("of", n(c.segments()));
    item.put("after", AttributeValue.fromM(c.lastEvaluatedKey()));
    item.put("done", AttributeValue.fromBool(c.done()));
    item.put("scanned", n(c.scanned()));
    item.put("migrated", n(c.migrated()));
    item.put("current", n(c.current()));
    item.put("gone", n(c.gone()));
    dynamo.putItem(p -> p.tableName(table.name()).item(item));
  }

  /** The key of the log's item {@code id} (a cutover's, say), beside the migrations' records. */
  Map<String, AttributeValue> keyOf(String id) {
    return key(id, null);
  }

  TableSchema table() {
    return table;
  }

  /** The key of migration {@code id}'s record (segment null) or of a segment's checkpoint. */
  private Map<String, AttributeValue> key(String id, Integer segment) {
    String suffix = segment == null ? "" : String.format("#segment#%07d", segment);
    Map<String, AttributeValue> key = new HashMap<>(4);
    if (table.sortKey().isPresent()) {
      key.put(table.partitionKey(), s(PARTITION));
      key.put(table.sortKey().get(), s(id + suffix));
    } else {
      key.put(table.partitionKey(), s(PARTITION + "#" + id + suffix));
    }
    return key;
  }

  private static AttributeValue s(String v) {
    return AttributeValue.fromS(v);
  }

  private static AttributeValue n(long v) {
    return AttributeValue.fromN(Long.toString(v));
  }

  private static Long num(Map<String, AttributeValue> item, String name) {
    return Long.parseLong(item.get(name).n());
  }
}
