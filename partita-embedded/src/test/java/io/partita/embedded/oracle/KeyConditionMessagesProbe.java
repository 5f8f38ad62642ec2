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

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.amazonaws.services.dynamodbv2.local.embedded.DynamoDBEmbedded;
import com.amazonaws.services.dynamodbv2.local.shared.access.AmazonDynamoDBLocal;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.*;

/**
 * Sends Query requests with well-formed and malformed KeyConditionExpressions to DynamoDB Local (and
 * a few PutItem ConditionExpressions, to compare the order of binding errors) and records each
 * answer, so the engine's key condition validation ({@code io.partita.engine.expr.KeyClauses},
 * {@code KeyConditions}) can use the same words in the same order.
 *
 * <p>Not a regular test (the name does not match surefire's includes); run by hand:
 * <pre>
 * mvn -o -q -pl partita-engine,partita-embedded test -Dtest=KeyConditionMessagesProbe -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 * The answers are written to {@code docs/dynamodb-keycondition-messages.md}.
 */
@org.junit.jupiter.api.condition.EnabledIfSystemProperty(named = "test", matches = ".*KeyConditionMessagesProbe.*",
    disabledReason = "prints DynamoDB Local's key condition messages; run with -Dtest=KeyConditionMessagesProbe")
class KeyConditionMessagesProbe {
  private static AmazonDynamoDBLocal local;
  private static DynamoDbClient ddb;

  /** pk S HASH, sk N RANGE; GSI "gsi": g S HASH, h N RANGE. */
  static final String T = "kc_num";
  /** pk S HASH, sk S RANGE. */
  static final String TS = "kc_str";
  /** pk N HASH, sk B RANGE. */
  static final String TB = "kc_bin";
  /** pk S HASH only. */
  static final String H = "kc_hash";

  private final List<String> rows = new ArrayList<>();

  @BeforeAll
  static void start() {
    local = DynamoDBEmbedded.create();
    ddb = local.dynamoDbClient();
    ddb.createTable(b -> b.tableName(T)
        .keySchema(key("pk", KeyType.HASH), key("sk", KeyType.RANGE))
        .attributeDefinitions(def("pk", "S"), def("sk", "N"), def("g", "S"), def("h", "N"))
        .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("gsi")
            .keySchema(key("g", KeyType.HASH), key("h", KeyType.RANGE))
            .projection(p -> p.projectionType(ProjectionType.ALL)).build())
        .billingMode(BillingMode.PAY_PER_REQUEST));
    ddb.createTable(b -> b.tableName(TS)
        .keySchema(key("pk", KeyType.HASH), key("sk", KeyType.RANGE))
        .attributeDefinitions(def("pk", "S"), def("sk", "S"))
        .billingMode(BillingMode.PAY_PER_REQUEST));
    ddb.createTable(b -> b.tableName(TB)
        .keySchema(key("pk", KeyType.HASH), key("sk", KeyType.RANGE))
        .attributeDefinitions(def("pk", "N"), def("sk", "B"))
        .billingMode(BillingMode.PAY_PER_REQUEST));
    ddb.createTable(b -> b.tableName(H)
        .keySchema(key("pk", KeyType.HASH))
        .attributeDefinitions(def("pk", "S"))
        .billingMode(BillingMode.PAY_PER_REQUEST));
  }

  @AfterAll
  static void stop() {
    if (local != null) local.shutdown();
  }

  static KeySchemaElement key(String n, KeyType t) {
    return KeySchemaElement.builder().attributeName(n).keyType(t).build();
  }

  static AttributeDefinition def(String n, String type) {
    return AttributeDefinition.builder().attributeName(n).attributeType(type).build();
  }

  static Map<String, String> names(String... kv) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) m.put(kv[i], kv[i + 1]);
    return m;
  }

  /** One Query on {@code table} (optionally an index) with the given expression, names and values. */
  private void q(String table, String index, String expr, Map<String, String> names, Object... values) {
    Map<String, AttributeValue> vals = item(values);
    String code;
    String message;
    try {
      QueryResponse r = ddb.query(b -> {
        b.tableName(table).keyConditionExpression(expr);
        if (index != null) b.indexName(index);
        if (!vals.isEmpty()) b.expressionAttributeValues(vals);
        if (names != null && !names.isEmpty()) b.expressionAttributeNames(names);
      });
      code = "(success)";
      message = "Count=" + r.count();
    } catch (DynamoDbException e) {
      code = e.awsErrorDetails() == null ? "?" : e.awsErrorDetails().errorCode();
      message = e.awsErrorDetails() == null ? e.getMessage() : e.awsErrorDetails().errorMessage();
    } catch (Exception e) {
      code = "(client-side " + e.getClass().getSimpleName() + ")";
      message = String.valueOf(e.getMessage());
    }
    row("Query " + table + (index == null ? "" : "/" + index), expr, names, vals, code, message);
  }

  private void row(String op, String expr, Map<String, String> names, Map<String, AttributeValue> vals, String code, String message) {
    String request = "`" + expr + "`" + (names == null || names.isEmpty() ? "" : " names=" + names)
        + (vals.isEmpty() ? "" : " values=" + show(vals));
    rows.add("| " + (rows.size() + 1) + " | " + op + " | " + request.replace("|", "\\|") + " | " + code + " | `"
        + message.replace("|", "\\|") + "` |");
  }

  private void q(String table, String expr, Object... values) {
    q(table, null, expr, null, values);
  }

  /** A PutItem on the hash-only table with the given ConditionExpression, for comparison with key conditions. */
  private void cond(String expr, Map<String, String> names, Object... values) {
    Map<String, AttributeValue> vals = item(values);
    String code;
    String message;
    try {
      ddb.putItem(b -> {
        b.tableName(H).item(item("pk", s("c"))).conditionExpression(expr);
        if (!vals.isEmpty()) b.expressionAttributeValues(vals);
        if (names != null && !names.isEmpty()) b.expressionAttributeNames(names);
      });
      code = "(success)";
      message = "";
    } catch (DynamoDbException e) {
      code = e.awsErrorDetails().errorCode();
      message = e.awsErrorDetails().errorMessage();
    }
    row("PutItem " + H + " ConditionExpression", expr, names, vals, code, message);
  }

  @Test
  void probe() throws IOException {
    AttributeValue p = s("x");
    AttributeValue one = n("1");
    AttributeValue five = n("5");
    // shapes and operators
    q(T, "pk = :p", ":p", p);
    q(T, "pk = :p AND sk = :v", ":p", p, ":v", one);
    q(T, "pk = :p AND sk < :v", ":p", p, ":v", one);
    q(T, "pk = :p AND sk <= :v", ":p", p, ":v", one);
    q(T, "pk = :p AND sk > :v", ":p", p, ":v", one);
    q(T, "pk = :p AND sk >= :v", ":p", p, ":v", one);
    q(T, "pk = :p AND sk BETWEEN :v AND :w", ":p", p, ":v", one, ":w", five);
    q(T, "pk = :p AND sk BETWEEN :v AND :v", ":p", p, ":v", one);
    q(T, "sk = :v AND pk = :p", ":p", p, ":v", one);
    q(T, "(pk = :p) AND (sk > :v)", ":p", p, ":v", one);
    q(T, "((pk = :p))", ":p", p);
    q(T, "(pk = :p AND sk > :v)", ":p", p, ":v", one);
    q(T, "pk = :p AND (sk > :v)", ":p", p, ":v", one);
    q(T, "pk=:p and sk>:v", ":p", p, ":v", one);
    q(T, null, "#k = :p AND #s > :v", names("#k", "pk", "#s", "sk"), ":p", p, ":v", one);
    // operand order
    q(T, ":p = pk", ":p", p);
    q(T, "pk = :p AND :v > sk", ":p", p, ":v", one);
    q(T, "pk = :p AND :v < sk", ":p", p, ":v", one);
    q(T, "pk = :p AND :v = sk", ":p", p, ":v", one);
    q(T, "pk = :p AND :v <= sk", ":p", p, ":v", one);
    q(T, "pk = :p AND :v BETWEEN sk AND :w", ":p", p, ":v", one, ":w", five);
    q(T, "pk = :p AND sk BETWEEN sk AND :w", ":p", p, ":w", five);
    q(TS, "pk = :p AND begins_with(:v, sk)", ":p", p, ":v", s("a"));
    // operators that are not allowed
    q(T, "pk = :p OR sk = :v", ":p", p, ":v", one);
    q(T, "NOT pk = :p", ":p", p);
    q(T, "pk = :p AND NOT sk = :v", ":p", p, ":v", one);
    q(T, "pk IN (:p)", ":p", p);
    q(T, "pk = :p AND sk IN (:v)", ":p", p, ":v", one);
    q(T, "pk <> :p", ":p", p);
    q(T, "pk = :p AND sk <> :v", ":p", p, ":v", one);
    q(T, "attribute_exists(pk)");
    q(T, "pk = :p AND attribute_exists(sk)", ":p", p);
    q(T, "pk = :p AND attribute_not_exists(sk)", ":p", p);
    q(T, "pk = :p AND attribute_type(sk, :t)", ":p", p, ":t", s("N"));
    q(T, "pk = :p AND contains(sk, :v)", ":p", p, ":v", one);
    q(T, "pk = :p AND size(sk) = :v", ":p", p, ":v", one);
    q(T, "size(pk) = :v", ":v", one);
    q(T, "pk = :p AND (sk = :v OR sk = :w)", ":p", p, ":v", one, ":w", five);
    q(T, "pk = :p AND foo(sk)", ":p", p);
    q(TS, "pk = :p AND begins_with(sk, :v, :w)", ":p", p, ":v", s("a"), ":w", s("b"));
    q(TS, "pk = :p AND begins_with(sk)", ":p", p);
    // partition key conditions other than =
    q(T, "pk < :p", ":p", p);
    q(T, "pk >= :p", ":p", p);
    q(T, "pk BETWEEN :p AND :q", ":p", p, ":q", s("y"));
    q(TS, "begins_with(pk, :p)", ":p", p);
    q(T, "pk < :p AND sk = :v", ":p", p, ":v", one);
    // missing keys, non-key attributes
    q(T, "a = :v", ":v", one);
    q(T, "sk = :v", ":v", one);
    q(T, "sk > :v", ":v", one);
    q(T, "pk = :p AND a = :v", ":p", p, ":v", one);
    q(T, "pk = :p AND a > :v", ":p", p, ":v", one);
    q(T, "pk = :p AND sk = :v AND a = :w", ":p", p, ":v", one, ":w", five);
    q(T, "a = :w AND sk = :v", ":v", one, ":w", five);
    q(T, "a = :w AND pk = :p", ":p", p, ":w", five);
    q(H, "pk = :p AND sk = :v", ":p", p, ":v", one);
    q(H, "pk = :p AND a = :v", ":p", p, ":v", one);
    q(H, "pk = :p AND a > :v", ":p", p, ":v", one);
    q(T, "pk = :p AND b = :v AND a = :w", ":p", p, ":v", one, ":w", five);
    // two conditions on one key
    q(T, "pk = :p AND pk = :q", ":p", p, ":q", s("y"));
    q(T, "pk = :p AND pk = :p", ":p", p);
    q(T, "pk = :p AND sk = :v AND sk = :w", ":p", p, ":v", one, ":w", five);
    q(T, "pk = :p AND sk > :v AND sk < :w", ":p", p, ":v", one, ":w", five);
    q(T, "pk = :p AND sk > :v AND sk > :v", ":p", p, ":v", one);
    q(T, null, "#a = :p AND #b = :p", names("#a", "pk", "#b", "pk"), ":p", p);
    q(T, "pk = :p AND pk = :q AND sk = :v", ":p", p, ":q", s("y"), ":v", one);
    // paths
    q(T, "pk.x = :p", ":p", p);
    q(T, "pk[0] = :p", ":p", p);
    q(T, "pk = :p AND sk.x = :v", ":p", p, ":v", one);
    q(T, "pk = :p AND sk[1] > :v", ":p", p, ":v", one);
    q(T, "pk = :p AND a.b = :v", ":p", p, ":v", one);
    q(T, null, "#k = :p", names("#k", "pk.x"), ":p", p);
    // constants and same-path operands
    q(T, "pk = pk");
    q(T, "pk = :p AND sk = sk", ":p", p);
    q(T, ":p = :p", ":p", p);
    q(T, "pk = :p AND :v = :w", ":p", p, ":v", one, ":w", one);
    q(T, "pk = :p AND sk = pk", ":p", p);
    q(T, "pk = sk");
    // types
    q(T, "pk = :p", ":p", one);
    q(T, "pk = :p AND sk = :v", ":p", p, ":v", s("1"));
    q(T, "pk = :p AND sk > :v", ":p", p, ":v", s("1"));
    q(T, "pk = :p AND sk BETWEEN :v AND :w", ":p", p, ":v", s("1"), ":w", s("5"));
    q(T, "pk = :p AND sk BETWEEN :v AND :w", ":p", p, ":v", one, ":w", s("5"));
    q(T, "pk = :p AND sk BETWEEN :v AND :w", ":p", p, ":v", five, ":w", one);
    q(TS, "pk = :p AND sk BETWEEN :v AND :w", ":p", p, ":v", s("b"), ":w", s("a"));
    q(T, "pk = :p AND sk BETWEEN :v AND :w", ":p", p, ":v", s("b"), ":w", s("a"));
    q(T, "pk = :p AND begins_with(sk, :v)", ":p", p, ":v", one);
    q(T, "pk = :p AND begins_with(sk, :v)", ":p", p, ":v", s("1"));
    q(TS, "pk = :p AND begins_with(sk, :v)", ":p", p, ":v", s("a"));
    q(TS, "pk = :p AND begins_with(sk, :v)", ":p", p, ":v", one);
    q(TS, "pk = :p AND begins_with(sk, :v)", ":p", p, ":v", b(new byte[] {1}));
    q(TB, "pk = :p AND begins_with(sk, :v)", ":p", one, ":v", b(new byte[] {1}));
    q(TB, "pk = :p AND begins_with(sk, :v)", ":p", one, ":v", s("a"));
    q(TB, "pk = :p AND sk > :v", ":p", one, ":v", b(new byte[] {1}));
    q(T, "pk = :p", ":p", bool(true));
    q(T, "pk = :p", ":p", nul());
    q(T, "pk = :p", ":p", l(s("x")));
    q(T, "pk = :p", ":p", ss("x"));
    q(T, "pk = :p AND sk > :v", ":p", p, ":v", l(one));
    q(T, "pk = :p AND sk > :v", ":p", p, ":v", bool(true));
    q(T, "pk = :p AND sk = :v", ":p", p, ":v", ns("1"));
    q(T, "pk = :p AND sk = :v", ":p", p, ":v", bool(true));
    q(T, "pk = :p", ":p", s(""));
    q(T, "pk = :p AND sk = :v", ":p", p, ":v", n("1.50"));
    q(TS, "pk = :p AND sk = :v", ":p", p, ":v", s(""));
    q(TS, "pk = :p AND sk > :v", ":p", p, ":v", s(""));
    q(TS, "pk = :p AND begins_with(sk, :v)", ":p", p, ":v", s(""));
    q(TB, "pk = :p AND sk > :v", ":p", one, ":v", b(new byte[0]));
    // names, values, syntax
    q(T, "pk = :p AND sk = :v", ":p", p);
    q(T, null, "#k = :p", names(), ":p", p);
    q(T, null, "pk = :p", names("#k", "pk"), ":p", p);
    q(T, "pk = :p", ":p", p, ":v", one);
    q(T, "pk = ");
    q(T, "pk = :p AND", ":p", p);
    q(T, "pk = :p AND sk > :v AND", ":p", p, ":v", one);
    q(T, "");
    q(T, "pk = :p AND sk BETWEEN :v", ":p", p, ":v", one);
    q(T, "pk = :p AND size = :v", ":p", p, ":v", one);
    // order of errors
    q(T, "a = :v AND pk < :p", ":p", p, ":v", one);
    q(T, "pk = :p AND sk = :v AND sk = :w", ":p", one, ":v", one, ":w", five);
    q(T, "pk = :p AND sk <> :v", ":p", one, ":v", one);
    q(T, "pk = :p OR sk <> :v", ":p", p, ":v", one);
    q(T, "pk < :p AND sk = :v", ":p", one, ":v", s("1"));
    q(T, "pk = :p AND sk BETWEEN :v AND :w", ":p", one, ":v", five, ":w", one);
    q(T, "a = :p AND sk BETWEEN :v AND :w", ":p", one, ":v", five, ":w", one);
    q(T, "pk = :p AND a = :v AND a = :w", ":p", p, ":v", one, ":w", five);
    q(T, "pk = :p AND sk = :v AND pk = :q", ":p", p, ":v", one, ":q", p);
    q(T, "pk.x = :p AND a = :v", ":p", p, ":v", one);
    q(T, "pk = :p AND sk.x = :v AND sk = :w", ":p", p, ":v", one, ":w", five);
    q(T, "pk = :p AND sk.x = :v", ":p", one, ":v", one);
    q(T, "pk = :p AND begins_with(sk, :v) AND sk = :w", ":p", p, ":v", one, ":w", five);
    q(T, "pk = :q AND sk > :v", ":q", one, ":v", s("1"));
    // order of errors, second round
    q(T, "begins_with(sk, :n) AND pk = :missing", ":n", one);
    q(T, "pk = :missing AND begins_with(sk, :n)", ":n", one);
    q(T, "pk = :p AND begins_with(sk, :n) AND sk = :missing", ":p", p, ":n", one);
    q(T, "pk = :p OR sk = :missing", ":p", p);
    q(T, "pk = :p OR sk BETWEEN :w AND :v", ":p", p, ":v", one, ":w", five);
    q(T, "NOT pk = pk");
    q(T, "pk = :p OR pk = pk", ":p", p);
    q(T, "pk = :p AND a = :v", ":p", one, ":v", one);
    q(T, "a = :v AND pk = :p", ":p", one, ":v", one);
    q(T, "pk = :p AND sk = :v AND a = :w", ":p", one, ":v", one, ":w", five);
    q(T, "pk = :p AND sk = :v AND a = :w", ":p", s(""), ":v", one, ":w", five);
    q(H, "a = :v", ":v", one);
    q(H, "pk = :p AND sk = :v", ":p", one, ":v", one);
    q(H, "pk < :p AND sk = :v", ":p", p, ":v", one);
    q(T, "pk = :p AND pk.x = :q", ":p", p, ":q", p);
    q(T, "pk.x = :q AND pk = :p", ":p", p, ":q", p);
    q(T, "pk = :p AND sk = :v", ":p", s(""), ":v", s("1"));
    q(T, "pk = :p AND sk = :v", ":p", one, ":v", s(""));
    q(TS, "pk = :p AND sk = :v", ":p", s(""), ":v", s(""));
    q(T, "sk = :v AND pk < :p", ":p", p, ":v", one);
    q(T, "data = :v", ":v", one);
    q(T, ":v = :v AND pk = :p", ":p", p, ":v", one);
    q(T, "pk = :p AND :v BETWEEN :a AND :b", ":p", p, ":v", one, ":a", one, ":b", five);
    q(TS, "pk = :p AND begins_with(:a, :b)", ":p", p, ":a", s("a"), ":b", s("b"));
    q(T, "pk = :p AND sk BETWEEN pk AND :w", ":p", p, ":w", five);
    q(T, "pk BETWEEN :a AND :b", ":a", s("b"), ":b", s("a"));
    q(T, "pk = :p AND sk > :v", ":p", s(""), ":v", s("1"));
    q(T, "pk = :p AND sk > :v AND sk < :w", ":p", p, ":v", s("1"), ":w", s("5"));
    q(T, "pk = :p AND a.b = :v AND a = :w", ":p", p, ":v", one, ":w", five);
    q(T, "a = :v AND b = :w", ":v", one, ":w", five);
    q(T, "pk = :p AND sk = :v", ":p", p, ":v", l(one));
    q(T, "sk = :v AND a = :w", ":v", one, ":w", five);
    q(T, "pk = :p AND size(sk) > :v AND a = :w", ":p", p, ":v", one, ":w", five);
    q(T, "pk = :p AND sk = :v AND sk.x = :w", ":p", p, ":v", one, ":w", five);
    q(T, "pk = :p AND sk > :v AND :w = :w", ":p", p, ":v", one, ":w", five);
    q(T, "pk = :p AND begins_with(sk, :v) AND a = :w", ":p", p, ":v", s("a"), ":w", five);
    q(T, "pk = :p AND sk > :v", ":p", p, ":v", n("1e2"));
    q(T, "pk = :p AND sk BETWEEN :v AND :w", ":p", p, ":v", n("1e2"), ":w", n("99"));
    q(TS, "pk = :p AND sk BETWEEN :v AND :w", ":p", p, ":v", s("a"), ":w", s("a"));
    q(T, "pk = :p AND sk BETWEEN :v AND :w", ":p", p, ":v", s("b"), ":w", n("1"));
    // binding errors: written order or a fixed priority?
    q(T, null, "begins_with(sk, :n) AND #missing = :p", names(), ":n", one, ":p", p);
    q(T, null, "pk = :missing AND #missing = :p", names(), ":p", p);
    q(T, "pk = pk AND sk = :missing");
    q(T, "sk = :missing AND pk = pk");
    q(T, "sk BETWEEN :w AND :v AND pk = :missing", ":v", one, ":w", five);
    q(T, "pk = :missing AND sk BETWEEN :w AND :v", ":v", one, ":w", five);
    q(T, "sk > :l AND pk = :missing", ":l", l(one));
    cond("begins_with(a, :n) AND b = :missing", null, ":n", one);
    cond("b = :missing AND begins_with(a, :n)", null, ":n", one);
    cond("a = a AND b = :missing", null);
    cond("begins_with(a, :n) AND #missing = :v", names(), ":n", one, ":v", one);
    // schema checks: which first?
    q(T, "sk = :v AND pk = :p", ":p", s(""), ":v", s("1"));
    q(TB, "pk = :p", ":p", s(""));
    q(T, "sk = :v AND a = :w", ":v", s("1"), ":w", five);
    q(T, "a = :w AND pk = :p AND sk = :v", ":p", p, ":v", s("1"), ":w", five);
    q(H, "pk = :p AND a = :v", ":p", one, ":v", one);
    q(TS, "pk = :p AND sk BETWEEN :a AND :b", ":p", p, ":a", s(""), ":b", s("b"));
    q(T, "sk = :v AND pk < :p", ":p", p, ":v", s("1"));
    q(T, "a = :w AND sk = :v", ":v", s("1"), ":w", five);
    // an index
    q(T, "gsi", "g = :g AND h > :v", null, ":g", p, ":v", one);
    q(T, "gsi", "pk = :p", null, ":p", p);
    q(T, "gsi", "g = :g AND sk > :v", null, ":g", p, ":v", one);
    q(T, "gsi", "h = :v", null, ":v", one);
    q(T, "gsi", "g = :g AND h = :v", null, ":g", p, ":v", s("1"));

    StringBuilder sb = new StringBuilder();
    sb.append("# DynamoDB Local: KeyConditionExpression answers\n\n");
    sb.append("Generated by `io.partita.embedded.oracle.KeyConditionMessagesProbe` against DynamoDB Local 2.6.1 (embedded).\n");
    sb.append("Do not edit by hand; regenerate with\n\n```\n");
    sb.append("mvn -o -q -pl partita-engine,partita-embedded test -Dtest=KeyConditionMessagesProbe -Dsurefire.failIfNoSpecifiedTests=false\n");
    sb.append("```\n\n");
    sb.append("Tables: `kc_num` (pk S HASH, sk N RANGE; GSI `gsi`: g S HASH, h N RANGE), `kc_str` (pk S, sk S), ");
    sb.append("`kc_bin` (pk N, sk B), `kc_hash` (pk S HASH only). Where Amazon DynamoDB is known to answer differently, ");
    sb.append("the engine follows it: see the key condition section of `partita-engine/.../expr/ExprErrors.java`.\n\n");
    sb.append("| # | Operation | Request | Error code | Message / answer |\n|---|---|---|---|---|\n");
    for (String r : rows) sb.append(r).append('\n');
    Path out = outputPath();
    Files.writeString(out, sb.toString(), StandardCharsets.UTF_8);
    System.out.println("wrote " + rows.size() + " cases to " + out);
  }

  private static Path outputPath() {
    for (Path d = Path.of(System.getProperty("user.dir")).toAbsolutePath(); d != null; d = d.getParent()) {
      if (Files.isDirectory(d.resolve("docs")) && Files.exists(d.resolve("pom.xml"))) {
        return d.resolve("docs/dynamodb-keycondition-messages.md");
      }
    }
    throw new IllegalStateException("no docs directory above " + System.getProperty("user.dir"));
  }
}
