package io.partita.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import io.partita.server.RawHttp.Exchange;
import io.partita.server.access.Access;
import io.partita.server.access.Cors;
import io.partita.server.auth.Credentials;
import io.partita.server.auth.SigV4Verifier;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.identity.spi.AwsCredentialsIdentity;

/**
 * Who may reach a server (issue 33, docs/SECURITY.md): a page of another site, a DNS-rebinding page,
 * and an unsigned caller where credentials are configured, on every path; as raw requests, so each
 * carries exactly the Host and Origin a browser or an attacker would send.
 */
class AccessTest {
  private static final String LIST_TABLES = "{}";
  private Partita partita;
  private PartitaServer server;

  private void start(ServerConfig config, boolean hotKeys) throws Exception {
    partita = Partita.with().trackHotKeys(hotKeys).inMemory();
    server = PartitaServer.start(partita, config.withPort(0));
  }

  @AfterEach
  void stop() throws Exception {
    if (server != null) {
      server.close();
      server = null;
    }
    if (partita != null) {
      partita.close();
      partita = null;
    }
  }

  private Exchange send(String request) {
    return RawHttp.exchange(server.endpoint(), request);
  }

  /** The Host a client of this server sends: its loopback address and port. */
  private String host() {
    return server.endpoint().getAuthority();
  }

  private static String preflight(String host, String origin) {
    return "OPTIONS / HTTP/1.1\r\nHost: " + host + "\r\nOrigin: " + origin + "\r\n"
        + "Access-Control-Request-Method: POST\r\n"
        + "Access-Control-Request-Headers: content-type,x-amz-target,x-amz-date,authorization\r\n"
        + "Connection: close\r\n\r\n";
  }

  private static String api(String host, String origin, String target, String body) {
    return "POST / HTTP/1.1\r\nHost: " + host + "\r\n" + (origin == null ? "" : "Origin: " + origin + "\r\n")
        + "X-Amz-Target: " + target + "\r\nContent-Type: application/x-amz-json-1.0\r\n"
        + "Content-Length: " + body.getBytes(java.nio.charset.StandardCharsets.UTF_8).length
        + "\r\nConnection: close\r\n\r\n" + body;
  }

  private static String request(String method, String path, String host, String origin, String body) {
    return method + " " + path + " HTTP/1.1\r\nHost: " + host + "\r\n" + (origin == null ? "" : "Origin: " + origin
        + "\r\n") + "Content-Type: text/plain\r\nContent-Length: " + body.length() + "\r\nConnection: close\r\n\r\n"
        + body;
  }

  @Test
  void aPageOfAnotherSiteCannotCallADefaultServer() throws Exception {
    start(ServerConfig.defaults(), false);
    Exchange preflight = send(preflight(host(), "http://evil.example"));
    assertEquals(403, preflight.status());
    assertNull(preflight.headers().get("access-control-allow-origin"));
    // the request itself, as a page could send it without waiting for the preflight's answer
    Exchange scan = send(api(host(), "http://evil.example", "DynamoDB_20120810.ListTables", LIST_TABLES));
    assertEquals(403, scan.status(), scan.body());
    assertTrue(scan.body().contains("AccessDeniedException") && scan.body().contains("--cors-origin http://evil.example"),
        scan.body());
    assertNull(scan.headers().get("access-control-allow-origin"));
    // a simple request (no preflight) to a side door is refused too
    Exchange hot = send(request("GET", "/partita/hot-keys", host(), "http://evil.example", ""));
    assertEquals(403, hot.status(), hot.body());
    // another site's <script src> names no Origin, but its Sec-Fetch-Site: refused, so its status tells nothing
    Exchange script = send("GET /partita/schemas/Orders HTTP/1.1\r\nHost: " + host() + "\r\nSec-Fetch-Site: cross-site\r\n"
        + "Sec-Fetch-Mode: no-cors\r\nSec-Fetch-Dest: script\r\nConnection: close\r\n\r\n");
    assertEquals(403, script.status(), script.body());
    assertEquals("nosniff", script.headers().get("x-content-type-options"));
    // the user's own navigation from another site to the console, and the console's own loads, are served
    assertEquals(200, send("GET /console HTTP/1.1\r\nHost: " + host() + "\r\nSec-Fetch-Site: cross-site\r\n"
        + "Sec-Fetch-Mode: navigate\r\nConnection: close\r\n\r\n").status());
    assertEquals(200, send("GET /partita/schemas HTTP/1.1\r\nHost: " + host() + "\r\nSec-Fetch-Site: same-origin\r\n"
        + "Sec-Fetch-Mode: cors\r\nConnection: close\r\n\r\n").status());
  }

  @Test
  void pagesOfThisMachineMayCallADefaultServer() throws Exception {
    start(ServerConfig.defaults(), false);
    for (String origin : List.of("http://localhost:5173", "http://127.0.0.1:3000", "https://[::1]:8443",
        "http://app.localhost:3000", "http://localhost")) {
      Exchange h = send(preflight(host(), origin));
      assertEquals(200, h.status(), origin);
      assertEquals(origin, h.headers().get("access-control-allow-origin"));
      assertEquals("Origin", h.headers().get("vary"));
      assertEquals(Cors.MAX_AGE, h.headers().get("access-control-max-age"));
      assertEquals("content-type,x-amz-target,x-amz-date,authorization",
          h.headers().get("access-control-allow-headers"));
    }
    Exchange real = send(api(host(), "http://localhost:3000", "DynamoDB_20120810.ListTables", LIST_TABLES));
    assertEquals(200, real.status(), real.body());
    assertEquals("http://localhost:3000", real.headers().get("access-control-allow-origin"));
    String exposed = real.headers().get("access-control-expose-headers").toLowerCase(java.util.Locale.ROOT);
    assertTrue(exposed.contains("x-amzn-requestid") && exposed.contains("x-amz-crc32"), exposed);
    // names that only look local are other sites
    for (String origin : List.of("http://localhost.evil.example", "http://127.0.0.1.evil.example:80",
        "http://evil.example/http://localhost", "null", "file://")) {
      assertEquals(403, send(preflight(host(), origin)).status(), origin);
    }
    // a client that is not a browser (no Origin) gets no CORS header
    Exchange sdk = send(api(host(), null, "DynamoDB_20120810.ListTables", LIST_TABLES));
    assertEquals(200, sdk.status());
    assertNull(sdk.headers().get("access-control-allow-origin"));
  }

  @Test
  void namedOriginsAreAddedAndAnyOriginOnlyByName() throws Exception {
    start(ServerConfig.defaults().withCors(Cors.loopbackAnd(List.of("http://app.test:8080"))), false);
    assertEquals("http://app.test:8080", send(preflight(host(), "http://app.test:8080")).headers()
        .get("access-control-allow-origin"));
    assertEquals(200, send(preflight(host(), "http://localhost:3000")).status());
    assertEquals(403, send(preflight(host(), "http://evil.test")).status());
    stop();

    start(ServerConfig.defaults().withCors(Cors.loopbackAnd(List.of("*"))), false);
    Exchange any = send(preflight(host(), "http://evil.test"));
    assertEquals(200, any.status());
    assertEquals("*", any.headers().get("access-control-allow-origin"));
    String banner = Access.DEFAULTS.withCors(Cors.loopbackAnd(List.of("*"))).openedWide();
    assertTrue(banner.contains("every site open in your browser can read and write every table"), banner);
    assertEquals("", Access.DEFAULTS.openedWide());
  }

  @Test
  void withCorsOffOnlyTheServersOwnPagesMayCall() throws Exception {
    start(ServerConfig.defaults().withCors(null), false);
    assertEquals(403, send(preflight(host(), "http://localhost:3000")).status());
    // the console, served by this server: its origin is the address the request is sent to
    Exchange own = send(api(host(), "http://" + host(), "DynamoDB_20120810.ListTables", LIST_TABLES));
    assertEquals(200, own.status(), own.body());
    assertNull(own.headers().get("access-control-allow-origin"));
  }

  @Test
  void aRebindingPageReachesNoPath() throws Exception {
    start(ServerConfig.defaults().withMetrics(true), true);
    String evil = "rebind.evil.example:" + server.port();
    String evilOrigin = "http://" + evil;
    // the finding: Origin equal to http:// + Host passed the admin API's check
    Exchange faults = send(request("POST", "/partita/faults", evil, evilOrigin, "rate=1.0"));
    assertEquals(403, faults.status(), faults.body());
    assertTrue(faults.body().contains("Host '" + evil + "' is not allowed")
        && faults.body().contains("--allowed-host rebind.evil.example"), faults.body());
    assertEquals(0.0, partita.faults().rate());
    assertEquals(403, send(request("PUT", "/partita/schemas/Tbl", evil, evilOrigin, "{}")).status());
    assertEquals(403, send(request("POST", "/mcp", evil, evilOrigin, "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\":"
        + " \"tools/call\", \"params\": {\"name\": \"reset\"}}")).status());
    Exchange listed = send(request("GET", "/partita/schemas", host(), null, ""));
    assertEquals(200, listed.status());
    assertTrue(listed.body().contains("\"Tables\":[]"), listed.body());
    for (String target : List.of("DynamoDB_20120810.ListTables", "DynamoDBStreams_20120810.ListStreams")) {
      Exchange api = send(api("attacker.example", null, target, LIST_TABLES));
      assertEquals(403, api.status(), target);
      assertTrue(api.body().startsWith("{\"__type\":") && api.body().contains("AccessDeniedException")
          && api.body().contains("Host 'attacker.example' is not allowed"), api.body());
    }
    for (String path : List.of("/", "/metrics", "/partita/hot-keys", "/partita/schemas", "/console")) {
      Exchange get = send(request("GET", path, evil, null, ""));
      assertEquals(403, get.status(), path);
      assertEquals(1, get.body().strip().lines().count(), get.body());
    }
    // loopback names and addresses, any port, are this machine
    for (String host : List.of("localhost:1", "localhost", "127.0.0.1:9", "127.1.2.3", "[::1]:80", "LOCALHOST.:8000",
        "app.localhost:3000")) {
      assertEquals(200, send(api(host, null, "DynamoDB_20120810.ListTables", LIST_TABLES)).status(), host);
    }
    // an address that is not loopback: the server listens on loopback, so nobody reaches it by one
    assertEquals(403, send(api("192.168.1.5:8000", null, "DynamoDB_20120810.ListTables", LIST_TABLES)).status());
  }

  @Test
  void anAllowedHostIsAnswered() throws Exception {
    start(ServerConfig.defaults().withAccess(Access.DEFAULTS.withAllowedHosts(List.of("partita"))), false);
    assertEquals(200, send(api("partita:8000", null, "DynamoDB_20120810.ListTables", LIST_TABLES)).status());
    assertEquals(200, send(api("PARTITA", null, "DynamoDB_20120810.ListTables", LIST_TABLES)).status());
    assertEquals(403, send(api("partita.evil.example", null, "DynamoDB_20120810.ListTables", LIST_TABLES)).status());
  }

  // ---- credentials ----

  private static final String KEY = "AKIDACCESS";
  private static final String SECRET = "access-test-secret";
  private static final String TOKEN = "metrics-token-1";

  private void startSigned() throws Exception {
    Authenticator sigV4 = new SigV4Verifier(Credentials.of(Map.of(KEY, SECRET)), "us-east-1", Clock.systemUTC())::verify;
    start(ServerConfig.defaults().withMetrics(true).withAuthenticator(sigV4)
        .withAccess(Access.DEFAULTS.withMetricsToken(TOKEN)), true);
  }

  private HttpResponse<String> http(String method, String path, String body, boolean signed, String... headers)
      throws Exception {
    URI uri = server.endpoint().resolve(path);
    HttpRequest.Builder b = HttpRequest.newBuilder(uri).method(method, body.isEmpty()
        ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
    if (signed) {
      AwsCredentialsIdentity identity = AwsCredentialsIdentity.create(KEY, SECRET);
      var s = AwsV4HttpSigner.create().sign(r -> r.identity(identity)
          .request(SdkHttpRequest.builder().method(SdkHttpMethod.fromValue(method)).uri(uri).build())
          .payload(ContentStreamProvider.fromUtf8String(body))
          .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, "dynamodb")
          .putProperty(AwsV4HttpSigner.REGION_NAME, "us-east-1"));
      s.request().forEachHeader((name, values) -> {
        if (!name.equalsIgnoreCase("Host")) {
          values.forEach(v -> b.header(name, v));
        }
      });
    }
    for (int i = 0; i < headers.length; i += 2) {
      b.header(headers[i], headers[i + 1]);
    }
    return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build().send(b.build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void withCredentialsEveryDoorButHealthNeedsASignature() throws Exception {
    startSigned();
    List<String[]> doors = List.of(new String[] {"GET", "/partita/hot-keys", ""},
        new String[] {"GET", "/metrics", ""}, new String[] {"GET", "/partita/schemas", ""},
        new String[] {"GET", "/partita/schemas/Tbl", ""}, new String[] {"PUT", "/partita/schemas/Tbl", "{\"a\":1}"},
        new String[] {"POST", "/partita/latency", "none"}, new String[] {"POST", "/partita/faults", "rate=1.0"},
        new String[] {"POST", "/mcp", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ping\"}"});
    for (String[] d : doors) {
      HttpResponse<String> unsigned = http(d[0], d[1], d[2], false);
      assertEquals(403, unsigned.statusCode(), d[0] + " " + d[1] + ": " + unsigned.body());
      assertTrue(unsigned.body().startsWith("MissingAuthenticationTokenException"), unsigned.body());
    }
    assertEquals(0.0, partita.faults().rate(), "an unsigned admin request changed nothing");
    HttpResponse<String> noSchema = http("GET", "/partita/schemas", "", true);
    assertEquals(200, noSchema.statusCode(), noSchema.body());
    assertTrue(noSchema.body().contains("\"Tables\":[]"), noSchema.body());
    // wrongly signed: another secret
    HttpResponse<String> forged = http("GET", "/partita/hot-keys", "", false, "Authorization",
        "AWS4-HMAC-SHA256 Credential=" + KEY + "/20000101/us-east-1/dynamodb/aws4_request, SignedHeaders=host,"
            + " Signature=" + "0".repeat(64), "X-Amz-Date", "20000101T000000Z");
    assertEquals(403, forged.statusCode(), forged.body());

    for (String[] d : doors) {
      if (d[1].equals("/partita/faults")) {
        continue;
      }
      HttpResponse<String> signed = http(d[0], d[1], d[2], true);
      assertEquals(d[1].equals("/partita/schemas/Tbl") && d[0].equals("GET") ? 404 : 200, signed.statusCode(),
          d[0] + " " + d[1] + ": " + signed.body());
    }
    assertEquals(200, http("POST", "/partita/faults", "rate=0.5", true).statusCode());
    assertEquals(0.5, partita.faults().rate());

    // Prometheus's bearer token reads /metrics only, and only the right one
    HttpResponse<String> bearer = http("GET", "/metrics", "", false, "Authorization", "Bearer " + TOKEN);
    assertEquals(200, bearer.statusCode(), bearer.body());
    assertTrue(bearer.body().contains("# TYPE "), bearer.body().lines().limit(3).toList().toString());
    assertEquals(403, http("GET", "/metrics", "", false, "Authorization", "Bearer " + TOKEN + "x").statusCode());
    assertEquals(403, http("GET", "/partita/hot-keys", "", false, "Authorization", "Bearer " + TOKEN).statusCode());

    // health and the console's (public) files stay open
    assertEquals(200, http("GET", "/", "", false).statusCode());
    assertEquals(200, http("GET", "/console", "", false).statusCode());
  }

  @Test
  void partitionKeysAppearInMetricsOnlyWithHotKeysOn() throws Exception {
    for (boolean hot : new boolean[] {false, true}) {
      start(ServerConfig.defaults().withMetrics(true), hot);
      RawHttp raw = new RawHttp(server.endpoint());
      raw.post("CreateTable", "{\"TableName\":\"Users\",\"BillingMode\":\"PAY_PER_REQUEST\",\"KeySchema\":"
          + "[{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"}],\"AttributeDefinitions\":[{\"AttributeName\":\"pk\","
          + "\"AttributeType\":\"S\"}]}");
      assertEquals(200, raw.post("PutItem", "{\"TableName\":\"Users\",\"Item\":{\"pk\":{\"S\":\"alice@example.com\"}}}")
          .statusCode());
      String metrics = http("GET", "/metrics", "", false).body();
      assertEquals(hot, metrics.contains("alice@example.com"), "hot keys " + (hot ? "on" : "off"));
      assertFalse(metrics.isEmpty());
      stop();
    }
  }
}
