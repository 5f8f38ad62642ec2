package io.partita.embedded;

import java.nio.file.Path;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The single-table quickstart of the guides, on the embedded engine with data in a directory:
 * a user profile and an order in one item collection, a conditional create, an atomic counter.
 * Run it with {@code ./partita demo}; run it twice to see the data survive.
 */
public final class Quickstart {
  private Quickstart() {}

  public static void main(String[] args) {
    run(Path.of(args.length == 2 && args[0].equals("--data") ? args[1] : "partita-data"));
  }

  /** Runs the quickstart on the database in {@code data}. */
  public static void run(Path data) {
    try (DynamoDbClient dynamo = PartitaDynamoDb.open(data)) {
      try {
        dynamo.describeTable(b -> b.tableName("MyApp"));
      } catch (ResourceNotFoundException e) {
        dynamo.createTable(b -> b.tableName("MyApp")
            .keySchema(KeySchemaElement.builder().attributeName("PK").keyType(KeyType.HASH).build(),
                KeySchemaElement.builder().attributeName("SK").keyType(KeyType.RANGE).build())
            .attributeDefinitions(
                AttributeDefinition.builder().attributeName("PK").attributeType(ScalarAttributeType.S).build(),
                AttributeDefinition.builder().attributeName("SK").attributeType(ScalarAttributeType.S).build())
            .billingMode(BillingMode.PAY_PER_REQUEST));
        System.out.println("created table MyApp in " + data.toAbsolutePath());
      }
      try {
        dynamo.putItem(b -> b.tableName("MyApp")
            .item(Map.of("PK", s("USER#alice"), "SK", s("PROFILE"), "name", s("Alice"), "visits", n("0")))
            .conditionExpression("attribute_not_exists(PK)"));
        dynamo.putItem(b -> b.tableName("MyApp")
            .item(Map.of("PK", s("USER#alice"), "SK", s("ORDER#2025-001"), "total", n("42.50"), "status", s("PENDING"))));
        System.out.println("created USER#alice with one order");
      } catch (ConditionalCheckFailedException e) {
        System.out.println("USER#alice exists already: the conditional create was refused");
      }
      Map<String, AttributeValue> profile = dynamo.updateItem(b -> b.tableName("MyApp")
          .key(Map.of("PK", s("USER#alice"), "SK", s("PROFILE")))
          .updateExpression("ADD visits :one")
          .expressionAttributeValues(Map.of(":one", n("1")))
          .returnValues(ReturnValue.ALL_NEW)).attributes();
      System.out.println("profile after this visit: " + profile);
      System.out.println("order: " + dynamo.getItem(b -> b.tableName("MyApp")
          .key(Map.of("PK", s("USER#alice"), "SK", s("ORDER#2025-001")))).item());
      System.out.println("table: " + dynamo.describeTable(b -> b.tableName("MyApp")).table().itemCount() + " items");
    }
  }

  private static AttributeValue s(String v) {
    return AttributeValue.fromS(v);
  }

  private static AttributeValue n(String v) {
    return AttributeValue.fromN(v);
  }
}
