package io.partita.embedded;

import static io.partita.embedded.Fixtures.n;
import static io.partita.embedded.Fixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import io.partita.engine.PartitaException;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamResponse;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorRequest;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorResponse;
import software.amazon.awssdk.services.dynamodb.model.ListStreamsRequest;
import software.amazon.awssdk.services.dynamodb.model.ListStreamsResponse;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardFilterType;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.StreamStatus;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveSpecification;

/**
 * DynamoDB Streams in the engine (issue 15): StreamSpecification on CreateTable and UpdateTable,
 * records written with their changes (none for a write that changes nothing), images by view type,
 * shards that roll over and keep their lineage, retention and iterator age, and the Streams API's
 * answers, through {@code Partita.execute} with the SDK's own request types. Facts:
 * docs/ttl-streams.md sections 4 and 5.
 */
class StreamsTest {
  private final MutableClock clock = new MutableClock();
  private Partita partita;
  private DynamoDbClient dynamo;

  private void open(Path dir) {
    Partita.Options o = Partita.with().clock(clock).timeToLiveInterval(Duration.ZERO);
    partita = dir == null ? o.inMemory() : o.open(dir);
    dynamo = PartitaDynamoDb.over(partita);
  }

  @AfterEach
  void close() {
    if (partita != null) {
      partita.close();
    }
  }

  private String createTable(String name, StreamViewType view) {
    Fixtures.createTable(dynamo, name, ScalarAttributeType.S);
    if (view != null) {
      dynamo.updateTable(b -> b.tableName(name).streamSpecification(spec(view)));
    }
    return dynamo.describeTable(b -> b.tableName(name)).table().latestStreamArn();
  }

  private static StreamSpecification spec(StreamViewType view) {
    return StreamSpecification.builder().streamEnabled(true).streamViewType(view).build();
  }

  private static Map<String, AttributeValue> key(String pk) {
    return Map.of("pk", s(pk), "sk", s("x"));
  }

  private void put(String table, String pk, String v) {
    dynamo.putItem(b -> b.tableName(table).item(Map.of("pk", s(pk), "sk", s("x"), "v", s(v))));
  }

  private List<Shard> shards(String arn) {
    DescribeStreamResponse d = partita.execute(DescribeStreamRequest.builder().streamArn(arn).build());
    return d.streamDescription().shards();
  }

  private String iterator(String arn, String shardId, ShardIteratorType type, String sequence) {
    GetShardIteratorResponse r = partita.execute(GetShardIteratorRequest.builder().streamArn(arn).shardId(shardId)
        .shardIteratorType(type).sequenceNumber(sequence).build());
    return r.shardIterator();
  }

  /** Every record of the shard from its start, following NextShardIterator while records come. */
  private List<Record> readShard(String arn, String shardId) {
    List<Record> out = new ArrayList<>();
    String it = iterator(arn, shardId, ShardIteratorType.TRIM_HORIZON, null);
    while (it != null) {
      GetRecordsResponse r = partita.execute(GetRecordsRequest.builder().shardIterator(it).limit(2).build());
      out.addAll(r.records());
      it = r.records().isEmpty() ? null : r.nextShardIterator();
    }
    return out;
  }

  private List<Record> readAll(String arn) {
    List<Record> out = new ArrayList<>();
    for (Shard shard : shards(arn)) {
      out.addAll(readShard(arn, shard.shardId()));
    }
    return out;
  }

  private static List<String> events(List<Record> records) {
    return records.stream().map(r -> r.eventName() + " " + r.dynamodb().keys().get("pk").s()).toList();
  }

  @Test
  void everyChangeOnceInOrderAndNothingForWritesThatChangeNothing() {
    open(null);
    String arn = createTable("app", StreamViewType.NEW_AND_OLD_IMAGES);
    TableDescription t = dynamo.describeTable(b -> b.tableName("app")).table();
    assertEquals(spec(StreamViewType.NEW_AND_OLD_IMAGES), t.streamSpecification());
    assertTrue(arn.matches("arn:aws:dynamodb:us-east-1:000000000000:table/app/stream/\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}"), arn);
    assertTrue(arn.endsWith("/stream/" + t.latestStreamLabel()));

    put("app", "a", "1");                          // INSERT
    put("app", "a", "1");                          // the same item again: no record
    dynamo.updateItem(b -> b.tableName("app").key(key("a")).updateExpression("SET v = :v")
        .expressionAttributeValues(Map.of(":v", s("2"))));  // MODIFY
    assertThrows(ConditionalCheckFailedException.class, () -> dynamo.deleteItem(b -> b.tableName("app").key(key("a"))
        .conditionExpression("attribute_not_exists(pk)")));  // refused: no record
    dynamo.deleteItem(b -> b.tableName("app").key(key("missing")));  // nothing to delete: no record
    dynamo.transactWriteItems(b -> b.transactItems(
        i -> i.put(p -> p.tableName("app").item(Map.of("pk", s("b"), "sk", s("x"))))
            .build(),
        i -> i.delete(d -> d.tableName("app").key(key("a"))).build()));  // INSERT b, REMOVE a
    dynamo.batchWriteItem(b -> b.requestItems(Map.of("app", List.of(
        software.amazon.awssdk.services.dynamodb.model.WriteRequest.builder().putRequest(p -> p.item(
            Map.of("pk", s("c"), "sk", s("x")))).build()))));  // INSERT c

    List<Record> records = readAll(arn);
    assertEquals(List.of("INSERT a", "MODIFY a", "INSERT b", "REMOVE a", "INSERT c"), events(records));
    Record modify = records.get(1);
    assertEquals(Map.of("pk", s("a"), "sk", s("x"), "v", s("1")), modify.dynamodb().oldImage());
    assertEquals(Map.of("pk", s("a"), "sk", s("x"), "v", s("2")), modify.dynamodb().newImage());
    assertEquals(key("a"), modify.dynamodb().keys());
    assertEquals("1.1", modify.eventVersion());
    assertEquals("aws:dynamodb", modify.eventSource());
    assertEquals("us-east-1", modify.awsRegion());
    assertTrue(modify.eventID().matches("[0-9a-f]{32}"), modify.eventID());
    assertEquals(StreamViewType.NEW_AND_OLD_IMAGES, modify.dynamodb().streamViewType());
    // SizeBytes: the item sizes of Keys, OldImage and NewImage (docs/ttl-streams.md section 5.7)
    assertEquals(Long.valueOf(6 + 8 + 8), modify.dynamodb().sizeBytes()); // pk a, sk x; and v 1 or 2
    assertFalse(records.get(0).dynamodb().hasOldImage(), "an INSERT has no old image");
    assertFalse(records.get(3).dynamodb().hasNewImage(), "a REMOVE has no new image");
    BigInteger previous = BigInteger.ZERO;
    for (Record r : records) {
      BigInteger sequence = new BigInteger(r.dynamodb().sequenceNumber());
      assertTrue(sequence.compareTo(previous) > 0, "sequence numbers increase");
      assertEquals(21, r.dynamodb().sequenceNumber().length());
      previous = sequence;
    }
  }

  @Test
  void eachViewTypeCarriesItsImages() {
    open(null);
    Map<StreamViewType, String> arns = Map.of(StreamViewType.KEYS_ONLY, createTable("kkk", StreamViewType.KEYS_ONLY),
        StreamViewType.NEW_IMAGE, createTable("nnn", StreamViewType.NEW_IMAGE),
        StreamViewType.OLD_IMAGE, createTable("ooo", StreamViewType.OLD_IMAGE));
    for (String table : List.of("kkk", "nnn", "ooo")) {
      put(table, "a", "1");
      put(table, "a", "2");
    }
    Record keysOnly = readAll(arns.get(StreamViewType.KEYS_ONLY)).get(1);
    assertFalse(keysOnly.dynamodb().hasOldImage());
    assertFalse(keysOnly.dynamodb().hasNewImage());
    Record newOnly = readAll(arns.get(StreamViewType.NEW_IMAGE)).get(1);
    assertFalse(newOnly.dynamodb().hasOldImage());
    assertEquals(s("2"), newOnly.dynamodb().newImage().get("v"));
    Record oldOnly = readAll(arns.get(StreamViewType.OLD_IMAGE)).get(1);
    assertEquals(s("1"), oldOnly.dynamodb().oldImage().get("v"));
    assertFalse(oldOnly.dynamodb().hasNewImage());
  }

  @Test
  void aTimeToLiveDeletionIsTheServicesRemove() {
    open(null);
    String arn = createTable("app", StreamViewType.NEW_AND_OLD_IMAGES);
    dynamo.updateTimeToLive(b -> b.tableName("app").timeToLiveSpecification(TimeToLiveSpecification.builder()
        .attributeName("exp").enabled(true).build()));
    dynamo.putItem(b -> b.tableName("app").item(Map.of("pk", s("a"), "sk", s("x"), "exp",
        n(Long.toString(clock.epochSecond() - 1)))));
    assertEquals(1, partita.expireNow());
    Record remove = readAll(arn).get(1);
    assertEquals(OperationType.REMOVE, remove.eventName());
    assertEquals("Service", remove.userIdentity().type());
    assertEquals("dynamodb.amazonaws.com", remove.userIdentity().principalId());
    assertNull(readAll(arn).get(0).userIdentity(), "a client's write has no userIdentity");
  }

  /** A rolled-over shard is closed at its last record; its child names it and gets what follows. */
  @Test
  void shardsRollOverAndKeepTheirLineage() {
    open(null);
    String arn = createTable("app", StreamViewType.KEYS_ONLY);
    put("app", "a", "1");
    put("app", "b", "1");
    partita.rollOverStreamShards();
    put("app", "c", "1");
    List<Shard> shards = shards(arn);
    assertEquals(2, shards.size());
    Shard parent = shards.get(0);
    Shard child = shards.get(1);
    assertEquals(parent.shardId(), child.parentShardId());
    assertNull(parent.parentShardId());
    assertTrue(parent.shardId().matches("shardId-\\d{20}-[0-9a-f]{8}"), parent.shardId());
    assertTrue(parent.sequenceNumberRange().endingSequenceNumber() != null, "the parent is closed");
    assertNull(child.sequenceNumberRange().endingSequenceNumber(), "the child is open");
    assertEquals(List.of("INSERT a", "INSERT b"), events(readShard(arn, parent.shardId())));
    assertEquals(List.of("INSERT c"), events(readShard(arn, child.shardId())));
    // a closed shard read to its end gives no next iterator; an open one always does
    GetRecordsResponse end = partita.execute(GetRecordsRequest.builder()
        .shardIterator(iterator(arn, parent.shardId(), ShardIteratorType.TRIM_HORIZON, null)).build());
    assertEquals(2, end.records().size());
    assertNull(end.nextShardIterator());
    GetRecordsResponse latest = partita.execute(GetRecordsRequest.builder()
        .shardIterator(iterator(arn, child.shardId(), ShardIteratorType.LATEST, null)).build());
    assertTrue(latest.records().isEmpty());
    put("app", "d", "1");
    GetRecordsResponse next = partita.execute(GetRecordsRequest.builder().shardIterator(latest.nextShardIterator()).build());
    assertEquals(List.of("INSERT d"), events(next.records()));
    // AT and AFTER a sequence number
    String cSequence = readShard(arn, child.shardId()).get(0).dynamodb().sequenceNumber();
    assertEquals(List.of("INSERT c", "INSERT d"), events(partita.<GetRecordsResponse>execute(GetRecordsRequest.builder()
        .shardIterator(iterator(arn, child.shardId(), ShardIteratorType.AT_SEQUENCE_NUMBER, cSequence)).build())
        .records()));
    assertEquals(List.of("INSERT d"), events(partita.<GetRecordsResponse>execute(GetRecordsRequest.builder()
        .shardIterator(iterator(arn, child.shardId(), ShardIteratorType.AFTER_SEQUENCE_NUMBER, cSequence)).build())
        .records()));
    // DescribeStream pages its shards
    DescribeStreamResponse first = partita.execute(DescribeStreamRequest.builder().streamArn(arn).limit(1).build());
    assertEquals(parent.shardId(), first.streamDescription().lastEvaluatedShardId());
    DescribeStreamResponse rest = partita.execute(DescribeStreamRequest.builder().streamArn(arn).limit(1)
        .exclusiveStartShardId(parent.shardId()).build());
    assertEquals(List.of(child), rest.streamDescription().shards());
    assertNull(rest.streamDescription().lastEvaluatedShardId());
    // ShardFilter CHILD_SHARDS: only the named shard's children, paged as usual (a consumer that has
    // read a closed shard to its end asks for its children this way); compared by id, since the
    // roll-over closed the child
    clock.advance(Duration.ofSeconds(1)); // shard ids begin with their creation time: the grandchild sorts last
    partita.rollOverStreamShards();
    List<Shard> all = shards(arn);
    assertEquals(3, all.size());
    Shard grandchild = all.get(2);
    assertEquals(child.shardId(), grandchild.parentShardId());
    assertEquals(List.of(child.shardId()), ids(children(arn, parent.shardId(), null, null)));
    assertEquals(List.of(grandchild.shardId()), ids(children(arn, child.shardId(), null, null)));
    assertEquals(List.of(grandchild), children(arn, child.shardId(), null, null).streamDescription().shards());
    assertEquals(List.of(), ids(children(arn, grandchild.shardId(), null, null)));
    // the limit counts children only: the grandchild after the child does not make a second page
    DescribeStreamResponse full = children(arn, parent.shardId(), 1, null);
    assertEquals(List.of(child.shardId()), ids(full));
    assertNull(full.streamDescription().lastEvaluatedShardId());
    assertEquals(List.of(), ids(children(arn, parent.shardId(), 1, child.shardId())));
    assertEquals(List.of(), ids(children(arn, "shardId-00000000000000000000-00000000", null, null)),
        "a ShardId that is no shard of the stream has no children");
    engineRefused("ValidationException", "A ShardFilter of Type CHILD_SHARDS requires a ShardId",
        () -> partita.execute(DescribeStreamRequest.builder().streamArn(arn)
            .shardFilter(f -> f.type(ShardFilterType.CHILD_SHARDS)).build()));
    engineRefused("ValidationException", "ShardFilter requires a Type (CHILD_SHARDS)",
        () -> partita.execute(DescribeStreamRequest.builder().streamArn(arn)
            .shardFilter(f -> f.shardId(parent.shardId())).build()));
  }

  private static List<String> ids(DescribeStreamResponse d) {
    return d.streamDescription().shards().stream().map(Shard::shardId).toList();
  }

  private DescribeStreamResponse children(String arn, String parentId, Integer limit, String exclusiveStart) {
    return partita.execute(DescribeStreamRequest.builder().streamArn(arn).limit(limit).exclusiveStartShardId(exclusiveStart)
        .shardFilter(f -> f.type(ShardFilterType.CHILD_SHARDS).shardId(parentId)).build());
  }

  /** Disabling closes the stream, whose records stay readable; enabling again makes a new stream. */
  @Test
  void disableThenEnableMakesANewStreamAndTheServicesRefusals() {
    open(null);
    String first = createTable("app", StreamViewType.NEW_IMAGE);
    put("app", "a", "1");
    refused("Table already has an enabled stream: TableName: app",
        () -> dynamo.updateTable(b -> b.tableName("app").streamSpecification(spec(StreamViewType.KEYS_ONLY))));
    refused("One or more parameter values were invalid: If stream is being enabled then UpdateViewType is required",
        () -> dynamo.updateTable(b -> b.tableName("app").streamSpecification(s -> s.streamEnabled(true))));
    refused("One or more parameter values were invalid: If stream is being disabled, then UpdateViewType must not be "
        + "specified", () -> dynamo.updateTable(b -> b.tableName("app")
            .streamSpecification(s -> s.streamEnabled(false).streamViewType(StreamViewType.KEYS_ONLY))));
    dynamo.updateTable(b -> b.tableName("app").streamSpecification(s -> s.streamEnabled(false)));
    TableDescription t = dynamo.describeTable(b -> b.tableName("app")).table();
    assertNull(t.streamSpecification(), "a disabled stream is not specified");
    assertEquals(first, t.latestStreamArn(), "but still named");
    refused("Table has no stream to disable: TableName: app",
        () -> dynamo.updateTable(b -> b.tableName("app").streamSpecification(s -> s.streamEnabled(false))));
    put("app", "b", "1"); // no stream: no record
    DescribeStreamResponse closed = partita.execute(DescribeStreamRequest.builder().streamArn(first).build());
    assertEquals(StreamStatus.DISABLED, closed.streamDescription().streamStatus());
    assertTrue(closed.streamDescription().shards().stream().allMatch(s -> s.sequenceNumberRange().endingSequenceNumber() != null));
    assertEquals(List.of("INSERT a"), events(readAll(first)));

    clock.advance(Duration.ofSeconds(1)); // a new label
    dynamo.updateTable(b -> b.tableName("app").streamSpecification(spec(StreamViewType.KEYS_ONLY)));
    String second = dynamo.describeTable(b -> b.tableName("app")).table().latestStreamArn();
    assertFalse(second.equals(first));
    put("app", "c", "1");
    assertEquals(List.of("INSERT c"), events(readAll(second)));
    ListStreamsResponse list = partita.execute(ListStreamsRequest.builder().tableName("app").build());
    assertEquals(List.of(first, second), list.streams().stream().map(s -> s.streamArn()).toList());
    ListStreamsResponse paged = partita.execute(ListStreamsRequest.builder().limit(1).build());
    assertEquals(first, paged.lastEvaluatedStreamArn());
    refused("Table is being created with a stream enabled, UpdateViewType is required",
        () -> dynamo.createTable(b -> b.tableName("xyz").streamSpecification(s -> s.streamEnabled(true))), true);
  }

  @Test
  void iteratorsExpireRecordsAreTrimmedAndArnsAreChecked() {
    open(null);
    String arn = createTable("app", StreamViewType.KEYS_ONLY);
    put("app", "a", "1");
    String shard = shards(arn).get(0).shardId();
    String aSequence = readShard(arn, shard).get(0).dynamodb().sequenceNumber();
    String it = iterator(arn, shard, ShardIteratorType.TRIM_HORIZON, null);
    clock.advance(Duration.ofMinutes(16));
    engineRefused("ExpiredIteratorException", "The provided iterator exceeds the maximum age allowed.",
        () -> partita.execute(GetRecordsRequest.builder().shardIterator(it).build()));
    // 24 hours on, "a" is past the retention and trimmed; "b" is not
    clock.advance(Duration.ofHours(24));
    put("app", "b", "1");
    partita.trimStreamsNow();
    engineRefused("TrimmedDataAccessException", "The data you are trying to access has been trimmed.",
        () -> iterator(arn, shard, ShardIteratorType.AT_SEQUENCE_NUMBER, aSequence));
    assertEquals(List.of("INSERT b"), events(readShard(arn, shard)), "the shard now starts after the trimmed record");
    engineRefused("ValidationException", "Invalid StreamArn", () -> partita.execute(DescribeStreamRequest.builder()
        .streamArn("sdfadfsdfadfsdfadfsdfadfsdfadfsdfadfsdf").build()));
    String unknown = "arn:aws:dynamodb:us-east-1:000000000000:table/nope/stream/2017-10-05T14:36:01.514";
    engineRefused("ResourceNotFoundException", "Requested resource not found: Stream: " + unknown + " not found",
        () -> partita.execute(DescribeStreamRequest.builder().streamArn(unknown).build()));
    engineRefused("ValidationException", "1 validation error detected: Value '1001' at 'limit' failed to satisfy "
        + "constraint: Member must have value less than or equal to 1000",
        () -> partita.execute(GetRecordsRequest.builder().shardIterator(it).limit(1001).build()));
  }

  /** A database's region names its ARNs and its records' awsRegion (a server passes --region). */
  @Test
  void theDatabasesRegionIsInArnsAndRecords() {
    partita = Partita.with().clock(clock).timeToLiveInterval(Duration.ZERO).region("eu-west-2").inMemory();
    dynamo = PartitaDynamoDb.over(partita);
    String arn = createTable("app", StreamViewType.KEYS_ONLY);
    assertTrue(arn.startsWith("arn:aws:dynamodb:eu-west-2:000000000000:table/app/stream/"), arn);
    assertEquals("arn:aws:dynamodb:eu-west-2:000000000000:table/app",
        dynamo.describeTable(b -> b.tableName("app")).table().tableArn());
    put("app", "a", "1");
    assertEquals("eu-west-2", readAll(arn).get(0).awsRegion());
    assertThrows(IllegalArgumentException.class, () -> Partita.with().region("Europe"));
  }

  /** Trimming refuses only positions before what it deleted, not those other tables' writes passed. */
  @Test
  void anIteratorPastTheTrimmedRecordsStaysValid() {
    Partita.Options o = Partita.with().clock(clock).timeToLiveInterval(Duration.ZERO).streamRetention(Duration.ofMinutes(10));
    partita = o.inMemory();
    dynamo = PartitaDynamoDb.over(partita);
    String arn = createTable("app", StreamViewType.KEYS_ONLY);
    createTable("other", StreamViewType.KEYS_ONLY);
    put("app", "a", "1");
    String shard = shards(arn).get(0).shardId();
    String aSequence = readShard(arn, shard).get(0).dynamodb().sequenceNumber();
    String after = iterator(arn, shard, ShardIteratorType.AFTER_SEQUENCE_NUMBER, aSequence);
    for (int i = 0; i < 5; i++) {
      put("other", "o" + i, "1");
    }
    clock.advance(Duration.ofMinutes(11));
    partita.trimStreamsNow();
    put("app", "b", "1");
    GetRecordsResponse r = partita.execute(GetRecordsRequest.builder().shardIterator(after).build());
    assertEquals(List.of("INSERT b"), events(r.records()));
    engineRefused("TrimmedDataAccessException", "The data you are trying to access has been trimmed.",
        () -> iterator(arn, shard, ShardIteratorType.AT_SEQUENCE_NUMBER, aSequence));
  }

  private void refused(String message, Runnable call) {
    refused(message, call, false);
  }

  private void refused(String message, Runnable call, boolean endsWith) {
    software.amazon.awssdk.services.dynamodb.model.DynamoDbException e =
        assertThrows(software.amazon.awssdk.services.dynamodb.model.DynamoDbException.class, call::run);
    if (endsWith) {
      assertTrue(e.awsErrorDetails().errorMessage().endsWith(message), e.awsErrorDetails().errorMessage());
    } else {
      assertEquals(message, e.awsErrorDetails().errorMessage());
    }
  }

  private static void engineRefused(String code, String message, Runnable call) {
    PartitaException e = assertThrows(PartitaException.class, call::run);
    assertEquals(code, e.code().name());
    assertEquals(message, e.getMessage());
  }

  /**
   * Sequence numbers are one count over every table's stream: a closed shard's range holds numbers
   * another table's records took. Read to its end by following NextShardIterator, it still ends
   * (no next iterator) instead of answering empty pages forever, so a reader gets on to its child.
   */
  @Test
  void aClosedShardEndsThoughAnotherTableTookSomeOfItsNumbers() {
    open(null);
    String arn = createTable("aaa", StreamViewType.KEYS_ONLY);
    createTable("bbb", StreamViewType.KEYS_ONLY);
    put("aaa", "a", "1");
    put("bbb", "b", "1");
    put("bbb", "c", "1");
    partita.rollOverStreamShards();
    Shard parent = shards(arn).stream().filter(s -> s.parentShardId() == null).findFirst().orElseThrow();
    String it = iterator(arn, parent.shardId(), ShardIteratorType.TRIM_HORIZON, null);
    List<Record> read = new ArrayList<>();
    for (int calls = 0; it != null; calls++) {
      assertTrue(calls < 10, "the closed shard never ends: " + events(read));
      GetRecordsResponse r = partita.execute(GetRecordsRequest.builder().shardIterator(it).limit(1).build());
      read.addAll(r.records());
      it = r.nextShardIterator();
    }
    assertEquals(List.of("INSERT a"), events(read));
  }

  /**
   * After a restart the numbering goes on from the highest number any record or shard took, not
   * from the last record of the table stored last: no record is overwritten, none is numbered
   * before its shard's start, whichever table wrote last and whatever was trimmed.
   */
  @Test
  void numberingGoesOnAfterARestartWhicheverTableWroteLastAndAfterATrim(@TempDir Path dir) {
    open(dir);
    String first = createTable("aaa", StreamViewType.KEYS_ONLY);
    String second = createTable("bbb", StreamViewType.KEYS_ONLY);
    put("bbb", "x", "1");
    put("aaa", "a", "1");
    put("aaa", "b", "1"); // the highest number so far is aaa's, whose records are stored before bbb's
    partita.close();
    partita = null;
    open(dir);
    put("aaa", "c", "1");
    assertEquals(List.of("INSERT a", "INSERT b", "INSERT c"), events(readAll(first)));
    // every record trimmed: the shards' starts still say where the numbering stood
    clock.advance(Duration.ofHours(25));
    partita.trimStreamsNow();
    assertEquals(List.of(), readAll(first));
    partita.close();
    partita = null;
    open(dir);
    put("aaa", "d", "1");
    put("bbb", "y", "1");
    assertEquals(List.of("INSERT d"), events(readAll(first)));
    assertEquals(List.of("INSERT y"), events(readAll(second)));
  }

  /** Shards rolled over with no record in them, within one millisecond, still get ids of their own. */
  @Test
  void emptyShardsRolledOverAtOnceHaveDistinctIds() {
    open(null);
    String arn = createTable("app", StreamViewType.KEYS_ONLY);
    partita.rollOverStreamShards();
    partita.rollOverStreamShards();
    List<Shard> shards = shards(arn);
    assertEquals(3, shards.size());
    assertEquals(3, shards.stream().map(Shard::shardId).distinct().count(), shards.toString());
  }

  /** Records and shards are durable with the table; numbering goes on after a restart. */
  @Test
  void survivesARestart(@TempDir Path dir) {
    open(dir);
    String arn = createTable("app", StreamViewType.KEYS_ONLY);
    put("app", "a", "1");
    partita.rollOverStreamShards();
    put("app", "b", "1");
    partita.close();
    partita = null;
    open(dir);
    put("app", "c", "1");
    List<Record> records = readAll(arn);
    assertEquals(List.of("INSERT a", "INSERT b", "INSERT c"), events(records));
    assertTrue(new BigInteger(records.get(2).dynamodb().sequenceNumber())
        .compareTo(new BigInteger(records.get(1).dynamodb().sequenceNumber())) > 0);
    assertEquals(2, shards(arn).size());
  }
}
