package io.partita.server;

import static io.partita.server.RawHttp.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.embedded.MutableClock;
import io.partita.engine.Partita;
import io.partita.server.auth.Credentials;
import io.partita.server.auth.SigV4Verifier;
import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ExpiredIteratorException;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ListStreamsResponse;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardFilterType;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamDescription;
import software.amazon.awssdk.services.dynamodb.model.StreamStatus;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * DynamoDB Streams over HTTP: the AWS SDK for Java v2's {@link DynamoDbStreamsClient}, pointed at
 * the same endpoint as its DynamoDbClient, with signatures verified (the Streams client signs for the
 * service {@code dynamodb}), reads what the DynamoDbClient wrote; its errors arrive as the SDK's
 * exception types; the wire shape of records and of unknown operations (docs/ttl-streams.md section 5).
 */
class StreamsOverHttpTest {
  private static final String KEY = "AKIDPARTITA";
  private static final String SECRET = "s3cret";

  /** The database's clock, moved by hand to age iterators; the signature check keeps the real one. */
  private final MutableClock clock = new MutableClock(Instant.parse("2025-06-01T12:00:00.250Z"));
  private Partita partita;
  private PartitaServer server;
  private DynamoDbClient dynamo;
  private DynamoDbStreamsClient streams;

  @BeforeEach
  void start() throws Exception {
    partita = Partita.with().clock(clock).inMemory();
    SigV4Verifier verifier = new SigV4Verifier(Credentials.of(Map.of(KEY, SECRET)), "us-east-1", Clock.systemUTC());
    server = PartitaServer.start(partita, ServerConfig.defaults().withPort(0).withAuthenticator(verifier::verify));
    dynamo = SdkOverHttp.client(server.endpoint(), KEY, SECRET);
    streams = SdkOverHttp.streamsClient(server.endpoint(), KEY, SECRET);
  }

  @AfterEach
  void stop() throws Exception {
    streams.close();
    dynamo.close();
    server.close();
    partita.close();
  }

  private String tableWithStream(String name) {
    dynamo.createTable(b -> b.tableName(name)
        .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
        .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
        .billingMode("PAY_PER_REQUEST")
        .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_AND_OLD_IMAGES)));
    return dynamo.describeTable(b -> b.tableName(name)).table().latestStreamArn();
  }

  private static AttributeValue s(String v) {
    return AttributeValue.fromS(v);
  }

  @Test
  void theStreamsClientReadsWhatTheDynamoDbClientWrote() {
    String arn = tableWithStream("orders");
    dynamo.putItem(b -> b.tableName("orders").item(Map.of("pk", s("a"), "v", s("1"))));
    dynamo.updateItem(b -> b.tableName("orders").key(Map.of("pk", s("a"))).updateExpression("SET v = :v")
        .expressionAttributeValues(Map.of(":v", s("2"))));
    dynamo.putItem(b -> b.tableName("orders").item(Map.of("pk", s("b"), "n", AttributeValue.fromN("1.50"))));
    dynamo.deleteItem(b -> b.tableName("orders").key(Map.of("pk", s("a"))));

    ListStreamsResponse list = streams.listStreams(b -> b.tableName("orders"));
    assertEquals(1, list.streams().size());
    assertEquals(arn, list.streams().get(0).streamArn());
    assertEquals("orders", list.streams().get(0).tableName());
    assertTrue(arn.endsWith("/stream/" + list.streams().get(0).streamLabel()));
    assertEquals(List.of(arn), streams.listStreams().streams().stream().map(x -> x.streamArn()).toList(),
        "ListStreams without a table, the SDK's no-argument form");

    StreamDescription d = streams.describeStream(b -> b.streamArn(arn)).streamDescription();
    assertEquals(StreamStatus.ENABLED, d.streamStatus());
    assertEquals(StreamViewType.NEW_AND_OLD_IMAGES, d.streamViewType());
    assertEquals("orders", d.tableName());
    assertEquals("pk", d.keySchema().get(0).attributeName());
    assertNotNull(d.creationRequestDateTime());
    assertEquals(1, d.shards().size());
    Shard shard = d.shards().get(0);
    assertNull(shard.sequenceNumberRange().endingSequenceNumber(), "the one shard is open");

    String iterator = streams.getShardIterator(b -> b.streamArn(arn).shardId(shard.shardId())
        .shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
    List<Record> records = new ArrayList<>();
    for (int page = 0; page < 10 && iterator != null; page++) {
      String it = iterator;
      GetRecordsResponse r = streams.getRecords(b -> b.shardIterator(it).limit(3));
      records.addAll(r.records());
      iterator = r.records().isEmpty() ? null : r.nextShardIterator();
    }
    assertEquals(List.of("INSERT a", "MODIFY a", "INSERT b", "REMOVE a"),
        records.stream().map(r -> r.eventNameAsString() + " " + r.dynamodb().keys().get("pk").s()).toList());
    Record modify = records.get(1);
    assertEquals(Map.of("pk", s("a"), "v", s("1")), modify.dynamodb().oldImage());
    assertEquals(Map.of("pk", s("a"), "v", s("2")), modify.dynamodb().newImage());
    assertEquals("1.5", records.get(2).dynamodb().newImage().get("n").n(), "the number as the item holds it");
    assertFalse(records.get(3).dynamodb().hasNewImage());
    assertEquals(OperationType.REMOVE, records.get(3).eventName());
    assertEquals("aws:dynamodb", modify.eventSource());
    assertEquals("us-east-1", modify.awsRegion());
    // epoch seconds on the wire, read back by the SDK as the record's time (whole seconds)
    Instant created = modify.dynamodb().approximateCreationDateTime();
    assertEquals(clock.instant().getEpochSecond(), created.getEpochSecond());
    assertEquals(0, created.getNano());
    // the SDK's ShardFilter crosses the wire: after a roll-over, the one shard's children are the new one
    partita.rollOverStreamShards();
    List<Shard> children = streams.describeStream(b -> b.streamArn(arn)
        .shardFilter(f -> f.type(ShardFilterType.CHILD_SHARDS).shardId(shard.shardId()))).streamDescription().shards();
    assertEquals(1, children.size());
    assertEquals(shard.shardId(), children.get(0).parentShardId());
    assertNull(children.get(0).sequenceNumberRange().endingSequenceNumber(), "the child is the open shard");
  }

  @Test
  void unsignedStreamsRequestsAreRefused() {
    tableWithStream("signed");
    HttpResponse<byte[]> unsigned = new RawHttp(server.endpoint()).post("DynamoDBStreams_20120810.ListStreams", "{}");
    assertEquals(400, unsigned.statusCode(), text(unsigned));
    assertTrue(text(unsigned).contains("MissingAuthenticationTokenException"), text(unsigned));
  }

  @Test
  void errorsAreTheSdksExceptionTypes() {
    String arn = tableWithStream("errs");
    DynamoDbException invalid = assertThrows(DynamoDbException.class,
        () -> streams.describeStream(b -> b.streamArn("sdfadfsdfadfsdfadfsdfadfsdfadfsdfadfsdf")));
    assertError(invalid, 400, "ValidationException", "Invalid StreamArn");
    assertEquals("DynamoDbStreams", invalid.awsErrorDetails().serviceName());

    String unknown = "arn:aws:dynamodb:us-east-1:000000000000:table/nope/stream/2017-10-05T14:36:01.514";
    ResourceNotFoundException missing = assertThrows(ResourceNotFoundException.class,
        () -> streams.describeStream(b -> b.streamArn(unknown)));
    assertError(missing, 400, "ResourceNotFoundException", "Requested resource not found: Stream: " + unknown
        + " not found");

    String shard = streams.describeStream(b -> b.streamArn(arn)).streamDescription().shards().get(0).shardId();
    String iterator = streams.getShardIterator(b -> b.streamArn(arn).shardId(shard)
        .shardIteratorType(ShardIteratorType.LATEST)).shardIterator();
    clock.advance(Duration.ofMinutes(16));
    ExpiredIteratorException expired = assertThrows(ExpiredIteratorException.class,
        () -> streams.getRecords(b -> b.shardIterator(iterator)));
    assertError(expired, 400, "ExpiredIteratorException", "The provided iterator exceeds the maximum age allowed.");

    DynamoDbException limit = assertThrows(DynamoDbException.class,
        () -> streams.getRecords(b -> b.shardIterator(iterator).limit(1001)));
    assertEquals("ValidationException", limit.awsErrorDetails().errorCode());
  }

  private static void assertError(AwsServiceException e, int status, String code, String message) {
    assertEquals(status, e.statusCode());
    assertEquals(code, e.awsErrorDetails().errorCode());
    assertEquals(message, e.awsErrorDetails().errorMessage());
  }

  /**
   * Each API's operations under its own prefix only: ListTables under the Streams prefix and
   * ListStreams under DynamoDB's are unknown operations, as a made-up name is.
   */
  @Test
  void unknownStreamsOperations() throws Exception {
    server.close();
    server = PartitaServer.start(partita, ServerConfig.defaults().withPort(0));
    RawHttp raw = new RawHttp(server.endpoint());
    for (String target : List.of("DynamoDBStreams_20120810.Frobnicate", "DynamoDBStreams_20120810.ListTables",
        "DynamoDB_20120810.ListStreams", "DynamoDBStreams_20120810.", "DynamoDBStreams_20120810")) {
      HttpResponse<byte[]> r = raw.post(target, "{}");
      assertEquals(400, r.statusCode(), target);
      assertEquals("{\"__type\":\"com.amazon.coral.service#UnknownOperationException\","
          + "\"message\":\"An unknown operation was requested.\"}", text(r), target);
    }
    HttpResponse<byte[]> empty = raw.post("DynamoDBStreams_20120810.ListStreams", "{}");
    assertEquals(200, empty.statusCode());
    assertEquals("{\"Streams\":[]}", text(empty));

    String arn = tableWithStreamRaw(raw);
    dynamoPut(raw);
    String describe = text(raw.post("DynamoDBStreams_20120810.DescribeStream", "{\"StreamArn\":\"" + arn + "\"}"));
    Matcher shard = Pattern.compile("\"ShardId\":\"([^\"]+)\"").matcher(describe);
    assertTrue(shard.find(), describe);
    String iterator = field(text(raw.post("DynamoDBStreams_20120810.GetShardIterator", "{\"StreamArn\":\"" + arn
        + "\",\"ShardId\":\"" + shard.group(1) + "\",\"ShardIteratorType\":\"TRIM_HORIZON\"}")), "ShardIterator");
    String records = text(raw.post("DynamoDBStreams_20120810.GetRecords", "{\"ShardIterator\":\"" + iterator + "\"}"));
    // a JSON number of epoch seconds (docs/ttl-streams.md section 5.7), whole seconds as the service's are
    Matcher time = Pattern.compile("\"ApproximateCreationDateTime\":([0-9.Ee+]+)[,}]").matcher(records);
    assertTrue(time.find(), records);
    assertEquals(0, new BigDecimal(time.group(1)).compareTo(BigDecimal.valueOf(clock.instant().getEpochSecond())),
        records);
    assertTrue(records.contains("\"Keys\":{\"pk\":{\"S\":\"a\"}}"), records);
    assertTrue(records.contains("\"eventName\":\"INSERT\""), records);
    // ShardFilter CHILD_SHARDS lists only the children of the shard it names: two roll-overs make a
    // chain parent -> child -> grandchild, so a filter read as no filter would list all three
    // (a second apart: shard ids begin with their creation time, so the chain lists in order)
    clock.advance(Duration.ofSeconds(1));
    partita.rollOverStreamShards();
    clock.advance(Duration.ofSeconds(1));
    partita.rollOverStreamShards();
    String all = text(raw.post("DynamoDBStreams_20120810.DescribeStream", "{\"StreamArn\":\"" + arn + "\"}"));
    List<String> chain = shardIds(all);
    assertEquals(3, chain.size(), all);
    assertEquals(shard.group(1), chain.get(0), all);
    HttpResponse<byte[]> filtered = raw.post("DynamoDBStreams_20120810.DescribeStream", "{\"StreamArn\":\"" + arn
        + "\",\"ShardFilter\":{\"Type\":\"CHILD_SHARDS\",\"ShardId\":\"" + chain.get(0) + "\"}}");
    assertEquals(200, filtered.statusCode(), text(filtered));
    String children = text(filtered);
    assertEquals(List.of(chain.get(1)), shardIds(children), children);
    assertTrue(children.contains("\"ParentShardId\":\"" + chain.get(0) + "\""), children);
    assertFalse(children.contains("LastEvaluatedShardId"), children);
    // the open shard has no children yet; an unknown type is the enum constraint's refusal
    assertTrue(text(raw.post("DynamoDBStreams_20120810.DescribeStream", "{\"StreamArn\":\"" + arn
        + "\",\"ShardFilter\":{\"Type\":\"CHILD_SHARDS\",\"ShardId\":\"" + chain.get(2) + "\"}}"))
        .contains("\"Shards\":[]"));
    HttpResponse<byte[]> badType = raw.post("DynamoDBStreams_20120810.DescribeStream", "{\"StreamArn\":\"" + arn
        + "\",\"ShardFilter\":{\"Type\":\"PARENT_SHARDS\",\"ShardId\":\"" + chain.get(0) + "\"}}");
    assertEquals(400, badType.statusCode());
    assertTrue(text(badType).contains("Value 'PARENT_SHARDS' at 'shardFilter.type' failed to satisfy constraint"),
        text(badType));
  }

  /** The ShardIds of a DescribeStream answer, in order (the leading quote keeps ParentShardId out). */
  private static List<String> shardIds(String describe) {
    Matcher ids = Pattern.compile("\"ShardId\":\"([^\"]+)\"").matcher(describe);
    List<String> out = new ArrayList<>();
    while (ids.find()) {
      out.add(ids.group(1));
    }
    return out;
  }

  private String tableWithStreamRaw(RawHttp raw) {
    String created = text(raw.post("CreateTable", "{\"TableName\":\"wire\",\"AttributeDefinitions\":[{\"AttributeName\""
        + ":\"pk\",\"AttributeType\":\"S\"}],\"KeySchema\":[{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"}],"
        + "\"BillingMode\":\"PAY_PER_REQUEST\",\"StreamSpecification\":{\"StreamEnabled\":true,\"StreamViewType\":"
        + "\"KEYS_ONLY\"}}"));
    return field(created, "LatestStreamArn");
  }

  private static void dynamoPut(RawHttp raw) {
    assertEquals(200, raw.post("PutItem", "{\"TableName\":\"wire\",\"Item\":{\"pk\":{\"S\":\"a\"}}}").statusCode());
  }

  private static String field(String json, String name) {
    Matcher m = Pattern.compile("\"" + name + "\":\"([^\"]+)\"").matcher(json);
    assertTrue(m.find(), name + " in " + json);
    return m.group(1);
  }
}
