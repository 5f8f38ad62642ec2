package io.partita.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The guides' single-table scenario (clients/README.md) run by real DynamoDB clients against
 * {@code ./partita serve --in-memory}, with signatures verified: the AWS CLI v2, boto3, the AWS SDK
 * for JavaScript v3, and the AWS SDK for Java v2 over HTTP; and the e-commerce scenario of ElectroDB
 * (the single-table-design library for JavaScript, over the SDK v3 DocumentClient).
 *
 * <p>{@code .ci/run} installs the clients and sets {@code PARTITA_REQUIRE_CLIENTS=1}, which turns
 * a missing client into a failure; elsewhere a missing client skips its test, visibly.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RealClientsTest {
  private static final String KEY = "partita";
  private static final String SECRET = "partita-secret";
  private static final boolean REQUIRED = "1".equals(System.getenv("PARTITA_REQUIRE_CLIENTS"));

  private ServerProcess server;
  @TempDir
  Path home;

  @BeforeAll
  void start() throws IOException {
    server = ServerProcess.serve("--in-memory", "--access-key", KEY, "--secret-key", SECRET);
  }

  @AfterAll
  void stop() throws Exception {
    if (server != null) {
      server.terminate();
      server.close();
    }
  }

  @Test
  void awsCli() throws Exception {
    require("/usr/bin/aws", "the AWS CLI (Debian package awscli)");
    scenario("aws-cli", "bash", clients().resolve("aws-cli/scenario.sh").toString());
  }

  @Test
  void awsCliWithAWrongSecretIsRefused() throws Exception {
    require("/usr/bin/aws", "the AWS CLI (Debian package awscli)");
    Result r = exec(Map.of("AWS_SECRET_ACCESS_KEY", "not-the-secret", "AWS_MAX_ATTEMPTS", "1"),
        "/usr/bin/aws", "dynamodb", "list-tables", "--endpoint-url", server.endpoint.toString());
    assertNotEquals(0, r.exit, r.output);
    assertTrue(r.output.contains("InvalidSignatureException"), r.output);
  }

  @Test
  void boto3() throws Exception {
    require("/usr/bin/python3", "python3");
    Result probe = exec(Map.of(), "/usr/bin/python3", "-c", "import boto3");
    if (probe.exit != 0) {
      missing("boto3 for /usr/bin/python3 (Debian package python3-boto3)");
    }
    scenario("python", "/usr/bin/python3", clients().resolve("python/scenario.py").toString());
  }

  @Test
  void javascriptSdkV3() throws Exception {
    for (String module : List.of("@aws-sdk/client-dynamodb", "@aws-sdk/client-dynamodb-streams")) {
      if (!Files.isDirectory(clients().resolve("js/node_modules/" + module))) {
        missing(module + " (run: npm ci --prefix clients/js)");
      }
    }
    scenario("js", "node", clients().resolve("js/scenario.mjs").toString());
  }

  /** Issue 38: SearchVectorsCommand and the vector index parameters of the JavaScript SDK v3. */
  @Test
  void javascriptSdkV3VectorSearch() throws Exception {
    if (!Files.isDirectory(clients().resolve("js/node_modules/@aws-sdk/client-dynamodb"))) {
      missing("@aws-sdk/client-dynamodb (run: npm ci --prefix clients/js)");
    }
    scenario("js-vectors", "node", clients().resolve("js/vector-scenario.mjs").toString());
  }

  @Test
  void electroDb() throws Exception {
    for (String module : List.of("electrodb", "@aws-sdk/lib-dynamodb", "@aws-sdk/client-dynamodb")) {
      if (!Files.isDirectory(clients().resolve("js/node_modules/" + module))) {
        missing(module + " (run: npm ci --prefix clients/js)");
      }
    }
    scenario("electrodb", "node", clients().resolve("js/electrodb-scenario.mjs").toString());
  }

  @Test
  void javaSdkV2OverHttp() {
    try (DynamoDbClient dynamo = SdkOverHttp.client(server.endpoint, KEY, SECRET)) {
      new JavaScenario(dynamo).run();
    }
  }

  /** Issue 38: the Java SDK v2's searchVectors over HTTP, the index kept by the server's writes. */
  @Test
  void javaSdkV2VectorSearchOverHttp() {
    try (DynamoDbClient dynamo = SdkOverHttp.client(server.endpoint, KEY, SECRET)) {
      String table = "vectors-java-" + System.nanoTime();
      dynamo.createTable(b -> b.tableName(table).billingMode("PAY_PER_REQUEST")
          .attributeDefinitions(a -> a.attributeName("pk").attributeType("S"))
          .keySchema(k -> k.attributeName("pk").keyType("HASH"))
          .vectorIndexes(v -> v.indexName("byMeaning").vectorAttribute(a -> a.attributeName("emb")).dimensions(2L)
              .distanceFunction("EUCLIDEAN").projection(p -> p.projectionType("ALL"))));
      for (int i = 0; i < 5; i++) {
        String n = Integer.toString(i);
        dynamo.putItem(b -> b.tableName(table).item(Map.of("pk", AttributeValue.fromS("p" + n),
            "emb", AttributeValue.fromL(List.of(AttributeValue.fromN(n), AttributeValue.fromN("0"))))));
      }
      var r = dynamo.searchVectors(b -> b.tableName(table).indexName("byMeaning").topK(2)
          .searchVector(AttributeValue.fromN("3.2"), AttributeValue.fromN("0")));
      assertEquals(List.of("p3", "p4"), r.searchResults().stream().map(i -> i.item().get("pk").s()).toList());
      assertEquals(0.2, r.searchResults().get(0).score(), 1e-6);
      dynamo.deleteTable(b -> b.tableName(table));
    }
  }

  private void scenario(String client, String... command) throws Exception {
    Result r = exec(Map.of(), command);
    String[] lines = r.output.strip().split("\n");
    if (r.exit != 0 || !lines[lines.length - 1].equals("SCENARIO OK " + client)) {
      fail(client + " scenario failed (exit " + r.exit + "):\n" + r.output + "\nserver stderr:\n" + server.stderr());
    }
  }

  private record Result(int exit, String output) {}

  /** Runs a client with only the scenario's credentials: no profile or config of the machine leaks in. */
  private Result exec(Map<String, String> extraEnv, String... command) throws IOException, InterruptedException {
    ProcessBuilder b = new ProcessBuilder(new ArrayList<>(List.of(command))).redirectErrorStream(true);
    Map<String, String> env = b.environment();
    env.keySet().removeIf(k -> k.startsWith("AWS_"));
    env.put("HOME", home.toString());
    env.put("AWS_CONFIG_FILE", home.resolve("no-config").toString());
    env.put("AWS_SHARED_CREDENTIALS_FILE", home.resolve("no-credentials").toString());
    env.put("AWS_ACCESS_KEY_ID", KEY);
    env.put("AWS_SECRET_ACCESS_KEY", SECRET);
    env.put("AWS_DEFAULT_REGION", "us-east-1");
    env.put("AWS_REGION", "us-east-1");
    env.put("PARTITA_ENDPOINT", server.endpoint.toString());
    env.putAll(extraEnv);
    Process p = b.start();
    byte[] out = p.getInputStream().readAllBytes();
    if (!p.waitFor(5, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      fail(String.join(" ", command) + " did not finish");
    }
    return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
  }

  private static Path clients() {
    return ServerProcess.root().resolve("clients");
  }

  private static void require(String executable, String what) {
    if (!Files.isExecutable(Path.of(executable))) {
      missing(what + " at " + executable);
    }
  }

  private static void missing(String what) {
    if (REQUIRED) {
      fail(what + " is not installed, and PARTITA_REQUIRE_CLIENTS=1 (.ci/run installs it)");
    }
    // on the console, not only in the report: a skipped real client should not go unnoticed
    System.err.println("RealClientsTest SKIPPED: " + what + " is not installed. Install the real clients with"
        + " `sudo apt-get install -y awscli python3-boto3 && npm ci --prefix clients/js` (as .ci/run does)");
    Assumptions.abort(what + " is not installed; .ci/run installs it");
  }

}
