package io.partita.embedded;

import io.partita.engine.ErrorCode;
import io.partita.engine.Partita;
import io.partita.engine.PartitaException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamResponse;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorRequest;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorResponse;
import software.amazon.awssdk.services.dynamodb.model.ListStreamsRequest;
import software.amazon.awssdk.services.dynamodb.model.ListStreamsResponse;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.Stream;

/**
 * An in-process consumer of a table's DynamoDB stream, for tests: it hands each batch of records to
 * a handler, as a Lambda trigger receives them, in order, following shard lineage. Driven by hand
 * with {@link #poll()} (no threads, no timing), or in the background with {@link
 * #startPolling(Duration)}.
 *
 * <pre>{@code
 * Partita partita = Partita.with().timeToLiveInterval(Duration.ZERO).inMemory();
 * DynamoDbClient dynamo = PartitaDynamoDb.over(partita);
 * dynamo.createTable(b -> b.tableName("orders")...
 *     .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_AND_OLD_IMAGES)));
 * List<Record> seen = new ArrayList<>();
 * try (StreamListener listener = StreamListener.subscribe(partita, "orders", seen::addAll)) {
 *   dynamo.putItem(...);
 *   listener.poll();                 // the INSERT is in seen now
 * }
 * }</pre>
 *
 * <p><b>What it delivers.</b> Every record the table's streams hold, from the oldest one still
 * retained ({@code TRIM_HORIZON}) unless {@link Builder#fromLatest()} skips what is there when
 * subscribing. A batch is what one GetRecords call answers ({@link Builder#batchSize}, 100 by
 * default, as Lambda's default batch size), never empty. A parent shard is read to its end before
 * its children, so records of one item always come in the order of its changes, across shard
 * roll-overs ({@code Partita.rollOverStreamShards()} makes one by hand).
 *
 * <p><b>Disable and enable again.</b> The listener follows the table, not one stream: when the
 * table's stream is disabled and enabled again (a new stream, with a new ARN), it reads the old
 * stream to its end and then goes on with the new one. Changes made while no stream was enabled
 * were never recorded, so they are never delivered. (A Lambda event source mapping is bound to one
 * stream ARN and would not follow.)
 *
 * <p><b>Failures.</b> A handler that throws fails the {@link #poll()} that called it; the batch
 * counts as not delivered, and the next poll delivers it again, as Lambda retries a batch: at
 * least once, so a handler with side effects should be idempotent. Records that the retention
 * trimmed before they were delivered (a listener more than 24 hours of the database's clock
 * behind) are lost, as they would be on DynamoDB; the listener goes on from the oldest record
 * left. In the background, the first failure stops polling and {@link #close()} throws it.
 *
 * <p>Thread-safe: polls, the background and {@link #close()} take turns; the handler is called by
 * one thread at a time.
 */
public final class StreamListener implements AutoCloseable {
  private final Partita partita;
  private final String tableName;
  private final Consumer<List<Record>> handler;
  private final int batchSize;
  /** Where each shard was left, by stream ARN and shard id (guarded by this). */
  private final Map<String, Position> positions = new HashMap<>();
  private boolean closed;
  private ScheduledExecutorService background;
  private volatile Throwable backgroundFailure;

  /** How far a shard has been delivered: after {@code lastSequence} (none yet: from its start), and whether to its end. */
  private static final class Position {
    String lastSequence;
    boolean finished;
  }

  private StreamListener(Partita partita, String tableName, Consumer<List<Record>> handler, int batchSize) {
    this.partita = partita;
    this.tableName = tableName;
    this.handler = handler;
    this.batchSize = batchSize;
  }

  /**
   * Subscribes {@code handler} to the streams of table {@code tableName}, from the oldest record
   * they hold; nothing is delivered until {@link #poll()} or {@link #startPolling(Duration)}.
   *
   * @throws IllegalStateException when the table has no stream (enable one with a {@code
   *     StreamSpecification} first)
   * @throws PartitaException ResourceNotFoundException when there is no such table
   */
  public static StreamListener subscribe(Partita partita, String tableName, Consumer<List<Record>> handler) {
    return on(partita, tableName).subscribe(handler);
  }

  /** Options for a subscription to the streams of {@code tableName}. */
  public static Builder on(Partita partita, String tableName) {
    return new Builder(partita, tableName);
  }

  /** Configures a {@link StreamListener}. */
  public static final class Builder {
    private final Partita partita;
    private final String tableName;
    private int batchSize = 100;
    private boolean fromLatest;

    private Builder(Partita partita, String tableName) {
      this.partita = Objects.requireNonNull(partita, "partita");
      this.tableName = Objects.requireNonNull(tableName, "tableName");
    }

    /** The most records in one batch, 1 to 1000 (GetRecords' Limit); 100 unless set. */
    public Builder batchSize(int records) {
      if (records < 1 || records > 1000) {
        throw new IllegalArgumentException("a batch holds 1 to 1000 records, not " + records);
      }
      this.batchSize = records;
      return this;
    }

    /** Delivers only what is written after {@link #subscribe}: the records there now are skipped ({@code LATEST}). */
    public Builder fromLatest() {
      this.fromLatest = true;
      return this;
    }

    public StreamListener subscribe(Consumer<List<Record>> handler) {
      StreamListener listener = new StreamListener(partita, tableName, Objects.requireNonNull(handler, "handler"),
          batchSize);
      if (listener.streamArns().isEmpty()) {
        throw new IllegalStateException("Table " + tableName + " has no stream: enable one with a StreamSpecification");
      }
      if (fromLatest) {
        // positions past everything there now, without a handler call: sequence numbers, unlike
        // iterators, do not expire, so a listener polled hours later still starts here
        synchronized (listener) {
          listener.drain(false);
        }
      }
      return listener;
    }
  }

  /** How many shard positions the listener holds (for tests: one per shard still listed). */
  synchronized int positionsHeld() {
    return positions.size();
  }

  /**
   * Delivers every record available now, batch by batch, on the calling thread; returns how many
   * records were delivered (0 when there was nothing new).
   *
   * @throws IllegalStateException when the listener is closed
   * @throws RuntimeException what the handler threw (that batch is delivered again by the next poll)
   */
  public synchronized int poll() {
    if (closed) {
      throw new IllegalStateException("this stream listener is closed");
    }
    return drain(true);
  }

  /**
   * Polls in the background, on a thread of its own, every {@code interval} (after the previous
   * poll ended), until {@link #close()} or the first failure. For applications and demos; tests
   * are simpler and exact with {@link #poll()}.
   *
   * @throws IllegalStateException when already polling in the background, or closed
   */
  public synchronized StreamListener startPolling(Duration interval) {
    long millis = interval.toMillis();
    if (millis <= 0) {
      throw new IllegalArgumentException("the interval must be at least a millisecond, not " + interval);
    }
    if (closed || background != null) {
      throw new IllegalStateException(closed ? "this stream listener is closed" : "already polling in the background");
    }
    background = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "partita-stream-listener-" + tableName);
      t.setDaemon(true); // never keeps a JVM alive
      return t;
    });
    background.scheduleWithFixedDelay(this::backgroundPoll, 0, millis, TimeUnit.MILLISECONDS);
    return this;
  }

  private synchronized void backgroundPoll() {
    if (closed || backgroundFailure != null) {
      return;
    }
    try {
      drain(true);
    } catch (RuntimeException | Error e) {
      backgroundFailure = e;
      background.shutdown();
    }
  }

  /**
   * Stops the listener: waits for a poll in progress to end, stops the background polling. Does
   * not close the database.
   *
   * @throws IllegalStateException with the background's failure as its cause, if it stopped on one
   */
  @Override
  public void close() {
    ScheduledExecutorService stop;
    synchronized (this) {
      closed = true;
      stop = background;
    }
    if (stop != null) {
      stop.shutdown();
    }
    Throwable failure = backgroundFailure;
    if (failure != null) {
      throw new IllegalStateException("the stream listener of table " + tableName + " stopped on a failure", failure);
    }
  }

  // ---------------------------------------------------------------- reading

  /**
   * Reads until a pass over the streams finds nothing new: a shard closed by a roll-over during a
   * pass has its child read by the next one.
   */
  private int drain(boolean deliver) {
    int total = 0;
    while (true) {
      int[] delivered = {0};
      boolean finishedAny = pass(deliver, delivered);
      total += delivered[0];
      if (delivered[0] == 0 && !finishedAny) {
        return total;
      }
    }
  }

  /** One pass over the table's streams, oldest first; whether a shard was read to its end. */
  private boolean pass(boolean deliver, int[] delivered) {
    List<String> arns = streamArns();
    boolean finishedAny = false;
    // the positions of the shards each stream listed in this pass has now
    Map<String, Set<String>> listed = new HashMap<>();
    for (String arn : arns) {
      if (closed && deliver) {
        break;
      }
      List<Shard> shards = shards(arn);
      Set<String> keys = new HashSet<>();
      shards.forEach(s -> keys.add(arn + " " + s.shardId()));
      listed.put(arn, keys);
      boolean[] streamDone = {true};
      finishedAny |= readStream(arn, shards, deliver, delivered, streamDone);
      if (!streamDone[0]) {
        break; // a newer stream's records come after every record of this one
      }
    }
    // shards trimmed away, and streams gone with them, need no position any more (a stream not
    // listed in this pass keeps its positions: it was not looked at). Without this a listener kept
    // a position for every shard it ever read, one more each 10,000 records.
    Set<String> live = new HashSet<>(arns);
    positions.keySet().removeIf(k -> {
      String arn = k.substring(0, k.indexOf(' '));
      Set<String> shards = listed.get(arn);
      return !live.contains(arn) || shards != null && !shards.contains(k);
    });
    return finishedAny;
  }

  /**
   * Reads the shards of one stream, each only once its parent is read to its end (or gone);
   * whether a shard was finished, and in {@code done} whether every shard is.
   */
  private boolean readStream(String arn, List<Shard> shards, boolean deliver, int[] delivered, boolean[] done) {
    Set<String> ids = new HashSet<>();
    shards.forEach(s -> ids.add(s.shardId()));
    boolean finishedAny = false;
    boolean progress = true;
    while (progress) {
      progress = false;
      for (Shard shard : shards) {
        Position p = position(arn, shard.shardId());
        String parent = shard.parentShardId();
        if (p.finished || (parent != null && ids.contains(parent) && !position(arn, parent).finished)) {
          continue;
        }
        readShard(arn, shard.shardId(), p, deliver, delivered);
        if (p.finished) {
          finishedAny = progress = true;
        }
      }
    }
    done[0] = shards.stream().allMatch(s -> position(arn, s.shardId()).finished);
    return finishedAny;
  }

  private void readShard(String arn, String shardId, Position p, boolean deliver, int[] delivered) {
    String iterator = iterator(arn, shardId, p.lastSequence);
    while (iterator != null && !(closed && deliver)) {
      GetRecordsResponse page = partita.execute(GetRecordsRequest.builder().shardIterator(iterator)
          .limit(batchSize).build());
      List<Record> records = page.records();
      if (!records.isEmpty()) {
        if (deliver) {
          handler.accept(List.copyOf(records)); // a throw leaves the position: the batch comes again
          delivered[0] += records.size();
        }
        p.lastSequence = records.get(records.size() - 1).dynamodb().sequenceNumber();
      }
      if (page.nextShardIterator() == null) {
        p.finished = true; // a closed shard read to its end
        return;
      }
      if (records.isEmpty()) {
        return; // an open shard: nothing more for now
      }
      iterator = page.nextShardIterator();
    }
  }

  /**
   * A fresh iterator after the last delivered record (iterators expire after 15 minutes of the
   * database's clock; positions do not), or from the start of what is left when that was trimmed.
   */
  private String iterator(String arn, String shardId, String after) {
    GetShardIteratorRequest.Builder b = GetShardIteratorRequest.builder().streamArn(arn).shardId(shardId);
    GetShardIteratorRequest request = after == null ? b.shardIteratorType(ShardIteratorType.TRIM_HORIZON).build()
        : b.shardIteratorType(ShardIteratorType.AFTER_SEQUENCE_NUMBER).sequenceNumber(after).build();
    try {
      GetShardIteratorResponse r = partita.execute(request);
      return r.shardIterator();
    } catch (PartitaException e) {
      if (after == null || e.code() != ErrorCode.TrimmedDataAccessException) {
        throw e;
      }
      GetShardIteratorResponse r = partita.execute(b.shardIteratorType(ShardIteratorType.TRIM_HORIZON)
          .sequenceNumber(null).build());
      return r.shardIterator();
    }
  }

  private Position position(String arn, String shardId) {
    return positions.computeIfAbsent(arn + " " + shardId, k -> new Position());
  }

  /** The table's streams, oldest first (a stream's label is its creation time). */
  private List<String> streamArns() {
    List<String> arns = new ArrayList<>();
    String after = null;
    do {
      ListStreamsResponse r = partita.execute(ListStreamsRequest.builder().tableName(tableName)
          .exclusiveStartStreamArn(after).build());
      r.streams().stream().map(Stream::streamArn).forEach(arns::add);
      after = r.lastEvaluatedStreamArn();
    } while (after != null);
    arns.sort(Comparator.naturalOrder());
    return arns;
  }

  /** The stream's shards, oldest first (a shard id starts with its creation time). */
  private List<Shard> shards(String arn) {
    List<Shard> shards = new ArrayList<>();
    String after = null;
    do {
      DescribeStreamResponse r = partita.execute(DescribeStreamRequest.builder().streamArn(arn)
          .exclusiveStartShardId(after).build());
      shards.addAll(r.streamDescription().shards());
      after = r.streamDescription().lastEvaluatedShardId();
    } while (after != null);
    shards.sort(Comparator.comparing(Shard::shardId));
    return shards;
  }
}
