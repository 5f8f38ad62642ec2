package io.partita.server;

import static io.partita.server.RawHttp.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.partita.engine.Partita;
import io.partita.server.observe.Cors;
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

  @AfterEach
  void stop() throws Exception {
    if (captured != null) {
      ((ch.qos.logback.classic.Logger) LoggerFactory.getLogger(RequestLog.LOGGER)).detachAppender(captured);
    }
    server.close();
    partita.close();
  }

  private List<String> captureLog() {
    captured = new ListAppender<>();
    captured.start();
    ((ch.qos.logback.classic.Logger) LoggerFactory.getLogger(RequestLog.LOGGER)).addAppender(captured);
    return null;
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
    List<String> lines = logLines();
    assertEquals(3, lines.size(), String.join("\n", lines));
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

  /** Sends {@code request} as it stands and answers the status line and headers (names lower-cased). */
  private Map<String, String> rawExchange(String request) throws IOException {
    URI e = server.endpoint();
    try (Socket s = new Socket(e.getHost(), e.getPort())) {
      s.setSoTimeout(10_000);
      OutputStream out = s.getOutputStream();
      out.write(request.getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
      InputStream in = s.getInputStream();
      ByteArrayOutputStream head = new ByteArrayOutputStream();
      int matched = 0;
      while (matched < 4) {
        int b = in.read();
        if (b < 0) {
          break;
        }
        head.write(b);
        matched = (b == '\r' || b == '\n') ? matched + 1 : 0;
      }
      String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
      Map<String, String> headers = new HashMap<>();
      headers.put(":status", lines[0].split(" ")[1]);
      for (int i = 1; i < lines.length; i++) {
        int colon = lines[i].indexOf(':');
        if (colon > 0) {
          headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
        }
      }
      return headers;
    }
  }

  private String preflight(String origin) {
    return "OPTIONS / HTTP/1.1\r\nHost: localhost\r\nOrigin: " + origin + "\r\n"
        + "Access-Control-Request-Method: POST\r\n"
        + "Access-Control-Request-Headers: content-type,x-amz-target,x-amz-date,authorization\r\n"
        + "Connection: close\r\n\r\n";
  }

  @Test
  void corsPreflightAndRealRequestForAnyOrigin() throws Exception {
    start(ServerConfig.defaults());
    Map<String, String> h = rawExchange(preflight("http://localhost:3000"));
    assertEquals("200", h.get(":status"));
    assertEquals("*", h.get("access-control-allow-origin"));
    assertTrue(h.get("access-control-allow-methods").contains("POST"));
    assertEquals("content-type,x-amz-target,x-amz-date,authorization", h.get("access-control-allow-headers"));
    assertEquals(Cors.MAX_AGE, h.get("access-control-max-age"));

    String body = "{}";
    Map<String, String> real = rawExchange("POST / HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost:3000\r\n"
        + "X-Amz-Target: DynamoDB_20120810.ListTables\r\nContent-Type: application/x-amz-json-1.0\r\n"
        + "Content-Length: " + body.length() + "\r\nConnection: close\r\n\r\n" + body);
    assertEquals("200", real.get(":status"));
    assertEquals("*", real.get("access-control-allow-origin"));
    String exposed = real.get("access-control-expose-headers").toLowerCase(Locale.ROOT);
    assertTrue(exposed.contains("x-amzn-requestid") && exposed.contains("x-amz-crc32"), exposed);

    // a client that is not a browser (no Origin) gets the answer it always had
    HttpResponse<byte[]> sdk = raw.post("ListTables", "{}");
    assertTrue(sdk.headers().firstValue("Access-Control-Allow-Origin").isEmpty());
  }

  @Test
  void corsWithAnAllowListEchoesListedOriginsOnly() throws Exception {
    start(ServerConfig.defaults().withCors(new Cors(List.of("http://app.test:8080"))));
    Map<String, String> ok = rawExchange(preflight("http://app.test:8080"));
    assertEquals("200", ok.get(":status"));
    assertEquals("http://app.test:8080", ok.get("access-control-allow-origin"));
    assertEquals("Origin", ok.get("vary"));
    Map<String, String> refused = rawExchange(preflight("http://evil.test"));
    assertEquals("403", refused.get(":status"));
    assertNull(refused.get("access-control-allow-origin"));
    String body = "{}";
    Map<String, String> real = rawExchange("POST / HTTP/1.1\r\nHost: localhost\r\nOrigin: http://evil.test\r\n"
        + "X-Amz-Target: DynamoDB_20120810.ListTables\r\nContent-Type: application/x-amz-json-1.0\r\n"
        + "Content-Length: " + body.length() + "\r\nConnection: close\r\n\r\n" + body);
    assertNull(real.get("access-control-allow-origin"));
  }

  @Test
  void withoutCorsAPreflightIsRefusedAsBefore() throws Exception {
    start(ServerConfig.defaults().withCors(null));
    Map<String, String> h = rawExchange(preflight("http://localhost:3000"));
    assertEquals("400", h.get(":status"));
    assertNull(h.get("access-control-allow-origin"));
  }
}
