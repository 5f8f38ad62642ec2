package io.partita.engine;

import java.nio.file.Path;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The child process of {@link CrashDurabilityTest}: writes forever and prints {@code ACK n} after
 * each write the engine acknowledged. Every write keeps the invariant a == b on its item, so a
 * half-applied write would be visible after the crash.
 */
public final class CrashWriter {
  public static void main(String[] args) {
    Partita db = Partita.open(Path.of(args[0]));
    db.execute(CreateTableRequest.builder().tableName("crash")
        .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build())
        .attributeDefinitions(
            AttributeDefinition.builder().attributeName("pk").attributeType(ScalarAttributeType.S).build(),
            AttributeDefinition.builder().attributeName("bucket").attributeType(ScalarAttributeType.S).build(),
            AttributeDefinition.builder().attributeName("a").attributeType(ScalarAttributeType.N).build())
        // every write moves the item's index entry (a changes, and often its bucket), so a write
        // applied to the table but not to the index would show after the crash
        .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("ByBucket")
            .keySchema(KeySchemaElement.builder().attributeName("bucket").keyType(KeyType.HASH).build(),
                KeySchemaElement.builder().attributeName("a").keyType(KeyType.RANGE).build())
            .projection(Projection.builder().projectionType(ProjectionType.KEYS_ONLY).build()).build())
        .billingMode(BillingMode.PAY_PER_REQUEST).build());
    System.out.println("READY");
    for (long i = 0; ; i++) {
      String key = "k" + (i % 500);
      if (i < 500) {
        db.execute(PutItemRequest.builder().tableName("crash").item(Map.of(
            "pk", AttributeValue.fromS(key),
            "a", AttributeValue.fromN(Long.toString(i)),
            "b", AttributeValue.fromN(Long.toString(i)),
            "bucket", AttributeValue.fromS(bucket(i)),
            "pad", AttributeValue.fromS("x".repeat(200)))).build());
      } else {
        db.execute(UpdateItemRequest.builder().tableName("crash")
            .key(Map.of("pk", AttributeValue.fromS(key)))
            .updateExpression("SET a = :i, b = :i, #bucket = :b")
            .expressionAttributeNames(Map.of("#bucket", "bucket"))
            .expressionAttributeValues(Map.of(":i", AttributeValue.fromN(Long.toString(i)),
                ":b", AttributeValue.fromS(bucket(i)))).build());
      }
      System.out.println("ACK " + i);
      System.out.flush();
    }
  }

  static String bucket(long i) {
    return "B" + (i % 7);
  }
}
