package io.partita.embedded;

import io.partita.engine.Partita;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamResponse;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorRequest;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorResponse;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;

/**
 * A stream read whole as a consumer reads it (the evidence of issue 15): DescribeStream page by page,
 * then each shard from TRIM_HORIZON in lineage order, a parent read to its end (no next iterator)
 * before its children, never by the order of shard ids; an open shard is read until a page comes
 * back empty. The sequence numbers must strictly increase over the whole read, and each shard's
 * records lie within its range. Replaying the records is here too.
 */
final class StreamLog {
  private StreamLog() {}

  /** Every record of the stream, in lineage order; {@code pageLimit} records per GetRecords. */
  static List<Record> readAll(Partita partita, String arn, int pageLimit) {
    List<Shard> shards = new ArrayList<>();
    String after = null;
    do {
      String from = after;
      DescribeStreamResponse d = partita.execute(DescribeStreamRequest.builder().streamArn(arn)
          .exclusiveStartShardId(from).limit(2).build());
      shards.addAll(d.streamDescription().shards());
      after = d.streamDescription().lastEvaluatedShardId();
    } while (after != null);
    Map<String, Shard> byId = new LinkedHashMap<>();
    Map<String, List<Shard>> children = new HashMap<>();
    for (Shard s : shards) {
      check(byId.put(s.shardId(), s) == null, "DescribeStream listed " + s.shardId() + " twice");
    }
    Deque<Shard> ready = new ArrayDeque<>();
    for (Shard s : shards) {
      if (s.parentShardId() == null || !byId.containsKey(s.parentShardId())) {
        ready.add(s); // the first, or one whose parent was trimmed away
      } else {
        children.computeIfAbsent(s.parentShardId(), k -> new ArrayList<>()).add(s);
      }
    }
    check(ready.size() <= 1, "more than one shard without a parent: " + ready);
    List<Record> out = new ArrayList<>();
    Set<String> read = new HashSet<>();
    BigInteger last = BigInteger.valueOf(-1);
    while (!ready.isEmpty()) {
      Shard shard = ready.poll();
      read.add(shard.shardId());
      BigInteger start = new BigInteger(shard.sequenceNumberRange().startingSequenceNumber());
      String ending = shard.sequenceNumberRange().endingSequenceNumber();
      BigInteger end = ending == null ? null : new BigInteger(ending);
      for (Record r : readShard(partita, arn, shard, pageLimit)) {
        BigInteger n = new BigInteger(r.dynamodb().sequenceNumber());
        check(n.compareTo(last) > 0, "sequence number " + n + " after " + last);
        check(n.compareTo(start) >= 0 && (end == null || n.compareTo(end) <= 0),
            "record " + n + " outside its shard's range " + start + ".." + end);
        last = n;
        out.add(r);
      }
      ready.addAll(children.getOrDefault(shard.shardId(), List.of()));
    }
    check(read.size() == shards.size(), "shards not reached by lineage: " + shards.size() + " listed, " + read.size()
        + " read");
    return out;
  }

  private static List<Record> readShard(Partita partita, String arn, Shard shard, int pageLimit) {
    boolean closed = shard.sequenceNumberRange().endingSequenceNumber() != null;
    GetShardIteratorResponse first = partita.execute(GetShardIteratorRequest.builder().streamArn(arn)
        .shardId(shard.shardId()).shardIteratorType(ShardIteratorType.TRIM_HORIZON).build());
    List<Record> out = new ArrayList<>();
    String it = first.shardIterator();
    int emptyPages = 0;
    while (it != null) {
      GetRecordsResponse r = partita.execute(GetRecordsRequest.builder().shardIterator(it).limit(pageLimit).build());
      out.addAll(r.records());
      it = r.nextShardIterator();
      if (r.records().isEmpty()) {
        if (!closed) {
          break; // an open shard is read up to now
        }
        // a closed shard ends with no next iterator; a few empty pages on the way are allowed, not forever
        check(++emptyPages < 3, "closed shard " + shard.shardId() + " keeps answering empty pages");
      }
    }
    return out;
  }

  /** The images a record gives: its new image, or null for a REMOVE. */
  static Map<String, AttributeValue> after(Record r) {
    return r.eventName() == OperationType.REMOVE ? null : r.dynamodb().newImage();
  }

  static Map<String, AttributeValue> before(Record r) {
    return r.eventName() == OperationType.INSERT ? null : r.dynamodb().oldImage();
  }

  /**
   * Replays {@code records} over {@code state} (by key; INSERT and MODIFY put the new image, REMOVE
   * deletes), checking on the way that each record's old image is the key's replayed state just
   * before it, that its event name fits, and that it changes something: answers the violations.
   */
  static List<String> replay(Map<Map<String, AttributeValue>, Map<String, AttributeValue>> state, List<Record> records) {
    List<String> violations = new ArrayList<>();
    for (Record r : records) {
      Map<String, AttributeValue> key = r.dynamodb().keys();
      Map<String, AttributeValue> was = state.get(key);
      String at = r.eventName() + " " + key + " #" + r.dynamodb().sequenceNumber();
      OperationType expected = was == null ? OperationType.INSERT
          : after(r) == null ? OperationType.REMOVE : OperationType.MODIFY;
      if (r.eventName() != expected) {
        violations.add(at + ": the key's replayed state " + was + " makes it a " + expected);
      }
      if (!Objects.equals(before(r), was)) {
        violations.add(at + ": old image " + before(r) + ", the replayed state before it " + was);
      }
      if (Objects.equals(before(r), after(r))) {
        violations.add(at + ": a record of a write that changed nothing");
      }
      if (after(r) == null) {
        state.remove(key);
      } else {
        state.put(key, after(r));
      }
    }
    return violations;
  }

  private static void check(boolean ok, String violation) {
    if (!ok) {
      throw new AssertionError(violation);
    }
  }
}
