package io.partita.server;

import static io.partita.server.RawHttp.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.partita.engine.Partita;
import io.partita.server.access.Cors;
import io.partita.server.observe.PrometheusText;
import io.partita.server.observe.RequestLog;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** The request log, the metrics endpoint and CORS (docs/SERVER.md), over real HTTP. */
class WatchTest {
  private static final String TABLE = "{\"TableName\":\"Music\",\"BillingMode\":\"PAY_PER_REQUEST\","
      + "\"AttributeDefinitions\":[{\"AttributeName\":\"pk\",\"AttributeType\":\"S\"},"
      + "{\"AttributeName\":\"g\",\"AttributeType\":\"S\"}],"
      + "\"KeySchema\":[{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"}],"
      + "\"GlobalSecondaryIndexes\":[{\"IndexName\":\"byG\",\"KeySchema\":[{\"AttributeName\":\"g\",\"KeyType\":\"HASH\"}],"
      + "\"Projection\":{\"ProjectionType\":\"ALL\"}}]}";
  private static final ObjectMapper JSON = new ObjectMapper();

  private Partita partita;
  private PartitaServer server;
  private RawHttp raw;
  private ListAppender<ILoggingEvent> captured;

  private void start(ServerConfig config) throws Exception {
    partita = Partita.with().storageStatistics(true).inMemory();
    server = PartitaServer.start(partita, config.withPort(0));
    raw = new RawHttp(server.endpoint());
  }

  /** The request log's console appender (logback-test.xml's, for the servers ServerProcess starts), while it is off. */
  private Appender<ILoggingEvent> console;

  /** The lines these tests log are read from {@link #captured}, not printed among the build's output. */
  @BeforeEach
  void quietConsole() {
    ch.qos.logback.classic.Logger requests = requestLog();
    console = requests.getAppender("REQUESTS");
    if (console != null) {
      requests.detachAppender(console);
    }
  }

  @AfterEach
  void stop() throws Exception {
    ch.qos.logback.classic.Logger requests = requestLog();
    if (captured != null) {
      requests.detachAppender(captured);
    }
    if (console != null) {
      requests.addAppender(console);
    }
    server.close();
    partita.close();
  }

  private List<String> captureLog() {
    captured = new ListAppender<>();
    captured.start();
    requestLog().addAppender(captured);
    return null;
  }

  private static ch.qos.logback.classic.Logger requestLog() {
    return (ch.qos.logback.classic.Logger) LoggerFactory.getLogger(RequestLog.LOGGER);
  }

  private List<String> logLines() {
    List<String> lines = new ArrayList<>();
    for (ILoggingEvent e : captured.list) {
      lines.addAll(List.of(e.getFormattedMessage().split("\n")));
    }
    return lines;
  }

  private static String put(String pk, String g) {
    return "{\"TableName\":\"Music\",\"Item\":{\"pk\":{\"S\":\"" + pk + "\"},\"g\":{\"S\":\"" + g + "\"}}}";
  }

  /**
   * Partita's own changes over HTTP (snapshots, reset, admin switches) are logged as requests are,
   * refusals included, so a log shows who reset the database; a switch name a client made up is not
   * written into the line.
   */
  @Test
  void snapshotsResetsAndSwitchesAreLoggedAsRequestsAre() throws Exception {
    start(ServerConfig.defaults().withRequestLog(RequestLog.Format.PLAIN));
    captureLog();
    assertEquals(200, admin("POST", "/partita/snapshots/seeded", "").statusCode());
    assertEquals(200, admin("POST", "/partita/snapshots/seeded/restore", "").statusCode());
    assertEquals(404, admin("POST", "/partita/snapshots/other/restore", "").statusCode());
    assertEquals(200, admin("DELETE", "/partita/snapshots/seeded", "").statusCode());
    assertEquals(200, admin("POST", "/partita/reset", "").statusCode());
    assertEquals(200, admin("POST", "/partita/faults", "rate=0").statusCode());
    assertEquals(400, admin("POST", "/partita/faults", "rate=2").statusCode());
    assertEquals(404, admin("POST", "/partita/made-up%0Aforged", "").statusCode());
    assertEquals(200, admin("GET", "/partita/snapshots", "").statusCode()); // a read: not logged

    List<String> said = logLines().stream().map(l -> l.split(" ", 3)[2].replaceAll(" latency_ms=\\S+", "")).toList();
    assertEquals(List.of(
        "PartitaSaveSnapshot status=200 error=- table=- index=- capacity=- items=-",
        "PartitaRestoreSnapshot status=200 error=- table=- index=- capacity=- items=-",
        "PartitaRestoreSnapshot status=404 error=ResourceNotFoundException table=- index=- capacity=- items=-",
        "PartitaDeleteSnapshot status=200 error=- table=- index=- capacity=- items=-",
        "PartitaReset status=200 error=- table=- index=- capacity=- items=-",
        "PartitaSwitch:faults status=200 error=- table=- index=- capacity=- items=-",
        "PartitaSwitch:faults status=400 error=ValidationException table=- index=- capacity=- items=-",
        "PartitaSwitch status=404 error=ResourceNotFoundException table=- index=- capacity=- items=-"), said);
  }

  private HttpResponse<String> admin(String method, String path, String body) throws Exception {
    return java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
        server.endpoint().resolve(path)).method(method, java.net.http.HttpRequest.BodyPublishers.ofString(body)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void jsonRequestLogHasALineOfValidJsonPerRequest() throws Exception {
    start(ServerConfig.defaults().withRequestLog(RequestLog.Format.JSON));
    captureLog();
    HttpResponse<byte[]> created = raw.post("CreateTable", TABLE);
    assertEquals(200, created.statusCode());
    HttpResponse<byte[]> ok = raw.post("PutItem", put("a", "x"));
    assertEquals(200, ok.statusCode());
    assertFalse(text(ok).contains("ConsumedCapacity"), "the client did not ask for capacity: " + text(ok));
    HttpResponse<byte[]> missing = raw.post("GetItem", "{\"TableName\":\"Nope\",\"Key\":{\"pk\":{\"S\":\"a\"}}}");
    assertEquals(400, missing.statusCode());
    HttpResponse<byte[]> batch = raw.post("BatchWriteItem", "{\"RequestItems\":{\"Music\":["
        + "{\"PutRequest\":{\"Item\":{\"pk\":{\"S\":\"b\"},\"g\":{\"S\":\"x\"}}}},"
        + "{\"PutRequest\":{\"Item\":{\"pk\":{\"S\":\"c\"},\"g\":{\"S\":\"y\"}}}}]}}");
    assertEquals(200, batch.statusCode());
    HttpResponse<byte[]> query = raw.post("Query", "{\"TableName\":\"Music\",\"IndexName\":\"byG\","
        + "\"KeyConditionExpression\":\"g = :g\",\"ExpressionAttributeValues\":{\":g\":{\"S\":\"x\"}},"
        + "\"ReturnConsumedCapacity\":\"TOTAL\"}");
    assertEquals(200, query.statusCode());
    assertTrue(text(query).contains("\"ConsumedCapacity\""), "the client asked for capacity: " + text(query));

    List<String> lines = logLines();
    assertEquals(5, lines.size(), String.join("\n", lines));
    List<JsonNode> entries = new ArrayList<>();
    for (String line : lines) {
      entries.add(JSON.readTree(line)); // every line parses whole, as JSON
    }
    JsonNode putLine = entries.get(1);
    assertEquals("PutItem", putLine.get("operation").asText());
    assertEquals("Music", putLine.get("tables").get(0).asText());
    assertEquals(200, putLine.get("status").asInt());
    assertEquals(ok.headers().firstValue("x-amzn-RequestId").orElseThrow(), putLine.get("requestId").asText());
    assertEquals(1, putLine.get("itemCount").asInt());
    // a PutItem on a table with a GSI: 1 unit for the table, 1 for the index it writes
    assertEquals(1.0, putLine.get("consumedCapacity").asDouble());
    assertTrue(putLine.get("latencyMs").asDouble() >= 0);
    assertNotNull(java.time.Instant.parse(putLine.get("time").asText()));
    assertNull(putLine.get("errorType"));

    JsonNode error = entries.get(2);
    assertEquals("GetItem", error.get("operation").asText());
    assertEquals(400, error.get("status").asInt());
    assertEquals("ResourceNotFoundException", error.get("errorType").asText());
    assertEquals(missing.headers().firstValue("x-amzn-RequestId").orElseThrow(), error.get("requestId").asText());

    JsonNode batchLine = entries.get(3);
    assertEquals("BatchWriteItem", batchLine.get("operation").asText());
    assertEquals(2, batchLine.get("itemCount").asInt());
    assertEquals(2.0, batchLine.get("consumedCapacity").asDouble());

    JsonNode queryLine = entries.get(4);
    assertEquals("byG", queryLine.get("index").asText());
    assertEquals(2, queryLine.get("itemCount").asInt());
  }

  @Test
  void plainRequestLogIsKeyValuePairs() throws Exception {
    start(ServerConfig.defaults().withRequestLog(RequestLog.Format.PLAIN));
    captureLog();
    raw.post("CreateTable", TABLE);
    HttpResponse<byte[]> ok = raw.post("PutItem", put("a", "x"));
    raw.post("DescribeTable", "{\"TableName\":\"Gone\"}");
    // refused by the API's constraints before any table is looked up: the line still names the table asked for
    raw.post("Query", "{\"TableName\":\"Music\",\"Limit\":0,\"KeyConditionExpression\":\"pk = :p\","
        + "\"ExpressionAttributeValues\":{\":p\":{\"S\":\"a\"}}}");
    // a name no table can have is not written into the log: it could hold a line of its own
    raw.post("Query", "{\"TableName\":\"x\\n2026-01-01T00:00:00Z forged PutItem status=200\",\"Limit\":0}");
    List<String> lines = logLines();
    assertEquals(5, lines.size(), String.join("\n", lines));
    Map<String, String> putFields = fields(lines.get(1));
    String[] words = lines.get(1).split(" ");
    java.time.Instant.parse(words[0]);
    assertEquals(ok.headers().firstValue("x-amzn-RequestId").orElseThrow(), words[1]);
    assertEquals("PutItem", words[2]);
    assertEquals("200", putFields.get("status"));
    assertEquals("-", putFields.get("error"));
    assertEquals("Music", putFields.get("table"));
    assertEquals("1", putFields.get("items"));
    assertEquals("1", putFields.get("capacity"));
    Double.parseDouble(putFields.get("latency_ms"));
    Map<String, String> err = fields(lines.get(2));
    assertEquals("400", err.get("status"));
    assertEquals("ResourceNotFoundException", err.get("error"));
    assertEquals("Gone", err.get("table"));
    Map<String, String> refused = fields(lines.get(3));
    assertEquals("ValidationException", refused.get("error"));
    assertEquals("Music", refused.get("table"), lines.get(3));
    assertEquals("-", fields(lines.get(4)).get("table"), lines.get(4));
  }

  private static Map<String, String> fields(String line) {
    Map<String, String> out = new HashMap<>();
    for (String w : line.split(" ")) {
      int eq = w.indexOf('=');
      if (eq > 0) {
        out.put(w.substring(0, eq), w.substring(eq + 1));
      }
    }
    return out;
  }

  private PrometheusText scrape() {
    HttpResponse<byte[]> r = raw.send(HttpRequest.newBuilder(server.endpoint().resolve("/metrics")).GET().build());
    assertEquals(200, r.statusCode());
    assertTrue(r.headers().firstValue("Content-Type").orElseThrow().startsWith("text/plain; version=0.0.4"));
    return PrometheusText.parse(text(r));
  }

  private static double or0(Double d) {
    return d == null ? 0 : d;
  }

  @Test
  void metricsAreScrapedParsedAndMoveWithRequests() throws Exception {
    start(ServerConfig.defaults().withMetrics(true));
    raw.post("CreateTable", TABLE);
    PrometheusText before = scrape();
    assertEquals("counter", before.types.get("partita_requests_total"));
    assertEquals("histogram", before.types.get("partita_request_duration_seconds"));
    assertTrue(before.has("jvm_memory_used_bytes"), "JVM metrics");
    assertTrue(before.has("partita_rocksdb_memtable_bytes"));
    assertTrue(before.has("partita_rocksdb_block_cache_usage_bytes"));
    assertTrue(before.has("partita_rocksdb_live_sst_files_bytes"));
    assertTrue(before.has("partita_rocksdb_sst_files"));
    assertTrue(before.has("partita_rocksdb_pending_compaction_bytes"));
    assertTrue(before.has("partita_rocksdb_block_cache_hits_total"));
    assertTrue(before.has("partita_rocksdb_entries_skipped_total"));
    assertEquals(0.0, before.value("partita_table_items", "table", "Music"));
    assertEquals(0.0, before.value("partita_index_items", "table", "Music", "index", "byG"));

    HttpResponse<byte[]> put = raw.post("PutItem", put("a", "x"));
    assertFalse(text(put).contains("ConsumedCapacity"));
    raw.post("PutItem", put("b", "x"));
    raw.post("GetItem", "{\"TableName\":\"Music\",\"Key\":{\"pk\":{\"S\":\"a\"}}}");
    raw.post("GetItem", "{\"TableName\":\"Nope\",\"Key\":{\"pk\":{\"S\":\"a\"}}}");
    raw.post("Query", "{\"TableName\":\"Music\",\"IndexName\":\"byG\",\"KeyConditionExpression\":\"g = :g\","
        + "\"ExpressionAttributeValues\":{\":g\":{\"S\":\"x\"}}}");
    PrometheusText after = scrape();

    assertEquals(2.0, after.value("partita_requests_total", "operation", "PutItem", "status", "200", "table", "Music")
        - or0(before.value("partita_requests_total", "operation", "PutItem", "status", "200", "table", "Music")));
    assertEquals(2.0, after.value("partita_request_duration_seconds_count", "operation", "PutItem", "table", "Music"));
    assertEquals(2.0, after.value("partita_request_duration_seconds_bucket", "operation", "PutItem", "table", "Music",
        "le", "+Inf"));
    assertEquals(1.0, after.value("partita_request_errors_total", "error_type", "ResourceNotFoundException",
        "operation", "GetItem", "table", "Nope"));
    assertEquals(2.0, after.value("partita_consumed_write_capacity_units_total", "index", "", "table", "Music"));
    assertEquals(2.0, after.value("partita_consumed_write_capacity_units_total", "index", "byG", "table", "Music"));
    assertEquals(0.5, after.value("partita_consumed_read_capacity_units_total", "index", "", "table", "Music"));
    assertEquals(0.5, after.value("partita_consumed_read_capacity_units_total", "index", "byG", "table", "Music"));
    assertEquals(2.0, after.value("partita_request_items_total", "operation", "Query", "table", "Music"));
    assertEquals(2.0, after.value("partita_table_items", "table", "Music"));
    assertEquals(2.0, after.value("partita_index_items", "table", "Music", "index", "byG"));
    assertTrue(after.value("partita_table_size_bytes", "table", "Music") > 0);
    assertTrue(after.value("partita_rocksdb_memtable_bytes") > 0);

    raw.post("DeleteTable", "{\"TableName\":\"Music\"}");
    PrometheusText gone = scrape();
    assertNull(gone.value("partita_table_items", "table", "Music"), "a deleted table's gauges go");
  }

  @Test
  void withoutMetricsTheEndpointIsNotThere() throws Exception {
    start(ServerConfig.defaults());
    HttpResponse<byte[]> r = raw.send(HttpRequest.newBuilder(server.endpoint().resolve("/metrics")).GET().build());
    assertEquals(400, r.statusCode());
  }
}
