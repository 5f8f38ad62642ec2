package io.partita.embedded.oracle;

import static io.partita.embedded.oracle.Av.*;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.IntStream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.*;

/**
 * Records what DynamoDB Local and Partita answer to BatchGetItem and BatchWriteItem requests, side by side, into
 * {@code docs/dynamodb-batch-messages.md}: error codes and messages of every validation case, and the shape of
 * successful answers (Responses, UnprocessedKeys/Items, ConsumedCapacity, ItemCollectionMetrics).
 *
 * <p>Not a regular test; run by hand:
 * <pre>
 * mvn -q -pl partita-engine,partita-embedded test -Dtest=BatchMessagesProbe -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 * Output path can be overridden with {@code -Dpartita.messagesDoc=/some/file.md}.
 */
@org.junit.jupiter.api.condition.EnabledIfSystemProperty(named = "test", matches = ".*BatchMessagesProbe.*",
    disabledReason = "regenerates docs/dynamodb-batch-messages.md; run with -Dtest=BatchMessagesProbe")
class BatchMessagesProbe {
  /** composite: pk S, sk N */
  static final String T = "bpc";
  /** hash only: pk S */
  static final String H = "bp_hash";
  /** composite with an LSI on l (S) and a GSI on g (S) */
  static final String X = "bp_idx";

  private static DynamoDbClient local;
  private static DynamoDbClient partita;
  private final List<Object> rows = new ArrayList<>();

  record Row(String op, String what, String local, String partita) {}

  @BeforeAll
  static void start() {
    local = Subjects.oracle();
    partita = Subjects.partita();
    for (DynamoDbClient c : List.of(local, partita)) {
      c.createTable(b -> b.tableName(T).keySchema(DynamoDbLocalMessagesProbe.hash("pk"), DynamoDbLocalMessagesProbe.range("sk"))
          .attributeDefinitions(DynamoDbLocalMessagesProbe.def("pk", "S"), DynamoDbLocalMessagesProbe.def("sk", "N"))
          .billingMode(BillingMode.PAY_PER_REQUEST));
      c.createTable(b -> b.tableName(H).keySchema(DynamoDbLocalMessagesProbe.hash("pk"))
          .attributeDefinitions(DynamoDbLocalMessagesProbe.def("pk", "S"))
          .billingMode(BillingMode.PAY_PER_REQUEST));
      c.createTable(b -> b.tableName(X).keySchema(DynamoDbLocalMessagesProbe.hash("pk"), DynamoDbLocalMessagesProbe.range("sk"))
          .attributeDefinitions(DynamoDbLocalMessagesProbe.def("pk", "S"), DynamoDbLocalMessagesProbe.def("sk", "N"),
              DynamoDbLocalMessagesProbe.def("l", "S"), DynamoDbLocalMessagesProbe.def("g", "S"))
          .localSecondaryIndexes(LocalSecondaryIndex.builder().indexName("lsi")
              .keySchema(DynamoDbLocalMessagesProbe.hash("pk"), DynamoDbLocalMessagesProbe.range("l"))
              .projection(p -> p.projectionType(ProjectionType.ALL)).build())
          .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("gsi")
              .keySchema(DynamoDbLocalMessagesProbe.hash("g"))
              .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY)).build())
          .billingMode(BillingMode.PAY_PER_REQUEST));
    }
  }

  @AfterAll
  static void stop() {
    local.close();
    partita.close();
  }

  private void section(String title) {
    rows.add(title);
  }

  private void c(String op, String what, Function<DynamoDbClient, Object> call) {
    rows.add(new Row(op, what, run(local, call), run(partita, call)));
  }

  private static String run(DynamoDbClient c, Function<DynamoDbClient, Object> call) {
    try {
      return "(success) " + render(call.apply(c));
    } catch (DynamoDbException e) {
      String code = e.awsErrorDetails() == null ? "?" : e.awsErrorDetails().errorCode();
      String msg = e.awsErrorDetails() == null ? e.getMessage() : e.awsErrorDetails().errorMessage();
      return code + " " + e.statusCode() + ": `" + msg + "`";
    } catch (RuntimeException e) {
      return "(client-side " + e.getClass().getSimpleName() + ") " + e.getMessage();
    }
  }

  private static String render(Object r) {
    if (r instanceof BatchGetItemResponse g) {
      Map<String, List<String>> responses = new java.util.TreeMap<>();
      g.responses().forEach((t, items) -> responses.put(t, items.stream().map(Av::show).sorted().toList()));
      return "Responses=" + responses + " UnprocessedKeys=" + (g.hasUnprocessedKeys() ? g.unprocessedKeys() : "(absent)")
          + " ConsumedCapacity=" + (g.hasConsumedCapacity() ? g.consumedCapacity() : "(absent)");
    }
    if (r instanceof BatchWriteItemResponse w) {
      return "UnprocessedItems=" + (w.hasUnprocessedItems() ? w.unprocessedItems() : "(absent)")
          + " ConsumedCapacity=" + (w.hasConsumedCapacity() ? w.consumedCapacity() : "(absent)")
          + " ItemCollectionMetrics=" + (w.hasItemCollectionMetrics() ? w.itemCollectionMetrics() : "(absent)");
    }
    return String.valueOf(r);
  }

  // ---------------------------------------------------------------- helpers

  static WriteRequest put(Map<String, AttributeValue> item) {
    return WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build();
  }

  static WriteRequest del(Map<String, AttributeValue> key) {
    return WriteRequest.builder().deleteRequest(DeleteRequest.builder().key(key).build()).build();
  }

  static Map<String, AttributeValue> key(String pk, int sk) {
    return item("pk", s(pk), "sk", n(Integer.toString(sk)));
  }

  static KeysAndAttributes keys(List<Map<String, AttributeValue>> keys) {
    return KeysAndAttributes.builder().keys(keys).build();
  }

  static String big(int n) {
    return "x".repeat(n);
  }

  static Function<DynamoDbClient, Object> bw(Map<String, List<WriteRequest>> items) {
    return c -> c.batchWriteItem(b -> b.requestItems(items));
  }

  static Function<DynamoDbClient, Object> bg(Map<String, KeysAndAttributes> items) {
    return c -> c.batchGetItem(b -> b.requestItems(items));
  }

  static <V> Map<String, V> ordered(Object... kv) {
    Map<String, V> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      @SuppressWarnings("unchecked") V v = (V) kv[i + 1];
      m.put((String) kv[i], v);
    }
    return m;
  }

  // ---------------------------------------------------------------- the probe

  @Test
  void probe() throws IOException {
    batchWrite();
    batchGet();
    write();
  }

  private void batchWrite() {
    section("BatchWriteItem: request shape and limits");
    String op = "BatchWriteItem";
    c(op, "RequestItems absent", c -> c.batchWriteItem(b -> {}));
    c(op, "RequestItems empty", bw(Map.of()));
    c(op, "a table with an empty list", bw(Map.of(T, List.of())));
    c(op, "a table with an empty list next to a valid one", bw(ordered(T, List.of(), H, List.of(put(item("pk", s("e")))))));
    c(op, "26 requests in one table", bw(Map.of(T, IntStream.range(0, 26).mapToObj(i -> put(key("a", i))).toList())));
    c(op, "26 requests over two tables (13 + 13)", bw(ordered(T, IntStream.range(0, 13).mapToObj(i -> put(key("a", i))).toList(),
        H, IntStream.range(0, 13).mapToObj(i -> put(item("pk", s("h" + i)))).toList())));
    c(op, "25 requests (maximum)", bw(Map.of(T, IntStream.range(0, 25).mapToObj(i -> put(key("max", i))).toList())));
    c(op, "WriteRequest with neither put nor delete", bw(Map.of(T, List.of(WriteRequest.builder().build()))));
    c(op, "WriteRequest with both put and delete", bw(Map.of(T, List.of(WriteRequest.builder()
        .putRequest(PutRequest.builder().item(key("b", 1)).build())
        .deleteRequest(DeleteRequest.builder().key(key("b", 2)).build()).build()))));
    c(op, "PutRequest without Item", bw(Map.of(T, List.of(WriteRequest.builder().putRequest(PutRequest.builder().build()).build()))));
    c(op, "DeleteRequest without Key", bw(Map.of(T, List.of(WriteRequest.builder().deleteRequest(DeleteRequest.builder().build()).build()))));
    c(op, "table name `ab`", bw(Map.of("ab", List.of(put(key("a", 1))))));
    c(op, "table name with `!`", bw(Map.of("bad!", List.of(put(key("a", 1))))));
    c(op, "26 requests and a table name `ab`", bw(Map.of("ab", IntStream.range(0, 26).mapToObj(i -> put(key("a", i))).toList())));

    section("BatchWriteItem: duplicates");
    c(op, "put twice the same key", bw(Map.of(T, List.of(put(key("d", 1)), put(with(key("d", 1), "a", s("x")))))));
    c(op, "put and delete the same key", bw(Map.of(T, List.of(put(key("d", 1)), del(key("d", 1))))));
    c(op, "delete twice the same key", bw(Map.of(T, List.of(del(key("d", 1)), del(key("d", 1))))));
    c(op, "same key in two tables (not a duplicate)", bw(ordered(T, List.of(put(key("d", 2))), X, List.of(put(key("d", 2))))));
    c(op, "duplicate N keys spelled differently (1 and 1.0)", bw(Map.of(T, List.of(put(key("d", 3)),
        put(item("pk", s("d"), "sk", n("3.0")))))));
    c(op, "duplicates and 26 requests", bw(Map.of(T, IntStream.range(0, 26).mapToObj(i -> put(key("a", 0))).toList())));

    section("BatchWriteItem: tables and keys");
    c(op, "table does not exist", bw(Map.of("missing", List.of(put(key("a", 1))))));
    c(op, "table does not exist, next to a valid write", bw(ordered(T, List.of(put(key("nx", 1))), "missing", List.of(put(key("a", 1))))));
    c(op, "table does not exist, and a duplicate elsewhere", bw(ordered(T, List.of(put(key("a", 1)), put(key("a", 1))), "missing", List.of(put(key("a", 1))))));
    c(op, "table does not exist, and an invalid item elsewhere", bw(ordered(T, List.of(put(item("pk", s("x")))), "missing", List.of(put(key("a", 1))))));
    c(op, "table does not exist first, then a duplicate", bw(ordered("missing", List.of(put(key("a", 1))), T, List.of(put(key("a", 1)), put(key("a", 1))))));
    c(op, "table does not exist first, then an invalid key", bw(ordered("missing", List.of(put(key("a", 1))), T, List.of(put(item("pk", s("x")))))));
    c(op, "table does not exist first, then an invalid value", bw(ordered("missing", List.of(put(key("a", 1))), T, List.of(put(with(key("v", 1), "a", AttributeValue.builder().ss(List.of()).build()))))));
    c(op, "table does not exist first, then an empty list", bw(ordered("missing", List.of(put(key("a", 1))), T, List.of())));
    c(op, "invalid key first, then a duplicate", bw(ordered(T, List.of(put(item("pk", s("x"))), put(key("a", 1)), put(key("a", 1))))));
    c(op, "duplicate first, then an invalid key", bw(ordered(T, List.of(put(key("a", 1)), put(key("a", 1)), put(item("pk", s("x")))))));
    c(op, "duplicate first, then an invalid value", bw(ordered(T, List.of(put(key("a", 1)), put(key("a", 1)), put(with(key("v", 1), "a", AttributeValue.builder().ss(List.of()).build()))))));
    c(op, "invalid index key first, then an invalid key", bw(ordered(X, List.of(put(with(key("i", 1), "g", n("1"))), put(item("pk", s("x")))))));
    c(op, "too big item first, then an invalid key", bw(ordered(H, List.of(put(item("pk", s("big"), "a", s(big(400 * 1024)))), put(item("a", s("x")))))));
    c(op, "invalid key first, then a too big item", bw(ordered(H, List.of(put(item("a", s("x"))), put(item("pk", s("big"), "a", s(big(400 * 1024))))))));
    c(op, "empty list first, then 26 requests", bw(ordered(T, List.of(), H, IntStream.range(0, 26).mapToObj(i -> put(item("pk", s("h" + i)))).toList())));
    c(op, "neither put nor delete, then a bad table name", bw(ordered(T, List.of(WriteRequest.builder().build()), "ab", List.of(put(key("a", 1))))));
    c(op, "bad table name, then neither put nor delete", bw(ordered("ab", List.of(put(key("a", 1))), T, List.of(WriteRequest.builder().build()))));
    WriteRequest badValue = put(with(key("v", 1), "a", AttributeValue.builder().ss(List.of()).build()));
    c(op, "invalid value, then an empty list", bw(ordered(T, List.of(badValue), H, List.of())));
    c(op, "empty list, then an invalid value", bw(ordered(H, List.of(), T, List.of(badValue))));
    c(op, "neither put nor delete, then an empty list", bw(ordered(T, List.of(WriteRequest.builder().build()), H, List.of())));
    c(op, "invalid value, then neither put nor delete", bw(ordered(T, List.of(badValue, WriteRequest.builder().build()))));
    c(op, "neither put nor delete, then an invalid value", bw(ordered(T, List.of(WriteRequest.builder().build(), badValue))));
    c(op, "26 requests with one too big item", bw(Map.of(T, IntStream.range(0, 26).mapToObj(i -> i == 3
        ? put(with(key("a", i), "big", s(big(400 * 1024)))) : put(key("a", i))).toList())));
    c(op, "26 requests with an invalid key", bw(Map.of(T, IntStream.range(0, 26).mapToObj(i -> i == 3
        ? put(item("pk", s("x"))) : put(key("a", i))).toList())));
    c(op, "bad table name, then an invalid value", bw(ordered("ab", List.of(put(key("a", 1))), T, List.of(badValue))));
    c(op, "wrong index key type, then a duplicate", bw(Map.of(X, List.of(put(with(key("i", 1), "g", n("1"))), put(key("i", 2)), put(key("i", 2))))));
    c(op, "duplicate, then wrong index key type", bw(Map.of(X, List.of(put(key("i", 2)), put(key("i", 2)), put(with(key("i", 1), "g", n("1")))))));
    c(op, "wrong index key type, then an invalid key", bw(Map.of(X, List.of(put(with(key("i", 1), "g", n("1"))), put(item("pk", s("i")))))));
    c(op, "valid put, then wrong index key type: is the valid one written?", c -> {
      try {
        c.batchWriteItem(b -> b.requestItems(Map.of(X, List.of(put(key("iw", 1)), put(with(key("iw", 2), "g", n("1")))))));
      } catch (DynamoDbException e) {
        // expected
      }
      return "item written: " + c.getItem(b -> b.tableName(X).key(key("iw", 1))).hasItem();
    });
    c(op, "wrong index key type in one table, invalid key in the next", bw(ordered(X, List.of(put(with(key("i", 1), "g", n("1")))),
        T, List.of(put(item("pk", s("x")))))));
    c(op, "wrong index key type in one table, missing table next", bw(ordered(X, List.of(put(with(key("i", 1), "g", n("1")))),
        "missing", List.of(put(key("a", 1))))));
    c(op, "put missing the sort key", bw(Map.of(T, List.of(put(item("pk", s("x")))))));
    c(op, "put missing the partition key", bw(Map.of(T, List.of(put(item("sk", n("1")))))));
    c(op, "put with wrong key type", bw(Map.of(T, List.of(put(item("pk", s("x"), "sk", s("1")))))));
    c(op, "put with empty string partition key", bw(Map.of(T, List.of(put(item("pk", s(""), "sk", n("1")))))));
    c(op, "put with an empty string set", bw(Map.of(T, List.of(put(with(key("v", 1), "a", AttributeValue.builder().ss(List.of()).build()))))));
    c(op, "put with an empty AttributeValue", bw(Map.of(T, List.of(put(with(key("v", 1), "a", AttributeValue.builder().build()))))));
    c(op, "put with a number `1e999`", bw(Map.of(T, List.of(put(with(key("v", 1), "a", n("1e999")))))));
    c(op, "put item of 400 KB + 1", bw(Map.of(H, List.of(put(item("pk", s("big"), "a", s(big(400 * 1024 + 1 - 3)))))))); 
    c(op, "put item of exactly 400 KB", bw(Map.of(H, List.of(put(item("pk", s("big"), "a", s(big(400 * 1024 - 3 - 1))))))));
    c(op, "put with partition key of 2049 bytes", bw(Map.of(H, List.of(put(item("pk", s(big(2049))))))));
    c(op, "delete with wrong key type", bw(Map.of(T, List.of(del(item("pk", s("x"), "sk", s("1")))))));
    c(op, "delete with an extra attribute", bw(Map.of(T, List.of(del(with(key("x", 1), "a", s("y")))))));
    c(op, "delete missing the sort key", bw(Map.of(T, List.of(del(item("pk", s("x")))))));
    c(op, "delete with empty Key", bw(Map.of(T, List.of(del(Map.of())))));
    c(op, "put with wrong index key type (LSI key l as N)", bw(Map.of(X, List.of(put(with(key("i", 1), "l", n("1")))))));
    c(op, "put with wrong index key type (GSI key g as N)", bw(Map.of(X, List.of(put(with(key("i", 1), "g", n("1")))))));
    c(op, "put with empty GSI key", bw(Map.of(X, List.of(put(with(key("i", 1), "g", s("")))))));
    c(op, "valid put then invalid put: is the valid one written?", c -> {
      try {
        c.batchWriteItem(b -> b.requestItems(Map.of(T, List.of(put(key("partial", 1)), put(item("pk", s("partial")))))));
      } catch (DynamoDbException e) {
        // expected
      }
      return "item written: " + c.getItem(b -> b.tableName(T).key(key("partial", 1))).hasItem();
    });

    section("BatchWriteItem: legacy and other parameters");
    c(op, "ReturnConsumedCapacity BOGUS", c -> c.batchWriteItem(b -> b.requestItems(Map.of(T, List.of(put(key("a", 1)))))
        .returnConsumedCapacity("BOGUS")));
    c(op, "ReturnItemCollectionMetrics BOGUS", c -> c.batchWriteItem(b -> b.requestItems(Map.of(T, List.of(put(key("a", 1)))))
        .returnItemCollectionMetrics("BOGUS")));

    section("BatchWriteItem: answers");
    c(op, "two tables, TOTAL capacity, items of 1.5 KB and 10 bytes",
        c -> c.batchWriteItem(b -> b.requestItems(ordered(T, List.of(put(with(key("c", 1), "a", s(big(1500)))), put(key("c", 2))),
            H, List.of(put(item("pk", s("c")))))).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
    c(op, "the same, INDEXES capacity", c -> c.batchWriteItem(b -> b.requestItems(ordered(T, List.of(put(with(key("c", 1),
        "a", s(big(1500)))), put(key("c", 2))), H, List.of(put(item("pk", s("c")))))).returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)));
    c(op, "delete of the 1.5 KB item and of a missing item, TOTAL", c -> c.batchWriteItem(b -> b.requestItems(Map.of(T,
        List.of(del(key("c", 1)), del(key("c", 99))))).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
    c(op, "put a 1.5 KB item, TOTAL", c -> c.batchWriteItem(b -> b.requestItems(Map.of(T, List.of(put(with(key("e", 1), "a", s(big(1500)))))))
        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
    c(op, "delete that 1.5 KB item alone, TOTAL", c -> c.batchWriteItem(b -> b.requestItems(Map.of(T, List.of(del(key("e", 1)))))
        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
    c(op, "delete a missing item alone, TOTAL", c -> c.batchWriteItem(b -> b.requestItems(Map.of(T, List.of(del(key("e", 1)))))
        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
    c(op, "put a tiny item over a 1.5 KB item, TOTAL", c -> {
      c.putItem(b -> b.tableName(T).item(with(key("e", 2), "a", s(big(1500)))));
      return c.batchWriteItem(b -> b.requestItems(Map.of(T, List.of(put(key("e", 2))))).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    });
    c(op, "delete two missing items, TOTAL", c -> c.batchWriteItem(b -> b.requestItems(Map.of(T, List.of(del(key("e", 8)), del(key("e", 9)))))
        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
    c(op, "no capacity asked", bw(Map.of(T, List.of(put(key("c", 3))))));
    c(op, "indexed table: ItemCollectionMetrics SIZE, two puts in one collection and one in another, one delete",
        c -> c.batchWriteItem(b -> b.requestItems(ordered(X, List.of(put(with(key("m", 1), "l", s("a"), "g", s("g"))),
            put(with(key("m", 2), "l", s("b"))), put(with(key("n", 1), "l", s("c"))), del(key("o", 1))),
            T, List.of(put(key("m", 1))))).returnItemCollectionMetrics(ReturnItemCollectionMetrics.SIZE)
            .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)));
    c(op, "indexed table: ItemCollectionMetrics NONE", c -> c.batchWriteItem(b -> b.requestItems(Map.of(X,
        List.of(put(with(key("m", 3), "l", s("a")))))).returnItemCollectionMetrics(ReturnItemCollectionMetrics.NONE)));
    c(op, "plain table: ItemCollectionMetrics SIZE", c -> c.batchWriteItem(b -> b.requestItems(Map.of(T,
        List.of(put(key("m", 3))))).returnItemCollectionMetrics(ReturnItemCollectionMetrics.SIZE)));
  }

  private void batchGet() {
    for (DynamoDbClient c : List.of(local, partita)) {
      c.putItem(b -> b.tableName(T).item(with(key("g", 1), "a", s("one"), "b", n("1"), "m", m("x", s("y"), "z", n("2")))));
      c.putItem(b -> b.tableName(T).item(with(key("g", 2), "a", s(big(5000)))));
      c.putItem(b -> b.tableName(H).item(item("pk", s("g"), "a", s(big(9000)))));
    }
    section("BatchGetItem: request shape and limits");
    String op = "BatchGetItem";
    List<Map<String, AttributeValue>> k101 = IntStream.range(0, 101).mapToObj(i -> key("g", i)).toList();
    c(op, "RequestItems absent", c -> c.batchGetItem(b -> {}));
    c(op, "RequestItems empty", bg(Map.of()));
    c(op, "Keys empty", bg(Map.of(T, keys(List.of()))));
    c(op, "Keys absent", bg(Map.of(T, KeysAndAttributes.builder().build())));
    c(op, "Keys empty next to a valid table", bg(ordered(T, keys(List.of()), H, keys(List.of(item("pk", s("g")))))));
    c(op, "101 keys in one table", bg(Map.of(T, keys(k101))));
    c(op, "101 keys over two tables (60 + 41)", bg(ordered(T, keys(k101.subList(0, 60)),
        H, keys(IntStream.range(0, 41).mapToObj(i -> item("pk", s("h" + i))).toList()))));
    c(op, "100 keys (maximum)", c -> {
      BatchGetItemResponse r = c.batchGetItem(b -> b.requestItems(Map.of(T, keys(k101.subList(0, 100)))));
      return "items " + r.responses().get(T).size() + " unprocessed " + r.unprocessedKeys();
    });
    c(op, "a key of {}", bg(Map.of(T, keys(List.of(Map.of())))));
    c(op, "table name `ab`", bg(Map.of("ab", keys(List.of(key("g", 1))))));
    c(op, "101 keys and a table name `ab`", bg(Map.of("ab", keys(k101))));

    section("BatchGetItem: duplicates");
    c(op, "same key twice", bg(Map.of(T, keys(List.of(key("g", 1), key("g", 1))))));
    c(op, "same key spelled 1 and 1.0", bg(Map.of(T, keys(List.of(key("g", 1), item("pk", s("g"), "sk", n("1.0")))))));
    c(op, "same key in two tables", bg(ordered(T, keys(List.of(key("g", 1))), X, keys(List.of(key("g", 1))))));
    c(op, "duplicates and 101 keys", bg(Map.of(T, keys(IntStream.range(0, 101).mapToObj(i -> key("g", 1)).toList()))));

    section("BatchGetItem: tables and keys");
    c(op, "table does not exist", bg(Map.of("missing", keys(List.of(key("g", 1))))));
    c(op, "table does not exist next to a valid table", bg(ordered(T, keys(List.of(key("g", 1))), "missing", keys(List.of(key("g", 1))))));
    c(op, "table does not exist, and a duplicate elsewhere", bg(ordered(T, keys(List.of(key("g", 1), key("g", 1))), "missing", keys(List.of(key("g", 1))))));
    c(op, "table does not exist, and a wrong key elsewhere", bg(ordered(T, keys(List.of(item("pk", s("g")))), "missing", keys(List.of(key("g", 1))))));
    c(op, "table does not exist first, then a duplicate", bg(ordered("missing", keys(List.of(key("g", 1))), T, keys(List.of(key("g", 1), key("g", 1))))));
    c(op, "table does not exist first, then a wrong key", bg(ordered("missing", keys(List.of(key("g", 1))), T, keys(List.of(item("pk", s("g")))))));
    c(op, "table does not exist first, then a bad projection", bg(ordered("missing", keys(List.of(key("g", 1))), T, KeysAndAttributes.builder().keys(key("g", 1)).projectionExpression("a,,b").build())));
    c(op, "table does not exist first, then empty Keys", bg(ordered("missing", keys(List.of(key("g", 1))), T, keys(List.of()))));
    c(op, "wrong key first, then a duplicate", bg(Map.of(T, keys(List.of(item("pk", s("g")), key("g", 1), key("g", 1))))));
    c(op, "duplicate first, then a wrong key", bg(Map.of(T, keys(List.of(key("g", 1), key("g", 1), item("pk", s("g")))))));
    c(op, "bad projection and a duplicate", bg(Map.of(T, KeysAndAttributes.builder().keys(key("g", 1), key("g", 1)).projectionExpression("a,,b").build())));
    c(op, "empty Keys first, then 101 keys", bg(ordered(H, keys(List.of()), T, keys(k101))));
    c(op, "invalid value in a key (empty AttributeValue)", bg(Map.of(T, keys(List.of(item("pk", AttributeValue.builder().build(), "sk", n("1")))))));
    c(op, "invalid value in a key, and a missing table", bg(ordered("missing", keys(List.of(key("g", 1))), T, keys(List.of(item("pk", AttributeValue.builder().build(), "sk", n("1")))))));
    c(op, "bad table name, then empty Keys", bg(ordered("ab", keys(List.of(key("g", 1))), T, keys(List.of()))));
    c(op, "wrong key type", bg(Map.of(T, keys(List.of(item("pk", s("g"), "sk", s("1")))))));
    c(op, "missing sort key", bg(Map.of(T, keys(List.of(item("pk", s("g")))))));
    c(op, "extra attribute", bg(Map.of(T, keys(List.of(with(key("g", 1), "a", s("x")))))));
    c(op, "empty string key", bg(Map.of(T, keys(List.of(item("pk", s(""), "sk", n("1")))))));
    c(op, "partition key of 2049 bytes", bg(Map.of(H, keys(List.of(item("pk", s(big(2049))))))));
    c(op, "wrong key type, and a duplicate", bg(Map.of(T, keys(List.of(key("g", 1), key("g", 1), item("pk", s("g"), "sk", s("1")))))));

    section("BatchGetItem: projections and legacy parameters");
    c(op, "ProjectionExpression a, m.z", bg(Map.of(T, KeysAndAttributes.builder().keys(key("g", 1)).projectionExpression("a, m.z").build())));
    c(op, "ProjectionExpression #n with names", bg(Map.of(T, KeysAndAttributes.builder().keys(key("g", 1)).projectionExpression("#n")
        .expressionAttributeNames(Map.of("#n", "b")).build())));
    c(op, "ProjectionExpression with syntax error", bg(Map.of(T, KeysAndAttributes.builder().keys(key("g", 1)).projectionExpression("a,,b").build())));
    c(op, "ProjectionExpression with reserved word", bg(Map.of(T, KeysAndAttributes.builder().keys(key("g", 1)).projectionExpression("name").build())));
    c(op, "ProjectionExpression with undefined #n", bg(Map.of(T, KeysAndAttributes.builder().keys(key("g", 1)).projectionExpression("#n").build())));
    c(op, "ExpressionAttributeNames unused", bg(Map.of(T, KeysAndAttributes.builder().keys(key("g", 1)).projectionExpression("a")
        .expressionAttributeNames(Map.of("#n", "b")).build())));
    c(op, "ExpressionAttributeNames without ProjectionExpression", bg(Map.of(T, KeysAndAttributes.builder().keys(key("g", 1))
        .expressionAttributeNames(Map.of("#n", "b")).build())));
    c(op, "ExpressionAttributeNames empty", bg(Map.of(T, KeysAndAttributes.builder().keys(key("g", 1)).projectionExpression("a")
        .expressionAttributeNames(Map.of()).build())));
    c(op, "AttributesToGet", bg(Map.of(T, KeysAndAttributes.builder().keys(key("g", 1)).attributesToGet("a").build())));
    c(op, "AttributesToGet and ProjectionExpression", bg(Map.of(T, KeysAndAttributes.builder().keys(key("g", 1))
        .attributesToGet("a").projectionExpression("b").build())));
    c(op, "bad projection and a missing table", bg(ordered(T, KeysAndAttributes.builder().keys(key("g", 1)).projectionExpression("a,,b").build(),
        "missing", keys(List.of(key("g", 1))))));
    c(op, "bad projection and a wrong key", bg(Map.of(T, KeysAndAttributes.builder().keys(item("pk", s("g"))).projectionExpression("a,,b").build())));
    c(op, "syntax error in one table, unused name in the next", bg(ordered(T, KeysAndAttributes.builder().keys(key("g", 1)).projectionExpression("a,,b").build(),
        H, KeysAndAttributes.builder().keys(item("pk", s("g"))).projectionExpression("a").expressionAttributeNames(Map.of("#u", "b")).build())));
    c(op, "unused name, and a missing table", bg(ordered("missing", keys(List.of(key("g", 1))),
        H, KeysAndAttributes.builder().keys(item("pk", s("g"))).projectionExpression("a").expressionAttributeNames(Map.of("#u", "b")).build())));
    c(op, "unused name, and a duplicate", bg(Map.of(T, KeysAndAttributes.builder().keys(key("g", 1), key("g", 1)).projectionExpression("a").expressionAttributeNames(Map.of("#u", "b")).build())));
    c(op, "unused name, and empty Keys", bg(ordered(T, keys(List.of()), H, KeysAndAttributes.builder().keys(item("pk", s("g"))).projectionExpression("a").expressionAttributeNames(Map.of("#u", "b")).build())));
    c(op, "undefined name, and a missing table", bg(ordered("missing", keys(List.of(key("g", 1))),
        H, KeysAndAttributes.builder().keys(item("pk", s("g"))).projectionExpression("#n").build())));
    c(op, "two unused names", bg(Map.of(T, KeysAndAttributes.builder().keys(key("g", 1)).projectionExpression("a").expressionAttributeNames(Map.of("#u", "b", "#v", "c")).build())));
    c(op, "reserved word, and a missing table", bg(ordered("missing", keys(List.of(key("g", 1))),
        H, KeysAndAttributes.builder().keys(item("pk", s("g"))).projectionExpression("name").build())));
    c(op, "ReturnConsumedCapacity BOGUS", c -> c.batchGetItem(b -> b.requestItems(Map.of(T, keys(List.of(key("g", 1)))))
        .returnConsumedCapacity("BOGUS")));

    section("BatchGetItem: answers");
    c(op, "found and missing items over two tables, TOTAL, eventually consistent", c -> c.batchGetItem(b -> b.requestItems(ordered(
        T, keys(List.of(key("g", 1), key("g", 2), key("g", 3))), H, keys(List.of(item("pk", s("g")), item("pk", s("nothing"))))))
        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
    c(op, "the same, consistent", c -> c.batchGetItem(b -> b.requestItems(ordered(
        T, KeysAndAttributes.builder().keys(key("g", 1), key("g", 2), key("g", 3)).consistentRead(true).build(),
        H, KeysAndAttributes.builder().keys(item("pk", s("g")), item("pk", s("nothing"))).consistentRead(true).build()))
        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
    c(op, "the same, INDEXES", c -> c.batchGetItem(b -> b.requestItems(ordered(
        T, keys(List.of(key("g", 1), key("g", 2), key("g", 3))), H, keys(List.of(item("pk", s("g")), item("pk", s("nothing"))))))
        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)));
    c(op, "only missing items, TOTAL", c -> c.batchGetItem(b -> b.requestItems(Map.of(T, keys(List.of(key("none", 1), key("none", 2)))))
        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
    c(op, "5 KB item with projection of a (tiny), TOTAL", c -> c.batchGetItem(b -> b.requestItems(Map.of(T,
        KeysAndAttributes.builder().keys(key("g", 2)).projectionExpression("pk").build())).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
    c(op, "two 1-byte items, TOTAL (rounded per item or summed?)", c -> c.batchGetItem(b -> b.requestItems(Map.of(T,
        keys(List.of(key("g", 1), key("c", 2))))).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
    c(op, "ReturnConsumedCapacity NONE", c -> c.batchGetItem(b -> b.requestItems(Map.of(T, keys(List.of(key("g", 1)))))
        .returnConsumedCapacity(ReturnConsumedCapacity.NONE)));
  }

  private void write() throws IOException {
    StringBuilder sb = new StringBuilder();
    sb.append("# BatchGetItem and BatchWriteItem: DynamoDB Local and Partita\n\n");
    sb.append("Generated by `io.partita.embedded.oracle.BatchMessagesProbe`: every request goes to DynamoDB Local 2.6.1 ")
        .append("(embedded) and to Partita (embedded), and both answers are recorded. Do not edit by hand. Regenerate with:\n\n")
        .append("```\nmvn -q -pl partita-engine,partita-embedded test -Dtest=BatchMessagesProbe -Dsurefire.failIfNoSpecifiedTests=false\n```\n\n")
        .append("Tables: `bpc` (pk S, sk N), `bp_hash` (pk S), `bp_idx` (pk S, sk N; LSI `lsi` on l S, ALL; GSI `gsi` on g S, ")
        .append("KEYS_ONLY), all on demand. Where the two differ, docs/DESIGN.md (Batches) says why.\n");
    int n = 0;
    for (Object o : rows) {
      if (o instanceof String s) {
        sb.append("\n## ").append(s).append("\n\n| # | Operation | Case | DynamoDB Local | Partita |\n|---|---|---|---|---|\n");
      } else {
        Row r = (Row) o;
        String same = r.local().equals(r.partita()) ? "(same)" : esc(r.partita());
        sb.append("| ").append(++n).append(" | ").append(r.op()).append(" | ").append(esc(r.what())).append(" | ")
            .append(esc(r.local())).append(" | ").append(same).append(" |\n");
      }
    }
    Path out = Path.of(System.getProperty("partita.messagesDoc",
        Path.of(System.getProperty("user.dir")).resolveSibling("docs").resolve("dynamodb-batch-messages.md").toString()));
    Files.writeString(out, sb.toString(), StandardCharsets.UTF_8);
    System.out.println("wrote " + out);
  }

  private static String esc(String s) {
    return s.replace("|", "\\|").replace("\n", " ");
  }
}
