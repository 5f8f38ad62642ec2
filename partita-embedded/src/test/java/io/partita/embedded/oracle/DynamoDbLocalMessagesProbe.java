package io.partita.embedded.oracle;

import static io.partita.embedded.oracle.Av.*;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.amazonaws.services.dynamodbv2.local.embedded.DynamoDBEmbedded;
import com.amazonaws.services.dynamodbv2.local.shared.access.AmazonDynamoDBLocal;

import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.*;

/**
 * Records DynamoDB Local's exact error codes and messages (and some interesting successful answers) into
 * {@code docs/dynamodb-messages.md}.
 *
 * <p>Not a regular test (the name does not match surefire's includes); run by hand:
 * <pre>
 * mvn -q -pl partita-embedded -am test -Dtest=DynamoDbLocalMessagesProbe -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 * Output path can be overridden with {@code -Dpartita.messagesDoc=/some/file.md}.
 */
@org.junit.jupiter.api.condition.EnabledIfSystemProperty(named = "test", matches = ".*MessagesProbe.*",
    disabledReason = "regenerates docs/dynamodb-messages.md; run with -Dtest=DynamoDbLocalMessagesProbe")
class DynamoDbLocalMessagesProbe {

  private static AmazonDynamoDBLocal local;
  private static DynamoDbClient ddb;

  /** composite-key table: pk S (HASH), sk N (RANGE), on-demand */
  static final String T = "probe";
  /** hash-only table: pk S (HASH), provisioned 5/5 */
  static final String H = "probe_hash";

  private final List<Object> rows = new ArrayList<>(); // String (section heading) or Row
  private int tableCounter;

  record Row(String op, String what, String code, String status, String message) {}

  @BeforeAll
  static void start() {
    local = DynamoDBEmbedded.create();
    ddb = local.dynamoDbClient();
    ddb.createTable(b -> b.tableName(T)
        .keySchema(hash("pk"), range("sk"))
        .attributeDefinitions(def("pk", "S"), def("sk", "N"))
        .billingMode(BillingMode.PAY_PER_REQUEST));
    ddb.createTable(b -> b.tableName(H)
        .keySchema(hash("pk"))
        .attributeDefinitions(def("pk", "S"))
        .provisionedThroughput(pt(5, 5)));
  }

  @AfterAll
  static void stop() {
    if (local != null) local.shutdown();
  }

  // ---------------------------------------------------------------- helpers

  static KeySchemaElement hash(String n) {
    return KeySchemaElement.builder().attributeName(n).keyType(KeyType.HASH).build();
  }

  static KeySchemaElement range(String n) {
    return KeySchemaElement.builder().attributeName(n).keyType(KeyType.RANGE).build();
  }

  static AttributeDefinition def(String n, String type) {
    return AttributeDefinition.builder().attributeName(n).attributeType(type).build();
  }

  static ProvisionedThroughput pt(long r, long w) {
    return ProvisionedThroughput.builder().readCapacityUnits(r).writeCapacityUnits(w).build();
  }

  static Projection proj(String type, String... nonKey) {
    Projection.Builder b = Projection.builder().projectionType(type);
    if (nonKey.length > 0) b.nonKeyAttributes(nonKey);
    return b.build();
  }

  static LocalSecondaryIndex lsi(String name, Projection p, KeySchemaElement... ks) {
    return LocalSecondaryIndex.builder().indexName(name).keySchema(ks).projection(p).build();
  }

  static GlobalSecondaryIndex gsi(String name, Projection p, ProvisionedThroughput t, KeySchemaElement... ks) {
    return GlobalSecondaryIndex.builder().indexName(name).keySchema(ks).projection(p).provisionedThroughput(t).build();
  }

  static Map<String, AttributeValue> key(String pk, int sk) {
    return item("pk", s(pk), "sk", n(Integer.toString(sk)));
  }

  static Map<String, AttributeValue> hkey(String pk) {
    return item("pk", s(pk));
  }

  private void section(String title) {
    rows.add(title);
  }

  /** Runs one case and records its outcome. */
  private void c(String op, String what, Callable<?> call) {
    Row row;
    try {
      Object r = call.call();
      row = new Row(op, what, "(success)", "200", render(r));
    } catch (DynamoDbException e) {
      String code = e.awsErrorDetails() == null ? "?" : e.awsErrorDetails().errorCode();
      String msg = e.awsErrorDetails() == null ? e.getMessage() : e.awsErrorDetails().errorMessage();
      if (e instanceof ConditionalCheckFailedException ccf && ccf.hasItem()) {
        msg = msg + "  ⟶ exception.item() = " + Av.show(ccf.item());
      }
      if (e instanceof TransactionCanceledException tce && tce.hasCancellationReasons()) {
        msg = msg + "  ⟶ reasons = " + tce.cancellationReasons();
      }
      row = new Row(op, what, code, Integer.toString(e.statusCode()), msg);
    } catch (Exception e) {
      row = new Row(op, what, "(client-side " + e.getClass().getSimpleName() + ")", "-", String.valueOf(e.getMessage()));
    }
    rows.add(row);
  }

  private static String render(Object r) {
    if (r == null) return "OK";
    if (r instanceof String s) return s;
    if (r instanceof GetItemResponse g) {
      return "Item=" + (g.hasItem() ? Av.show(g.item()) : "(absent)") + cc(g.consumedCapacity());
    }
    if (r instanceof PutItemResponse p) {
      return "Attributes=" + (p.hasAttributes() ? Av.show(p.attributes()) : "(absent)") + cc(p.consumedCapacity());
    }
    if (r instanceof UpdateItemResponse u) {
      return "Attributes=" + (u.hasAttributes() ? Av.show(u.attributes()) : "(absent)") + cc(u.consumedCapacity());
    }
    if (r instanceof DeleteItemResponse d) {
      return "Attributes=" + (d.hasAttributes() ? Av.show(d.attributes()) : "(absent)") + cc(d.consumedCapacity());
    }
    if (r instanceof CreateTableResponse) return "OK (table created)";
    if (r instanceof UpdateTableResponse u) {
      TableDescription t = u.tableDescription();
      return "OK; TableStatus=" + t.tableStatusAsString()
          + ", BillingMode=" + (t.billingModeSummary() == null ? "(none)" : t.billingModeSummary().billingModeAsString())
          + ", ProvisionedThroughput=" + (t.provisionedThroughput() == null ? "(none)"
              : t.provisionedThroughput().readCapacityUnits() + "/" + t.provisionedThroughput().writeCapacityUnits());
    }
    return r.toString();
  }

  private static String cc(ConsumedCapacity c) {
    return c == null ? "" : "; ConsumedCapacity=" + c;
  }

  /** Creates a table from the given customizer on a fresh name; deletes it again if it was created. */
  private Callable<Object> ct(Consumer<CreateTableRequest.Builder> f) {
    return () -> {
      String name = "ct_" + (++tableCounter);
      CreateTableRequest.Builder b = CreateTableRequest.builder().tableName(name)
          .keySchema(hash("pk"), range("sk"))
          .attributeDefinitions(def("pk", "S"), def("sk", "N"))
          .billingMode(BillingMode.PAY_PER_REQUEST);
      f.accept(b);
      CreateTableRequest req = b.build();
      ddb.createTable(req);
      ddb.deleteTable(d -> d.tableName(req.tableName()));
      return "OK (table created)";
    };
  }

  private void put(String table, Map<String, AttributeValue> item) {
    ddb.putItem(b -> b.tableName(table).item(item));
  }

  private Callable<Object> putGet(Map<String, AttributeValue> item) {
    return () -> {
      ddb.putItem(b -> b.tableName(T).item(item));
      Map<String, AttributeValue> k = new HashMap<>();
      k.put("pk", item.get("pk"));
      k.put("sk", item.get("sk"));
      GetItemResponse g = ddb.getItem(b -> b.tableName(T).key(k).consistentRead(true));
      return "put OK; read back: " + Av.show(g.item());
    };
  }

  private Callable<Object> upd(Map<String, AttributeValue> key, String expr, Map<String, AttributeValue> vals,
      Map<String, String> names) {
    return () -> ddb.updateItem(b -> {
      b.tableName(T).key(key).updateExpression(expr);
      if (vals != null) b.expressionAttributeValues(vals);
      if (names != null) b.expressionAttributeNames(names);
    });
  }

  private Callable<Object> cond(String condition, Map<String, AttributeValue> vals, Map<String, String> names) {
    return () -> {
      ddb.deleteItem(b -> b.tableName(T).key(key("cond", 1)));
      return ddb.putItem(b -> {
      b.tableName(T).item(with(key("cond", 1), "a", n("1"))).conditionExpression(condition);
      if (vals != null) b.expressionAttributeValues(vals);
      if (names != null) b.expressionAttributeNames(names);
    });
    };
  }

  static Map<String, String> names(String... kv) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) m.put(kv[i], kv[i + 1]);
    return m;
  }

  static Map<String, AttributeValue> vals(Object... kv) {
    return item(kv);
  }

  static String repeat(char ch, int n) {
    return String.valueOf(ch).repeat(n);
  }

  static AttributeValue nested(int depth) {
    AttributeValue v = s("x");
    for (int i = 0; i < depth; i++) v = m("a", v);
    return v;
  }

  static AttributeValue nestedList(int depth) {
    AttributeValue v = s("x");
    for (int i = 0; i < depth; i++) v = l(v);
    return v;
  }

  // ---------------------------------------------------------------- the probe

  @Test
  void probe() throws IOException {
    createTable();
    otherTableOps();
    putItem();
    numbers();
    getItem();
    updateItem();
    conditions();
    legacy();
    deleteItem();
    capacity();
    batchAndTransactAndQuery();
    write();
  }

  private void createTable() {
    section("CreateTable");
    String op = "CreateTable";
    c(op, "table name of 2 chars `ab`", ct(b -> b.tableName("ab")));
    c(op, "table name of 3 chars `abc` (minimum)", ct(b -> b.tableName("abc")));
    c(op, "table name of 256 chars", ct(b -> b.tableName(repeat('a', 256))));
    c(op, "table name of 255 chars (maximum)", ct(b -> b.tableName(repeat('b', 255))));
    c(op, "table name with a space and `!`", ct(b -> b.tableName("bad name!")));
    c(op, "table name with `/`", ct(b -> b.tableName("bad/name")));
    c(op, "table name with non-ASCII `tablé`", ct(b -> b.tableName("tablé")));
    c(op, "table name empty", ct(b -> b.tableName("")));
    c(op, "table name null", ct(b -> b.tableName(null)));
    c(op, "table name `a.b-c_D9` (all legal chars)", ct(b -> b.tableName("a.b-c_D9")));
    c(op, "AttributeDefinitions missing the RANGE key attribute",
        ct(b -> b.attributeDefinitions(def("pk", "S"))));
    c(op, "AttributeDefinitions empty", ct(b -> b.attributeDefinitions(List.of())));
    c(op, "AttributeDefinitions null", ct(b -> b.attributeDefinitions((List<AttributeDefinition>) null)));
    c(op, "extra AttributeDefinition `x` not used by any key",
        ct(b -> b.attributeDefinitions(def("pk", "S"), def("sk", "N"), def("x", "S"))));
    c(op, "AttributeDefinitions defines `pk` twice",
        ct(b -> b.attributeDefinitions(def("pk", "S"), def("pk", "S"), def("sk", "N"))));
    c(op, "key attribute of type BOOL",
        ct(b -> b.keySchema(hash("pk")).attributeDefinitions(def("pk", "BOOL"))));
    c(op, "key attribute of type `X` (unknown)",
        ct(b -> b.keySchema(hash("pk")).attributeDefinitions(def("pk", "X"))));
    c(op, "key attribute of type B (binary)",
        ct(b -> b.keySchema(hash("pk")).attributeDefinitions(def("pk", "B"))));
    c(op, "two HASH keys",
        ct(b -> b.keySchema(hash("pk"), hash("sk"))));
    c(op, "RANGE without HASH",
        ct(b -> b.keySchema(range("sk")).attributeDefinitions(def("sk", "N"))));
    c(op, "RANGE listed before HASH",
        ct(b -> b.keySchema(range("sk"), hash("pk"))));
    c(op, "HASH and RANGE on the same attribute",
        ct(b -> b.keySchema(hash("pk"), range("pk")).attributeDefinitions(def("pk", "S"))));
    c(op, "KeySchema empty", ct(b -> b.keySchema(List.of())));
    c(op, "KeySchema null", ct(b -> b.keySchema((List<KeySchemaElement>) null)));
    c(op, "KeySchema with 3 elements",
        ct(b -> b.keySchema(hash("pk"), range("sk"), range("x"))
            .attributeDefinitions(def("pk", "S"), def("sk", "N"), def("x", "S"))));
    c(op, "key attribute name empty",
        ct(b -> b.keySchema(hash("")).attributeDefinitions(def("", "S"))));
    c(op, "key attribute name of 256 chars",
        ct(b -> b.keySchema(hash(repeat('k', 256))).attributeDefinitions(def(repeat('k', 256), "S"))));
    c(op, "PROVISIONED without ProvisionedThroughput",
        ct(b -> b.billingMode(BillingMode.PROVISIONED)));
    c(op, "BillingMode omitted and no ProvisionedThroughput",
        ct(b -> b.billingMode((String) null)));
    c(op, "PAY_PER_REQUEST with ProvisionedThroughput",
        ct(b -> b.provisionedThroughput(pt(5, 5))));
    c(op, "PROVISIONED, ReadCapacityUnits 0",
        ct(b -> b.billingMode(BillingMode.PROVISIONED).provisionedThroughput(pt(0, 5))));
    c(op, "PROVISIONED, WriteCapacityUnits 0",
        ct(b -> b.billingMode(BillingMode.PROVISIONED).provisionedThroughput(pt(5, 0))));
    c(op, "PROVISIONED, ReadCapacityUnits -1",
        ct(b -> b.billingMode(BillingMode.PROVISIONED).provisionedThroughput(pt(-1, 5))));
    c(op, "PROVISIONED, ReadCapacityUnits null",
        ct(b -> b.billingMode(BillingMode.PROVISIONED)
            .provisionedThroughput(ProvisionedThroughput.builder().writeCapacityUnits(5L).build())));
    c(op, "BillingMode `FREE` (unknown)", ct(b -> b.billingMode("FREE")));
    c(op, "table already exists", () -> ddb.createTable(b -> b.tableName(T)
        .keySchema(hash("pk"), range("sk"))
        .attributeDefinitions(def("pk", "S"), def("sk", "N"))
        .billingMode(BillingMode.PAY_PER_REQUEST)));
    c(op, "table already exists, name differs only in case (`PROBE`)", () -> {
      ddb.createTable(b -> b.tableName("PROBE")
          .keySchema(hash("pk"), range("sk"))
          .attributeDefinitions(def("pk", "S"), def("sk", "N"))
          .billingMode(BillingMode.PAY_PER_REQUEST));
      ddb.deleteTable(b -> b.tableName("PROBE"));
      return "OK (table created)";
    });

    Projection all = proj("ALL");
    c(op, "LSI with a different HASH key",
        ct(b -> b.attributeDefinitions(def("pk", "S"), def("sk", "N"), def("x", "S"), def("y", "S"))
            .localSecondaryIndexes(lsi("lsi1", all, hash("x"), range("y")))));
    c(op, "LSI with only a HASH key",
        ct(b -> b.localSecondaryIndexes(lsi("lsi1", all, hash("pk")))));
    c(op, "LSI with the same RANGE key as the table",
        ct(b -> b.localSecondaryIndexes(lsi("lsi1", all, hash("pk"), range("sk")))));
    c(op, "LSI on a hash-only table",
        ct(b -> b.keySchema(hash("pk")).attributeDefinitions(def("pk", "S"), def("x", "S"))
            .localSecondaryIndexes(lsi("lsi1", all, hash("pk"), range("x")))));
    c(op, "LSI RANGE attribute not in AttributeDefinitions",
        ct(b -> b.localSecondaryIndexes(lsi("lsi1", all, hash("pk"), range("x")))));
    c(op, "two LSIs with the same name",
        ct(b -> b.attributeDefinitions(def("pk", "S"), def("sk", "N"), def("x", "S"), def("y", "S"))
            .localSecondaryIndexes(lsi("dup", all, hash("pk"), range("x")), lsi("dup", all, hash("pk"), range("y")))));
    c(op, "GSI and LSI with the same name",
        ct(b -> b.attributeDefinitions(def("pk", "S"), def("sk", "N"), def("x", "S"), def("y", "S"))
            .localSecondaryIndexes(lsi("dup", all, hash("pk"), range("x")))
            .globalSecondaryIndexes(gsi("dup", all, null, hash("y")))));
    c(op, "two GSIs with the same name",
        ct(b -> b.attributeDefinitions(def("pk", "S"), def("sk", "N"), def("x", "S"), def("y", "S"))
            .globalSecondaryIndexes(gsi("dup", all, null, hash("x")), gsi("dup", all, null, hash("y")))));
    c(op, "6 LSIs (limit 5)", ct(b -> {
      List<AttributeDefinition> defs = new ArrayList<>(List.of(def("pk", "S"), def("sk", "N")));
      List<LocalSecondaryIndex> l = new ArrayList<>();
      for (int i = 0; i < 6; i++) {
        defs.add(def("r" + i, "S"));
        l.add(lsi("lsi" + i, all, hash("pk"), range("r" + i)));
      }
      b.attributeDefinitions(defs).localSecondaryIndexes(l);
    }));
    c(op, "21 GSIs (limit 20)", ct(b -> {
      List<AttributeDefinition> defs = new ArrayList<>(List.of(def("pk", "S"), def("sk", "N")));
      List<GlobalSecondaryIndex> l = new ArrayList<>();
      for (int i = 0; i < 21; i++) {
        defs.add(def("g" + i, "S"));
        l.add(gsi("gsi" + i, all, null, hash("g" + i)));
      }
      b.attributeDefinitions(defs).globalSecondaryIndexes(l);
    }));
    c(op, "LSI without Projection",
        ct(b -> b.attributeDefinitions(def("pk", "S"), def("sk", "N"), def("x", "S"))
            .localSecondaryIndexes(lsi("lsi1", null, hash("pk"), range("x")))));
    c(op, "GSI without Projection",
        ct(b -> b.attributeDefinitions(def("pk", "S"), def("sk", "N"), def("x", "S"))
            .globalSecondaryIndexes(gsi("gsi1", null, null, hash("x")))));
    c(op, "GSI Projection with no ProjectionType",
        ct(b -> b.attributeDefinitions(def("pk", "S"), def("sk", "N"), def("x", "S"))
            .globalSecondaryIndexes(gsi("gsi1", Projection.builder().build(), null, hash("x")))));
    c(op, "LSI INCLUDE without NonKeyAttributes",
        ct(b -> b.attributeDefinitions(def("pk", "S"), def("sk", "N"), def("x", "S"))
            .localSecondaryIndexes(lsi("lsi1", proj("INCLUDE"), hash("pk"), range("x")))));
    c(op, "GSI INCLUDE without NonKeyAttributes",
        ct(b -> b.attributeDefinitions(def("pk", "S"), def("sk", "N"), def("x", "S"))
            .globalSecondaryIndexes(gsi("gsi1", proj("INCLUDE"), null, hash("x")))));
    c(op, "GSI KEYS_ONLY with NonKeyAttributes",
        ct(b -> b.attributeDefinitions(def("pk", "S"), def("sk", "N"), def("x", "S"))
            .globalSecondaryIndexes(gsi("gsi1", proj("KEYS_ONLY", "a"), null, hash("x")))));
    c(op, "GSI ALL with NonKeyAttributes",
        ct(b -> b.attributeDefinitions(def("pk", "S"), def("sk", "N"), def("x", "S"))
            .globalSecondaryIndexes(gsi("gsi1", proj("ALL", "a"), null, hash("x")))));
    c(op, "GSI INCLUDE with a key attribute in NonKeyAttributes",
        ct(b -> b.attributeDefinitions(def("pk", "S"), def("sk", "N"), def("x", "S"))
            .globalSecondaryIndexes(gsi("gsi1", proj("INCLUDE", "pk"), null, hash("x")))));
    c(op, "GSI INCLUDE with duplicate NonKeyAttributes",
        ct(b -> b.attributeDefinitions(def("pk", "S"), def("sk", "N"), def("x", "S"))
            .globalSecondaryIndexes(gsi("gsi1", proj("INCLUDE", "a", "a"), null, hash("x")))));
    c(op, "GSI with ProvisionedThroughput on a PAY_PER_REQUEST table",
        ct(b -> b.attributeDefinitions(def("pk", "S"), def("sk", "N"), def("x", "S"))
            .globalSecondaryIndexes(gsi("gsi1", all, pt(1, 1), hash("x")))));
    c(op, "GSI without ProvisionedThroughput on a PROVISIONED table",
        ct(b -> b.billingMode(BillingMode.PROVISIONED).provisionedThroughput(pt(1, 1))
            .attributeDefinitions(def("pk", "S"), def("sk", "N"), def("x", "S"))
            .globalSecondaryIndexes(gsi("gsi1", all, null, hash("x")))));
    c(op, "GSI HASH attribute not in AttributeDefinitions",
        ct(b -> b.globalSecondaryIndexes(gsi("gsi1", all, null, hash("x")))));
    c(op, "GSI with the same key schema as the table (allowed?)",
        ct(b -> b.globalSecondaryIndexes(gsi("gsi1", all, null, hash("pk"), range("sk")))));
    c(op, "GSI with two HASH keys",
        ct(b -> b.attributeDefinitions(def("pk", "S"), def("sk", "N"), def("x", "S"), def("y", "S"))
            .globalSecondaryIndexes(gsi("gsi1", all, null, hash("x"), hash("y")))));
    c(op, "index name of 2 chars",
        ct(b -> b.attributeDefinitions(def("pk", "S"), def("sk", "N"), def("x", "S"))
            .globalSecondaryIndexes(gsi("gx", all, null, hash("x")))));
    c(op, "index name with `!`",
        ct(b -> b.attributeDefinitions(def("pk", "S"), def("sk", "N"), def("x", "S"))
            .globalSecondaryIndexes(gsi("gsi!x", all, null, hash("x")))));
    c(op, "GSI with a BOOL key attribute",
        ct(b -> b.attributeDefinitions(def("pk", "S"), def("sk", "N"), def("x", "BOOL"))
            .globalSecondaryIndexes(gsi("gsi1", all, null, hash("x")))));
    c(op, "LSIs given as empty list",
        ct(b -> b.localSecondaryIndexes(List.of())));
    c(op, "GSIs given as empty list",
        ct(b -> b.globalSecondaryIndexes(List.of())));
  }

  private void otherTableOps() {
    section("DescribeTable / DeleteTable / ListTables / UpdateTable");
    c("DescribeTable", "table does not exist", () -> ddb.describeTable(b -> b.tableName("missing")));
    c("DescribeTable", "table name differs in case (`PROBE`)",
        () -> "found: " + ddb.describeTable(b -> b.tableName("PROBE")).table().tableName());
    c("DescribeTable", "table name too short `ab`", () -> ddb.describeTable(b -> b.tableName("ab")));
    c("DescribeTable", "table name null", () -> ddb.describeTable(b -> b.tableName(null)));
    c("DeleteTable", "table does not exist", () -> ddb.deleteTable(b -> b.tableName("missing")));
    c("DeleteTable", "table name with bad chars", () -> ddb.deleteTable(b -> b.tableName("bad name")));
    c("ListTables", "Limit 0", () -> ddb.listTables(b -> b.limit(0)));
    c("ListTables", "Limit 101", () -> ddb.listTables(b -> b.limit(101)));
    c("ListTables", "Limit 100", () -> ddb.listTables(b -> b.limit(100)));
    c("ListTables", "Limit 1", () -> ddb.listTables(b -> b.limit(1)));
    c("ListTables", "ExclusiveStartTableName not a table", () -> ddb.listTables(b -> b.exclusiveStartTableName("aaa")));
    c("ListTables", "ExclusiveStartTableName `ab` (too short)", () -> ddb.listTables(b -> b.exclusiveStartTableName("ab")));
    c("UpdateTable", "nothing to change", () -> ddb.updateTable(b -> b.tableName(T)));
    c("UpdateTable", "table does not exist", () -> ddb.updateTable(b -> b.tableName("missing").provisionedThroughput(pt(1, 1))));
    c("UpdateTable", "same ProvisionedThroughput as now", () -> ddb.updateTable(b -> b.tableName(H).provisionedThroughput(pt(5, 5))));
    c("UpdateTable", "ProvisionedThroughput on a PAY_PER_REQUEST table", () -> ddb.updateTable(b -> b.tableName(T).provisionedThroughput(pt(5, 5))));
    c("UpdateTable", "BillingMode PAY_PER_REQUEST on a PAY_PER_REQUEST table",
        () -> ddb.updateTable(b -> b.tableName(T).billingMode(BillingMode.PAY_PER_REQUEST)).tableDescription().tableStatus());
    c("UpdateTable", "delete a GSI that does not exist", () -> ddb.updateTable(b -> b.tableName(T)
        .globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder()
            .delete(DeleteGlobalSecondaryIndexAction.builder().indexName("nope").build()).build())));
  }

  private void putItem() {
    section("PutItem");
    String op = "PutItem";
    c(op, "table does not exist", () -> ddb.putItem(b -> b.tableName("missing").item(key("a", 1))));
    c(op, "Item null", () -> ddb.putItem(b -> b.tableName(T)));
    c(op, "missing RANGE key attribute", () -> ddb.putItem(b -> b.tableName(T).item(item("pk", s("a")))));
    c(op, "missing HASH key attribute", () -> ddb.putItem(b -> b.tableName(T).item(item("sk", n("1")))));
    c(op, "missing both key attributes", () -> ddb.putItem(b -> b.tableName(T).item(item("x", s("1")))));
    c(op, "HASH key of wrong type (N instead of S)", () -> ddb.putItem(b -> b.tableName(T).item(item("pk", n("1"), "sk", n("1")))));
    c(op, "RANGE key of wrong type (S instead of N)", () -> ddb.putItem(b -> b.tableName(T).item(item("pk", s("a"), "sk", s("1")))));
    c(op, "HASH key of type SS", () -> ddb.putItem(b -> b.tableName(T).item(item("pk", ss("a"), "sk", n("1")))));
    c(op, "HASH key of type NULL", () -> ddb.putItem(b -> b.tableName(T).item(item("pk", nul(), "sk", n("1")))));
    c(op, "HASH key empty string", () -> ddb.putItem(b -> b.tableName(T).item(item("pk", s(""), "sk", n("1")))));
    c(op, "hash-only table: key empty string", () -> ddb.putItem(b -> b.tableName(H).item(item("pk", s("")))));
    c(op, "non-key attribute empty string (allowed)", putGet(with(key("e", 1), "a", s(""))));
    c(op, "non-key attribute empty binary (allowed)", putGet(with(key("e", 2), "a", b(new byte[0]))));
    c(op, "empty string inside a map and a list (allowed)", putGet(with(key("e", 3), "m", m("x", s("")), "l", l(s("")))));
    c(op, "extra attributes besides key (fine)", putGet(with(key("e", 4), "x", s("1"), "y", bool(true))));
    c(op, "all ten types", putGet(with(key("e", 5), "s", s("str"), "n", n("1.50"), "b", b(new byte[] {1, 2}),
        "bool", bool(false), "null", nul(), "ss", ss("b", "a"), "ns", ns("2", "1"), "bs", bs(new byte[] {2}, new byte[] {1}),
        "l", l(n("1"), s("x")), "m", m("k", n("01")))));
    c(op, "attribute named `null` holding S, attribute `z` holding NULL", putGet(with(key("e", 51), "null", s("x"), "z", nul())));
    c(op, "attribute named `null` holding NULL", putGet(with(key("e", 52), "null", nul())));
    c(op, "attribute named `bool` holding BOOL", putGet(with(key("e", 53), "bool", bool(true))));
    c(op, "N `01` nested in a map and a list (normalized?)", putGet(with(key("e", 54), "m", m("k", n("01"), "j", n("1.50")), "l", l(n("007"), n("1e2")))));
    c(op, "empty SS", () -> ddb.putItem(b -> b.tableName(T).item(with(key("e", 6), "a", AttributeValue.builder().ss(List.of()).build()))));
    c(op, "empty NS", () -> ddb.putItem(b -> b.tableName(T).item(with(key("e", 6), "a", AttributeValue.builder().ns(List.of()).build()))));
    c(op, "empty BS", () -> ddb.putItem(b -> b.tableName(T).item(with(key("e", 6), "a", AttributeValue.builder().bs(List.of()).build()))));
    c(op, "empty SS nested in a map", () -> ddb.putItem(b -> b.tableName(T).item(with(key("e", 6), "a", m("x", AttributeValue.builder().ss(List.of()).build())))));
    c(op, "empty L and empty M (allowed)", putGet(with(key("e", 7), "l", l(), "m", m())));
    c(op, "SS with duplicate elements [a, a]", () -> ddb.putItem(b -> b.tableName(T).item(with(key("e", 8), "a", ss("a", "a")))));
    c(op, "NS with duplicates [1, 1.0]", () -> ddb.putItem(b -> b.tableName(T).item(with(key("e", 8), "a", ns("1", "1.0")))));
    c(op, "NS with duplicates [1, 1]", () -> ddb.putItem(b -> b.tableName(T).item(with(key("e", 8), "a", ns("1", "1")))));
    c(op, "BS with duplicates", () -> ddb.putItem(b -> b.tableName(T).item(with(key("e", 8), "a", bs(new byte[] {1}, new byte[] {1})))));
    c(op, "SS containing an empty string", () -> ddb.putItem(b -> b.tableName(T).item(with(key("e", 8), "a", ss("", "x")))));
    c(op, "NS containing an invalid number", () -> ddb.putItem(b -> b.tableName(T).item(with(key("e", 8), "a", ns("1", "x")))));
    c(op, "SS order on read-back (put [b, c, a])", putGet(with(key("e", 9), "a", ss("b", "c", "a"), "n", ns("10", "9", "-1", "1.5"))));
    c(op, "NULL false", () -> ddb.putItem(b -> b.tableName(T).item(with(key("e", 10), "a", AttributeValue.builder().nul(false).build()))));
    c(op, "AttributeValue with no type set", () -> ddb.putItem(b -> b.tableName(T).item(with(key("e", 10), "a", AttributeValue.builder().build()))));
    c(op, "AttributeValue with two types (S and N)", () -> ddb.putItem(b -> b.tableName(T).item(with(key("e", 10), "a", AttributeValue.builder().s("x").n("1").build()))));
    c(op, "AttributeValue with no type nested in a map", () -> ddb.putItem(b -> b.tableName(T).item(with(key("e", 10), "a", m("x", AttributeValue.builder().build())))));
    c(op, "map nested 31 levels (string at depth 32)", () -> ddb.putItem(b -> b.tableName(T).item(with(key("e", 11), "a", nested(31)))));
    c(op, "list nested 31 levels", () -> ddb.putItem(b -> b.tableName(T).item(with(key("e", 11), "a", nestedList(31)))));
    c(op, "map nested 32 levels (allowed?)", () -> ddb.putItem(b -> b.tableName(T).item(with(key("e", 11), "a", nested(32)))));
    c(op, "map nested 33 levels", () -> ddb.putItem(b -> b.tableName(T).item(with(key("e", 11), "a", nested(33)))));
    c(op, "list nested 33 levels", () -> ddb.putItem(b -> b.tableName(T).item(with(key("e", 11), "a", nestedList(33)))));
    c(op, "item size exactly 409600 bytes (hash table: `pk`=`k`, `a`= 409596 chars)",
        () -> ddb.putItem(b -> b.tableName(H).item(item("pk", s("k"), "a", s(repeat('x', 409596))))));
    c(op, "item size 409601 bytes", () -> ddb.putItem(b -> b.tableName(H).item(item("pk", s("k"), "a", s(repeat('x', 409597))))));
    c(op, "item over 400 KB (500 000 chars)", () -> ddb.putItem(b -> b.tableName(H).item(item("pk", s("k"), "a", s(repeat('x', 500_000))))));
    c(op, "HASH key of 2048 bytes (maximum)", () -> ddb.putItem(b -> b.tableName(H).item(item("pk", s(repeat('k', 2048))))));
    c(op, "HASH key of 2049 bytes", () -> ddb.putItem(b -> b.tableName(H).item(item("pk", s(repeat('k', 2049))))));
    c(op, "RANGE key string of 1025 bytes", () -> ddb.createTable(x -> x.tableName("probe_ss")
        .keySchema(hash("pk"), range("sk")).attributeDefinitions(def("pk", "S"), def("sk", "S")).billingMode(BillingMode.PAY_PER_REQUEST)) == null ? "" :
        render(ddb.putItem(b -> b.tableName("probe_ss").item(item("pk", s("a"), "sk", s(repeat('s', 1025)))))));
    c(op, "RANGE key string of 1024 bytes", () -> ddb.putItem(b -> b.tableName("probe_ss").item(item("pk", s("a"), "sk", s(repeat('s', 1024))))));
    c(op, "attribute name empty", () -> ddb.putItem(b -> b.tableName(T).item(with(key("e", 12), "", s("x")))));
    c(op, "attribute name of 65536 chars", () -> ddb.putItem(b -> b.tableName(T).item(with(key("e", 12), repeat('n', 65536), s("x")))));
    c(op, "map key empty string (nested attribute name)", () -> ddb.putItem(b -> b.tableName(T).item(with(key("e", 12), "m", m("", s("x"))))));
    c(op, "ReturnValues UPDATED_NEW", () -> ddb.putItem(b -> b.tableName(T).item(key("e", 13)).returnValues(ReturnValue.UPDATED_NEW)));
    c(op, "ReturnValues ALL_NEW", () -> ddb.putItem(b -> b.tableName(T).item(key("e", 13)).returnValues(ReturnValue.ALL_NEW)));
    c(op, "ReturnValues UPDATED_OLD", () -> ddb.putItem(b -> b.tableName(T).item(key("e", 13)).returnValues(ReturnValue.UPDATED_OLD)));
    c(op, "ReturnValues `BOGUS`", () -> ddb.putItem(b -> b.tableName(T).item(key("e", 13)).returnValues("BOGUS")));
    c(op, "ReturnValues ALL_OLD, item existed", () -> ddb.putItem(b -> b.tableName(T).item(with(key("e", 5), "z", s("new"))).returnValues(ReturnValue.ALL_OLD)));
    c(op, "ReturnValues ALL_OLD, item did not exist", () -> ddb.putItem(b -> b.tableName(T).item(key("e", 14)).returnValues(ReturnValue.ALL_OLD)));
    c(op, "ReturnValues NONE", () -> ddb.putItem(b -> b.tableName(T).item(key("e", 14)).returnValues(ReturnValue.NONE)));
    put(T, with(key("ccf", 1), "a", n("1"), "s", ss("x")));
    c(op, "ConditionExpression fails, no ReturnValuesOnConditionCheckFailure",
        () -> ddb.putItem(b -> b.tableName(T).item(key("ccf", 1)).conditionExpression("attribute_not_exists(pk)")));
    c(op, "ConditionExpression fails, ReturnValuesOnConditionCheckFailure ALL_OLD",
        () -> ddb.putItem(b -> b.tableName(T).item(key("ccf", 1)).conditionExpression("attribute_not_exists(pk)")
            .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)));
    c(op, "ConditionExpression fails on missing item, ReturnValuesOnConditionCheckFailure ALL_OLD",
        () -> ddb.putItem(b -> b.tableName(T).item(key("ccf", 999)).conditionExpression("attribute_exists(pk)")
            .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)));
    c(op, "ReturnValuesOnConditionCheckFailure `BOGUS`",
        () -> ddb.putItem(b -> b.tableName(T).item(key("ccf", 1)).conditionExpression("attribute_not_exists(pk)")
            .returnValuesOnConditionCheckFailure("BOGUS")));
    c(op, "ConditionExpression uses `:v` but no ExpressionAttributeValues",
        () -> ddb.putItem(b -> b.tableName(T).item(key("ccf", 1)).conditionExpression("a = :v")));
    c(op, "ReturnConsumedCapacity `BOGUS`",
        () -> ddb.putItem(b -> b.tableName(T).item(key("e", 15)).returnConsumedCapacity("BOGUS")));
  }

  private void numbers() {
    section("Numbers (PutItem then consistent GetItem)");
    String op = "PutItem N";
    String[] spellings = {"1.50", "15E-1", "1.5e0", "0.0", "-0", "-0.0", "+1", "01", "007.10", ".5", "5.", "1e2", "1E+2",
        "100", "1.0E2", "-1.50E-3", "0.000", "1e0", " 1", "1 ", "abc", "", "0x10", "NaN", "Infinity", "1e", "--1", "1.2.3",
        "12345678901234567890123456789012345678", "123456789012345678901234567890123456789",
        "1234567890123456789012345678901234567890", "1.2345678901234567890123456789012345678",
        "100000000000000000000000000000000000000000", "0.00000000000000000000000000000000000000000001",
        "9.9999999999999999999999999999999999999E+125", "1E125", "1E126", "-1E125", "-1E126",
        "1E-130", "1E-131", "-1E-130", "-1E-131", "1E-129"};
    int i = 0;
    for (String sp : spellings) {
      int k = ++i;
      c(op, "N `" + sp + "`", putGet(with(key("num", k), "n", n(sp))));
    }
    c(op, "NS [`1.50`, `2`]", putGet(with(key("num", 100), "n", ns("1.50", "2", "-0", "1e2"))));
    c(op, "RANGE key N `1.50` read back via key `1.5`", () -> {
      ddb.putItem(b -> b.tableName(T).item(item("pk", s("numkey"), "sk", n("1.50"))));
      GetItemResponse g = ddb.getItem(b -> b.tableName(T).key(item("pk", s("numkey"), "sk", n("15E-1"))));
      return "get with `15E-1`: " + Av.show(g.item());
    });
    c(op, "RANGE key N `abc`", () -> ddb.putItem(b -> b.tableName(T).item(item("pk", s("numkey"), "sk", n("abc")))));
  }

  private void getItem() {
    section("GetItem");
    String op = "GetItem";
    put(T, with(key("g", 1), "a", n("1"), "m", m("x", l(n("1"), m("y", s("deep")))), "l", l(s("a"), s("b"), s("c")), "ss", ss("a", "b")));
    c(op, "table does not exist", () -> ddb.getItem(b -> b.tableName("missing").key(key("g", 1))));
    c(op, "Key null", () -> ddb.getItem(b -> b.tableName(T)));
    c(op, "Key missing RANGE attribute", () -> ddb.getItem(b -> b.tableName(T).key(item("pk", s("g")))));
    c(op, "Key missing HASH attribute", () -> ddb.getItem(b -> b.tableName(T).key(item("sk", n("1")))));
    c(op, "Key with extra non-key attribute", () -> ddb.getItem(b -> b.tableName(T).key(with(key("g", 1), "a", n("1")))));
    c(op, "Key HASH of wrong type", () -> ddb.getItem(b -> b.tableName(T).key(item("pk", n("1"), "sk", n("1")))));
    c(op, "Key RANGE of wrong type", () -> ddb.getItem(b -> b.tableName(T).key(item("pk", s("g"), "sk", s("1")))));
    c(op, "Key HASH empty string", () -> ddb.getItem(b -> b.tableName(T).key(item("pk", s(""), "sk", n("1")))));
    c(op, "Key empty map", () -> ddb.getItem(b -> b.tableName(T).key(Map.of())));
    c(op, "item does not exist", () -> ddb.getItem(b -> b.tableName(T).key(key("g", 999))));
    c(op, "ProjectionExpression `m.x[1].y, l[2], nope`", () -> ddb.getItem(b -> b.tableName(T).key(key("g", 1)).projectionExpression("m.x[1].y, l[2], nope")));
    c(op, "ProjectionExpression `l[5]` (out of range)", () -> ddb.getItem(b -> b.tableName(T).key(key("g", 1)).projectionExpression("l[5]")));
    c(op, "ProjectionExpression `l[0], l[2]`", () -> ddb.getItem(b -> b.tableName(T).key(key("g", 1)).projectionExpression("l[2], l[0]")));
    c(op, "ProjectionExpression `a.b` where a is a number", () -> ddb.getItem(b -> b.tableName(T).key(key("g", 1)).projectionExpression("a.b")));
    c(op, "ProjectionExpression `m, m.x` (overlapping)", () -> ddb.getItem(b -> b.tableName(T).key(key("g", 1)).projectionExpression("m, m.x")));
    c(op, "ProjectionExpression `a, a` (duplicate)", () -> ddb.getItem(b -> b.tableName(T).key(key("g", 1)).projectionExpression("a, a")));
    c(op, "ProjectionExpression `m.x, m[0]` (conflicting)", () -> ddb.getItem(b -> b.tableName(T).key(key("g", 1)).projectionExpression("m.x, m[0]")));
    c(op, "ProjectionExpression empty string", () -> ddb.getItem(b -> b.tableName(T).key(key("g", 1)).projectionExpression("")));
    c(op, "ProjectionExpression syntax error `a,,b`", () -> ddb.getItem(b -> b.tableName(T).key(key("g", 1)).projectionExpression("a,,b")));
    c(op, "ProjectionExpression with reserved word `name`", () -> ddb.getItem(b -> b.tableName(T).key(key("g", 1)).projectionExpression("name")));
    c(op, "ProjectionExpression `#n` with #n undefined", () -> ddb.getItem(b -> b.tableName(T).key(key("g", 1)).projectionExpression("#n")));
    c(op, "ProjectionExpression `a` with unused ExpressionAttributeNames #n", () -> ddb.getItem(b -> b.tableName(T).key(key("g", 1)).projectionExpression("a").expressionAttributeNames(names("#n", "x"))));
    c(op, "ExpressionAttributeNames without ProjectionExpression", () -> ddb.getItem(b -> b.tableName(T).key(key("g", 1)).expressionAttributeNames(names("#n", "x"))));
    c(op, "ProjectionExpression `l[-1]`", () -> ddb.getItem(b -> b.tableName(T).key(key("g", 1)).projectionExpression("l[-1]")));
    c(op, "ProjectionExpression `l[1.5]`", () -> ddb.getItem(b -> b.tableName(T).key(key("g", 1)).projectionExpression("l[1.5]")));
    c(op, "ProjectionExpression `:v` (a value)", () -> ddb.getItem(b -> b.tableName(T).key(key("g", 1)).projectionExpression(":v")));
    c(op, "ProjectionExpression `ss[0]` (index into a set)", () -> ddb.getItem(b -> b.tableName(T).key(key("g", 1)).projectionExpression("ss[0]")));
    c(op, "AttributesToGet and ProjectionExpression together", () -> ddb.getItem(b -> b.tableName(T).key(key("g", 1)).projectionExpression("a").attributesToGet("a")));
    c(op, "AttributesToGet [a, m]", () -> ddb.getItem(b -> b.tableName(T).key(key("g", 1)).attributesToGet("a", "m")));
    c(op, "AttributesToGet with duplicates [a, a]", () -> ddb.getItem(b -> b.tableName(T).key(key("g", 1)).attributesToGet("a", "a")));
    c(op, "AttributesToGet empty list", () -> ddb.getItem(b -> b.tableName(T).key(key("g", 1)).attributesToGet(List.of())));
  }

  private void updateItem() {
    section("UpdateItem");
    Map<String, AttributeValue> k = key("u", 1);
    put(T, with(k, "a", n("1"), "str", s("x"), "l", l(n("1"), n("2"), n("3")), "m", m("b", n("1")), "ss", ss("a", "b"), "ns", ns("1", "2")));
    Map<String, AttributeValue> v1 = vals(":v", n("1"));
    String op = "UpdateItem";
    c(op, "table does not exist", () -> ddb.updateItem(b -> b.tableName("missing").key(k).updateExpression("SET a = :v").expressionAttributeValues(v1)));
    c(op, "SET on the HASH key", upd(k, "SET pk = :v", vals(":v", s("z")), null));
    c(op, "SET on the RANGE key", upd(k, "SET sk = :v", v1, null));
    c(op, "SET on the HASH key via #name", upd(k, "SET #p = :v", vals(":v", s("z")), names("#p", "pk")));
    c(op, "REMOVE the RANGE key", upd(k, "REMOVE sk", null, null));
    c(op, "ADD to the RANGE key", upd(k, "ADD sk :v", v1, null));
    c(op, "SET the HASH key to its current value", upd(k, "SET pk = :v", vals(":v", s("u")), null));
    c(op, "syntax: `SET a = `", upd(k, "SET a = ", null, null));
    c(op, "syntax: `SET = :v`", upd(k, "SET = :v", v1, null));
    c(op, "syntax: `SET a :v`", upd(k, "SET a :v", v1, null));
    c(op, "syntax: `SETT a = :v`", upd(k, "SETT a = :v", v1, null));
    c(op, "syntax: `SET a = :v,`", upd(k, "SET a = :v,", v1, null));
    c(op, "syntax: `SET a = :v REMOVE`", upd(k, "SET a = :v REMOVE", v1, null));
    c(op, "syntax: `SET a = :v + `", upd(k, "SET a = :v + ", v1, null));
    c(op, "syntax: `SET a = :v * :v`", upd(k, "SET a = :v * :v", v1, null));
    c(op, "syntax: `SET a.[0] = :v`", upd(k, "SET a.[0] = :v", v1, null));
    c(op, "syntax: `SET l[-1] = :v`", upd(k, "SET l[-1] = :v", v1, null));
    c(op, "syntax: `SET l[x] = :v`", upd(k, "SET l[x] = :v", v1, null));
    c(op, "syntax: `SET a = :v = :v`", upd(k, "SET a = :v = :v", v1, null));
    c(op, "syntax: `SET a = (:v`", upd(k, "SET a = (:v", v1, null));
    c(op, "syntax: `SET a = :v)`", upd(k, "SET a = :v)", v1, null));
    c(op, "syntax: `SET a = \"x\"` (string literal)", upd(k, "SET a = \"x\"", null, null));
    c(op, "syntax: `SET a = 1` (number literal)", upd(k, "SET a = 1", null, null));
    c(op, "syntax: `foo`", upd(k, "foo", null, null));
    c(op, "syntax: `SET a = :v; `", upd(k, "SET a = :v; ", v1, null));
    c(op, "syntax: `SET a = :v` with illegal char `@`", upd(k, "SET a@ = :v", v1, null));
    c(op, "syntax: `ADD a`", upd(k, "ADD a", null, null));
    c(op, "syntax: `ADD a = :v`", upd(k, "ADD a = :v", v1, null));
    c(op, "syntax: `REMOVE a = :v`", upd(k, "REMOVE a = :v", v1, null));
    c(op, "syntax: `REMOVE`", upd(k, "REMOVE", null, null));
    c(op, "syntax: `set a = :v` (lower-case keyword)", upd(k, "set a = :v", v1, null));
    c(op, "undefined `:x`", upd(k, "SET a = :x", v1, null));
    c(op, "undefined `#x`", upd(k, "SET #x = :v", v1, null));
    c(op, "unused value `:w`", upd(k, "SET a = :v", vals(":v", n("1"), ":w", n("2")), null));
    c(op, "unused name `#w`", upd(k, "SET a = :v", v1, names("#w", "x")));
    c(op, "unused name and unused value", upd(k, "SET a = :v", vals(":v", n("1"), ":w", n("2")), names("#w", "x")));
    c(op, "undefined `:x` and unused `:v`", upd(k, "SET a = :x", v1, null));
    c(op, "reserved word `name` without #", upd(k, "SET name = :v", v1, null));
    c(op, "reserved word `status` without #", upd(k, "SET a = :v, status = :v", v1, null));
    c(op, "reserved word `size` as an attribute", upd(k, "SET size = :v", v1, null));
    c(op, "reserved word as nested path `m.name`", upd(k, "SET m.name = :v", v1, null));
    c(op, "overlapping paths `SET a = :v, a.b = :v`", upd(k, "SET a = :v, a.b = :v", v1, null));
    c(op, "overlapping paths `SET m = :v REMOVE m.b`", upd(k, "SET m = :v REMOVE m.b", v1, null));
    c(op, "same path twice `SET a = :v, a = :v`", upd(k, "SET a = :v, a = :v", v1, null));
    c(op, "same path twice `SET a = :v REMOVE a`", upd(k, "SET a = :v REMOVE a", v1, null));
    c(op, "conflicting paths `SET m.b = :v, m[0] = :v`", upd(k, "SET m.b = :v, m[0] = :v", v1, null));
    c(op, "SET section twice `SET a = :v SET b = :v`", upd(k, "SET a = :v SET b = :v", v1, null));
    c(op, "REMOVE section twice", upd(k, "REMOVE a REMOVE b", null, null));
    c(op, "sections in odd order `REMOVE x SET a = :v ADD ns :n`", upd(k, "REMOVE x SET a = :v ADD ns :n", vals(":v", n("1"), ":n", ns("9")), null));
    c(op, "`SET a = a + :s` with :s a string", upd(k, "SET a = a + :s", vals(":s", s("x")), null));
    c(op, "`SET str = str + :v` (attribute is a string)", upd(k, "SET str = str + :v", v1, null));
    c(op, "`SET a = :v - :w` (numbers)", upd(k, "SET a = :v - :w", vals(":v", n("10"), ":w", n("2.5")), null));
    c(op, "`SET a = nope + :v` (operand attribute missing)", upd(k, "SET a = nope + :v", v1, null));
    c(op, "`SET a = nope` (source attribute missing)", upd(k, "SET a = nope", null, null));
    c(op, "`SET a = :big + :big` overflow (9.9E125 + 9.9E125)", upd(k, "SET a = :b + :b", vals(":b", n("9.9E125")), null));
    c(op, "`SET a = :x + :y` 39 significant digits result", upd(k, "SET a = :x + :y", vals(":x", n("12345678901234567890123456789012345678"), ":y", n("0.1")), null));
    c(op, "list_append on a non-list attribute", upd(k, "SET str = list_append(str, :l)", vals(":l", l(n("1"))), null));
    c(op, "list_append with a non-list value", upd(k, "SET l = list_append(l, :v)", v1, null));
    c(op, "list_append with a missing attribute", upd(k, "SET l = list_append(nope, :l)", vals(":l", l(n("1"))), null));
    c(op, "list_append with 3 arguments", upd(k, "SET l = list_append(l, :l, :l)", vals(":l", l(n("1"))), null));
    c(op, "unknown function `foo(a)`", upd(k, "SET a = foo(a)", null, null));
    c(op, "`SET a = size(l)` (function not allowed in update)", upd(k, "SET a = size(l)", null, null));
    c(op, "`SET a = if_not_exists(a)` (1 argument)", upd(k, "SET a = if_not_exists(a)", null, null));
    c(op, "`SET a = if_not_exists(:v, a)` (value as first argument)", upd(k, "SET a = if_not_exists(:v, a)", v1, null));
    c(op, "`SET a = if_not_exists(nope, :v) + :v`", upd(k, "SET a = if_not_exists(nope, :v) + :v", v1, null));
    c(op, "`SET l = list_append(if_not_exists(l, :e), :l)`", upd(k, "SET l = list_append(if_not_exists(l, :e), :l)", vals(":l", l(n("4")), ":e", l()), null));
    c(op, "ADD on a string attribute", upd(k, "ADD str :v", v1, null));
    c(op, "ADD a string value", upd(k, "ADD a :s", vals(":s", s("x")), null));
    c(op, "ADD an SS to an NS attribute", upd(k, "ADD ns :s", vals(":s", ss("x")), null));
    c(op, "ADD a list value", upd(k, "ADD l :l", vals(":l", l(n("1"))), null));
    c(op, "ADD on a nested path `m.b`", upd(k, "ADD m.b :v", v1, null));
    c(op, "ADD NS to missing attribute", upd(k, "ADD newns :s", vals(":s", ns("1.0", "2")), null));
    c(op, "DELETE on a non-set attribute", upd(k, "DELETE str :s", vals(":s", ss("x")), null));
    c(op, "DELETE with a non-set value", upd(k, "DELETE ss :s", vals(":s", s("x")), null));
    c(op, "DELETE SS value from NS attribute", upd(k, "DELETE ns :s", vals(":s", ss("x")), null));
    c(op, "DELETE on missing attribute", upd(k, "DELETE nope :s", vals(":s", ss("x")), null));
    c(op, "DELETE all elements of a set (attribute removed?)", () -> {
      ddb.updateItem(b -> b.tableName(T).key(key("u", 2)).updateExpression("SET s2 = :s").expressionAttributeValues(vals(":s", ss("a", "b"))));
      return ddb.updateItem(b -> b.tableName(T).key(key("u", 2)).updateExpression("DELETE s2 :s")
          .expressionAttributeValues(vals(":s", ss("a", "b"))).returnValues(ReturnValue.ALL_NEW));
    });
    c(op, "SET nested path whose parent is missing `nope.x`", upd(k, "SET nope.x = :v", v1, null));
    c(op, "SET nested path through a scalar `a.x`", upd(k, "SET a.x = :v", v1, null));
    c(op, "SET list index on a map `m[0]`", upd(k, "SET m[0] = :v", v1, null));
    c(op, "SET list index beyond end `l[10]` (appends)", () -> ddb.updateItem(b -> b.tableName(T).key(key("u", 3))
        .updateExpression("SET l = :l").expressionAttributeValues(vals(":l", l(n("0")))))
        .toString().isEmpty() ? "" : render(ddb.updateItem(b -> b.tableName(T).key(key("u", 3)).updateExpression("SET l[10] = :v")
        .expressionAttributeValues(v1).returnValues(ReturnValue.ALL_NEW))));
    c(op, "REMOVE list index `l[1]`", () -> ddb.updateItem(b -> b.tableName(T).key(key("u", 3))
        .updateExpression("SET l = :l").expressionAttributeValues(vals(":l", l(n("0"), n("1"), n("2")))))
        .toString().isEmpty() ? "" : render(ddb.updateItem(b -> b.tableName(T).key(key("u", 3)).updateExpression("REMOVE l[1]")
        .returnValues(ReturnValue.ALL_NEW))));
    c(op, "REMOVE `l[0], l[1]` (indexes refer to the old list)", () -> ddb.updateItem(b -> b.tableName(T).key(key("u", 3))
        .updateExpression("SET l = :l").expressionAttributeValues(vals(":l", l(n("0"), n("1"), n("2")))))
        .toString().isEmpty() ? "" : render(ddb.updateItem(b -> b.tableName(T).key(key("u", 3)).updateExpression("REMOVE l[0], l[1]")
        .returnValues(ReturnValue.ALL_NEW))));
    c(op, "REMOVE list index out of range `l[10]`", () -> ddb.updateItem(b -> b.tableName(T).key(key("u", 3)).updateExpression("REMOVE l[10]")
        .returnValues(ReturnValue.ALL_NEW)));
    c(op, "REMOVE missing attribute `nope` (no-op)", () -> ddb.updateItem(b -> b.tableName(T).key(key("u", 3)).updateExpression("REMOVE nope")
        .returnValues(ReturnValue.UPDATED_OLD)));
    c(op, "REMOVE nested path under missing attribute `nope.x`", () -> ddb.updateItem(b -> b.tableName(T).key(key("u", 3)).updateExpression("REMOVE nope.x")
        .returnValues(ReturnValue.UPDATED_OLD)));
    c(op, "REMOVE missing map key `m.nope` where m exists", () -> ddb.updateItem(b -> b.tableName(T).key(k).updateExpression("REMOVE m.nope")
        .returnValues(ReturnValue.UPDATED_OLD)));
    c(op, "SET the same list index twice `l[0], l[0]`", upd(k, "SET l[0] = :v, l[0] = :v", v1, null));
    c(op, "expression over 4 KB", upd(k, "SET a = :v" + ", a".repeat(0) + " ".repeat(4100), v1, null));
    c(op, "expression of exactly 4096 bytes", upd(k, "SET a = :v" + " ".repeat(4096 - 10), v1, null));
    c(op, "UpdateExpression empty string", upd(k, "", null, null));
    c(op, "UpdateExpression blank `  `", upd(k, "  ", null, null));
    c(op, "ExpressionAttributeValues given but empty", upd(k, "SET a = :v", Map.of(), null));
    c(op, "ExpressionAttributeNames given but empty", upd(k, "SET a = :v", v1, Map.of()));
    c(op, "ExpressionAttributeValues without any expression",
        () -> ddb.updateItem(b -> b.tableName(T).key(k).expressionAttributeValues(v1)));
    c(op, "ExpressionAttributeNames without any expression",
        () -> ddb.updateItem(b -> b.tableName(T).key(k).expressionAttributeNames(names("#n", "a"))));
    c(op, "ExpressionAttributeValues key without `:`", upd(k, "SET a = :v", vals("v", n("1")), null));
    c(op, "ExpressionAttributeNames key without `#`", upd(k, "SET a = :v", v1, names("n", "a")));
    c(op, "ExpressionAttributeNames value empty", upd(k, "SET #n = :v", v1, names("#n", "")));
    c(op, "ExpressionAttributeValues value with no type", upd(k, "SET a = :v", vals(":v", AttributeValue.builder().build()), null));
    c(op, "ExpressionAttributeValues value is empty SS", upd(k, "SET a = :v", vals(":v", AttributeValue.builder().ss(List.of()).build()), null));
    c(op, "ExpressionAttributeValues value is invalid number", upd(k, "SET a = :v", vals(":v", n("x")), null));
    c(op, "no UpdateExpression, ReturnValues UPDATED_NEW",
        () -> ddb.updateItem(b -> b.tableName(T).key(key("u", 5)).returnValues(ReturnValue.UPDATED_NEW)));
    c(op, "no UpdateExpression, ReturnValues UPDATED_OLD",
        () -> ddb.updateItem(b -> b.tableName(T).key(key("u", 5)).returnValues(ReturnValue.UPDATED_OLD)));
    c(op, "no UpdateExpression (creates item with only key)",
        () -> ddb.updateItem(b -> b.tableName(T).key(key("u", 4)).returnValues(ReturnValue.ALL_NEW)));
    c(op, "ReturnValues `BOGUS`", () -> ddb.updateItem(b -> b.tableName(T).key(k).updateExpression("SET a = :v").expressionAttributeValues(v1).returnValues("BOGUS")));

    // return value shapes for nested updates
    Map<String, AttributeValue> rk = key("rv", 1);
    Map<String, AttributeValue> orig = with(rk, "top", n("1"), "m", m("x", n("1"), "y", m("z", s("old")), "w", s("keep")), "l", l(n("1"), m("q", n("2"))), "keep", s("k"));
    for (ReturnValue rv : List.of(ReturnValue.NONE, ReturnValue.ALL_OLD, ReturnValue.UPDATED_OLD, ReturnValue.ALL_NEW, ReturnValue.UPDATED_NEW)) {
      c(op, "ReturnValues " + rv + " for `SET m.y.z = :v, l[1].q = :v, top = top + :one, m.nw = :v REMOVE m.w`", () -> {
        put(T, orig);
        return ddb.updateItem(b -> b.tableName(T).key(rk)
            .updateExpression("SET m.y.z = :v, l[1].q = :v, top = top + :one, m.nw = :v REMOVE m.w")
            .expressionAttributeValues(vals(":v", s("new"), ":one", n("1"))).returnValues(rv));
      });
    }
    c(op, "UPDATED_NEW for `SET l[5] = :v` (append)", () -> {
      put(T, orig);
      return ddb.updateItem(b -> b.tableName(T).key(rk).updateExpression("SET l[5] = :v")
          .expressionAttributeValues(vals(":v", s("new"))).returnValues(ReturnValue.UPDATED_NEW));
    });
    c(op, "UPDATED_OLD for `SET l[5] = :v` (append)", () -> {
      put(T, orig);
      return ddb.updateItem(b -> b.tableName(T).key(rk).updateExpression("SET l[5] = :v")
          .expressionAttributeValues(vals(":v", s("new"))).returnValues(ReturnValue.UPDATED_OLD));
    });
    c(op, "UPDATED_OLD for `REMOVE l[0]`", () -> {
      put(T, orig);
      return ddb.updateItem(b -> b.tableName(T).key(rk).updateExpression("REMOVE l[0]").returnValues(ReturnValue.UPDATED_OLD));
    });
    c(op, "UPDATED_NEW for `REMOVE l[0]`", () -> {
      put(T, orig);
      return ddb.updateItem(b -> b.tableName(T).key(rk).updateExpression("REMOVE l[0]").returnValues(ReturnValue.UPDATED_NEW));
    });
    c(op, "UPDATED_NEW for `SET keep = keep` (unchanged value)", () -> {
      put(T, orig);
      return ddb.updateItem(b -> b.tableName(T).key(rk).updateExpression("SET keep = keep").returnValues(ReturnValue.UPDATED_NEW));
    });
    c(op, "UPDATED_OLD for `SET newattr = :v` (attribute did not exist)", () -> {
      put(T, orig);
      return ddb.updateItem(b -> b.tableName(T).key(rk).updateExpression("SET newattr = :v")
          .expressionAttributeValues(vals(":v", s("new"))).returnValues(ReturnValue.UPDATED_OLD));
    });
    c(op, "UPDATED_NEW for `ADD ns :s, cnt :one` on a new item", () -> ddb.updateItem(b -> b.tableName(T).key(key("rv", 2))
        .updateExpression("ADD ns :s, cnt :one").expressionAttributeValues(vals(":s", ns("3", "1"), ":one", n("1")))
        .returnValues(ReturnValue.UPDATED_NEW)));
    c(op, "ALL_OLD on an item that did not exist", () -> ddb.updateItem(b -> b.tableName(T).key(key("rv", 3))
        .updateExpression("SET a = :v").expressionAttributeValues(v1).returnValues(ReturnValue.ALL_OLD)));
    c(op, "ConditionExpression fails, ReturnValuesOnConditionCheckFailure ALL_OLD", () -> {
      put(T, orig);
      return ddb.updateItem(b -> b.tableName(T).key(rk).updateExpression("SET a = :v").conditionExpression("top = :v")
          .expressionAttributeValues(vals(":v", n("99"))).returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD));
    });
  }

  private void conditions() {
    section("ConditionExpression (PutItem on an item that does not exist unless stated)");
    String op = "PutItem cond";
    Map<String, AttributeValue> v1 = vals(":v", n("1"));
    c(op, "`a = :v` on missing item (fails)", cond("a = :v", v1, null));
    c(op, "`attribute_type(a, :t)` with :t = `XX`", cond("attribute_type(a, :t)", vals(":t", s("XX")), null));
    c(op, "`attribute_type(a, :t)` with :t a number", cond("attribute_type(a, :t)", vals(":t", n("1")), null));
    c(op, "`attribute_type(a, S)` (bare type name)", cond("attribute_type(a, S)", null, null));
    c(op, "IN with 100 operands", cond("a IN (" + IntStream.range(0, 100).mapToObj(i -> ":v").collect(Collectors.joining(", ")) + ")", v1, null));
    c(op, "IN with 101 operands", cond("a IN (" + IntStream.range(0, 101).mapToObj(i -> ":v").collect(Collectors.joining(", ")) + ")", v1, null));
    c(op, "IN with 0 operands `a IN ()`", cond("a IN ()", null, null));
    c(op, "ConditionExpression empty string", cond("", null, null));
    c(op, "ConditionExpression over 4 KB", cond("attribute_not_exists(a)" + " ".repeat(4100), null, null));
    c(op, "`a BETWEEN :hi AND :lo` (bounds reversed)", cond("a BETWEEN :hi AND :lo", vals(":hi", n("5"), ":lo", n("1")), null));
    c(op, "`a BETWEEN :n AND :s` (bounds of different types)", cond("a BETWEEN :n AND :s", vals(":n", n("5"), ":s", s("1")), null));
    c(op, "`a < :l` with a list operand", cond("a < :l", vals(":l", l(n("1"))), null));
    c(op, "`a < :b` with a BOOL operand", cond("a < :b", vals(":b", bool(true)), null));
    c(op, "`:v = :v` (no attribute at all)", cond(":v = :v", v1, null));
    c(op, "`:v < :w` constant comparison", cond(":v < :w", vals(":v", n("1"), ":w", s("x")), null));
    c(op, "`a = a` (tautology on missing attr)", cond("a = a", null, null));
    c(op, "`attribute_exists(:v)`", cond("attribute_exists(:v)", v1, null));
    c(op, "`attribute_exists(a, b)`", cond("attribute_exists(a, b)", null, null));
    c(op, "`attribute_not_exists(pk) AND NOT` (dangling)", cond("attribute_not_exists(pk) AND NOT", null, null));
    c(op, "`begins_with(a, :n)` with a number operand", cond("begins_with(a, :n)", vals(":n", n("1")), null));
    c(op, "`begins_with(a)`", cond("begins_with(a)", null, null));
    c(op, "`contains(a)`", cond("contains(a)", null, null));
    c(op, "`contains(:v, a)`", cond("contains(:v, a)", v1, null));
    c(op, "`size(a)` alone (not a condition)", cond("size(a)", null, null));
    c(op, "`size(:v) = :v` (size of a number value)", cond("size(:v) = :v", v1, null));
    c(op, "`size(a) > :s` with :s a string", cond("size(a) > :s", vals(":s", s("x")), null));
    c(op, "`if_not_exists(a, :v) = :v` in a condition", cond("if_not_exists(a, :v) = :v", v1, null));
    c(op, "`list_append(a, :v) = :v` in a condition", cond("list_append(a, :v) = :v", v1, null));
    c(op, "`a + :v = :v` (arithmetic in a condition)", cond("a + :v = :v", v1, null));
    c(op, "`a` alone", cond("a", null, null));
    c(op, "`a = :v AND` (syntax)", cond("a = :v AND", v1, null));
    c(op, "`a == :v` (syntax)", cond("a == :v", v1, null));
    c(op, "`a != :v` (syntax)", cond("a != :v", v1, null));
    c(op, "`a <> :v` on missing item (true)", cond("a <> :v", v1, null));
    c(op, "`NOT a = :v` on missing item (true)", cond("NOT a = :v", v1, null));
    c(op, "`attribute_not_exists(pk) OR a = :v` with an unused name", cond("attribute_not_exists(pk)", null, names("#x", "x")));
    c(op, "undefined `:x`", cond("a = :x", null, null));
    c(op, "reserved word `size` as attribute `size = :v`", cond("size = :v", v1, null));
    c(op, "`a[0] = :v` on missing item", cond("a[0] = :v", v1, null));
    c(op, "`attribute_type(a, :t)` with :t = `s` (lower case)", cond("attribute_type(a, :t)", vals(":t", s("s")), null));
    c(op, "ExpressionAttributeValues without ConditionExpression",
        () -> ddb.putItem(b -> b.tableName(T).item(key("cond", 2)).expressionAttributeValues(v1)));
    c(op, "ExpressionAttributeNames without ConditionExpression",
        () -> ddb.putItem(b -> b.tableName(T).item(key("cond", 2)).expressionAttributeNames(names("#n", "a"))));
    c(op, "condition on the key `pk = :p` when item missing", cond("pk = :p", vals(":p", s("cond")), null));
  }

  private void legacy() {
    section("Legacy parameters mixed with expressions");
    Map<String, AttributeValue> v1 = vals(":v", n("1"));
    ExpectedAttributeValue exp = ExpectedAttributeValue.builder().exists(false).build();
    c("PutItem", "Expected + ConditionExpression",
        () -> ddb.putItem(b -> b.tableName(T).item(key("leg", 1)).expected(Map.of("a", exp)).conditionExpression("attribute_not_exists(a)")));
    c("PutItem", "Expected alone (exists=false) on missing item",
        () -> ddb.putItem(b -> b.tableName(T).item(key("leg", 1)).expected(Map.of("a", exp))));
    c("PutItem", "Expected exists=true without Value",
        () -> ddb.putItem(b -> b.tableName(T).item(key("leg", 1)).expected(Map.of("a", ExpectedAttributeValue.builder().exists(true).build()))));
    c("PutItem", "Expected + ExpressionAttributeValues",
        () -> ddb.putItem(b -> b.tableName(T).item(key("leg", 1)).expected(Map.of("a", exp)).expressionAttributeValues(v1)));
    c("PutItem", "ConditionalOperator without Expected",
        () -> ddb.putItem(b -> b.tableName(T).item(key("leg", 1)).conditionalOperator(ConditionalOperator.AND)));
    c("PutItem", "ConditionalOperator + ConditionExpression",
        () -> ddb.putItem(b -> b.tableName(T).item(key("leg", 1)).conditionalOperator(ConditionalOperator.AND).conditionExpression("attribute_not_exists(a)")));
    AttributeValueUpdate au = AttributeValueUpdate.builder().action(AttributeAction.PUT).value(n("1")).build();
    c("UpdateItem", "AttributeUpdates + UpdateExpression",
        () -> ddb.updateItem(b -> b.tableName(T).key(key("leg", 1)).attributeUpdates(Map.of("a", au)).updateExpression("SET b = :v").expressionAttributeValues(v1)));
    c("UpdateItem", "AttributeUpdates + ConditionExpression",
        () -> ddb.updateItem(b -> b.tableName(T).key(key("leg", 1)).attributeUpdates(Map.of("a", au)).conditionExpression("attribute_not_exists(a)")));
    c("UpdateItem", "AttributeUpdates alone (PUT a=1), ReturnValues ALL_NEW",
        () -> ddb.updateItem(b -> b.tableName(T).key(key("leg", 1)).attributeUpdates(Map.of("a", au)).returnValues(ReturnValue.ALL_NEW)));
    c("UpdateItem", "AttributeUpdates on a key attribute",
        () -> ddb.updateItem(b -> b.tableName(T).key(key("leg", 1)).attributeUpdates(Map.of("pk", AttributeValueUpdate.builder().action(AttributeAction.PUT).value(s("z")).build()))));
    c("UpdateItem", "UpdateExpression + Expected",
        () -> ddb.updateItem(b -> b.tableName(T).key(key("leg", 1)).updateExpression("SET b = :v").expressionAttributeValues(v1).expected(Map.of("a", exp))));
    c("GetItem", "AttributesToGet + ProjectionExpression",
        () -> ddb.getItem(b -> b.tableName(T).key(key("leg", 1)).attributesToGet("a").projectionExpression("a")));
    c("GetItem", "AttributesToGet + ExpressionAttributeNames",
        () -> ddb.getItem(b -> b.tableName(T).key(key("leg", 1)).attributesToGet("a").expressionAttributeNames(names("#a", "a"))));
    c("DeleteItem", "Expected + ConditionExpression",
        () -> ddb.deleteItem(b -> b.tableName(T).key(key("leg", 1)).expected(Map.of("a", exp)).conditionExpression("attribute_exists(a)")));
    c("Query", "KeyConditions + KeyConditionExpression",
        () -> ddb.query(b -> b.tableName(T).keyConditionExpression("pk = :p").expressionAttributeValues(vals(":p", s("leg")))
            .keyConditions(Map.of("pk", Condition.builder().comparisonOperator(ComparisonOperator.EQ).attributeValueList(s("leg")).build()))));
    c("Scan", "ScanFilter + FilterExpression",
        () -> ddb.scan(b -> b.tableName(T).filterExpression("a = :v").expressionAttributeValues(v1)
            .scanFilter(Map.of("a", Condition.builder().comparisonOperator(ComparisonOperator.EQ).attributeValueList(n("1")).build()))));
  }

  private void deleteItem() {
    section("DeleteItem");
    String op = "DeleteItem";
    Map<String, AttributeValue> k = key("d", 1);
    put(T, with(k, "a", n("1")));
    c(op, "table does not exist", () -> ddb.deleteItem(b -> b.tableName("missing").key(k)));
    c(op, "Key missing RANGE attribute", () -> ddb.deleteItem(b -> b.tableName(T).key(item("pk", s("d")))));
    c(op, "Key with extra attribute", () -> ddb.deleteItem(b -> b.tableName(T).key(with(k, "a", n("1")))));
    c(op, "Key of wrong type", () -> ddb.deleteItem(b -> b.tableName(T).key(item("pk", s("d"), "sk", s("1")))));
    c(op, "ConditionExpression fails `a = :v`", () -> ddb.deleteItem(b -> b.tableName(T).key(k).conditionExpression("a = :v").expressionAttributeValues(vals(":v", n("2")))));
    c(op, "ConditionExpression fails, ReturnValuesOnConditionCheckFailure ALL_OLD",
        () -> ddb.deleteItem(b -> b.tableName(T).key(k).conditionExpression("a = :v").expressionAttributeValues(vals(":v", n("2")))
            .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)));
    c(op, "ConditionExpression on missing item `attribute_exists(pk)`",
        () -> ddb.deleteItem(b -> b.tableName(T).key(key("d", 999)).conditionExpression("attribute_exists(pk)")));
    c(op, "ConditionExpression on missing item `attribute_not_exists(pk)` (passes)",
        () -> ddb.deleteItem(b -> b.tableName(T).key(key("d", 999)).conditionExpression("attribute_not_exists(pk)").returnValues(ReturnValue.ALL_OLD)));
    c(op, "ReturnValues ALL_NEW", () -> ddb.deleteItem(b -> b.tableName(T).key(k).returnValues(ReturnValue.ALL_NEW)));
    c(op, "ReturnValues UPDATED_OLD", () -> ddb.deleteItem(b -> b.tableName(T).key(k).returnValues(ReturnValue.UPDATED_OLD)));
    c(op, "ConditionExpression passes `a = :v`, ReturnValues ALL_OLD",
        () -> ddb.deleteItem(b -> b.tableName(T).key(k).conditionExpression("a = :v").expressionAttributeValues(vals(":v", n("1")))
            .returnValues(ReturnValue.ALL_OLD).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
    c(op, "item does not exist, ReturnValues ALL_OLD",
        () -> ddb.deleteItem(b -> b.tableName(T).key(k).returnValues(ReturnValue.ALL_OLD).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
    c(op, "ConditionExpression syntax error", () -> ddb.deleteItem(b -> b.tableName(T).key(k).conditionExpression("a = ")));
  }

  private void capacity() {
    section("ConsumedCapacity (ReturnConsumedCapacity TOTAL unless stated)");
    Map<String, AttributeValue> k = key("cap", 1);
    Map<String, AttributeValue> big = with(k, "a", s(repeat('x', 1536 - 20)));
    Map<String, AttributeValue> hk = hkey("cap");
    Map<String, AttributeValue> bigH = with(hk, "a", s(repeat('x', 1536 - 20)));
    c("PutItem", "1.5 KB item, new (on-demand table)", () -> ddb.putItem(b -> b.tableName(T).item(big).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
    c("PutItem", "1.5 KB item, overwrite (on-demand table)", () -> ddb.putItem(b -> b.tableName(T).item(big).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
    c("PutItem", "1.5 KB item, provisioned table", () -> ddb.putItem(b -> b.tableName(H).item(bigH).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
    c("PutItem", "1.5 KB item, ReturnConsumedCapacity INDEXES", () -> ddb.putItem(b -> b.tableName(T).item(big).returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)));
    c("PutItem", "1.5 KB item, ReturnConsumedCapacity NONE", () -> ddb.putItem(b -> b.tableName(T).item(big).returnConsumedCapacity(ReturnConsumedCapacity.NONE)));
    c("PutItem", "1.5 KB item replaced by a 3.5 KB item", () -> ddb.putItem(b -> b.tableName(T).item(with(k, "a", s(repeat('x', 3500)))).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
    c("PutItem", "3.5 KB item replaced by a tiny item", () -> ddb.putItem(b -> b.tableName(T).item(k).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
    c("PutItem", "condition fails (1.5 KB item exists)", () -> {
      put(T, big);
      return ddb.putItem(b -> b.tableName(T).item(k).conditionExpression("attribute_not_exists(pk)").returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    });
    c("GetItem", "1.5 KB item, ConsistentRead true", () -> ddb.getItem(b -> b.tableName(T).key(k).consistentRead(true).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
    c("GetItem", "1.5 KB item, eventually consistent", () -> ddb.getItem(b -> b.tableName(T).key(k).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
    c("GetItem", "1.5 KB item, eventually consistent, provisioned table", () -> ddb.getItem(b -> b.tableName(H).key(hk).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
    c("GetItem", "1.5 KB item, ProjectionExpression `pk` (still charged for full item?)", () -> ddb.getItem(b -> b.tableName(T).key(k).projectionExpression("pk").consistentRead(true).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
    c("GetItem", "missing item, consistent", () -> ddb.getItem(b -> b.tableName(T).key(key("cap", 999)).consistentRead(true).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
    c("GetItem", "missing item, eventually consistent", () -> ddb.getItem(b -> b.tableName(T).key(key("cap", 999)).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
    c("GetItem", "9 KB item, consistent", () -> {
      put(T, with(key("cap", 2), "a", s(repeat('x', 9000))));
      return ddb.getItem(b -> b.tableName(T).key(key("cap", 2)).consistentRead(true).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    });
    c("GetItem", "9 KB item, eventually consistent", () -> ddb.getItem(b -> b.tableName(T).key(key("cap", 2)).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
    c("GetItem", "item of exactly 4096 bytes (hash table), consistent", () -> {
      put(H, item("pk", s("k4"), "a", s(repeat('x', 4096 - 4 - 1))));
      return ddb.getItem(b -> b.tableName(H).key(hkey("k4")).consistentRead(true).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    });
    c("GetItem", "item of 4097 bytes (hash table), consistent", () -> {
      put(H, item("pk", s("k4"), "a", s(repeat('x', 4096 - 4))));
      return ddb.getItem(b -> b.tableName(H).key(hkey("k4")).consistentRead(true).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    });
    c("PutItem", "item of exactly 1024 bytes (hash table)", () -> ddb.putItem(b -> b.tableName(H).item(item("pk", s("k1"), "a", s(repeat('x', 1024 - 4 - 1)))).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
    c("PutItem", "item of 1025 bytes (hash table), overwriting the 1024 one", () -> ddb.putItem(b -> b.tableName(H).item(item("pk", s("k1"), "a", s(repeat('x', 1024 - 4)))).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
    c("UpdateItem", "SET small attr on 1.5 KB item", () -> {
      put(T, big);
      return ddb.updateItem(b -> b.tableName(T).key(k).updateExpression("SET b = :v").expressionAttributeValues(vals(":v", n("1"))).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    });
    c("UpdateItem", "on missing item (creates tiny item)", () -> ddb.updateItem(b -> b.tableName(T).key(key("cap", 3)).updateExpression("SET b = :v").expressionAttributeValues(vals(":v", n("1"))).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
    c("DeleteItem", "1.5 KB item", () -> ddb.deleteItem(b -> b.tableName(T).key(k).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
    c("DeleteItem", "missing item", () -> ddb.deleteItem(b -> b.tableName(T).key(k).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
  }

  private void batchAndTransactAndQuery() {
    section("Batch / Transact / Query / Scan (a few)");
    WriteRequest w = WriteRequest.builder().putRequest(PutRequest.builder().item(key("bw", 1)).build()).build();
    c("BatchWriteItem", "same key twice in one batch", () -> ddb.batchWriteItem(b -> b.requestItems(Map.of(T, List.of(w, w)))));
    c("BatchWriteItem", "26 requests", () -> ddb.batchWriteItem(b -> b.requestItems(Map.of(T,
        IntStream.range(0, 26).mapToObj(i -> WriteRequest.builder().putRequest(PutRequest.builder().item(key("bw", i)).build()).build()).toList()))));
    c("BatchWriteItem", "empty RequestItems", () -> ddb.batchWriteItem(b -> b.requestItems(Map.of())));
    c("BatchWriteItem", "table does not exist", () -> ddb.batchWriteItem(b -> b.requestItems(Map.of("missing", List.of(w)))));
    c("BatchWriteItem", "put missing key attribute", () -> ddb.batchWriteItem(b -> b.requestItems(Map.of(T, List.of(
        WriteRequest.builder().putRequest(PutRequest.builder().item(item("pk", s("x"))).build()).build())))));
    c("BatchGetItem", "101 keys", () -> ddb.batchGetItem(b -> b.requestItems(Map.of(T, KeysAndAttributes.builder()
        .keys(IntStream.range(0, 101).mapToObj(i -> key("bg", i)).toList()).build()))));
    c("BatchGetItem", "same key twice", () -> ddb.batchGetItem(b -> b.requestItems(Map.of(T, KeysAndAttributes.builder()
        .keys(key("bg", 1), key("bg", 1)).build()))));
    TransactWriteItem tw = TransactWriteItem.builder().put(Put.builder().tableName(T).item(key("tw", 1)).build()).build();
    c("TransactWriteItems", "two operations on the same item", () -> ddb.transactWriteItems(b -> b.transactItems(tw, tw)));
    c("TransactWriteItems", "condition check fails", () -> ddb.transactWriteItems(b -> b.transactItems(tw,
        TransactWriteItem.builder().conditionCheck(ConditionCheck.builder().tableName(T).key(key("tw", 2)).conditionExpression("attribute_exists(pk)")
            .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build()).build())));
    c("TransactWriteItems", "empty list", () -> ddb.transactWriteItems(b -> b.transactItems(List.of())));
    c("Query", "KeyConditionExpression on a non-key attribute", () -> ddb.query(b -> b.tableName(T).keyConditionExpression("a = :v").expressionAttributeValues(vals(":v", n("1")))));
    c("Query", "KeyConditionExpression without the HASH key", () -> ddb.query(b -> b.tableName(T).keyConditionExpression("sk = :v").expressionAttributeValues(vals(":v", n("1")))));
    c("Query", "KeyConditionExpression `pk = :p OR sk = :v`", () -> ddb.query(b -> b.tableName(T).keyConditionExpression("pk = :p OR sk = :v").expressionAttributeValues(vals(":p", s("x"), ":v", n("1")))));
    c("Query", "KeyConditionExpression `begins_with(sk, :v)` on a N key", () -> ddb.query(b -> b.tableName(T).keyConditionExpression("pk = :p AND begins_with(sk, :v)").expressionAttributeValues(vals(":p", s("x"), ":v", n("1")))));
    c("Query", "KeyConditionExpression `pk < :p`", () -> ddb.query(b -> b.tableName(T).keyConditionExpression("pk < :p").expressionAttributeValues(vals(":p", s("x")))));
    c("Query", "no KeyConditionExpression", () -> ddb.query(b -> b.tableName(T)));
    c("Query", "Limit 0", () -> ddb.query(b -> b.tableName(T).keyConditionExpression("pk = :p").expressionAttributeValues(vals(":p", s("x"))).limit(0)));
    c("Query", "FilterExpression on a key attribute", () -> ddb.query(b -> b.tableName(T).keyConditionExpression("pk = :p").filterExpression("sk = :v").expressionAttributeValues(vals(":p", s("x"), ":v", n("1")))));
    c("Query", "IndexName that does not exist", () -> ddb.query(b -> b.tableName(T).indexName("nope").keyConditionExpression("pk = :p").expressionAttributeValues(vals(":p", s("x")))));
    c("Scan", "Segment without TotalSegments", () -> ddb.scan(b -> b.tableName(T).segment(0)));
    c("Scan", "Segment 2 of TotalSegments 2", () -> ddb.scan(b -> b.tableName(T).segment(2).totalSegments(2)));
    c("Scan", "Limit 0", () -> ddb.scan(b -> b.tableName(T).limit(0)));
    c("Scan", "Select COUNT with ProjectionExpression", () -> ddb.scan(b -> b.tableName(T).select(Select.COUNT).projectionExpression("a")));
  }

  // ---------------------------------------------------------------- output

  /** Hand-written notes on what the rows below show; keep in sync when regenerating against another version. */
  private static final String[] OBSERVATIONS = {
      "Top-level `N` values and `NS` elements come back normalized (`1.50` → `1.5`, `1E+2` → `100`, `-0` → `0`, `.5` → `0.5`), "
          + "but numbers nested inside `M` and `L` come back **exactly as written** (`01`, `007`, `1e2`, `1.50`). Amazon DynamoDB "
          + "may normalize nested numbers too; the differential harness therefore compares numbers by value unless "
          + "`-Dpartita.strictNumbers=true`.",
      "Sets come back sorted (`SS` by string, `NS` by numeric value, `BS` by bytes); maps come back in no particular order.",
      "An attribute named `null` comes back **duplicated** as an extra attribute `nul` with the same value (a DynamoDB Local bug); "
          + "the differential generator never uses that name.",
      "`UpdateItem` without `UpdateExpression` and with `ReturnValues` `UPDATED_OLD`/`UPDATED_NEW` makes DynamoDB Local throw a raw "
          + "`NullPointerException` (not a service error); the generator avoids that combination.",
      "Table names are case-insensitive in storage: creating `PROBE` next to `probe` fails with a raw `LocalDBAccessException` "
          + "(sqlite `table \"PROBE\" already exists`), yet `DescribeTable PROBE` says the table does not exist. Amazon DynamoDB "
          + "treats names case-sensitively.",
      "`UPDATED_OLD`/`UPDATED_NEW` for nested `SET`/`REMOVE` return the **whole top-level attribute** (e.g. all of `m`, not just "
          + "`m.y.z`); `SET l[5]` appending past the end returns no attributes at all.",
      "`ReturnConsumedCapacity` `BOGUS` on PutItem yields the unrelated message `Cannot have null key for GetItem, DeleteItem, or "
          + "UpdateItem`; unknown `BillingMode` values are rejected client-side by the SDK enum before reaching DynamoDB Local.",
      "`PAY_PER_REQUEST` with `ProvisionedThroughput` and a GSI with throughput on an on-demand table are accepted; "
          + "`UpdateTable` with throughput on an on-demand table is accepted too. `CreationDateTime` is nonsense (year +58858).",
      "Some messages embed an unordered set: the operand-type list for `attribute_type(a, S)` comes out in a different order on "
          + "every run (that row changes each time the document is regenerated); don't compare such messages verbatim.",
      "Validation order: unused `ExpressionAttributeNames` are reported before unused `ExpressionAttributeValues`; an undefined "
          + "`:value` is reported before an unused one.",
      "Capacity: writes round the item size up to 1 KB units, using the larger of old and new item (`1.5 KB` put = 2.0, "
          + "replacing 3.5 KB by a tiny item = 4.0); reads round up to 4 KB units, halved for eventually consistent reads "
          + "(`1.5 KB` = 1.0 / 0.5); a missing item still costs 1.0 / 0.5 (read) and 1.0 (write); a failed condition reports no capacity "
          + "(the SDK exception carries none).",
  };

  private void write() throws IOException {
    String jar = DynamoDBEmbedded.class.getProtectionDomain().getCodeSource().getLocation().toString();
    Matcher mm = Pattern.compile("DynamoDBLocal-([^/]+)\\.jar").matcher(jar);
    String version = mm.find() ? mm.group(1) : jar;
    StringBuilder sb = new StringBuilder();
    sb.append("# DynamoDB Local: error codes and messages\n\n");
    sb.append("Generated by `io.partita.embedded.oracle.DynamoDbLocalMessagesProbe` against **DynamoDB Local ")
        .append(version).append("** (embedded, in-process, `DynamoDBEmbedded.create().dynamoDbClient()`), AWS SDK for Java v2 ")
        .append(software.amazon.awssdk.core.util.VersionInfo.SDK_VERSION).append(".\n\n");
    sb.append("Do not edit by hand. Regenerate with:\n\n```\n")
        .append("mvn -q -pl partita-embedded -am test -Dtest=DynamoDbLocalMessagesProbe -Dsurefire.failIfNoSpecifiedTests=false\n```\n\n");
    sb.append("Notes:\n\n");
    sb.append("- *Error code* is `e.awsErrorDetails().errorCode()`, *HTTP* is `e.statusCode()`, *message* is `e.awsErrorDetails().errorMessage()` (exact, between backticks; `|` is escaped as `\\|` for the table).\n");
    sb.append("- In embedded mode there is no HTTP round trip: DynamoDB Local maps its exceptions to SDK exceptions itself, so the status code is what it reports, and no request id is set.\n");
    sb.append("- Successful cases show `(success)` and a rendering of the answer: items as `{name: {TYPE: value}}` in the order returned, `ConsumedCapacity` as the SDK prints it.\n");
    sb.append("- DynamoDB Local is not Amazon DynamoDB: known differences include case-insensitive table names (see the `PROBE` rows), no throughput limits, and some validation order differences. Treat this document as \"what DynamoDB Local says\".\n");
    sb.append("- Tables used: `").append(T).append("` (pk S HASH, sk N RANGE, PAY_PER_REQUEST) and `").append(H)
        .append("` (pk S HASH, PROVISIONED 5/5). CreateTable cases start from `ct_N` with the same key schema as `").append(T).append("`.\n\n");
    sb.append("## Observations worth knowing\n\n");
    for (String o : OBSERVATIONS) sb.append("- ").append(o).append('\n');
    sb.append('\n');
    int count = 0;
    boolean open = false;
    for (Object o : rows) {
      if (o instanceof String title) {
        sb.append("\n## ").append(title).append("\n\n");
        sb.append("| # | Operation | What is wrong | Error code | HTTP | Message / answer |\n");
        sb.append("|---|---|---|---|---|---|\n");
        open = true;
      } else if (o instanceof Row r) {
        count++;
        sb.append("| ").append(count).append(" | ").append(r.op()).append(" | ").append(cell(r.what())).append(" | ")
            .append(r.code()).append(" | ").append(r.status()).append(" | ").append(code(r.message())).append(" |\n");
      }
    }
    Path out = outputPath();
    Files.createDirectories(out.getParent());
    Files.writeString(out, sb.toString(), StandardCharsets.UTF_8);
    System.out.println("wrote " + count + " cases to " + out);
  }

  private static String cell(String s) {
    return s.replace("|", "\\|").replace("\n", " ");
  }

  private static String code(String s) {
    if (s == null) return "";
    String t = s.replace("\r", "").replace("\n", "⏎").replace("|", "\\|");
    if (t.length() > 1500) t = t.substring(0, 1500) + "…(" + s.length() + " chars)";
    String fence = t.contains("`") ? "``" : "`";
    return fence + (fence.length() > 1 ? " " : "") + t + (fence.length() > 1 ? " " : "") + fence;
  }

  private static Path outputPath() {
    String p = System.getProperty("partita.messagesDoc");
    if (p != null) return Path.of(p);
    Path dir = Path.of(System.getProperty("user.dir")).toAbsolutePath();
    for (Path d = dir; d != null; d = d.getParent()) {
      if (Files.isDirectory(d.resolve("partita-embedded")) && Files.exists(d.resolve("pom.xml"))) {
        return d.resolve("docs/dynamodb-messages.md");
      }
    }
    return dir.resolve("docs/dynamodb-messages.md");
  }
}
