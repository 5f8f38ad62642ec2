package io.partita.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.internal.backup.BackupRecord;
import io.partita.engine.internal.backup.Backups;
import io.partita.engine.internal.storage.Store;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * A backup copies its table a few megabytes at a time: what it holds in the heap at once is one
 * write batch, never the table (issue 33). Counted by the batches the copy writes, not by measuring
 * the heap: the items are all of one size, so a batch's item count is its size.
 */
class BackupBatchesTest {
  private static final int ITEMS = 200;
  private static final int ITEM_BYTES = 100 << 10;
  /** Backups' bound: a batch is written once it reaches 4 MB, so it holds 4 MB and at most one item more. */
  private static final int MOST_PER_BATCH = (4 << 20) / ITEM_BYTES + 1;

  @Test
  void aBackupOfTwentyMegabytesIsCopiedInBatchesOfAFewMegabytes() {
    try (Partita partita = Partita.inMemory()) {
      partita.execute(CreateTableRequest.builder().tableName("big")
          .keySchema(k -> k.attributeName("PK").keyType("HASH"))
          .attributeDefinitions(a -> a.attributeName("PK").attributeType("S"))
          .billingMode("PAY_PER_REQUEST").build());
      byte[] payload = new byte[ITEM_BYTES];
      for (int i = 0; i < ITEMS; i++) {
        partita.execute(PutItemRequest.builder().tableName("big").item(Map.of(
            "PK", AttributeValue.fromS("item" + i), "payload", AttributeValue.fromB(SdkBytes.fromByteArray(payload))))
            .build());
      }

      List<Integer> batches = new ArrayList<>();
      BackupRecord b = new Backups(recordingBatches(partita.store(), batches)).create("big", "whole", 0, io.partita.engine.internal.table.Home.DEFAULT);

      assertEquals(ITEMS, b.itemCount());
      assertEquals(ITEMS, batches.stream().mapToInt(Integer::intValue).sum(), "every item copied: " + batches);
      assertTrue(batches.stream().allMatch(n -> n <= MOST_PER_BATCH),
          "at most " + MOST_PER_BATCH + " items of 100 KB a batch: " + batches);
    }
  }

  /** {@code store}, noting the size of each batch written through {@link Store#write(Store.Batch)}. */
  private static Store recordingBatches(Store store, List<Integer> sizes) {
    return (Store) Proxy.newProxyInstance(Store.class.getClassLoader(), new Class<?>[] {Store.class},
        (proxy, method, args) -> {
          if (method.getName().equals("write") && args[0] instanceof Store.Batch batch) {
            sizes.add(batch.count());
          }
          try {
            return method.invoke(store, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        });
  }
}
