package io.partita.engine.internal.ops.context;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.partita.engine.ErrorCode;
import io.partita.engine.Limits;
import io.partita.engine.PartitaException;
import io.partita.engine.internal.ops.read.GetItem;
import io.partita.engine.internal.ops.schema.CreateTable;
import io.partita.engine.internal.ops.transact.TransactGetItems;
import io.partita.engine.internal.ops.transact.TransactWriteItems;
import io.partita.engine.internal.ops.write.DeleteItem;
import io.partita.engine.internal.ops.write.PutItem;
import io.partita.engine.internal.ops.write.UpdateItem;
import io.partita.engine.internal.storage.Store;
import io.partita.engine.internal.table.Catalog;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * What meets a transaction in progress is refused as Amazon DynamoDB refuses it (Developer Guide,
 * "Transaction conflict handling"; docs/dynamodb-messages.md (d)), never made to wait: a
 * transaction is held in progress here on purpose, with its items claimed, while other requests
 * arrive, so nothing depends on timing.
 */
class TransactionConflictTest {
  private Store store;
  private EngineContext ctx;
  private final CountDownLatch claimed = new CountDownLatch(1);
  private final CountDownLatch release = new CountDownLatch(1);

  @BeforeEach
  void open() {
    store = Store.inMemory();
    ctx = new EngineContext(store, new Catalog(store), Clock.systemUTC(), Limits.DYNAMODB, Runnable::run, step -> {
      step.run();
      return true;
    });
    CreateTable.execute(ctx, CreateTableRequest.builder().tableName("bank")
        .keySchema(k -> k.attributeName("pk").keyType("HASH"))
        .attributeDefinitions(a -> a.attributeName("pk").attributeType("S")).billingMode(BillingMode.PAY_PER_REQUEST).build());
    for (String pk : List.of("a", "b", "c")) {
      PutItem.execute(ctx, PutItemRequest.builder().tableName("bank").item(Map.of("pk", s(pk), "n", n("10"))).build());
    }
  }

  @AfterEach
  void close() {
    release.countDown();
    store.close();
  }

  /** A transfer from a to b, held in progress (its items claimed) until {@link #release} opens. */
  private CompletableFuture<Void> transferHeldInProgress() throws InterruptedException {
    ctx.transactions.whileClaimed = () -> {
      ctx.transactions.whileClaimed = null; // only this transaction stops here
      claimed.countDown();
      try {
        release.await(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    };
    CompletableFuture<Void> transfer = CompletableFuture.runAsync(() -> TransactWriteItems.execute(ctx, transfer("a", "b")));
    claimed.await(30, TimeUnit.SECONDS);
    return transfer;
  }

  @Test
  void aSingleItemWriteOfAnItemInATransactionIsRefusedWithTransactionConflict() throws Exception {
    CompletableFuture<Void> transfer = transferHeldInProgress();
    for (Runnable write : List.<Runnable>of(
        () -> PutItem.execute(ctx, PutItemRequest.builder().tableName("bank").item(Map.of("pk", s("a"))).build()),
        () -> UpdateItem.execute(ctx, UpdateItemRequest.builder().tableName("bank").key(Map.of("pk", s("b")))
            .updateExpression("SET n = :z").expressionAttributeValues(Map.of(":z", n("0"))).build()),
        () -> DeleteItem.execute(ctx, DeleteItemRequest.builder().tableName("bank").key(Map.of("pk", s("a"))).build()))) {
      PartitaException e = assertThrows(PartitaException.class, write::run);
      assertEquals(ErrorCode.TransactionConflictException, e.code());
      assertEquals("Transaction is ongoing for the item", e.getMessage());
    }
    // an item the transaction does not hold is written at once, and reads never conflict
    PutItem.execute(ctx, PutItemRequest.builder().tableName("bank").item(Map.of("pk", s("c"), "n", n("5"))).build());
    assertEquals(n("10"), ((GetItemResponse) GetItem.execute(ctx, GetItemRequest.builder().tableName("bank").key(Map.of("pk", s("a")))
        .build()).response()).item().get("n"));
    release.countDown();
    transfer.get(30, TimeUnit.SECONDS);
    assertEquals(n("9"), get("a"));
    assertEquals(n("11"), get("b"), "the refused writes changed nothing; the transfer applied");
  }

  @Test
  void aTransactionMeetingAnotherIsCancelledWithATransactionConflictReasonPerItem() throws Exception {
    CompletableFuture<Void> transfer = transferHeldInProgress();
    PartitaException write = assertThrows(PartitaException.class, () -> TransactWriteItems.execute(ctx, transfer("c", "b")));
    assertEquals(ErrorCode.TransactionCanceledException, write.code());
    assertEquals(List.of("None", "TransactionConflict"), codes(write));
    assertEquals("Transaction is ongoing for the item", write.cancellationReasons().get(1).message());
    PartitaException read = assertThrows(PartitaException.class, () -> TransactGetItems.execute(ctx,
        TransactGetItemsRequest.builder().transactItems(get("c", "x"), get("a", "y")).build()));
    assertEquals(List.of("None", "TransactionConflict"), codes(read));
    release.countDown();
    transfer.get(30, TimeUnit.SECONDS);
    // once it is over, the same transaction goes through
    TransactWriteItems.execute(ctx, transfer("c", "b"));
    assertEquals(n("12"), get("b"));
    assertEquals(n("9"), get("c"));
  }

  private static TransactGetItem get(String pk, String unused) {
    return TransactGetItem.builder().get(g -> g.tableName("bank").key(Map.of("pk", s(pk)))).build();
  }

  private AttributeValue get(String pk) {
    return ((GetItemResponse) GetItem.execute(ctx, GetItemRequest.builder().tableName("bank").key(Map.of("pk", s(pk)))
        .consistentRead(true).build()).response()).item().get("n");
  }

  private static List<String> codes(PartitaException e) {
    return e.cancellationReasons().stream().map(CancellationReason::code).toList();
  }

  private static TransactWriteItemsRequest transfer(String from, String to) {
    return TransactWriteItemsRequest.builder().transactItems(
        TransactWriteItem.builder().update(u -> u.tableName("bank").key(Map.of("pk", s(from)))
            .updateExpression("SET n = n - :one").expressionAttributeValues(Map.of(":one", n("1")))).build(),
        TransactWriteItem.builder().update(u -> u.tableName("bank").key(Map.of("pk", s(to)))
            .updateExpression("SET n = n + :one").expressionAttributeValues(Map.of(":one", n("1")))).build()).build();
  }

  private static AttributeValue s(String v) {
    return AttributeValue.fromS(v);
  }

  private static AttributeValue n(String v) {
    return AttributeValue.fromN(v);
  }
}
