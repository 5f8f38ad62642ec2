package io.partita.model.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.embedded.StreamListener;
import io.partita.engine.MovableClock;
import io.partita.engine.Partita;
import io.partita.model.Entity;
import io.partita.model.Key;
import io.partita.model.Model;
import io.partita.model.ModelClient;
import io.partita.model.StreamEvent;
import io.partita.model.StreamEvents;
import io.partita.model.TableSchema;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/**
 * Typed stream handlers: Time to Live deletions told apart from deletions by a write, through Partita's in-process
 * listener (the engine marks them as DynamoDB does); a Lambda event, as JSON text and as the Java runtime's map,
 * decoded into the same events; a failing record answered with Lambda's partial batch response and the records
 * after it left for the retry; in process, the failure thrown and the batch delivered again.
 *
 * <p>Sources: a TTL deletion's {@code userIdentity} is type {@code Service}, principal {@code dynamodb.amazonaws.com}
 * (Amazon DynamoDB API Reference, DynamoDB Streams {@code Record} and {@code Identity}); the partial batch response
 * {@code {"batchItemFailures": [{"itemIdentifier": "<SequenceNumber>"}]}} and retry from the lowest reported
 * sequence number (AWS Lambda Developer Guide, "Configuring partial batch response with DynamoDB and Lambda").
 */
class StreamProcessorTest {
  sealed interface Web permits Session, Page {}

  record Session(String id, String user, Instant expiresAt) implements Web {}

  record Page(String path, String title) implements Web {}

  private final Entity<Session> session = Entity.of(Session.class).key("SESSION#{id}", "SESSION").ttl("expiresAt");
  private final Entity<Page> page = Entity.of(Page.class).key("PAGE#{path}", "PAGE");
  private final Model model = Model.builder(TableSchema.named("web")).entities(session, page).build();

  @Test
  void timeToLiveDeletionsAreExpiredAndDeletionsByAWriteAreRemoved() {
    Instant start = Instant.parse("2026-11-27T08:00:00Z");
    MovableClock clock = new MovableClock(start);
    try (Partita partita = Partita.with().clock(clock).timeToLiveInterval(java.time.Duration.ZERO).inMemory();
        DynamoDbClient dynamo = PartitaDynamoDb.over(partita)) {
      dynamo.createTable(model.table().createTableRequest().toBuilder().streamSpecification(s -> s
          .streamEnabled(true).streamViewType(StreamViewType.NEW_AND_OLD_IMAGES)).build());
      dynamo.updateTimeToLive(model.table().timeToLiveRequest().orElseThrow());
      ModelClient db = ModelClient.create(model, dynamo);
      Session s1 = new Session("s1", "ada", start.plusSeconds(3600));
      Session s2 = new Session("s2", "bob", start.plusSeconds(7200 * 10));
      db.entity(session).create(s1);
      db.entity(session).create(s2);
      db.entity(page).create(new Page("/", "Home"));
      db.entity(session).delete(Key.of("id", "s2"));
      clock.advanceMillis(2 * 3600 * 1000);
      assertEquals(1, partita.expireNow());

      List<StreamEvent<Web>> seen = new ArrayList<>();
      StreamProcessor<Web> processor = StreamProcessor.of(StreamEvents.of(model, Web.class), seen::add);
      try (StreamListener listener = StreamListener.subscribe(partita, "web", processor)) {
        listener.poll();
      }
      assertEquals(List.of(new StreamEvent.Inserted<Web>(s1), new StreamEvent.Inserted<Web>(s2),
          new StreamEvent.Inserted<Web>(new Page("/", "Home")), new StreamEvent.Removed<Web>(s2),
          new StreamEvent.Expired<Web>(s1)), seen);
    }
  }

  @Test
  void aFailedRecordIsThrownInProcessAndTheBatchComesAgain() {
    try (Partita partita = Partita.with().timeToLiveInterval(java.time.Duration.ZERO).inMemory();
        DynamoDbClient dynamo = PartitaDynamoDb.over(partita)) {
      dynamo.createTable(model.table().createTableRequest().toBuilder().streamSpecification(s -> s
          .streamEnabled(true).streamViewType(StreamViewType.NEW_AND_OLD_IMAGES)).build());
      ModelClient db = ModelClient.create(model, dynamo);
      db.entity(page).create(new Page("/a", "A"));
      db.entity(page).create(new Page("/b", "B"));
      List<String> handled = new ArrayList<>();
      boolean[] fail = {true};
      StreamProcessor<Object> processor = StreamProcessor.of(StreamEvents.of(model), e -> {
        Page p = (Page) e.after();
        if (p.path().equals("/b") && fail[0]) {
          fail[0] = false;
          throw new java.io.IOException("downstream unavailable");
        }
        handled.add(p.path());
      });
      try (StreamListener listener = StreamListener.subscribe(partita, "web", processor)) {
        var failure = assertThrows(RuntimeException.class, listener::poll);
        assertEquals(java.io.IOException.class, rootCause(failure).getClass());
        listener.poll();
      }
      assertEquals(List.of("/a", "/a", "/b"), handled); // at least once: /a again with its batch
    }
  }

  private static Throwable rootCause(Throwable t) {
    while (t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }

  /** Three records as Lambda delivers them (the documented event shape): an insert, a TTL removal, a modify. */
  private static final String EVENT = """
      {"Records": [
        {"eventID": "1", "eventName": "INSERT", "eventVersion": "1.1", "eventSource": "aws:dynamodb",
         "awsRegion": "eu-west-1",
         "dynamodb": {"ApproximateCreationDateTime": 1795766400, "Keys": {"pk": {"S": "PAGE#/"}, "sk": {"S": "PAGE"}},
           "NewImage": {"pk": {"S": "PAGE#/"}, "sk": {"S": "PAGE"}, "_type": {"S": "Page"}, "path": {"S": "/"},
             "title": {"S": "Home"}},
           "SequenceNumber": "111", "SizeBytes": 26, "StreamViewType": "NEW_AND_OLD_IMAGES"},
         "eventSourceARN": "arn:aws:dynamodb:eu-west-1:123456789012:table/web/stream/2026-11-27T08:00:00.000"},
        {"eventID": "2", "eventName": "REMOVE", "eventVersion": "1.1", "eventSource": "aws:dynamodb",
         "awsRegion": "eu-west-1",
         "dynamodb": {"Keys": {"pk": {"S": "SESSION#s1"}, "sk": {"S": "SESSION"}},
           "OldImage": {"pk": {"S": "SESSION#s1"}, "sk": {"S": "SESSION"}, "_type": {"S": "Session"},
             "id": {"S": "s1"}, "user": {"S": "ada"}, "expiresAt": {"N": "1795770000"}},
           "SequenceNumber": "222", "SizeBytes": 40, "StreamViewType": "NEW_AND_OLD_IMAGES"},
         "userIdentity": {"type": "Service", "principalId": "dynamodb.amazonaws.com"}},
        {"eventID": "3", "eventName": "MODIFY", "eventVersion": "1.1", "eventSource": "aws:dynamodb",
         "awsRegion": "eu-west-1",
         "dynamodb": {"Keys": {"pk": {"S": "PAGE#/"}, "sk": {"S": "PAGE"}},
           "OldImage": {"pk": {"S": "PAGE#/"}, "sk": {"S": "PAGE"}, "_type": {"S": "Page"}, "path": {"S": "/"},
             "title": {"S": "Home"}},
           "NewImage": {"pk": {"S": "PAGE#/"}, "sk": {"S": "PAGE"}, "_type": {"S": "Page"}, "path": {"S": "/"},
             "title": {"S": "Start"}},
           "SequenceNumber": "333", "SizeBytes": 50, "StreamViewType": "NEW_AND_OLD_IMAGES"}}
      ]}
      """;

  @Test
  void aLambdaEventIsDecodedIntoTheSameEvents() {
    List<StreamEvent<Web>> seen = new ArrayList<>();
    StreamProcessor<Web> processor = StreamProcessor.of(StreamEvents.of(model, Web.class), seen::add);
    assertEquals("{\n  \"batchItemFailures\": [\n  ]\n}", processor.lambdaJson(EVENT));
    Session s1 = new Session("s1", "ada", Instant.ofEpochSecond(1795770000));
    List<StreamEvent<Web>> expected = List.of(new StreamEvent.Inserted<>(new Page("/", "Home")),
        new StreamEvent.Expired<>(s1), new StreamEvent.Modified<>(new Page("/", "Home"), new Page("/", "Start")));
    assertEquals(expected, seen);
    assertEquals(Instant.ofEpochSecond(1795766400),
        LambdaStreamEvent.records(EVENT).get(0).dynamodb().approximateCreationDateTime());

    // the Java runtime's map (numbers as Integer and Double, as its JSON binding gives them)
    seen.clear();
    Map<String, Object> runtime = Map.of("Records", List.of(Map.of("eventID", "9", "eventName", "REMOVE",
        "dynamodb", Map.of("OldImage", Map.of("_type", Map.of("S", "Session"), "pk", Map.of("S", "SESSION#s1"),
            "sk", Map.of("S", "SESSION"), "id", Map.of("S", "s1"), "user", Map.of("S", "ada"),
            "expiresAt", Map.of("N", "1795770000")), "SequenceNumber", "999", "SizeBytes", 40,
            "ApproximateCreationDateTime", 1.7957664E9, "StreamViewType", "NEW_AND_OLD_IMAGES"))));
    assertEquals(Map.of("batchItemFailures", List.of()), processor.lambda(runtime));
    assertEquals(List.of(new StreamEvent.Removed<Web>(s1)), seen); // no userIdentity: a write deleted it
  }

  @Test
  void aFailedRecordIsReportedToLambdaAndTheRecordsAfterItAreLeftForTheRetry() {
    List<String> handled = new ArrayList<>();
    StreamProcessor<Web> processor = StreamProcessor.of(StreamEvents.of(model, Web.class), e -> {
      if (e instanceof StreamEvent.Expired<Web>) {
        throw new IllegalStateException("archive unavailable");
      }
      handled.add(e.getClass().getSimpleName());
    });
    assertEquals("{\n  \"batchItemFailures\": [\n    {\n      \"itemIdentifier\": \"222\"\n    }\n  ]\n}",
        processor.lambdaJson(EVENT));
    assertEquals(List.of("Inserted"), handled);
  }
}
