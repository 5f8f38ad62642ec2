package io.partita.engine.internal.ops.streams;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.context.StreamRecords;
import io.partita.engine.internal.ops.context.Streams;
import io.partita.engine.internal.storage.Keyspace;
import io.partita.engine.internal.storage.Store;
import io.partita.engine.internal.table.StreamDef;
import io.partita.engine.internal.table.Table;
import io.partita.engine.internal.table.TableDef;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamResponse;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorRequest;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorResponse;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ListStreamsRequest;
import software.amazon.awssdk.services.dynamodb.model.ListStreamsResponse;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.SequenceNumberRange;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardFilter;
import software.amazon.awssdk.services.dynamodb.model.Stream;
import software.amazon.awssdk.services.dynamodb.model.StreamDescription;
import software.amazon.awssdk.services.dynamodb.model.StreamStatus;

/**
 * The DynamoDB Streams API: ListStreams, DescribeStream, GetShardIterator and GetRecords, over the
 * streams {@link Streams} writes (answers and messages: docs/ttl-streams.md section 5; where the
 * service's text is not established the message is Partita's own and says what is wrong).
 */
public final class StreamReads {
  /** GetRecords answers at most 1 MB of records. */
  static final long PAGE_BYTES = 1 << 20;

  private StreamReads() {}

  public static ListStreamsResponse listStreams(EngineContext ctx, ListStreamsRequest req) {
    int limit = req.limit() == null ? 100 : req.limit();
    String after = req.exclusiveStartStreamArn();
    if (after != null && !after.startsWith("arn:aws:dynamodb:")) {
      throw PartitaException.validation("Invalid StreamArn");
    }
    List<Stream> all = new ArrayList<>();
    List<Table> tables = req.tableName() == null ? ctx.catalog().tables() : List.of(ctx.catalog().get(req.tableName()));
    for (Table table : tables) {
      TableDef def = table.def();
      for (StreamDef s : def.streams()) {
        all.add(Stream.builder().streamArn(def.streamArn(ctx.home(), s)).tableName(def.name()).streamLabel(s.label()).build());
      }
    }
    all.sort(Comparator.comparing(Stream::streamArn));
    List<Stream> page = new ArrayList<>();
    boolean more = false;
    for (Stream s : all) {
      if (after != null && s.streamArn().compareTo(after) <= 0) {
        continue;
      }
      if (page.size() == limit) {
        more = true;
        break;
      }
      page.add(s);
    }
    ListStreamsResponse.Builder out = ListStreamsResponse.builder().streams(page);
    if (more) {
      out.lastEvaluatedStreamArn(page.get(page.size() - 1).streamArn());
    }
    return out.build();
  }

  public static DescribeStreamResponse describeStream(EngineContext ctx, DescribeStreamRequest req) {
    String parent = childrenOf(req.shardFilter());
    Streams.Located at = Streams.locate(ctx, req.streamArn());
    int limit = req.limit() == null ? 100 : req.limit();
    List<StreamDef.Shard> shards = new ArrayList<>(at.stream().shards());
    shards.sort(Comparator.comparing(StreamDef.Shard::id));
    List<Shard> page = new ArrayList<>();
    boolean more = false;
    for (StreamDef.Shard s : shards) {
      if (req.exclusiveStartShardId() != null && s.id().compareTo(req.exclusiveStartShardId()) <= 0) {
        continue;
      }
      // filtered before the limit is counted: a page holds up to Limit children, and
      // LastEvaluatedShardId appears only when more children remain
      if (parent != null && !parent.equals(s.parentId())) {
        continue;
      }
      if (page.size() == limit) {
        more = true;
        break;
      }
      SequenceNumberRange.Builder range = SequenceNumberRange.builder()
          .startingSequenceNumber(StreamRecords.sequenceNumber(s.start()));
      if (!s.open()) {
        range.endingSequenceNumber(StreamRecords.sequenceNumber(s.end()));
      }
      page.add(Shard.builder().shardId(s.id()).parentShardId(s.parentId()).sequenceNumberRange(range.build()).build());
    }
    TableDef def = at.def();
    List<KeySchemaElement> keys = new ArrayList<>(2);
    keys.add(KeySchemaElement.builder().attributeName(def.hash().name()).keyType(KeyType.HASH).build());
    if (def.range() != null) {
      keys.add(KeySchemaElement.builder().attributeName(def.range().name()).keyType(KeyType.RANGE).build());
    }
    StreamDescription.Builder d = StreamDescription.builder().streamArn(at.arn()).streamLabel(at.stream().label())
        .streamStatus(at.stream().enabled() ? StreamStatus.ENABLED : StreamStatus.DISABLED)
        .streamViewType(at.stream().viewType()).tableName(def.name()).keySchema(keys)
        .creationRequestDateTime(Instant.ofEpochMilli(at.stream().createdMillis())).shards(page);
    if (more) {
      d.lastEvaluatedShardId(page.get(page.size() - 1).shardId());
    }
    return DescribeStreamResponse.builder().streamDescription(d.build()).build();
  }

  /**
   * The parent a ShardFilter asks the children of, or null for no filter. CHILD_SHARDS is the only
   * type (ApiConstraints refuses any other); a filter missing its type or its ShardId is refused
   * rather than read as no filter, which would list every shard where children were asked for. A
   * ShardId that is no shard of the stream lists no shards, as an unknown ExclusiveStartShardId does.
   */
  private static String childrenOf(ShardFilter filter) {
    if (filter == null) {
      return null;
    }
    if (filter.type() == null) {
      throw PartitaException.validation("ShardFilter requires a Type (CHILD_SHARDS)");
    }
    if (filter.shardId() == null) {
      throw PartitaException.validation("A ShardFilter of Type CHILD_SHARDS requires a ShardId");
    }
    return filter.shardId();
  }

  public static GetShardIteratorResponse getShardIterator(EngineContext ctx, GetShardIteratorRequest req) {
    Streams.Located at = Streams.locate(ctx, req.streamArn());
    StreamDef.Shard shard = at.shard(req.shardId());
    if (shard == null) {
      throw new PartitaException(ErrorCode.ResourceNotFoundException, "Requested resource not found: Shard: "
          + req.shardId() + " in Stream: " + at.arn() + " not found");
    }
    String type = req.shardIteratorTypeAsString();
    boolean bySequence = type.equals("AT_SEQUENCE_NUMBER") || type.equals("AFTER_SEQUENCE_NUMBER");
    if (bySequence && req.sequenceNumber() == null) {
      throw PartitaException.validation("A SequenceNumber is required with ShardIteratorType " + type);
    }
    if (!bySequence && req.sequenceNumber() != null) {
      throw PartitaException.validation("A SequenceNumber cannot be given with ShardIteratorType " + type);
    }
    long position;
    if (bySequence) {
      long n = StreamRecords.sequence(req.sequenceNumber());
      if (n < 0 || (!shard.open() && n > shard.end())) {
        throw PartitaException.validation("Invalid SequenceNumber " + req.sequenceNumber() + " for shard " + shard.id());
      }
      if (n < shard.start()) {
        throw trimmed();
      }
      position = type.equals("AT_SEQUENCE_NUMBER") ? n : n + 1;
    } else if (type.equals("TRIM_HORIZON")) {
      position = shard.start();
    } else { // LATEST
      position = shard.open() ? ctx.streams().next() : shard.end() + 1;
    }
    return GetShardIteratorResponse.builder()
        .shardIterator(new Streams.Iterator(at.arn(), shard.id(), position, ctx.clock().millis()).encode()).build();
  }

  public static GetRecordsResponse getRecords(EngineContext ctx, GetRecordsRequest req) {
    Streams.Iterator it = Streams.Iterator.decode(req.shardIterator());
    long now = ctx.clock().millis();
    if (now - it.issuedMillis() > Streams.ITERATOR_MILLIS) {
      throw new PartitaException(ErrorCode.ExpiredIteratorException,
          "The provided iterator exceeds the maximum age allowed.");
    }
    Streams.Located at = Streams.locate(ctx, it.streamArn());
    StreamDef.Shard shard = at.shard(it.shardId());
    if (shard == null || it.position() < shard.start()) {
      throw trimmed();
    }
    int limit = req.limit() == null ? 1000 : req.limit();
    long tableId = at.def().id();
    byte[] to = shard.open() ? Keyspace.streamTo(tableId) : Keyspace.streamKey(tableId, shard.end() + 1);
    List<Long> sequences = new ArrayList<>();
    List<byte[]> stored = new ArrayList<>();
    long bytes = 0;
    boolean exhausted = false;
    try (Store.Cursor cursor = ctx.store().cursor(Keyspace.streamKey(tableId, it.position()), to, false)) {
      while (sequences.size() < limit && bytes < PAGE_BYTES) {
        if (!cursor.next()) {
          exhausted = true;
          break;
        }
        sequences.add(Keyspace.streamSequence(cursor.key()));
        stored.add(cursor.value());
        bytes += cursor.value().length;
      }
    }
    // a shard closed while this page was read ends where it closed: later records are its child's
    StreamDef.Shard now_ = Streams.locate(ctx, it.streamArn()).shard(it.shardId());
    long end = now_ == null || now_.open() ? Long.MAX_VALUE : now_.end();
    List<Record> records = new ArrayList<>(sequences.size());
    long next = it.position();
    for (int i = 0; i < sequences.size() && sequences.get(i) <= end; i++) {
      records.add(StreamRecords.decode(ctx.region(), tableId, sequences.get(i), stored.get(i)));
      next = sequences.get(i) + 1;
    }
    GetRecordsResponse.Builder out = GetRecordsResponse.builder().records(records);
    // the numbering is shared by every table, so a closed shard may end on another table's record:
    // it is read to its end when nothing of this table is left up to its end, not only at the end itself
    boolean readToEnd = end != Long.MAX_VALUE && (exhausted || records.size() < sequences.size() || next > end);
    if (!readToEnd) {
      // a closed shard read to its end has no next iterator: the reader moves on to its children
      out.nextShardIterator(new Streams.Iterator(it.streamArn(), it.shardId(), next, now).encode());
    }
    return out.build();
  }

  /** The documented text (docs/ttl-streams.md section 5.5, without the stray leading quote the page has). */
  private static PartitaException trimmed() {
    return new PartitaException(ErrorCode.TrimmedDataAccessException, "The data you are trying to access has been trimmed.");
  }
}
