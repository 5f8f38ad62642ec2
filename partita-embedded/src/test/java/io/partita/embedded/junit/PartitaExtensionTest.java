package io.partita.embedded.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ListTablesRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

@ExtendWith(PartitaExtension.class)
class PartitaExtensionTest {
  private static void createTable(DynamoDbClient dynamo, String name) {
    dynamo.createTable(b -> b.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
        .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build())
        .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S)));
  }

  /** Whatever ran before, each repetition starts from an empty database and leaves a table behind. */
  @RepeatedTest(3)
  void eachTestGetsAFreshDatabase(DynamoDbClient dynamo) {
    assertEquals(List.of(), dynamo.listTables().tableNames());
    createTable(dynamo, "left-behind");
  }

  @Test
  void aClientAndAPartitaParameterReachTheSameDatabase(DynamoDbClient dynamo, Partita partita, DynamoDbClient again) {
    createTable(dynamo, "shared");
    assertEquals("shared", partita.<software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse>execute(
        DescribeTableRequest.builder().tableName("shared").build()).table().tableName());
    assertSame(dynamo, again);
  }

  /** Tables made in @BeforeAll are there in every test of the class: the class shares one database. */
  @Nested
  @TestInstance(TestInstance.Lifecycle.PER_CLASS)
  class SharedByTheClass {
    @BeforeAll
    void tables(DynamoDbClient dynamo) {
      createTable(dynamo, "catalog");
      dynamo.putItem(b -> b.tableName("catalog").item(Map.of("pk", AttributeValue.fromS("p1"))));
    }

    @Test
    void seesTheTable(DynamoDbClient dynamo) {
      assertTrue(dynamo.getItem(b -> b.tableName("catalog").key(Map.of("pk", AttributeValue.fromS("p1")))).hasItem());
    }

    @Test
    void seesItToo(DynamoDbClient dynamo) {
      assertEquals(List.of("catalog"), dynamo.listTables().tableNames());
    }
  }

  /** The database of a test is closed when the test ends: the next test (in this order) finds it closed. */
  @Nested
  @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
  class ClosedAfterTheTest {
    private static Partita fromTheFirstTest;

    @Test
    @Order(1)
    void keepsItsDatabase(Partita partita) {
      fromTheFirstTest = partita;
      partita.execute(ListTablesRequest.builder().build()); // open while the test runs
    }

    @Test
    @Order(2)
    void findsItClosed() {
      assertThrows(IllegalStateException.class,
          () -> fromTheFirstTest.execute(ListTablesRequest.builder().build()));
    }
  }
}
