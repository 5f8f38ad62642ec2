package io.partita.embedded;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** Shared helpers of the embedded tests. */
final class Fixtures {
  private Fixtures() {}

  static AttributeValue s(String v) {
    return AttributeValue.fromS(v);
  }

  static AttributeValue n(String v) {
    return AttributeValue.fromN(v);
  }

  /** A PAY_PER_REQUEST table keyed {@code pk} (S) and, when {@code sortType} is given, {@code sk}. */
  static void createTable(DynamoDbClient dynamo, String name, ScalarAttributeType sortType) {
    dynamo.createTable(b -> {
      b.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST);
      if (sortType == null) {
        b.keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build())
            .attributeDefinitions(AttributeDefinition.builder().attributeName("pk").attributeType(ScalarAttributeType.S).build());
      } else {
        b.keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build(),
                KeySchemaElement.builder().attributeName("sk").keyType(KeyType.RANGE).build())
            .attributeDefinitions(AttributeDefinition.builder().attributeName("pk").attributeType(ScalarAttributeType.S).build(),
                AttributeDefinition.builder().attributeName("sk").attributeType(sortType).build());
      }
    });
  }
}
