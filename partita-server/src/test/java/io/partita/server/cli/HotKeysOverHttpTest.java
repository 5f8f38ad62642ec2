package io.partita.server.cli;

import static io.partita.server.cli.CommandRun.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import io.partita.server.PartitaServer;
import io.partita.server.SdkOverHttp;
import io.partita.server.ServerConfig;
import io.partita.server.observe.PrometheusText;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Hot keys as a running server shows them (docs/SERVER.md): as gauges on {@code GET /metrics} and
 * through {@code partita hot-keys}. The database's clock stands still, so every count stays in the
 * window however slowly the test runs.
 */
class HotKeysOverHttpTest {
  private static final Clock STILL = Clock.fixed(Instant.parse("2030-01-01T12:00:30Z"), ZoneOffset.UTC);
  private static final String QUOTED = "say \"hi\"\\";

  private Partita partita;
  private PartitaServer server;
  private DynamoDbClient dynamo;

  @BeforeEach
  void start() throws Exception {
    partita = Partita.with().trackHotKeys(true).clock(STILL).inMemory();
    server = PartitaServer.start(partita, ServerConfig.defaults().withPort(0).withMetrics(true));
    dynamo = SdkOverHttp.client(server.endpoint());
    for (String table : List.of("users", "orders", "many")) {
      dynamo.createTable(b -> b.tableName(table).billingMode("PAY_PER_REQUEST")
          .keySchema(k -> k.attributeName("pk").keyType("HASH"))
          .attributeDefinitions(d -> d.attributeName("pk").attributeType("S")));
    }
    for (int i = 0; i < 3; i++) {
      put("users", "USER#alice");
    }
    get("users", "USER#alice");
    get("users", "USER#alice");
    get("users", "USER#bob");
    put("users", QUOTED);
    put("orders", "o1");
  }

  @AfterEach
  void stop() throws Exception {
    dynamo.close();
    server.close();
    partita.close();
  }

  private void put(String table, String pk) {
    dynamo.putItem(b -> b.tableName(table).item(Map.of("pk", AttributeValue.fromS(pk))));
  }

  private void get(String table, String pk) {
    dynamo.getItem(b -> b.tableName(table).key(Map.of("pk", AttributeValue.fromS(pk))));
  }

  private static HttpResponse<String> httpGet(URI uri) throws Exception {
    return HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri).GET().build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private PrometheusText scrape() throws Exception {
    HttpResponse<String> r = httpGet(server.endpoint().resolve("/metrics"));
    assertEquals(200, r.statusCode());
    return PrometheusText.parse(r.body());
  }

  private static Double hot(PrometheusText metrics, String what, String table, String key) {
    return metrics.value("partita_hot_key_" + what, "partition_key", key, "table", table);
  }

  private static List<String> keysOf(PrometheusText metrics, String name, String table) {
    return metrics.samples.stream().filter(s -> s.name().equals(name) && s.labels().get("table").equals(table))
        .map(s -> s.labels().get("partition_key")).sorted().toList();
  }

  @Test
  void metricsShowEachTablesHotKeysReadsAndWrites() throws Exception {
    PrometheusText metrics = scrape();
    assertEquals("gauge", metrics.types.get("partita_hot_key_reads"));
    assertEquals("gauge", metrics.types.get("partita_hot_key_writes"));
    assertEquals(2.0, hot(metrics, "reads", "users", "USER#alice"));
    assertEquals(3.0, hot(metrics, "writes", "users", "USER#alice"));
    assertEquals(1.0, hot(metrics, "reads", "users", "USER#bob"));
    assertEquals(0.0, hot(metrics, "writes", "users", "USER#bob"));
    assertEquals(0.0, hot(metrics, "reads", "users", QUOTED), "a label value with quotes and a backslash, escaped");
    assertEquals(1.0, hot(metrics, "writes", "users", QUOTED));
    assertEquals(1.0, hot(metrics, "writes", "orders", "o1"));
    assertEquals(List.of("USER#alice", "USER#bob", QUOTED), keysOf(metrics, "partita_hot_key_reads", "users"));
    assertEquals(keysOf(metrics, "partita_hot_key_reads", "users"), keysOf(metrics, "partita_hot_key_writes", "users"));

    get("users", "USER#bob");
    assertEquals(2.0, hot(scrape(), "reads", "users", "USER#bob"), "read again at each scrape");
  }

  /** Ten series a table at most, and a key pushed out of the ten leaves the metrics: no series kept for ever. */
  @Test
  void metricsKeepTheTopTenKeysATableAndDropAKeyPushedOut() throws Exception {
    for (int i = 0; i <= 10; i++) {
      put("many", String.format("k%02d", i));
    }
    PrometheusText first = scrape();
    List<String> ten = keysOf(first, "partita_hot_key_writes", "many");
    assertEquals(10, ten.size(), ten.toString());
    assertFalse(ten.contains("k10"), "ties go by key: k00 to k09 are listed");
    get("many", "k10");
    get("many", "k10");
    PrometheusText second = scrape();
    List<String> now = keysOf(second, "partita_hot_key_reads", "many");
    assertEquals(10, now.size(), now.toString());
    assertTrue(now.contains("k10"), now.toString());
    assertEquals(2.0, hot(second, "reads", "many", "k10"));
    assertNull(hot(second, "reads", "many", "k09"), "pushed out of the ten, so gone from the metrics");
    assertNull(hot(second, "writes", "many", "k09"));
  }

  @Test
  void withoutHotKeysTheMetricsHaveNone() throws Exception {
    try (Partita plain = Partita.inMemory();
        PartitaServer other = PartitaServer.start(plain, ServerConfig.defaults().withPort(0).withMetrics(true))) {
      PrometheusText metrics = PrometheusText.parse(httpGet(other.endpoint().resolve("/metrics")).body());
      assertFalse(metrics.types.containsKey("partita_hot_key_reads"));
      assertFalse(metrics.has("partita_hot_key_writes"));
    }
  }

  @Test
  void theCommandPrintsATableForEachTable() {
    CommandRun listed = run("hot-keys", "--endpoint", server.endpoint().toString());
    assertEquals(0, listed.code(), listed.err());
    assertEquals("""
        Hot keys over the current and the previous minute, most used first:

        orders
          PARTITION KEY  READS  WRITES
          o1                 0       1

        users
          PARTITION KEY  READS  WRITES
          USER#alice         2       3
          USER#bob           1       0
          say "hi"\\          0       1
        """, listed.out());
    assertEquals("", listed.err());

    CommandRun one = run("hot-keys", "--endpoint", server.endpoint().toString(), "--top", "1");
    assertEquals(0, one.code(), one.err());
    assertTrue(one.out().contains("USER#alice") && one.out().contains("o1"), one.out());
    assertFalse(one.out().contains("USER#bob"), one.out());
  }

  /**
   * A server with credentials lists its hot keys to signed requests only (docs/SECURITY.md): the
   * command signs with the environment's AWS credentials, here the SDK's system properties.
   */
  @Test
  void theCommandSignsItsRequestForAServerWithCredentials() throws Exception {
    io.partita.server.Authenticator sigV4 = new io.partita.server.auth.SigV4Verifier(
        io.partita.server.auth.Credentials.of(Map.of("AKIDHOTKEYS", "hot-keys-secret")), "us-east-1",
        Clock.systemUTC())::verify;
    try (PartitaServer signed = PartitaServer.start(partita, ServerConfig.defaults().withPort(0)
        .withAuthenticator(sigV4))) {
      String endpoint = signed.endpoint().toString();
      CommandRun unsigned = run("hot-keys", "--endpoint", endpoint, "--region", "us-east-1");
      assertEquals(1, unsigned.code(), unsigned.out());
      assertTrue(unsigned.err().startsWith("partita hot-keys: " + endpoint + " answered 403: "), unsigned.err());
      System.setProperty("aws.accessKeyId", "AKIDHOTKEYS");
      System.setProperty("aws.secretAccessKey", "hot-keys-secret");
      try {
        CommandRun listed = run("hot-keys", "--endpoint", endpoint, "--region", "us-east-1", "--top", "2");
        assertEquals(0, listed.code(), listed.err());
        assertTrue(listed.out().contains("USER#alice"), listed.out());
      } finally {
        System.clearProperty("aws.accessKeyId");
        System.clearProperty("aws.secretAccessKey");
      }
    }
  }

  @Test
  void theCommandPrintsTheServersJsonWhenAsked() throws Exception {
    CommandRun json = run("hot-keys", "--endpoint", server.endpoint().toString(), "--json", "--top", "2");
    assertEquals(0, json.code(), json.err());
    HttpResponse<String> direct = httpGet(server.endpoint().resolve("/partita/hot-keys?top=2"));
    assertEquals(direct.body().strip() + "\n", json.out());
    var keys = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.out()).get("HotKeys");
    assertEquals(3, keys.size(), json.out());
    assertEquals("USER#bob", keys.get(2).get("PartitionKey").asText());
    assertEquals(1, keys.get(2).get("Reads").asInt());
  }

  @Test
  void theEndpointRefusesABadTop() throws Exception {
    for (String bad : List.of("0", "101", "ten", "-1", "1,2")) {
      HttpResponse<String> r = httpGet(server.endpoint().resolve("/partita/hot-keys?top=" + bad));
      assertEquals(400, r.statusCode(), bad);
      assertEquals("top must be a whole number from 1 to 100, not '" + bad + "'\n", r.body());
    }
    assertEquals(200, httpGet(server.endpoint().resolve("/partita/hot-keys?top=100")).statusCode());
  }

  @Test
  void theCommandSaysWhatWentWrongAndFails() throws Exception {
    String endpoint = server.endpoint().toString();
    CommandRun zero = run("hot-keys", "--endpoint", endpoint, "--top", "0");
    assertEquals(1, zero.code());
    assertEquals("partita hot-keys: " + endpoint + " answered 400: top must be a whole number from 1 to 100, not '0'\n",
        zero.err());
    assertEquals("", zero.out());

    int closed;
    try (ServerSocket s = new ServerSocket(0)) {
      closed = s.getLocalPort();
    }
    String nobody = "http://127.0.0.1:" + closed;
    CommandRun unreachable = run("hot-keys", "--endpoint", nobody);
    assertEquals(1, unreachable.code());
    assertEquals("partita hot-keys: no Partita server answers at " + nobody
        + ": start one with `partita serve --hot-keys`\n", unreachable.err());

    try (Partita plain = Partita.inMemory();
        PartitaServer other = PartitaServer.start(plain, ServerConfig.defaults().withPort(0))) {
      CommandRun off = run("hot-keys", "--endpoint", other.endpoint().toString());
      assertEquals(1, off.code());
      assertEquals("partita hot-keys: " + other.endpoint() + " answered 404: hot keys are not counted: start the"
          + " server with --hot-keys\n", off.err());
    }

    CommandRun notUrl = run("hot-keys", "--endpoint", "localhost:8000");
    assertEquals(1, notUrl.code());
    assertTrue(notUrl.err().contains("--endpoint must be a URL such as http://127.0.0.1:8000"), notUrl.err());
    assertTrue(run("--help").out().contains("hot-keys"), "listed among the commands");
  }
}
