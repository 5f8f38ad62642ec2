package io.partita.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbResponse;
import software.amazon.awssdk.services.dynamodb.model.ListTablesResponse;

class EmbeddedDynamoDbClientTest {

  /**
   * An operation the written-out client does not override falls to the interface's default method,
   * which throws UnsupportedOperationException instead of DynamoDB's error: an SDK upgrade that adds
   * an operation must add it here too.
   */
  @Test
  void everyOperationOfTheInterfaceIsOverridden() {
    List<String> missing = new ArrayList<>();
    AtomicInteger operations = new AtomicInteger();
    for (Method m : DynamoDbClient.class.getMethods()) {
      if (m.getParameterCount() == 1 && DynamoDbRequest.class.isAssignableFrom(m.getParameterTypes()[0])
          && DynamoDbResponse.class.isAssignableFrom(m.getReturnType())) {
        operations.incrementAndGet();
        try {
          EmbeddedDynamoDbClient.class.getDeclaredMethod(m.getName(), m.getParameterTypes());
        } catch (NoSuchMethodException e) {
          missing.add(m.getName());
        }
      }
    }
    assertTrue(operations.get() > 50, "the SDK's DynamoDbClient has " + operations + " operations");
    assertEquals(List.of(), missing, "operations of DynamoDbClient that EmbeddedDynamoDbClient does not override");
  }

  @Test
  void theConvenienceFormsAndTheWaiterGoThroughTheEngine() {
    try (DynamoDbClient dynamo = PartitaDynamoDb.inMemory()) {
      Fixtures.createTable(dynamo, "tab", null);
      dynamo.waiter().waitUntilTableExists(b -> b.tableName("tab"));
      ListTablesResponse tables = dynamo.listTables();
      assertEquals(List.of("tab"), tables.tableNames());
      assertEquals(List.of("tab"), dynamo.listTablesPaginator().tableNames().stream().toList());
      assertEquals("dynamodb", dynamo.serviceName());
    }
  }
}
