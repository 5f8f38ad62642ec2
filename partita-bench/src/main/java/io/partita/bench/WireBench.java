package io.partita.bench;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.partita.engine.Partita;
import io.partita.server.wire.Dispatcher;
import io.partita.server.wire.SdkJsonReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * The server's work for one request without HTTP: the JSON body read, the engine run, the JSON
 * answer written ({@link Dispatcher#dispatch}), in memory, in-process. What the server's CPU per
 * request is made of besides Netty, measured without the noise of sockets and a second process.
 *
 * <ul>
 *   <li>{@code getItem}: GetItem of the ~1 KB fixture item ({@link Fixtures#item});
 *   <li>{@code query10}: a Query of a 10-item collection (items of ~130 bytes, as server-wrk.sh);
 *   <li>{@code putItem}: PutItem of the fixture item (an overwrite), whose answer has no item;
 *   <li>{@code readPutItemBody} and {@code tokensOfPutItemBody}: PutItem's body read into the SDK's
 *       request object, as the server reads it, against only walking its JSON tokens and taking each
 *       value's text, the least any reader does: their difference is the most that reading a body
 *       straight into commands (no SDK objects) could save (docs/ARCHITECTURE.md, "Not yet");
 *   <li>{@code getItem}'s parts: {@code readGetItemBody} (the body into the SDK's request), {@code
 *       constraintsOfGetItem} (the API's declared constraints checked on it), {@code answerGetItem}
 *       (the engine's answer to it, constraints included, its item still stored) and {@code
 *       writeGetItemAnswer} (that answer written as JSON);
 *   <li>{@code purchase}: the side-by-side workload's TransactWriteItems (a conditional Update of a
 *       product's stock and a Put of a new order on condition its key is free), through the engine
 *       without JSON, beside {@code purchaseUpdate} and {@code purchasePut}, the same two writes as
 *       single-item requests: what a transaction costs over its actions; {@code purchaseWithToken}
 *       the same with a new ClientRequestToken each time, as the SDK's clients send;
 *   <li>{@code attributeValuesOfPutItemBody}: the same tokens made into the item's {@code
 *       AttributeValue}s by hand (the types' factories, no SDK request, no checks), the least a
 *       reader pays while the engine takes items as {@code AttributeValue}s.
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class WireBench {
  private static final String TARGET = Dispatcher.TARGET_PREFIX;
  private static final String GET_ITEM = TARGET + "GetItem";
  private static final String QUERY = TARGET + "Query";
  private static final String PUT_ITEM = TARGET + "PutItem";

  Partita partita;
  Dispatcher dispatcher;
  byte[] getItem;
  byte[] query10;
  byte[] putItem;
  software.amazon.awssdk.services.dynamodb.model.GetItemRequest getItemRequest;
  io.partita.engine.answer.Answer getItemAnswer;
  final ByteArrayOutputStream out = new ByteArrayOutputStream(16 * 1024);
  final Dispatcher.Output output = Dispatcher.Output.to(out);
  static final JsonFactory JSON = new JsonFactory();

  @Setup
  public void setup() {
    partita = Partita.inMemory();
    dispatcher = new Dispatcher(partita);
    partita.execute(Fixtures.createTable());
    partita.execute(software.amazon.awssdk.services.dynamodb.model.CreateTableRequest.builder()
        .tableName("wire")
        .keySchema(k -> k.attributeName("PK").keyType("HASH"), k -> k.attributeName("SK").keyType("RANGE"))
        .attributeDefinitions(a -> a.attributeName("PK").attributeType("S"), a -> a.attributeName("SK").attributeType("S"))
        .billingMode("PAY_PER_REQUEST").build());
    partita.execute(PutItemRequest.builder().tableName(Fixtures.TABLE).item(Fixtures.item(GetItemBench.PK)).build());
    partita.execute(PutItemRequest.builder().tableName("wire").item(Map.of("PK", AttributeValue.fromS("PRODUCT#1"),
        "SK", AttributeValue.fromS("PRODUCT"), "stock", AttributeValue.fromN("1000000000000000"))).build());
    for (int i = 1; i <= 10; i++) {
      partita.execute(PutItemRequest.builder().tableName("wire").item(Map.of(
          "PK", AttributeValue.fromS("USER#carol"), "SK", AttributeValue.fromS("ORDER#" + i),
          "amount", AttributeValue.fromN("19.99"), "status", AttributeValue.fromS("PLACED"),
          "pad", AttributeValue.fromS("y".repeat(100)))).build());
    }
    getItem = ("{\"TableName\":\"" + Fixtures.TABLE + "\",\"Key\":{\"pk\":{\"S\":\"" + GetItemBench.PK + "\"}}}")
        .getBytes(StandardCharsets.UTF_8);
    query10 = ("{\"TableName\":\"wire\",\"KeyConditionExpression\":\"PK = :p\","
        + "\"ExpressionAttributeValues\":{\":p\":{\"S\":\"USER#carol\"}}}").getBytes(StandardCharsets.UTF_8);
    // the same item as JSON, as a client sends it: read back from a GetItem answer
    String item = call("GetItem", getItem);
    putItem = ("{\"TableName\":\"" + Fixtures.TABLE + "\",\"Item\":" + item.substring("{\"Item\":".length(),
        item.length() - 1) + "}").getBytes(StandardCharsets.UTF_8);
    if (!call("Query", query10).contains("\"Count\":10") || !call("PutItem", putItem).equals("{}")) {
      throw new IllegalStateException("the setup's requests must succeed");
    }
    try (JsonParser parser = JSON.createParser(getItem)) {
      getItemRequest = (software.amazon.awssdk.services.dynamodb.model.GetItemRequest)
          SdkJsonReader.read(software.amazon.awssdk.services.dynamodb.model.GetItemRequest.class, parser);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    getItemAnswer = partita.answer(getItemRequest);
    try {
      if (!itemByHand(putItem).equals(Fixtures.item(GetItemBench.PK))) {
        throw new IllegalStateException("the hand reader must read the fixture item");
      }
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private String call(String operation, byte[] body) {
    out.reset();
    int status = dispatcher.dispatch(TARGET + operation, new ByteArrayInputStream(body), output);
    String answer = out.toString(StandardCharsets.UTF_8);
    if (status != 200) {
      throw new IllegalStateException(operation + " answered " + status + ": " + answer);
    }
    return answer;
  }

  @TearDown
  public void tearDown() {
    partita.close();
  }

  @Benchmark
  public int getItem() {
    out.reset();
    return dispatcher.dispatch(GET_ITEM, getItem, 0, getItem.length, output, null);
  }

  @Benchmark
  public int query10() {
    out.reset();
    return dispatcher.dispatch(QUERY, query10, 0, query10.length, output, null);
  }

  long orders;

  private Map<String, AttributeValue> order(long id) {
    return Map.of("PK", AttributeValue.fromS("USER#buyer"), "SK", AttributeValue.fromS("ORDER#" + id),
        "product", AttributeValue.fromS("PRODUCT#1"), "qty", AttributeValue.fromN("1"),
        "status", AttributeValue.fromS("PLACED"));
  }

  private static final Map<String, AttributeValue> PRODUCT_KEY =
      Map.of("PK", AttributeValue.fromS("PRODUCT#1"), "SK", AttributeValue.fromS("PRODUCT"));

  private software.amazon.awssdk.services.dynamodb.model.Update.Builder stockUpdate() {
    return software.amazon.awssdk.services.dynamodb.model.Update.builder().tableName("wire").key(PRODUCT_KEY)
        .updateExpression("SET stock = stock - :q").conditionExpression("stock >= :q")
        .expressionAttributeValues(Map.of(":q", AttributeValue.fromN("1")));
  }

  @Benchmark
  public Object purchase() {
    return partita.answer(software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest.builder()
        .transactItems(
            software.amazon.awssdk.services.dynamodb.model.TransactWriteItem.builder().update(stockUpdate().build()).build(),
            software.amazon.awssdk.services.dynamodb.model.TransactWriteItem.builder().put(
                software.amazon.awssdk.services.dynamodb.model.Put.builder().tableName("wire").item(order(orders++))
                    .conditionExpression("attribute_not_exists(PK)").build()).build())
        .build());
  }

  /**
   * {@link #purchase} with a ClientRequestToken, as the SDK's clients send on every
   * TransactWriteItems (they make one when the caller gives none): each call a new token, so the
   * engine holds one more token for its 10-minute window after every call, as it does under a
   * steady load of transactions.
   */
  @Benchmark
  public Object purchaseWithToken() {
    long id = orders++;
    return partita.answer(software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest.builder()
        .clientRequestToken("token-" + id)
        .transactItems(
            software.amazon.awssdk.services.dynamodb.model.TransactWriteItem.builder().update(stockUpdate().build()).build(),
            software.amazon.awssdk.services.dynamodb.model.TransactWriteItem.builder().put(
                software.amazon.awssdk.services.dynamodb.model.Put.builder().tableName("wire").item(order(id))
                    .conditionExpression("attribute_not_exists(PK)").build()).build())
        .build());
  }

  @Benchmark
  public Object purchaseUpdate() {
    return partita.answer(software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest.builder().tableName("wire")
        .key(PRODUCT_KEY).updateExpression("SET stock = stock - :q").conditionExpression("stock >= :q")
        .expressionAttributeValues(Map.of(":q", AttributeValue.fromN("1"))).build());
  }

  @Benchmark
  public Object purchasePut() {
    return partita.answer(PutItemRequest.builder().tableName("wire").item(order(orders++))
        .conditionExpression("attribute_not_exists(PK)").build());
  }

  @Benchmark
  public Object requestId() {
    return io.partita.server.wire.RequestIds.next();
  }

  @Benchmark
  public Object readGetItemBody() throws java.io.IOException {
    try (JsonParser parser = JSON.createParser(getItem)) {
      return SdkJsonReader.read(software.amazon.awssdk.services.dynamodb.model.GetItemRequest.class, parser);
    }
  }

  @Benchmark
  public Object constraintsOfGetItem() {
    io.partita.engine.internal.ops.request.ApiConstraints.check(getItemRequest);
    return getItemRequest;
  }

  @Benchmark
  public Object answerGetItem() {
    return partita.answer(getItemRequest);
  }

  @Benchmark
  public int writeGetItemAnswer() throws java.io.IOException {
    out.reset();
    io.partita.engine.answer.ItemsAnswer items = (io.partita.engine.answer.ItemsAnswer) getItemAnswer;
    try (com.fasterxml.jackson.core.JsonGenerator g = JSON.createGenerator(out)) {
      io.partita.server.wire.SdkJsonWriter.write((software.amazon.awssdk.core.SdkPojo) items.rest(), items.member(),
          items.hasItems(), items::writeItems, g);
    }
    return out.size();
  }

  @Benchmark
  public Object readPutItemBody() throws java.io.IOException {
    try (JsonParser parser = JSON.createParser(putItem)) {
      return SdkJsonReader.read(PutItemRequest.class, parser);
    }
  }

  @Benchmark
  public int tokensOfPutItemBody() throws java.io.IOException {
    int n = 0;
    try (JsonParser parser = JSON.createParser(putItem)) {
      for (JsonToken t = parser.nextToken(); t != null; t = parser.nextToken()) {
        if (t == JsonToken.FIELD_NAME || t.isScalarValue()) {
          n += parser.getText().length();
        }
      }
    }
    return n;
  }

  @Benchmark
  public Object attributeValuesOfPutItemBody() throws java.io.IOException {
    return itemByHand(putItem);
  }

  /** The Item of a PutItem body, made by hand into {@code AttributeValue}s. */
  static Map<String, AttributeValue> itemByHand(byte[] body) throws java.io.IOException {
    String table = null;
    Map<String, AttributeValue> item = null;
    try (JsonParser parser = JSON.createParser(body)) {
      parser.nextToken();
      for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
        parser.nextToken();
        if (name.equals("Item")) {
          item = members(parser);
        } else {
          table = parser.getText();
        }
      }
    }
    if (table == null) {
      throw new IllegalStateException("no TableName");
    }
    return item;
  }

  private static Map<String, AttributeValue> members(JsonParser p) throws java.io.IOException {
    Map<String, AttributeValue> out = new java.util.LinkedHashMap<>();
    for (String name = p.nextFieldName(); name != null; name = p.nextFieldName()) {
      p.nextToken();
      out.put(name, value(p));
    }
    return out;
  }

  private static AttributeValue value(JsonParser p) throws java.io.IOException {
    String type = p.nextFieldName();
    JsonToken t = p.nextToken();
    AttributeValue v = switch (type) {
      case "S" -> AttributeValue.fromS(p.getText());
      case "N" -> AttributeValue.fromN(p.getText());
      case "B" -> AttributeValue.fromB(software.amazon.awssdk.core.SdkBytes.fromByteArrayUnsafe(
          java.util.Base64.getDecoder().decode(p.getText())));
      case "BOOL" -> AttributeValue.fromBool(t == JsonToken.VALUE_TRUE);
      case "NULL" -> AttributeValue.fromNul(true);
      case "M" -> AttributeValue.fromM(members(p));
      case "L" -> {
        java.util.List<AttributeValue> list = new java.util.ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
          list.add(value(p));
        }
        yield AttributeValue.fromL(list);
      }
      case "SS", "NS" -> {
        java.util.List<String> set = new java.util.ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
          set.add(p.getText());
        }
        yield type.equals("SS") ? AttributeValue.fromSs(set) : AttributeValue.fromNs(set);
      }
      default -> throw new IllegalStateException("the fixture has no " + type);
    };
    p.nextToken(); // the value's END_OBJECT
    return v;
  }

  @Benchmark
  public int putItem() {
    out.reset();
    return dispatcher.dispatch(PUT_ITEM, new ByteArrayInputStream(putItem), output);
  }
}
