package io.partita.engine.ops;

import io.partita.engine.table.IndexDef;
import io.partita.engine.table.KeyDef;
import io.partita.engine.table.TableDef;
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
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/** Builds DynamoDB's TableDescription from a stored definition. */
final class Descriptions {
  private Descriptions() {}

  static TableDescription of(TableDef t, TableStatus status, long itemCount, long sizeBytes) {
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
        .tableArn(t.arn())
        .tableId(t.tableId())
        .deletionProtectionEnabled(t.deletionProtection())
        .provisionedThroughput(throughput(t.readUnits(), t.writeUnits()));
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
          .indexStatus(IndexStatus.ACTIVE)
          .provisionedThroughput(throughput(ix.readUnits(), ix.writeUnits()))
          .indexSizeBytes(0L)
          .itemCount(0L)
          .indexArn(t.arn() + "/index/" + ix.name())
          .build()).toList());
    }
    if (!t.localIndexes().isEmpty()) {
      b.localSecondaryIndexes(t.localIndexes().stream().map(ix -> LocalSecondaryIndexDescription.builder()
          .indexName(ix.name())
          .keySchema(keySchema(ix))
          .projection(projection(ix))
          .indexSizeBytes(0L)
          .itemCount(0L)
          .indexArn(t.arn() + "/index/" + ix.name())
          .build()).toList());
    }
    return b.build();
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
    Projection.Builder p = Projection.builder().projectionType(ix.projection());
    if (!ix.nonKeyAttributes().isEmpty()) {
      p.nonKeyAttributes(ix.nonKeyAttributes());
    }
    return p.build();
  }
}
