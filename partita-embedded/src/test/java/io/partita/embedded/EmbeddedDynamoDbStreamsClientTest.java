package io.partita.embedded;

import static io.partita.embedded.Fixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.partita.engine.Partita;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbStreamsRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbStreamsResponse;
import software.amazon.awssdk.services.dynamodb.model.ExpiredIteratorException;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamDescription;
import software.amazon.awssdk.services.dynamodb.model.StreamStatus;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TrimmedDataAccessException;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The embedded {@link DynamoDbStreamsClient} ({@link PartitaDynamoDbStreams#over}): the SDK's
 * Streams client over the same database as a {@link DynamoDbClient}, its convenience forms, and the
 * engine's refusals as the SDK's exception types for the Streams API.
 */
class EmbeddedDynamoDbStreamsClientTest {
  private final MutableClock clock = new MutableClock();
  private Partita partita;
  private DynamoDbClient dynamo;
  private DynamoDbStreamsClient streams;

  @BeforeEach
  void open() {
    partita = Partita.with().clock(clock).timeToLiveInterval(Duration.ZERO).inMemory();
    dynamo = PartitaDynamoDb.over(partita);
    streams = PartitaDynamoDbStreams.over(partita);
  }

  @AfterEach
  void close() {
    streams.close();
    partita.close();
  }

  /** As EmbeddedDynamoDbClientTest's: an operation not overridden would throw UnsupportedOperationException. */
  @Test
  void everyOperationOfTheInterfaceIsOverridden() {
    List<String> operations = new ArrayList<>();
    List<String> missing = new ArrayList<>();
    for (Method m : DynamoDbStreamsClient.class.getMethods()) {
      if (m.getParameterCount() == 1 && DynamoDbStreamsRequest.class.isAssignableFrom(m.getParameterTypes()[0])
          && DynamoDbStreamsResponse.class.isAssignableFrom(m.getReturnType())) {
        operations.add(m.getName());
        try {
          EmbeddedDynamoDbStreamsClient.class.getDeclaredMethod(m.getName(), m.getParameterTypes());
        } catch (NoSuchMethodException e) {
          missing.add(m.getName());
        }
      }
    }
    assertEquals(4, operations.size(), "the SDK's DynamoDbStreamsClient operations: " + operations);
    assertEquals(List.of(), missing, "operations of DynamoDbStreamsClient that EmbeddedDynamoDbStreamsClient does not override");
    assertEquals("dynamodb", streams.serviceName());
  }

  private String tableWithStream(String name, StreamViewType view) {
    Fixtures.createTable(dynamo, name, null);
    dynamo.updateTable(b -> b.tableName(name).streamSpecification(x -> x.streamEnabled(true).streamViewType(view)));
    return dynamo.describeTable(b -> b.tableName(name)).table().latestStreamArn();
  }

  private String shardId(String arn) {
    return streams.describeStream(b -> b.streamArn(arn)).streamDescription().shards().get(0).shardId();
  }

  @Test
  void readsWhatTheDynamoDbClientWrote() {
    String arn = tableWithStream("app", StreamViewType.NEW_AND_OLD_IMAGES);
    dynamo.putItem(b -> b.tableName("app").item(Map.of("pk", s("a"), "v", s("1"))));
    dynamo.putItem(b -> b.tableName("app").item(Map.of("pk", s("a"), "v", s("2"))));
    dynamo.putItem(b -> b.tableName("app").item(Map.of("pk", s("b"))));
    dynamo.deleteItem(b -> b.tableName("app").key(Map.of("pk", s("a"))));

    assertEquals(List.of(arn), streams.listStreams().streams().stream().map(x -> x.streamArn()).toList());
    assertEquals("app", streams.listStreams(b -> b.tableName("app")).streams().get(0).tableName());
    StreamDescription d = streams.describeStream(b -> b.streamArn(arn)).streamDescription();
    assertEquals(StreamStatus.ENABLED, d.streamStatus());
    assertEquals(StreamViewType.NEW_AND_OLD_IMAGES, d.streamViewType());
    Shard shard = d.shards().get(0);
    assertNull(shard.sequenceNumberRange().endingSequenceNumber());

    String iterator = streams.getShardIterator(b -> b.streamArn(arn).shardId(shard.shardId())
        .shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
    List<Record> records = new ArrayList<>();
    while (iterator != null) {
      String it = iterator;
      GetRecordsResponse r = streams.getRecords(b -> b.shardIterator(it).limit(3));
      records.addAll(r.records());
      iterator = r.records().isEmpty() ? null : r.nextShardIterator();
    }
    assertEquals(List.of("INSERT a", "MODIFY a", "INSERT b", "REMOVE a"),
        records.stream().map(r -> r.eventNameAsString() + " " + r.dynamodb().keys().get("pk").s()).toList());
    assertEquals(Map.of("pk", s("a"), "v", s("1")), records.get(1).dynamodb().oldImage());
    assertEquals(Map.of("pk", s("a"), "v", s("2")), records.get(1).dynamodb().newImage());
    assertFalse(records.get(3).dynamodb().hasNewImage());
    assertEquals(clock.epochSecond(), records.get(0).dynamodb().approximateCreationDateTime().getEpochSecond());
  }

  @Test
  void refusalsAreTheSdksExceptionTypes() {
    String arn = tableWithStream("app", StreamViewType.KEYS_ONLY);
    dynamo.putItem(b -> b.tableName("app").item(Map.of("pk", s("a"))));
    String shard = shardId(arn);

    DynamoDbException invalid = assertThrows(DynamoDbException.class,
        () -> streams.describeStream(b -> b.streamArn("sdfadfsdfadfsdfadfsdfadfsdfadfsdfadfsdf")));
    assertEquals(DynamoDbException.class, invalid.getClass());
    assertRefusal(invalid, "ValidationException", "Invalid StreamArn");

    String unknown = "arn:aws:dynamodb:us-east-1:000000000000:table/nope/stream/2017-10-05T14:36:01.514";
    assertRefusal(assertThrows(ResourceNotFoundException.class, () -> streams.describeStream(b -> b.streamArn(unknown))),
        "ResourceNotFoundException", "Requested resource not found: Stream: " + unknown + " not found");

    String sequence = streams.getRecords(b -> b.shardIterator(streams.getShardIterator(i -> i.streamArn(arn)
        .shardId(shard).shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator()))
        .records().get(0).dynamodb().sequenceNumber();
    String iterator = streams.getShardIterator(b -> b.streamArn(arn).shardId(shard)
        .shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
    clock.advance(Duration.ofMinutes(16));
    assertRefusal(assertThrows(ExpiredIteratorException.class, () -> streams.getRecords(b -> b.shardIterator(iterator))),
        "ExpiredIteratorException", "The provided iterator exceeds the maximum age allowed.");

    // 24 hours on, the first record is past the retention
    clock.advance(Duration.ofHours(24));
    dynamo.putItem(b -> b.tableName("app").item(Map.of("pk", s("b"))));
    partita.trimStreamsNow();
    assertRefusal(assertThrows(TrimmedDataAccessException.class, () -> streams.getShardIterator(b -> b.streamArn(arn)
            .shardId(shard).shardIteratorType(ShardIteratorType.AT_SEQUENCE_NUMBER).sequenceNumber(sequence))),
        "TrimmedDataAccessException", "The data you are trying to access has been trimmed.");
  }

  private static void assertRefusal(AwsServiceException e, String code, String message) {
    assertEquals(400, e.statusCode());
    assertEquals(code, e.awsErrorDetails().errorCode());
    assertEquals(message, e.awsErrorDetails().errorMessage());
    assertEquals(message, e.getMessage().replaceFirst(" \\(Service: .*$", ""));
    assertEquals("DynamoDbStreams", e.awsErrorDetails().serviceName());
    assertEquals(400, e.awsErrorDetails().sdkHttpResponse().statusCode());
  }
}
