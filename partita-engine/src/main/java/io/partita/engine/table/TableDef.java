package io.partita.engine.table;

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
    TimeToLive timeToLive) {

  public TableDef {
    attributeDefinitions = List.copyOf(attributeDefinitions);
    globalIndexes = List.copyOf(globalIndexes);
    localIndexes = List.copyOf(localIndexes);
    tags = Map.copyOf(tags);
  }

  /** This definition with other attribute definitions and secondary indexes (UpdateTable's index changes). */
  public TableDef withIndexes(List<KeyDef> attributeDefinitions, List<IndexDef> globalIndexes,
      List<IndexDef> localIndexes) {
    return new TableDef(id, name, tableId, hash, range, attributeDefinitions, billingMode, readUnits, writeUnits,
        createdMillis, billingModeChangedMillis, globalIndexes, localIndexes, tags, deletionProtection, settings,
        timeToLive);
  }

  /** This definition with another Time to Live setting (UpdateTimeToLive, the end of its indexing). */
  public TableDef withTimeToLive(TimeToLive timeToLive) {
    return new TableDef(id, name, tableId, hash, range, attributeDefinitions, billingMode, readUnits, writeUnits,
        createdMillis, billingModeChangedMillis, globalIndexes, localIndexes, tags, deletionProtection, settings,
        timeToLive);
  }

  public boolean isKeyAttribute(String attribute) {
    return hash.name().equals(attribute) || (range != null && range.name().equals(attribute));
  }

  public String arn() {
    return "arn:aws:dynamodb:" + Arns.REGION + ":" + Arns.ACCOUNT + ":table/" + name;
  }
}
