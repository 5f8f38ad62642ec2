package io.partita.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import io.partita.server.auth.Credentials;
import io.partita.server.auth.CredentialsFile;
import io.partita.server.auth.SigV4Verifier;
import io.partita.server.isolation.Isolation;
import io.partita.server.isolation.Namespaces;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * {@code partita serve --isolate} (issue 39): real SDK clients over HTTP, each signing with its own access
 * key (and region), against one server on a free port; every server and data folder is the test's own.
 */
class IsolationTest {
  private static final String US = "us-east-1";

  private static DynamoDbClient client(PartitaServer server, String key, String secret, String region) {
    return DynamoDbClient.builder().endpointOverride(server.endpoint()).region(Region.of(region))
        .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(key, secret)))
        .httpClient(UrlConnectionHttpClient.create()).build();
  }

  private static DynamoDbClient client(PartitaServer server, String key) {
    return client(server, key, "any-secret", US);
  }

  private static TableDescription createOrders(DynamoDbClient dynamo) {
    return dynamo.createTable(b -> b.tableName("Orders").billingMode("PAY_PER_REQUEST")
        .keySchema(k -> k.attributeName("pk").keyType("HASH"))
        .attributeDefinitions(d -> d.attributeName("pk").attributeType("S"))
        .streamSpecification(s -> s.streamEnabled(true).streamViewType("NEW_IMAGE"))).tableDescription();
  }

  private static List<String> keys(DynamoDbClient dynamo) {
    return dynamo.scan(s -> s.tableName("Orders")).items().stream().map(i -> i.get("pk").s()).sorted().toList();
  }

  private static PartitaServer serve(Namespaces namespaces) throws InterruptedException {
    return PartitaServer.start(namespaces, ServerConfig.defaults().withPort(0), partita -> { }, false);
  }

  private static HttpResponse<String> get(PartitaServer server, String path) throws Exception {
    return HttpClient.newHttpClient().send(HttpRequest.newBuilder(server.endpoint().resolve(path)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void twoAccessKeysInParallelNeverSeeEachOthersTables() throws Exception {
    try (Namespaces namespaces = Namespaces.inMemory(Isolation.parse("keys"), US, Partita::with, null);
        PartitaServer server = serve(namespaces)) {
      CyclicBarrier bothCreated = new CyclicBarrier(2);
      ExecutorService jobs = Executors.newFixedThreadPool(2);
      try {
        List<Future<List<String>>> seen = new ArrayList<>();
        for (String job : List.of("jobA", "jobB")) {
          seen.add(jobs.submit(() -> {
            try (DynamoDbClient dynamo = client(server, job)) {
              try {
                createOrders(dynamo); // the same table name in both: each job's own
              } catch (RuntimeException e) {
                bothCreated.reset(); // the other job stops waiting at once, and this failure is the one reported
                throw e;
              }
              bothCreated.await(60, TimeUnit.SECONDS);
              for (int i = 0; i < 20; i++) {
                int n = i;
                dynamo.putItem(b -> b.tableName("Orders").item(Map.of("pk", AttributeValue.fromS(job + "-" + n))));
              }
              assertEquals(List.of("Orders"), dynamo.listTables().tableNames());
              return keys(dynamo);
            }
          }));
        }
        for (int j = 0; j < 2; j++) {
          String job = j == 0 ? "jobA" : "jobB";
          List<String> items = seen.get(j).get(120, TimeUnit.SECONDS);
          assertEquals(20, items.size(), job + " sees its own items only: " + items);
          assertTrue(items.stream().allMatch(k -> k.startsWith(job + "-")), job + " saw " + items);
        }
      } finally {
        jobs.shutdownNow();
      }
      try (DynamoDbClient third = client(server, "jobC")) {
        assertEquals(List.of(), third.listTables().tableNames(), "a new key starts with no tables");
      }
    }
  }

  @Test
  void withRegionsTheSameKeyInTwoRegionsHasTwoDatabasesEachNamingItsRegion() throws Exception {
    try (Namespaces namespaces = Namespaces.inMemory(Isolation.parse("keys,regions"), US, Partita::with, null);
        PartitaServer server = serve(namespaces);
        DynamoDbClient east = client(server, "ci", "s", US);
        DynamoDbClient west = client(server, "ci", "s", "eu-west-1")) {
      TableDescription e = createOrders(east);
      assertEquals("arn:aws:dynamodb:us-east-1:000000000000:table/Orders", e.tableArn());
      assertEquals(List.of("Orders"), east.listTables().tableNames());
      assertEquals(List.of(), west.listTables().tableNames(), "eu-west-1 has its own tables");
      TableDescription w = createOrders(west);
      assertEquals("arn:aws:dynamodb:eu-west-1:000000000000:table/Orders", w.tableArn());
      assertTrue(w.latestStreamArn().startsWith("arn:aws:dynamodb:eu-west-1:000000000000:table/Orders/stream/"));
      west.putItem(b -> b.tableName("Orders").item(Map.of("pk", AttributeValue.fromS("w"))));
      assertEquals(List.of(), keys(east));
      assertEquals(List.of("w"), keys(west));
      // each region's stream is its own: the other's stream ARN names no stream here
      try (DynamoDbStreamsClient eastStreams = DynamoDbStreamsClient.builder().endpointOverride(server.endpoint())
          .region(Region.US_EAST_1).httpClient(UrlConnectionHttpClient.create())
          .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("ci", "s"))).build()) {
        assertEquals(List.of(e.latestStreamArn()), eastStreams.listStreams(l -> { }).streams().stream()
            .map(st -> st.streamArn()).toList());
        assertThrows(ResourceNotFoundException.class,
            () -> eastStreams.describeStream(d -> d.streamArn(w.latestStreamArn())));
      }
      // an unsigned API request chooses no namespace: refused as DynamoDB refuses it
      HttpResponse<String> unsigned = HttpClient.newHttpClient().send(HttpRequest.newBuilder(server.endpoint())
          .header("X-Amz-Target", "DynamoDB_20120810.ListTables").header("Content-Type", "application/x-amz-json-1.0")
          .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
      assertEquals(400, unsigned.statusCode());
      assertTrue(unsigned.body().contains("MissingAuthenticationTokenException"), unsigned.body());
      // a side door names its namespace by query when unsigned; without a key it says how
      assertEquals("{\"Snapshots\":[]}", get(server, "/partita/snapshots?key=ci&region=eu-west-1").body().strip());
      HttpResponse<String> nameless = get(server, "/partita/snapshots");
      assertEquals(400, nameless.statusCode());
      assertTrue(nameless.body().contains("?key=ACCESS_KEY_ID&region=REGION"), nameless.body());
    }
  }

  @Test
  void withAccountsArnsStreamsAndBackupsCarryTheKeysAccount(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("credentials");
    Files.writeString(file, """
        [ci]
        aws_access_key_id = AKIDCI
        aws_secret_access_key = ci-secret
        aws_account_id = 111122223333
        [ci-too]
        aws_access_key_id = AKIDCI2
        aws_secret_access_key = ci2-secret
        aws_account_id = 111122223333
        [account]
        aws_access_key_id = 123456789012
        aws_secret_access_key = account-secret
        [plain]
        aws_access_key_id = AKIDPLAIN
        aws_secret_access_key = plain-secret
        """);
    Credentials credentials = CredentialsFile.load(file);
    Isolation isolation = Isolation.parse("accounts").withAccounts(CredentialsFile.accounts(file));
    ServerConfig config = ServerConfig.defaults().withPort(0)
        .withAuthenticator(new SigV4Verifier(credentials, US, Clock.systemUTC())::verify);
    try (Namespaces namespaces = Namespaces.inMemory(isolation, US, Partita::with, null);
        PartitaServer server = PartitaServer.start(namespaces, config, partita -> { }, false);
        DynamoDbClient mapped = client(server, "AKIDCI", "ci-secret", US);
        DynamoDbClient sameAccount = client(server, "AKIDCI2", "ci2-secret", US);
        DynamoDbClient twelveDigits = client(server, "123456789012", "account-secret", US);
        DynamoDbClient plain = client(server, "AKIDPLAIN", "plain-secret", US)) {
      TableDescription t = createOrders(mapped);
      assertEquals("arn:aws:dynamodb:us-east-1:111122223333:table/Orders", t.tableArn());
      assertTrue(t.latestStreamArn().startsWith(t.tableArn() + "/stream/"), t.latestStreamArn());
      assertTrue(mapped.createBackup(b -> b.tableName("Orders").backupName("nightly")).backupDetails().backupArn()
          .startsWith(t.tableArn() + "/backup/"));
      assertEquals(List.of("Orders"), sameAccount.listTables().tableNames(), "two keys of one account share it");

      assertEquals(List.of(), twelveDigits.listTables().tableNames());
      assertEquals("arn:aws:dynamodb:us-east-1:123456789012:table/Orders", createOrders(twelveDigits).tableArn());
      assertEquals("arn:aws:dynamodb:us-east-1:000000000000:table/Orders", createOrders(plain).tableArn());
      // another account's table by its ARN: refused as the service refuses it
      DynamoDbException denied = assertThrows(DynamoDbException.class,
          () -> plain.describeTable(b -> b.tableName(t.tableArn())));
      assertEquals("AccessDeniedException", denied.awsErrorDetails().errorCode());
    }
  }

  @Test
  void aSharedServerIsAsBeforeEveryKeySeesEveryTableAndMetricsHaveNoNamespace() throws Exception {
    try (Partita partita = Partita.inMemory();
        PartitaServer server = PartitaServer.start(partita, ServerConfig.defaults().withPort(0).withMetrics(true));
        DynamoDbClient a = client(server, "jobA");
        DynamoDbClient b = client(server, "jobB", "s", "eu-west-1")) {
      assertEquals("arn:aws:dynamodb:us-east-1:000000000000:table/Orders", createOrders(a).tableArn());
      assertEquals(List.of("Orders"), b.listTables().tableNames());
      String metrics = get(server, "/metrics").body();
      assertTrue(metrics.contains("partita_requests_total{"), metrics);
      assertFalse(metrics.contains("namespace="), "a shared server's metrics are as before");
    }
  }

  @Test
  void isolatedMetricsAndHotKeysAreLabelledByNamespace() throws Exception {
    Isolation isolation = Isolation.parse("keys");
    try (Namespaces namespaces = Namespaces.inMemory(isolation, US, () -> Partita.with().trackHotKeys(true), null);
        PartitaServer server = PartitaServer.start(namespaces, ServerConfig.defaults().withPort(0).withMetrics(true),
            partita -> { }, true);
        DynamoDbClient a = client(server, "jobA");
        DynamoDbClient b = client(server, "jobB")) {
      createOrders(a);
      createOrders(b);
      a.putItem(p -> p.tableName("Orders").item(Map.of("pk", AttributeValue.fromS("alice"))));
      String metrics = get(server, "/metrics").body();
      assertTrue(metrics.contains("partita_table_items{namespace=\"jobA\",table=\"Orders\"} 1.0"), metrics);
      assertTrue(metrics.contains("partita_table_items{namespace=\"jobB\",table=\"Orders\"} 0.0"), metrics);
      assertTrue(metrics.contains("namespace=\"jobA\",operation=\"PutItem\""), metrics);
      assertTrue(get(server, "/partita/hot-keys?key=jobA").body().contains("\"alice\""));
      assertFalse(get(server, "/partita/hot-keys?key=jobB").body().contains("\"alice\""));
    }
  }

  @Test
  void aDataFolderReopenedKeepsEachNamespacesTablesInFoldersOfItsOwn(@TempDir Path dir) throws Exception {
    Isolation isolation = Isolation.parse("keys");
    Path data = dir.resolve("data");
    String odd = "..";
    try (Namespaces namespaces = Namespaces.in(data, isolation, US, Partita::with, null);
        PartitaServer server = serve(namespaces);
        DynamoDbClient a = client(server, "jobA");
        DynamoDbClient dots = client(server, odd)) {
      createOrders(a);
      a.putItem(p -> p.tableName("Orders").item(Map.of("pk", AttributeValue.fromS("kept"))));
      dots.createTable(c -> c.tableName("Dots").billingMode("PAY_PER_REQUEST")
          .keySchema(k -> k.attributeName("pk").keyType("HASH"))
          .attributeDefinitions(d -> d.attributeName("pk").attributeType("S")));
    }
    // every namespace's folder is a child of data/namespaces, named by its hash: a key is never a path
    try (Stream<Path> all = Files.list(dir)) {
      assertEquals(List.of(data), all.toList(), "nothing written beside the data folder");
    }
    if (data.getFileSystem().supportedFileAttributeViews().contains("posix")) {
      assertEquals("rwx------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(data)),
          "the data folder, whose namespaces' folders name their keys, is its user's alone");
    }
    try (Stream<Path> folders = Files.list(data.resolve(Namespaces.FOLDER))) {
      List<String> names = folders.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList();
      assertEquals(2, names.size(), names.toString());
      assertTrue(names.stream().allMatch(n -> n.matches("[A-Za-z0-9._-]+-[0-9a-f]{16}") && !n.startsWith(".")), names
          .toString());
    }
    try (Namespaces namespaces = Namespaces.in(data, isolation, US, Partita::with, null);
        PartitaServer server = serve(namespaces);
        DynamoDbClient a = client(server, "jobA");
        DynamoDbClient dots = client(server, odd)) {
      assertEquals(List.of("kept"), keys(a));
      assertEquals(List.of("Dots"), dots.listTables().tableNames());
    }
  }

  @Test
  void theNumberOfNamespacesIsCappedWithAClearError() throws Exception {
    Isolation isolation = Isolation.parse("keys").withMaxNamespaces(2);
    try (Namespaces namespaces = Namespaces.inMemory(isolation, US, Partita::with, null);
        PartitaServer server = serve(namespaces);
        DynamoDbClient a = client(server, "jobA");
        DynamoDbClient b = client(server, "jobB");
        DynamoDbClient c = client(server, "jobC")) {
      createOrders(a);
      createOrders(b);
      DynamoDbException refused = assertThrows(DynamoDbException.class, () -> c.listTables());
      assertEquals("LimitExceededException", refused.awsErrorDetails().errorCode());
      assertTrue(refused.awsErrorDetails().errorMessage().contains("at most 2 namespaces"),
          refused.awsErrorDetails().errorMessage());
      assertTrue(refused.awsErrorDetails().errorMessage().contains("--max-namespaces"));
      assertEquals(List.of("Orders"), a.listTables().tableNames(), "those open go on");
      assertEquals(2, namespaces.opened().size());
    }
  }

  @Test
  void partitaServeIsolatesByKeyAndRegionAndSaysSo(@TempDir Path dir) throws Exception {
    Path tables = dir.resolve("tables.json");
    Files.writeString(tables, """
        {"Table": {"TableName": "Seeded", "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
         "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
         "BillingMode": "PAY_PER_REQUEST"}}
        """);
    try (ServerProcess server = ServerProcess.serve("--in-memory", "--isolate", "keys,regions", "--max-namespaces", "8",
        "--tables", tables.toString())) {
      assertTrue(server.banner.get(0).contains("a database per access key and region, at most 8"), server.banner
          .toString());
      try (DynamoDbClient a = SdkOverHttp.client(server.endpoint, "jobA", "s");
          DynamoDbClient b = SdkOverHttp.client(server.endpoint, "jobB", "s")) {
        a.createTable(c -> c.tableName("Mine").billingMode("PAY_PER_REQUEST")
            .keySchema(k -> k.attributeName("pk").keyType("HASH"))
            .attributeDefinitions(d -> d.attributeName("pk").attributeType("S")));
        assertEquals(List.of("Mine", "Seeded"), a.listTables().tableNames(), "--tables made in each namespace");
        assertEquals(List.of("Seeded"), b.listTables().tableNames());
      }
    }
    String refused = ServerProcess.run("serve", "--in-memory", "--port", "0", "--isolate", "tables");
    assertTrue(refused.contains("--isolate takes keys, accounts and regions"), refused);
  }

  @Test
  void theRequestLogNamesTheNamespaceWhenIsolating() {
    io.partita.server.observe.Observation o = new io.partita.server.observe.Observation(0, "PutItem");
    o.finish(200, "RID", 1_000_000);
    String shared = new io.partita.server.observe.RequestLog(io.partita.server.observe.RequestLog.Format.PLAIN)
        .line(o, java.time.Instant.EPOCH);
    assertFalse(shared.contains("namespace"), shared);
    o.namespace("ci/eu-west-1");
    assertTrue(new io.partita.server.observe.RequestLog(io.partita.server.observe.RequestLog.Format.PLAIN)
        .line(o, java.time.Instant.EPOCH).endsWith(" namespace=ci/eu-west-1"));
    assertTrue(new io.partita.server.observe.RequestLog(io.partita.server.observe.RequestLog.Format.JSON)
        .line(o, java.time.Instant.EPOCH).contains("\"namespace\":\"ci/eu-west-1\""));
  }

  /**
   * The MCP server on an isolating server acts on the caller's namespace, as the snapshots do: an
   * unsigned call names it with {@code ?key=}, and one that names none is refused with the reason. The
   * requests its tools make are counted in the metrics, of that namespace.
   */
  @Test
  void mcpActsOnTheNamespaceTheCallNames() throws Exception {
    try (Namespaces namespaces = Namespaces.inMemory(Isolation.parse("keys"), US, Partita::with, null);
        PartitaServer server = PartitaServer.start(namespaces, ServerConfig.defaults().withPort(0).withMetrics(true),
            partita -> { }, false)) {
      try (DynamoDbClient alice = client(server, "alice")) {
        createOrders(alice);
      }
      String listTables = "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"tools/call\", \"params\":"
          + " {\"name\": \"list_tables\", \"arguments\": {}}}";
      HttpResponse<String> asAlice = mcp(server, "/mcp?key=alice", listTables);
      assertEquals(200, asAlice.statusCode(), asAlice.body());
      assertTrue(asAlice.body().contains("Orders"), asAlice.body());
      HttpResponse<String> asBob = mcp(server, "/mcp/read-only?key=bob", listTables);
      assertEquals(200, asBob.statusCode(), asBob.body());
      assertFalse(asBob.body().contains("Orders"), "bob's namespace has no tables: " + asBob.body());
      assertTrue(get(server, "/metrics").body().contains("namespace=\"bob\",operation=\"ListTables\""),
          "a tool's requests are counted as the API's are, in the namespace they are of");
      HttpResponse<String> nameless = mcp(server, "/mcp", listTables);
      assertEquals(400, nameless.statusCode());
      assertTrue(nameless.body().contains("?key=ACCESS_KEY_ID"), nameless.body());
    }
  }

  private static HttpResponse<String> mcp(PartitaServer server, String path, String body) throws Exception {
    return HttpClient.newHttpClient().send(HttpRequest.newBuilder(server.endpoint().resolve(path))
        .POST(HttpRequest.BodyPublishers.ofString(body)).header("Content-Type", "application/json")
        .header("Accept", "application/json, text/event-stream").build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void isolationIsParsedFromTheOption() {
    assertEquals("keys,regions", Isolation.parse("regions, keys").toString());
    assertTrue(Isolation.parse("shared").shared());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Isolation.parse("tables"));
    assertTrue(e.getMessage().contains("keys,regions"), e.getMessage());
    assertEquals("111122223333", Isolation.parse("accounts").withAccounts(Map.of("AKID", "111122223333"))
        .accountOf("AKID"));
    assertEquals("123456789012", Isolation.parse("accounts").accountOf("123456789012"));
    assertEquals(Isolation.DEFAULT_ACCOUNT, Isolation.parse("accounts").accountOf("partita"));
    assertFalse(Isolation.isKey("a/b"));
    assertFalse(Isolation.isRegion("../x"));
  }
}
