package io.partita.engine.internal.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.partita.engine.Partita;
import io.partita.engine.PartitaException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Issue 13, finding 5: a RocksDB WriteBatch is native memory that rocksdbjni 9.8.4 frees only when
 * closed (it has no finalizer or cleaner), so a batch made for a write that never happens must not
 * be left open. The store counts the native batches it has open; every kind of write that ends
 * without writing (a refused condition, a write that decides to change nothing, a failed write)
 * must leave the count where it was.
 */
class NativeHandlesTest {
  /** The failed writes below are logged as the store's health changes: kept, not printed. */
  @RegisterExtension
  final io.partita.engine.CapturedLog log = new io.partita.engine.CapturedLog();

  private static final String TABLE = "leaks";
  private static final Map<String, AttributeValue> ITEM =
      Map.of("pk", AttributeValue.fromS("a"), "v", AttributeValue.fromN("1"));

  @Test
  void refusedWritesLeaveNoNativeBatchOpen() {
    long before = RocksBatches.openNative();
    try (Partita p = Partita.inMemory()) {
      createTableWithItem(p);
      for (int i = 0; i < 100; i++) {
        refuse(p, PutItemRequest.builder().tableName(TABLE).item(ITEM).conditionExpression("attribute_not_exists(pk)").build());
        refuse(p, UpdateItemRequest.builder().tableName(TABLE).key(Map.of("pk", ITEM.get("pk")))
            .updateExpression("SET v = v + :one").conditionExpression("v = :zero")
            .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1"), ":zero", AttributeValue.fromN("0"))).build());
        refuse(p, DeleteItemRequest.builder().tableName(TABLE).key(Map.of("pk", ITEM.get("pk")))
            .conditionExpression("attribute_not_exists(pk)").build());
        refuse(p, TransactWriteItemsRequest.builder().transactItems(TransactWriteItem.builder().put(Put.builder()
            .tableName(TABLE).item(ITEM).conditionExpression("attribute_not_exists(pk)").build()).build()).build());
        // a delete of an item that is not there writes nothing: an empty batch
        p.execute(DeleteItemRequest.builder().tableName(TABLE).key(Map.of("pk", AttributeValue.fromS("none"))).build());
      }
      assertEquals(before, RocksBatches.openNative(), "native WriteBatches left open by writes that wrote nothing");
    }
  }

  @Test
  void failedWritesLeaveNoNativeBatchOpen(@TempDir Path dir) {
    io.partita.engine.StorageFaults faults = new io.partita.engine.StorageFaults();
    long before = RocksBatches.openNative();
    try (Partita p = Partita.with().storageFaults(faults).open(dir)) {
      createTableWithItem(p);
      faults.failWrites(io.partita.engine.StorageFaults.Kind.NO_SPACE);
      for (int i = 0; i < 20; i++) {
        assertThrows(PartitaException.class, () -> p.execute(PutItemRequest.builder().tableName(TABLE).item(ITEM).build()));
        assertThrows(PartitaException.class, () -> p.execute(BatchWriteItemRequest.builder().requestItems(Map.of(TABLE,
            List.of(WriteRequest.builder().putRequest(PutRequest.builder().item(ITEM).build()).build()))).build()));
      }
      assertEquals(before, RocksBatches.openNative(), "native WriteBatches left open by failed writes");
    }
  }

  private static void refuse(Partita p, software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest request) {
    assertThrows(PartitaException.class, () -> p.execute(request));
  }

  static void createTableWithItem(Partita p) {
    p.execute(CreateTableRequest.builder().tableName(TABLE).billingMode("PAY_PER_REQUEST")
        .attributeDefinitions(AttributeDefinition.builder().attributeName("pk").attributeType("S").build())
        .keySchema(KeySchemaElement.builder().attributeName("pk").keyType("HASH").build()).build());
    p.execute(PutItemRequest.builder().tableName(TABLE).item(ITEM).build());
  }
}
