package io.partita.engine.internal.ops.context;

import io.partita.engine.internal.storage.StorageException;
import io.partita.engine.internal.value.ItemCodec;
import io.partita.engine.internal.value.ItemSize;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Identity;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.StreamRecord;

/**
 * A stream record as stored ({@link io.partita.engine.internal.storage.Keyspace#STREAM}) and as GetRecords
 * answers it. The images a record holds are decided when it is written, by its stream's view type
 * (docs/ttl-streams.md section 5.7): KEYS_ONLY none; NEW_IMAGE the new item; OLD_IMAGE the old
 * one; NEW_AND_OLD_IMAGES both; an image of no item is left out.
 */
public final class StreamRecords {
  private static final byte VERSION = 1;
  /** What DynamoDB Streams records carry as eventVersion (recorded: docs/ttl-streams.md section 5.7). */
  static final String EVENT_VERSION = "1.1";
  /** Sequence numbers are shown as 21-digit decimals: 10^20 plus the engine's number. */
  private static final java.math.BigInteger SEQUENCE_BASE = java.math.BigInteger.TEN.pow(20);

  private StreamRecords() {}

  /** One record to store: what changed, and whether the service itself made the change (a TTL deletion). */
  static byte[] encode(String viewType, long createdMillis, boolean byService, Map<String, AttributeValue> keys,
      Map<String, AttributeValue> before, Map<String, AttributeValue> after) {
    byte event = (byte) (before == null ? 0 : after == null ? 2 : 1); // INSERT, REMOVE, MODIFY
    Map<String, AttributeValue> oldImage = viewType.equals("OLD_IMAGE") || viewType.equals("NEW_AND_OLD_IMAGES")
        ? before : null;
    Map<String, AttributeValue> newImage = viewType.equals("NEW_IMAGE") || viewType.equals("NEW_AND_OLD_IMAGES")
        ? after : null;
    byte[] k = ItemCodec.encode(keys);
    byte[] o = oldImage == null ? null : ItemCodec.encode(oldImage);
    byte[] n = newImage == null ? null : ItemCodec.encode(newImage);
    byte[] view = viewType.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    ByteBuffer b = ByteBuffer.allocate(1 + 1 + 8 + 1 + 1 + view.length + 12 + k.length
        + (o == null ? 0 : o.length) + (n == null ? 0 : n.length));
    b.put(VERSION).put(event).putLong(createdMillis).put((byte) (byService ? 1 : 0)).put((byte) view.length).put(view);
    put(b, k);
    put(b, o);
    put(b, n);
    return b.array();
  }

  private static void put(ByteBuffer b, byte[] part) {
    b.putInt(part == null ? -1 : part.length);
    if (part != null) {
      b.put(part);
    }
  }

  private static Map<String, AttributeValue> get(ByteBuffer b) {
    int length = b.getInt();
    if (length < 0) {
      return null;
    }
    byte[] part = new byte[length];
    b.get(part);
    return ItemCodec.decode(part);
  }

  /** When a stored record was written (for trimming). */
  static long createdMillis(byte[] stored) {
    return ByteBuffer.wrap(stored, 2, 8).getLong();
  }

  /** The record GetRecords answers for a stored one, in the database's region. */
  public static Record decode(String region, long tableId, long sequence, byte[] stored) {
    ByteBuffer b = ByteBuffer.wrap(stored);
    if (b.get() != VERSION) {
      throw new StorageException("unknown stream record version");
    }
    OperationType event = switch (b.get()) {
      case 0 -> OperationType.INSERT;
      case 1 -> OperationType.MODIFY;
      default -> OperationType.REMOVE;
    };
    long created = b.getLong();
    boolean byService = b.get() == 1;
    byte[] view = new byte[b.get()];
    b.get(view);
    Map<String, AttributeValue> keys = get(b);
    Map<String, AttributeValue> oldImage = get(b);
    Map<String, AttributeValue> newImage = get(b);
    long size = ItemSize.of(keys) + (oldImage == null ? 0 : ItemSize.of(oldImage))
        + (newImage == null ? 0 : ItemSize.of(newImage));
    StreamRecord.Builder r = StreamRecord.builder()
        // whole seconds, as the service's records show them
        .approximateCreationDateTime(Instant.ofEpochSecond(created / 1000))
        .keys(keys).sequenceNumber(sequenceNumber(sequence)).sizeBytes(size)
        .streamViewType(new String(view, java.nio.charset.StandardCharsets.US_ASCII));
    if (oldImage != null) {
      r.oldImage(oldImage);
    }
    if (newImage != null) {
      r.newImage(newImage);
    }
    Record.Builder out = Record.builder().eventID(eventId(tableId, sequence)).eventName(event)
        .eventVersion(EVENT_VERSION).eventSource("aws:dynamodb").awsRegion(region).dynamodb(r.build());
    if (byService) {
      // a Time to Live deletion (docs/ttl-streams.md section 3)
      out.userIdentity(Identity.builder().type("Service").principalId("dynamodb.amazonaws.com").build());
    }
    return out.build();
  }

  /** 32 lower-case hex digits, unique per record, as the service's eventIDs look. */
  static String eventId(long tableId, long sequence) {
    long a = mix(tableId * 0x9E3779B97F4A7C15L ^ sequence);
    long b = mix(sequence * 0xC2B2AE3D27D4EB4FL + tableId);
    return HexFormat.of().toHexDigits(a) + HexFormat.of().toHexDigits(b);
  }

  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  public static String sequenceNumber(long sequence) {
    return SEQUENCE_BASE.add(java.math.BigInteger.valueOf(sequence)).toString();
  }

  /** The engine's number of a SequenceNumber a client sends back, or -1 when it is none of ours. */
  public static long sequence(String sequenceNumber) {
    if (sequenceNumber == null || sequenceNumber.length() != 21 || !sequenceNumber.chars().allMatch(Character::isDigit)) {
      return -1;
    }
    java.math.BigInteger n = new java.math.BigInteger(sequenceNumber).subtract(SEQUENCE_BASE);
    return n.signum() < 0 ? -1 : n.longValue();
  }
}
