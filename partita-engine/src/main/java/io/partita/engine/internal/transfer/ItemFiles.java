package io.partita.engine.internal.transfer;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A JSON file of items for {@code partita seed}: a JSON array of items, or items one after another
 * (one a line, as in an export's data file), each in DynamoDB JSON ({@code {"pk":{"S":"a"}}}, also
 * wrapped as {@code {"Item":{...}}}) or plain JSON ({@code {"pk":"a","n":1}}). An item is read as
 * DynamoDB JSON when every attribute is an object with exactly one member named by a DynamoDB type
 * ({@code S}, {@code N}, {@code B}, {@code BOOL}, {@code NULL}, {@code SS}, {@code NS}, {@code BS},
 * {@code L}, {@code M}); else as plain JSON.
 */
public final class ItemFiles {
  private static final Set<String> TYPES = Set.of("S", "N", "B", "BOOL", "NULL", "SS", "NS", "BS", "L", "M");

  /** Receives the items in file order. */
  public interface Sink {
    void accept(Map<String, AttributeValue> item);
  }

  private ItemFiles() {}

  /**
   * {@code partita seed}: writes every item of {@code in} into {@code table} through BatchWriteItem,
   * 25 at a time (the engine's write path: indexes, counters and streams follow); answers how many.
   * {@code written} is told the running count after each batch. {@code db} runs each batch: the
   * database's {@code execute} (a function, so that this room does not name the engine's entry).
   *
   * @throws IllegalArgumentException for a value of the file that is not an item
   * @throws io.partita.engine.PartitaException for an item the table refuses (without its key, say)
   */
  public static long seed(
      java.util.function.Consumer<software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest> db, String table, InputStream in,
      java.util.function.LongConsumer written) throws IOException {
    java.util.List<software.amazon.awssdk.services.dynamodb.model.WriteRequest> batch = new java.util.ArrayList<>(25);
    long[] count = {0};
    Runnable flush = () -> {
      if (!batch.isEmpty()) {
        db.accept(software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest.builder()
            .requestItems(Map.of(table, java.util.List.copyOf(batch))).build());
        count[0] += batch.size();
        batch.clear();
        written.accept(count[0]);
      }
    };
    read(in, item -> {
      batch.add(software.amazon.awssdk.services.dynamodb.model.WriteRequest.builder()
          .putRequest(r -> r.item(item)).build());
      if (batch.size() == 25) {
        flush.run();
      }
    });
    flush.run();
    return count[0];
  }

  /**
   * Reads every item of {@code in}.
   *
   * @throws IllegalArgumentException naming the line of the first value that is not an item
   */
  public static void read(InputStream in, Sink sink) throws IOException {
    try (JsonParser p = DynamoJson.FACTORY.createParser(in)) {
      JsonToken t = p.nextToken();
      boolean array = t == JsonToken.START_ARRAY;
      if (array) {
        t = p.nextToken();
      }
      while (t != null && !(array && t == JsonToken.END_ARRAY)) {
        long line = p.currentTokenLocation().getLineNr();
        if (t != JsonToken.START_OBJECT) {
          throw new IllegalArgumentException("line " + line + ": expected an item (a JSON object), found " + t);
        }
        try {
          sink.accept(item(p));
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException("line " + line + ": " + e.getMessage(), e);
        }
        t = p.nextToken();
      }
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalArgumentException("not JSON: " + DynamoJson.firstLine(e.getOriginalMessage())
          + " (line " + e.getLocation().getLineNr() + ")", e);
    }
  }

  /**
   * One item at its START_OBJECT, in whichever form it is: its text is copied, its shape looked at as
   * plain JSON, and a DynamoDB JSON item then read from the text by DynamoJson (so numbers and
   * binaries are read by the one reader of that form, never converted twice).
   */
  private static Map<String, AttributeValue> item(JsonParser p) throws IOException {
    java.io.StringWriter text = new java.io.StringWriter();
    try (com.fasterxml.jackson.core.JsonGenerator g = DynamoJson.FACTORY.createGenerator(text)) {
      g.copyCurrentStructure(p);
    }
    Map<String, AttributeValue> plain;
    try (JsonParser again = DynamoJson.FACTORY.createParser(text.toString())) {
      again.nextToken();
      plain = DynamoJson.readPlain(again).m();
    }
    AttributeValue wrapped = plain.size() == 1 ? plain.get("Item") : null;
    boolean inItem = wrapped != null && wrapped.hasM() && isDynamoJson(wrapped.m());
    if (!inItem && !isDynamoJson(plain)) {
      return plain;
    }
    try (JsonParser again = DynamoJson.FACTORY.createParser(text.toString())) {
      again.nextToken();
      if (inItem) {
        again.nextToken(); // "Item"
        again.nextToken();
      }
      return DynamoJson.readItem(again);
    }
  }

  private static boolean isDynamoJson(Map<String, AttributeValue> m) {
    for (AttributeValue v : m.values()) {
      if (!v.hasM() || v.m().size() != 1 || !TYPES.contains(v.m().keySet().iterator().next())) {
        return false;
      }
    }
    return !m.isEmpty();
  }
}
