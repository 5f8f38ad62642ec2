package io.partita.embedded;

import static io.partita.embedded.Fixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.CreateGlobalSecondaryIndexAction;
import software.amazon.awssdk.services.dynamodb.model.DeleteGlobalSecondaryIndexAction;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexUpdate;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/** UpdateTable adds a GSI to a table that holds items (backfilled) and deletes one. */
class IndexLifecycleTest {
  private DynamoDbClient dynamo;

  @BeforeEach
  void open() {
    dynamo = PartitaDynamoDb.inMemory();
    Fixtures.createTable(dynamo, "app", ScalarAttributeType.S);
    for (int i = 0; i < 1200; i++) {
      Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> item = i % 3 == 0
          ? Map.of("pk", s("USER#" + i), "sk", s("PROFILE"), "email", s("u" + i + "@example.com"))
          : Map.of("pk", s("USER#" + i), "sk", s("PROFILE"));
      dynamo.putItem(b -> b.tableName("app").item(item));
    }
  }

  @AfterEach
  void close() {
    dynamo.close();
  }

  private void addByEmail() {
    dynamo.updateTable(b -> b.tableName("app")
        .attributeDefinitions(AttributeDefinition.builder().attributeName("email").attributeType(ScalarAttributeType.S).build())
        .globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder().create(CreateGlobalSecondaryIndexAction.builder()
            .indexName("ByEmail")
            .keySchema(KeySchemaElement.builder().attributeName("email").keyType(KeyType.HASH).build())
            .projection(Projection.builder().projectionType(ProjectionType.KEYS_ONLY).build()).build()).build()));
  }

  private QueryResponse byEmail(String email) {
    return dynamo.query(b -> b.tableName("app").indexName("ByEmail").keyConditionExpression("email = :e")
        .expressionAttributeValues(Map.of(":e", s(email))));
  }

  @Test
  void anAddedIndexHoldsTheExistingItems_andIsMaintainedAfterwards() {
    addByEmail();
    TableDescription t = dynamo.describeTable(b -> b.tableName("app")).table();
    assertEquals(IndexStatus.ACTIVE, t.globalSecondaryIndexes().get(0).indexStatus());
    assertEquals(400L, t.globalSecondaryIndexes().get(0).itemCount(), "every third item has an email: sparse");
    assertEquals(List.of(Map.of("pk", s("USER#300"), "sk", s("PROFILE"), "email", s("u300@example.com"))),
        byEmail("u300@example.com").items());
    dynamo.putItem(b -> b.tableName("app").item(Map.of("pk", s("USER#new"), "sk", s("PROFILE"), "email", s("new@example.com"))));
    assertEquals(1, byEmail("new@example.com").count());
    assertEquals(401L, dynamo.describeTable(b -> b.tableName("app")).table().globalSecondaryIndexes().get(0).itemCount());
  }

  @Test
  void aDeletedIndexIsGone_andCanBeAddedAgain() {
    addByEmail();
    dynamo.updateTable(b -> b.tableName("app").globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder()
        .delete(DeleteGlobalSecondaryIndexAction.builder().indexName("ByEmail").build()).build()));
    assertEquals(false, dynamo.describeTable(b -> b.tableName("app")).table().hasGlobalSecondaryIndexes());
    DynamoDbException gone = assertThrows(DynamoDbException.class, () -> byEmail("u300@example.com"));
    assertEquals("The table does not have the specified index: ByEmail", gone.awsErrorDetails().errorMessage());
    addByEmail();
    assertEquals(1, byEmail("u300@example.com").count());
    assertEquals(400L, dynamo.describeTable(b -> b.tableName("app")).table().globalSecondaryIndexes().get(0).itemCount());
  }

  @Test
  void refusals() {
    addByEmail();
    DynamoDbException twice = assertThrows(DynamoDbException.class, this::addByEmail);
    assertEquals("ValidationException", twice.awsErrorDetails().errorCode());
    assertThrows(ResourceNotFoundException.class, () -> dynamo.updateTable(b -> b.tableName("app")
        .globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder()
            .delete(DeleteGlobalSecondaryIndexAction.builder().indexName("Nope").build()).build())));
    GlobalSecondaryIndexUpdate delete = GlobalSecondaryIndexUpdate.builder()
        .delete(DeleteGlobalSecondaryIndexAction.builder().indexName("ByEmail").build()).build();
    assertThrows(LimitExceededException.class, () -> dynamo.updateTable(b -> b.tableName("app")
        .globalSecondaryIndexUpdates(delete, delete)));
  }
}
