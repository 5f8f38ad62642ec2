package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.engine.MovableClock;
import io.partita.engine.Partita;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The batch retry recovering what real throttling left unprocessed (issue 17): Partita's engine,
 * throttling on, holds the table to 5 write units a second; a batch of 25 puts gets 5 through
 * and 20 back unprocessed, and the model's backoff, sleeping on the database's clock, brings the
 * rest in as the units refill. No proxy makes the unprocessed items up: the engine's do.
 */
class ThrottledBatchTest {
  record Note(String id, String text) {}

  @Test
  void theBatchRetryBringsInWhatThrottlingLeftUnprocessed() {
    MovableClock clock = new MovableClock();
    List<Duration> sleeps = new ArrayList<>();
    try (Partita partita = Partita.with().clock(clock).throttling(true).inMemory();
        DynamoDbClient dynamo = PartitaDynamoDb.over(partita)) {
      Entity<Note> note = Entity.of(Note.class).key("NOTE#{id}", "NOTE");
      Model model = Model.builder(TableSchema.named("Notes")).entities(note).build();
      ModelClient db = ModelClient.builder(model, dynamo).batchRetry(RetryPolicy.defaults().maxAttempts(10)
          .baseDelay(Duration.ofSeconds(1)).maxDelay(Duration.ofSeconds(2)).random(() -> 0.999)
          .sleeper(d -> {
            sleeps.add(d);
            clock.advanceMillis(d.toMillis());
          })).build();
      db.createTable();
      dynamo.updateTable(b -> b.tableName("Notes").onDemandThroughput(t -> t.maxWriteRequestUnits(5L)));

      List<Note> notes = IntStream.range(0, 25).mapToObj(i -> new Note(String.format("%02d", i), "note " + i))
          .collect(Collectors.toList());
      BatchWrite.Result result = db.batchWrite().put(note, notes).execute();
      assertTrue(result.complete(), "left unprocessed: " + result);
      assertEquals(25, result.written().size());
      // 5 units a second, at most one second kept: 5 in, then 5 after each wait of about a second, more after two
      assertTrue(sleeps.size() >= 3 && sleeps.size() <= 5, "waits: " + sleeps);
      for (Note n : notes) {
        assertEquals(n, db.entity(note).get(Key.of("id", n.id()), true).orElseThrow());
      }
    }
  }
}
