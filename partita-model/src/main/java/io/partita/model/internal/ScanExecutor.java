package io.partita.model.internal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;

import io.partita.model.Condition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * Scans the table for one entity's items: a Scan with {@code FilterExpression = <type attribute> = <entity>} (and
 * the caller's filter), optionally one segment of a parallel scan. Not an access pattern: it reads the whole table
 * (or segment) and pays for every item read, whatever the filter keeps.
 */
public final class ScanExecutor<T> {
  private final EntityModel<T> entity;
  private final Dynamo db;
  private final ScanRequest scan;
  private final Integer limit;
  private final int maxRequests;
  private final String tablePartitionKey;
  private final String tableSortKey;
  private final String identity;
  private final Recognition recognition;

  /**
   * @param segment the segment to read, or -1 for the whole table
   * @param segments how many segments the table is split into (ignored without a segment)
   */
  public ScanExecutor(EntityModel<T> entity, Dynamo db, String tableName, String tablePartitionKey,
      String tableSortKey, Condition filter, Integer limit, int maxRequests, boolean consistentRead, int segment,
      int segments, Recognition recognition) {
    this.recognition = recognition;
    this.entity = entity;
    this.db = db;
    this.limit = limit;
    this.maxRequests = maxRequests;
    this.tablePartitionKey = tablePartitionKey;
    this.tableSortKey = tableSortKey;
    Expressions x = new Expressions();
    String expression = x.name(entity.typeAttribute()) + " = " + x.value(entity.typeValue());
    if (filter != null) {
      expression += " AND " + Expressions.group(x.condition(filter, List.of(entity), tablePartitionKey));
    }
    ScanRequest.Builder b = ScanRequest.builder().tableName(tableName).filterExpression(expression)
        .expressionAttributeNames(x.names()).expressionAttributeValues(x.values()).consistentRead(consistentRead);
    if (limit != null) {
      b.limit(limit);
    }
    if (segment >= 0) {
      b.segment(segment).totalSegments(segments);
    }
    this.scan = b.build();
    // the limit is not part of the identity: a caller may change the page size between pages
    this.identity = "scan\n" + entity.name() + "\n" + expression + "\n" + new TreeMap<>(x.names()) + "\n"
        + new TreeMap<>(x.values()) + "\n" + segment + "/" + segments;
  }

  /** What a cursor is bound to: the entity, the filter and the segment. */
  public String identity() {
    return identity;
  }

  /** Reads from {@code start} (null: the beginning) as {@link Paging#fetch} does. */
  public CompletableFuture<QueryExecutor.Result<T>> fetch(Map<String, AttributeValue> start) {
    return Paging.fetch(start, limit, maxRequests, from -> db.scan(from == null ? scan
        : scan.toBuilder().exclusiveStartKey(from).build())
        .thenApply(r -> Paging.Response.of(r.items(), r.hasLastEvaluatedKey(), r.lastEvaluatedKey())),
        // the filter returns this entity's items only; recognition decodes them as every read does
        item -> entity.type().cast(recognition.decode(item, e -> e == entity, false)), this::keyOf);
  }

  private Map<String, AttributeValue> keyOf(Map<String, AttributeValue> item) {
    Map<String, AttributeValue> key = new LinkedHashMap<>(4);
    key.put(tablePartitionKey, item.get(tablePartitionKey));
    if (tableSortKey != null) {
      key.put(tableSortKey, item.get(tableSortKey));
    }
    return key;
  }
}
