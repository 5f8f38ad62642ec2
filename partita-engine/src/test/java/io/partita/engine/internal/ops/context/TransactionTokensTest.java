package io.partita.engine.internal.ops.context;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.partita.engine.ErrorCode;
import io.partita.engine.MovableClock;
import io.partita.engine.PartitaException;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/** The token window driven by hand: what is remembered, replayed, refused and forgotten. */
class TransactionTokensTest {
  private final MovableClock clock = new MovableClock();
  private final TransactionTokens tokens = new TransactionTokens(clock);
  private final AtomicInteger applied = new AtomicInteger();

  private static TransactWriteItemsRequest request(String token, String pk) {
    return TransactWriteItemsRequest.builder().clientRequestToken(token)
        .transactItems(TransactWriteItem.builder().put(p -> p.tableName("t")
            .item(Map.of("pk", AttributeValue.fromS(pk)))).build())
        .build();
  }

  private String run(TransactWriteItemsRequest request) {
    return tokens.run(request.clientRequestToken(), request, () -> "applied " + applied.incrementAndGet(),
        () -> "replayed");
  }

  @Test
  void aTokenIsReplayedWithinItsWindowAndRunsAgainAfterIt() {
    assertEquals("applied 1", run(request("a", "x")));
    clock.advanceMillis(TransactionTokens.WINDOW_MILLIS - 1);
    assertEquals("replayed", run(request("a", "x")));
    clock.advanceMillis(1);
    assertEquals("applied 2", run(request("a", "x")));
  }

  @Test
  void otherParametersWithATokenAreAMismatchButReturnConsumedCapacityIsNoParameter() {
    run(request("a", "x"));
    PartitaException e = assertThrows(PartitaException.class, () -> run(request("a", "y")));
    assertEquals(ErrorCode.IdempotentParameterMismatchException, e.code());
    assertEquals("replayed", run(request("a", "x").toBuilder().returnConsumedCapacity("TOTAL").build()));
    assertEquals(1, applied.get());
  }

  @Test
  void expiredTokensAreForgottenAsNewOnesArrive() {
    for (int i = 0; i < 1_000; i++) {
      run(request("t" + i, "x"));
      clock.advanceMillis(1);
    }
    assertEquals(1_000, tokens.remembered());
    // tokens 0 to 499 were used a window ago or longer
    clock.advanceMillis(TransactionTokens.WINDOW_MILLIS - 501);
    run(request("new", "x"));
    assertEquals(501, tokens.remembered());
    clock.advanceMillis(TransactionTokens.WINDOW_MILLIS);
    run(request("newer", "x"));
    assertEquals(1, tokens.remembered());
  }

  @Test
  void aTokenExpiredBehindAYoungerOneIsNotReplayedWhenTheClockWentBack() {
    run(request("first", "x"));
    clock.advanceMillis(-TransactionTokens.WINDOW_MILLIS / 2);
    run(request("second", "x"));
    clock.advanceMillis(TransactionTokens.WINDOW_MILLIS);
    // "second" expired, though behind "first", which has not
    assertEquals("applied 3", run(request("second", "y")));
    assertEquals("replayed", run(request("first", "x")));
  }

  @Test
  void beyondTheCapTheOldestTokenIsForgottenFirst() {
    TransactWriteItemsRequest r = request(null, "x");
    for (int i = 0; i <= TransactionTokens.MAX_REMEMBERED; i++) {
      tokens.run("t" + i, r, () -> "applied", () -> "replayed");
    }
    assertEquals(TransactionTokens.MAX_REMEMBERED, tokens.remembered());
    assertEquals("replayed", tokens.run("t1", r, () -> "applied", () -> "replayed"));
    assertEquals("applied", tokens.run("t0", r, () -> "applied", () -> "replayed"));
  }

  @Test
  void aCancelledTransactionLeavesItsTokenFree() {
    TransactWriteItemsRequest r = request("a", "x");
    assertThrows(IllegalStateException.class, () -> tokens.run("a", r, () -> {
      throw new IllegalStateException("cancelled");
    }, () -> "replayed"));
    assertEquals("applied 1", run(request("a", "y")));
  }
}
