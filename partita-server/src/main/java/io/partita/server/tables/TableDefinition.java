package io.partita.server.tables;

import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;

/**
 * One table as a file defines it, in no file's terms: the CreateTable request (keys, indexes, billing, stream,
 * tags, table class, deletion protection), and what DynamoDB sets by a request of its own once the table exists:
 * time to live (UpdateTimeToLive) and point-in-time recovery (UpdateContinuousBackups). {@code items} are the
 * items the file itself holds (a NoSQL Workbench model's TableData), put after the table is made.
 *
 * @param source where it was read, for messages: {@code orders.yaml: Resources.OrdersTable}
 * @param timeToLiveAttribute the attribute TTL reads, or null for none
 * @param recoveryPeriodInDays point-in-time recovery's window, or null for DynamoDB's default (35 days)
 */
public record TableDefinition(String source, CreateTableRequest create, String timeToLiveAttribute,
    boolean pointInTimeRecovery, Integer recoveryPeriodInDays, List<Map<String, AttributeValue>> items) {
  public TableDefinition {
    items = List.copyOf(items);
  }

  public String name() {
    return create.tableName();
  }
}
