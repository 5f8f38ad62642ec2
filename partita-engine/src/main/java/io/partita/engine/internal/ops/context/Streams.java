package io.partita.engine.internal.ops.context;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.engine.internal.storage.Keyspace;
import io.partita.engine.internal.storage.Store;
import io.partita.engine.internal.table.StreamDef;
import io.partita.engine.internal.table.Table;
import io.partita.engine.internal.table.TableDef;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.Lock;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * DynamoDB Streams inside the engine: every change to an item of a table with an enabled stream is
 * written as a stream record in the same atomic batch as the change (no change without its record,
 * no record without its change, after a crash as well), numbered by one sequence that follows the
 * order in which batches commit, so a reader never sees a later record before an earlier one.
 *
 * <p>Shards are ranges of those numbers. A stream starts with one open shard; the open shard is
 * closed and a child opened on a schedule, when it has held {@link #SHARD_RECORDS} records, or by
 * hand ({@code Partita.rollOverStreamShards}), so consumers that follow shard lineage meet it
 * locally. Records older than the retention (24 hours by default) are trimmed: a shard's start moves
 * past them, and a closed shard with nothing left goes.
 *
 * <p>Lock order, shared with the rest of the engine: the catalog's monitor, then a table's lifecycle
 * lock, then this class's sequence lock.
 */
public final class Streams {
  /** Records an open shard holds before it is rolled over. */
  static final int SHARD_RECORDS = 10_000;
  /** How long a shard iterator may be used (the GetShardIterator reference: 15 minutes). */
  public static final long ITERATOR_MILLIS = 15 * 60 * 1000L;
  private static final DateTimeFormatter LABEL =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

  private final Object sequenceLock = new Object();
  /** The last sequence number given to a record (guarded by {@link #sequenceLock}). */
  private long lastSequence;
  /** Records written to each table's open shard since it opened (or since the database opened). */
  private final Map<Long, Integer> openShardRecords = new ConcurrentHashMap<>();

  Streams(Store store, io.partita.engine.internal.table.Catalog catalog) {
    lastSequence = lastTaken(store, catalog);
  }

  /**
   * The highest number a record or a shard took before this open. Records are stored by table, then
   * number, so the store's last record is only the last of the table with the highest id: each
   * table's last record counts. And after a trim a table may keep no record at all, while its
   * shards still say where the numbering stood (an open shard starts after every number given).
   */
  private static long lastTaken(Store store, io.partita.engine.internal.table.Catalog catalog) {
    long last = 0;
    byte[] to = Keyspace.STREAMS_TO;
    while (true) {
      byte[] key;
      try (Store.Cursor c = store.cursor(Keyspace.STREAMS_FROM, to, true)) {
        if (!c.next()) {
          break;
        }
        key = c.key();
      }
      last = Math.max(last, Keyspace.streamSequence(key));
      // on to the table stored before this one
      to = Keyspace.streamKey(java.nio.ByteBuffer.wrap(key, 1, 8).getLong(), 0);
    }
    for (Table table : catalog.tables()) {
      for (StreamDef stream : table.def().streams()) {
        for (StreamDef.Shard shard : stream.shards()) {
          last = Math.max(last, Math.max(shard.start() - 1, shard.end()));
        }
      }
    }
    return last;
  }

  /** One item's change, as a stream record will tell it. */
  public record Change(TableDef def, Map<String, AttributeValue> keys, Map<String, AttributeValue> before,
      Map<String, AttributeValue> after, boolean byService) {}

  /** Whether a write from {@code before} to {@code after} makes a record: a stream is on and the item changed. */
  public static boolean recorded(TableDef def, Map<String, AttributeValue> before, Map<String, AttributeValue> after) {
    return def.enabledStream() != null && !java.util.Objects.equals(before, after);
  }

  /**
   * Writes {@code batch} with the records of {@code changes}, numbered in the order batches commit:
   * the numbering and the write happen under one lock, so writes with records are serialized (a
   * local engine's price for a strictly increasing order). Without changes it is a plain write.
   */
  public void write(EngineContext ctx, Store.Batch batch, List<Change> changes) {
    if (changes.isEmpty()) {
      ctx.store.write(batch);
      return;
    }
    long now = ctx.clock.millis();
    // encoded before the lock (a record holds up to two 400 KB images): only its number, in its
    // key, must be taken in commit order
    List<byte[]> records = new ArrayList<>(changes.size());
    for (Change c : changes) {
      records.add(StreamRecords.encode(c.def().enabledStream().viewType(), now, c.byService(), c.keys(), c.before(),
          c.after()));
    }
    synchronized (sequenceLock) {
      long sequence = lastSequence;
      for (int i = 0; i < changes.size(); i++) {
        sequence++;
        batch.put(Keyspace.streamKey(changes.get(i).def().id(), sequence), records.get(i));
      }
      try {
        ctx.store.write(batch);
      } finally {
        // spent even when the write throws: one the disk took but reported failed is there, and a
        // later record must never take (and overwrite) one of its numbers; a gap is harmless, as
        // numbers only increase (each table's records skip the numbers other tables took)
        lastSequence = sequence;
      }
    }
    for (Change c : changes) {
      if (openShardRecords.merge(c.def().id(), 1, Integer::sum) == SHARD_RECORDS) {
        // the writer holds the table's lifecycle lock: the roll-over, which needs it whole, runs after
        Table table = ctx.catalog.tableOrNull(c.def().name());
        if (table != null) {
          ctx.background.execute(() -> ctx.whileOpen.run(() -> rollOver(ctx, table)));
        }
      }
    }
  }

  /** A new stream's definition, its first shard open from the next sequence number. */
  public StreamDef newStream(TableDef def, String viewType, long now) {
    synchronized (sequenceLock) {
      return new StreamDef(LABEL.format(Instant.ofEpochMilli(now)), viewType, now, true,
          List.of(shard(def, null, lastSequence + 1, now)));
    }
  }

  /** {@code stream} closed: its open shard ends at the last record written. */
  public StreamDef closed(StreamDef stream) {
    synchronized (sequenceLock) {
      return stream.rolled(lastSequence, null);
    }
  }

  private static StreamDef.Shard shard(TableDef def, String parentId, long start, long now) {
    // the parent is part of the tag: two roll-overs with no record between give children with the
    // same start (and, in the same millisecond, the same time), which must still differ
    long tag = (def.id() * 0x9E3779B97F4A7C15L) ^ (start * 0xC2B2AE3D27D4EB4FL)
        ^ (parentId == null ? 0 : parentId.hashCode() * 0x165667B19E3779F9L);
    return new StreamDef.Shard("shardId-" + String.format("%020d", now) + "-"
        + HexFormat.of().toHexDigits((int) (tag ^ (tag >>> 32))), parentId, start, -1, now);
  }

  /**
   * Closes the open shard of {@code table}'s enabled stream and opens its child, with no write of
   * the table in flight (so the boundary is exact).
   */
  void rollOver(EngineContext ctx, Table table) {
    synchronized (ctx.catalog) {
      Lock writes = table.lifecycle().writeLock();
      writes.lock();
      try {
        TableDef def = table.def();
        StreamDef stream = def.enabledStream();
        if (table.dropped() || stream == null) {
          return;
        }
        long now = ctx.clock.millis();
        StreamDef rolled;
        synchronized (sequenceLock) {
          StreamDef.Shard open = stream.openShard();
          rolled = stream.rolled(lastSequence, shard(def, open.id(), lastSequence + 1, now));
        }
        openShardRecords.remove(def.id());
        ctx.catalog.update(def.withStreams(replaceLast(def.streams(), rolled)));
      } finally {
        writes.unlock();
      }
    }
  }

  /** Rolls over every open shard older than {@code ageMillis}. */
  void rollOverOlderThan(EngineContext ctx, long ageMillis) {
    long now = ctx.clock.millis();
    for (Table table : ctx.catalog.tables()) {
      StreamDef stream = table.def().enabledStream();
      if (stream != null && now - stream.openShard().createdMillis() >= ageMillis) {
        rollOver(ctx, table);
      }
    }
  }

  /**
   * Deletes the records written more than {@code retentionMillis} ago, moves each shard's start past
   * the last one deleted, and forgets the closed shards and disabled streams nothing is left of. A
   * table with nothing to trim is not written to.
   */
  void trim(EngineContext ctx, long retentionMillis) {
    long cutoff = ctx.clock.millis() - retentionMillis;
    for (Table table : ctx.catalog.tables()) {
      if (table.def().streams().isEmpty()) {
        continue;
      }
      long tableId = table.def().id();
      long lastTrimmed = -1;
      try (Store.Cursor cursor = ctx.store.cursor(Keyspace.streamKey(tableId, 0), Keyspace.streamTo(tableId), false)) {
        while (cursor.next() && StreamRecords.createdMillis(cursor.value()) < cutoff) {
          lastTrimmed = Keyspace.streamSequence(cursor.key());
        }
      }
      if (lastTrimmed < 0) {
        continue;
      }
      long firstKept = lastTrimmed + 1;
      synchronized (ctx.catalog) {
        TableDef def = table.def();
        if (table.dropped()) {
          continue;
        }
        List<StreamDef> streams = new ArrayList<>();
        for (StreamDef s : def.streams()) {
          StreamDef t = withStartsFrom(s.trimmed(firstKept), firstKept);
          if (!t.shards().isEmpty() || t.enabled()) {
            streams.add(t);
          }
        }
        ctx.catalog.updateExclusively(def.withStreams(streams),
            batch -> batch.deleteRange(Keyspace.streamKey(tableId, 0), Keyspace.streamKey(tableId, firstKept)));
      }
    }
  }

  /**
   * {@code stream} with each shard starting no earlier than {@code firstKept} (the records before are
   * gone, so an iterator before it is refused as trimmed).
   */
  private static StreamDef withStartsFrom(StreamDef stream, long firstKept) {
    List<StreamDef.Shard> shards = new ArrayList<>(stream.shards().size());
    for (StreamDef.Shard s : stream.shards()) {
      shards.add(s.start() >= firstKept ? s
          : new StreamDef.Shard(s.id(), s.parentId(), firstKept, s.end(), s.createdMillis()));
    }
    return new StreamDef(stream.label(), stream.viewType(), stream.createdMillis(), stream.enabled(), shards);
  }

  public static List<StreamDef> replaceLast(List<StreamDef> streams, StreamDef last) {
    List<StreamDef> out = new ArrayList<>(streams);
    out.set(out.size() - 1, last);
    return out;
  }

  /** The next sequence number a record will get; what a LATEST iterator starts from. */
  public long next() {
    synchronized (sequenceLock) {
      return lastSequence + 1;
    }
  }

  // ---------------------------------------------------------------- finding a stream and a shard

  /** A stream found by its ARN: its table's current definition and the stream. */
  public record Located(Table table, TableDef def, StreamDef stream, String arn) {
    public StreamDef.Shard shard(String shardId) {
      for (StreamDef.Shard s : stream.shards()) {
        if (s.id().equals(shardId)) {
          return s;
        }
      }
      return null;
    }
  }

  /**
   * The stream an ARN names: {@code Invalid StreamArn} for one that is no stream ARN, and the
   * service's ResourceNotFoundException for a well-formed one naming no stream here (docs/ttl-streams.md
   * section 5.3).
   */
  public static Located locate(EngineContext ctx, String arn) {
    String prefix = "arn:aws:dynamodb:";
    int table = arn == null ? -1 : arn.indexOf(":table/");
    int stream = arn == null ? -1 : arn.indexOf("/stream/");
    if (arn == null || !arn.startsWith(prefix) || table < 0 || stream < table) {
      throw PartitaException.validation("Invalid StreamArn");
    }
    String tableName = arn.substring(table + ":table/".length(), stream);
    String label = arn.substring(stream + "/stream/".length());
    Table t = ctx.catalog.tableOrNull(tableName);
    if (t != null) {
      TableDef def = t.def();
      for (StreamDef s : def.streams()) {
        if (s.label().equals(label) && def.streamArn(ctx.home, s).equals(arn)) {
          return new Located(t, def, s, arn);
        }
      }
    }
    throw new PartitaException(ErrorCode.ResourceNotFoundException, "Requested resource not found: Stream: " + arn
        + " not found");
  }

  // ---------------------------------------------------------------- shard iterators

  /** Where an iterator reads from: a stream's shard, the next sequence number, and when it was made. */
  public record Iterator(String streamArn, String shardId, long position, long issuedMillis) {
    /** {@code <StreamArn>|1|<opaque>}, the shape of the service's iterators (docs/ttl-streams.md section 5.6). */
    public String encode() {
      String opaque = shardId + "|" + position + "|" + issuedMillis;
      return streamArn + "|1|" + Base64.getEncoder().encodeToString(opaque.getBytes(StandardCharsets.UTF_8));
    }

    public static Iterator decode(String iterator) {
      int cut = iterator == null ? -1 : iterator.lastIndexOf("|1|");
      if (cut > 0) {
        try {
          String[] parts = new String(Base64.getDecoder().decode(iterator.substring(cut + 3)), StandardCharsets.UTF_8)
              .split("\\|");
          if (parts.length == 3) {
            return new Iterator(iterator.substring(0, cut), parts[0], Long.parseLong(parts[1]), Long.parseLong(parts[2]));
          }
        } catch (IllegalArgumentException e) {
          // falls through to the refusal
        }
      }
      // the service's text for a garbage iterator is not established (docs/ttl-streams.md section 5.5)
      throw PartitaException.validation("Invalid ShardIterator");
    }
  }
}
