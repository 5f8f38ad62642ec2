package io.partita.engine.internal.table;

import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;

/**
 * A table's definition as stored in the catalog. Immutable; UpdateTable stores a new one.
 *
 * @param id the storage prefix of the table's items, never reused
 * @param tableId DynamoDB's TableId (a UUID string)
 * @param range the sort key, or {@code null} for a hash-only table
 * @param attributeDefinitions in the order they were given
 * @param timeToLive the Time to Live setting, or null when UpdateTimeToLive never named an attribute
 * @param streams the table's DynamoDB streams still readable, oldest first; the last one may be
 *     enabled
 * @param pitr point-in-time recovery, or null while it is off
 * @param restored where a restored table came from, or null for a table that was created
 * @param policies the resource-based policies attached to the table (key "") and to its streams (key
 *     the stream's label): stored and answered, not enforced (docs/other-operations.md)
 * @param importing the id of the ImportTable still writing the table's items, or null (see {@link #filling})
 * @param vectorIndexes the table's vector indexes, in the order they were defined
 */
public record TableDef(
    long id,
    String name,
    String tableId,
    KeyDef hash,
    KeyDef range,
    List<KeyDef> attributeDefinitions,
    BillingMode billingMode,
    long readUnits,
    long writeUnits,
    long createdMillis,
    long billingModeChangedMillis,
    List<IndexDef> globalIndexes,
    List<IndexDef> localIndexes,
    Map<String, String> tags,
    boolean deletionProtection,
    TableSettings settings,
    TimeToLive timeToLive,
    List<StreamDef> streams,
    PointInTimeRecovery pitr,
    Restored restored,
    Map<String, ResourcePolicy> policies,
    String importing,
    List<VectorIndexDef> vectorIndexes) {

  /** The key of the table's own policy in {@link #policies}. */
  public static final String TABLE_POLICY = "";

  public TableDef {
    attributeDefinitions = List.copyOf(attributeDefinitions);
    globalIndexes = List.copyOf(globalIndexes);
    localIndexes = List.copyOf(localIndexes);
    tags = Map.copyOf(tags);
    streams = List.copyOf(streams);
    policies = Map.copyOf(policies);
    vectorIndexes = List.copyOf(vectorIndexes);
  }

  /** This definition with other attribute definitions and secondary indexes (UpdateTable's index changes). */
  public TableDef withIndexes(List<KeyDef> attributeDefinitions, List<IndexDef> globalIndexes,
      List<IndexDef> localIndexes) {
    return new TableDef(id, name, tableId, hash, range, attributeDefinitions, billingMode, readUnits, writeUnits,
        createdMillis, billingModeChangedMillis, globalIndexes, localIndexes, tags, deletionProtection, settings,
        timeToLive, streams, pitr, restored, policies, importing, vectorIndexes);
  }

  /** This definition with other streams (a stream enabled or disabled, a shard rolled over or trimmed). */
  public TableDef withStreams(List<StreamDef> streams) {
    return new TableDef(id, name, tableId, hash, range, attributeDefinitions, billingMode, readUnits, writeUnits,
        createdMillis, billingModeChangedMillis, globalIndexes, localIndexes, tags, deletionProtection, settings,
        timeToLive, streams, pitr, restored, policies, importing, vectorIndexes);
  }

  /** The enabled stream, or null. */
  public StreamDef enabledStream() {
    StreamDef last = streams.isEmpty() ? null : streams.get(streams.size() - 1);
    return last != null && last.enabled() ? last : null;
  }

  /** The stream's ARN in {@code home}: the table's ARN, "/stream/", its label. */
  public String streamArn(Home home, StreamDef stream) {
    return arn(home) + "/stream/" + stream.label();
  }

  /** This definition with another Time to Live setting (UpdateTimeToLive, the end of its indexing). */
  public TableDef withTimeToLive(TimeToLive timeToLive) {
    return new TableDef(id, name, tableId, hash, range, attributeDefinitions, billingMode, readUnits, writeUnits,
        createdMillis, billingModeChangedMillis, globalIndexes, localIndexes, tags, deletionProtection, settings,
        timeToLive, streams, pitr, restored, policies, importing, vectorIndexes);
  }

  /** This definition with other tags (TagResource, UntagResource). */
  public TableDef withTags(Map<String, String> tags) {
    return new TableDef(id, name, tableId, hash, range, attributeDefinitions, billingMode, readUnits, writeUnits,
        createdMillis, billingModeChangedMillis, globalIndexes, localIndexes, tags, deletionProtection, settings,
        timeToLive, streams, pitr, restored, policies, importing, vectorIndexes);
  }

  /** This definition with point-in-time recovery on ({@code pitr}) or off (null). */
  public TableDef withPitr(PointInTimeRecovery pitr) {
    return new TableDef(id, name, tableId, hash, range, attributeDefinitions, billingMode, readUnits, writeUnits,
        createdMillis, billingModeChangedMillis, globalIndexes, localIndexes, tags, deletionProtection, settings,
        timeToLive, streams, pitr, restored, policies, importing, vectorIndexes);
  }

  /** This definition with another restore summary (a restore finished). */
  public TableDef withRestored(Restored restored) {
    return new TableDef(id, name, tableId, hash, range, attributeDefinitions, billingMode, readUnits, writeUnits,
        createdMillis, billingModeChangedMillis, globalIndexes, localIndexes, tags, deletionProtection, settings,
        timeToLive, streams, pitr, restored, policies, importing, vectorIndexes);
  }

  /** This definition marked as being filled by import {@code importId}, or with the mark cleared (null). */
  public TableDef withImporting(String importId) {
    return new TableDef(id, name, tableId, hash, range, attributeDefinitions, billingMode, readUnits, writeUnits,
        createdMillis, billingModeChangedMillis, globalIndexes, localIndexes, tags, deletionProtection, settings,
        timeToLive, streams, pitr, restored, policies, importId, vectorIndexes);
  }

  /**
   * Whether a restore or an import is still writing this table's items. Until the mark is cleared,
   * with the last item written, the table is CREATING: item operations are refused, and a crash
   * leaves a table so marked to be dropped when the database opens ({@link Catalog#dropUnfinished}),
   * so no one ever sees it half filled.
   */
  public boolean filling() {
    return (restored != null && restored.inProgress()) || importing != null;
  }

  /** This definition with other resource-based policies (PutResourcePolicy, DeleteResourcePolicy). */
  public TableDef withPolicies(Map<String, ResourcePolicy> policies) {
    return new TableDef(id, name, tableId, hash, range, attributeDefinitions, billingMode, readUnits, writeUnits,
        createdMillis, billingModeChangedMillis, globalIndexes, localIndexes, tags, deletionProtection, settings,
        timeToLive, streams, pitr, restored, policies, importing, vectorIndexes);
  }

  /** This definition with other attribute definitions and vector indexes (UpdateTable's vector index changes). */
  public TableDef withVectorIndexes(List<KeyDef> attributeDefinitions, List<VectorIndexDef> vectorIndexes) {
    return new TableDef(id, name, tableId, hash, range, attributeDefinitions, billingMode, readUnits, writeUnits,
        createdMillis, billingModeChangedMillis, globalIndexes, localIndexes, tags, deletionProtection, settings,
        timeToLive, streams, pitr, restored, policies, importing, vectorIndexes);
  }

  /** The vector index of that name, or null. */
  public VectorIndexDef vectorIndex(String indexName) {
    return vectorIndexes.stream().filter(v -> v.name().equals(indexName)).findFirst().orElse(null);
  }

  public boolean isKeyAttribute(String attribute) {
    return hash.name().equals(attribute) || (range != null && range.name().equals(attribute));
  }

  /** The table's ARN in {@code home}'s region and account. */
  public String arn(Home home) {
    return home.tableArn(name);
  }
}
