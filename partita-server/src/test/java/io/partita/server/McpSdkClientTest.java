package io.partita.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.partita.engine.Partita;
import io.partita.server.wire.Dispatcher;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MCP server driven by the official MCP TypeScript SDK ({@code @modelcontextprotocol/sdk} from npm) as
 * the client, {@code clients/mcp/mcp-scenario.mjs}: initialize, list the tools, call several (a refusal
 * among them), then read-only; over stdio, the SDK starting {@code partita mcp --data DIR --model
 * Blog=FILE} itself, over streamable HTTP, against a server's {@code /mcp} with the model registered
 * at {@code PUT /partita/schemas/Blog}, and over stdio again through {@code partita mcp --endpoint URL}, which
 * relays to that server.
 *
 * <p>Without node or the script's node_modules the test is skipped, visibly; with {@code
 * PARTITA_REQUIRE_CLIENTS=1} (as {@code .ci/run} sets) it fails instead.
 */
class McpSdkClientTest {
  private static final boolean REQUIRED = "1".equals(System.getenv("PARTITA_REQUIRE_CLIENTS"));

  @Test
  void theOfficialSdkSpeaksToPartitaMcpOverStdio(@TempDir Path dir) throws Exception {
    Path scripts = scripts();
    Path data = dir.resolve("data");
    Path readOnlyData = dir.resolve("read-only-data");
    for (Path folder : List.of(data, readOnlyData)) {
      try (Partita partita = Partita.open(folder)) {
        seed(partita);
      }
    }
    Path model = dir.resolve("blog-model.json");
    Files.writeString(model, blogModel());
    run(scripts, Map.of("PARTITA_CLASSPATH", System.getProperty("java.class.path"),
        "MCP_READ_ONLY_DATA", readOnlyData.toString()), "stdio", ServerProcess.root().resolve("partita").toString(),
        "mcp", "--data", data.toString(), "--model", "Blog=" + model);
  }

  @Test
  void theOfficialSdkSpeaksToTheServersMcpOverHttp() throws Exception {
    Path scripts = scripts();
    withBlogServer(server -> run(scripts, Map.of(), "http", server.endpoint().resolve("/mcp").toString()));
  }

  /** {@code partita mcp --endpoint URL}: the SDK starts it over stdio, and it relays each message to the server. */
  @Test
  void theOfficialSdkSpeaksToAServerThroughPartitaMcpsRelay() throws Exception {
    Path scripts = scripts();
    withBlogServer(server -> run(scripts, Map.of("PARTITA_CLASSPATH", System.getProperty("java.class.path")), "stdio",
        ServerProcess.root().resolve("partita").toString(), "mcp", "--endpoint", server.endpoint().toString()));
  }

  private interface ServerUse {
    void with(PartitaServer server) throws Exception;
  }

  /** Runs {@code use} with a fresh in-memory server holding the seeded Blog table, its model registered. */
  private static void withBlogServer(ServerUse use) throws Exception {
    try (Partita partita = Partita.inMemory();
        PartitaServer server = PartitaServer.start(partita, ServerConfig.defaults().withPort(0))) {
      seed(partita);
      register(server);
      use.with(server);
    }
  }

  private static void register(PartitaServer server) throws Exception {
    HttpResponse<String> registered = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
        server.endpoint().resolve("/partita/schemas/Blog")).PUT(HttpRequest.BodyPublishers.ofString(blogModel()))
        .build(), HttpResponse.BodyHandlers.ofString());
    assertEquals(200, registered.statusCode(), registered.body());
  }

  /** The Blog table with alice's profile and two posts. */
  private static void seed(Partita partita) {
    Dispatcher d = new Dispatcher(partita);
    call(d, "CreateTable", "{\"TableName\": \"Blog\", \"BillingMode\": \"PAY_PER_REQUEST\", \"AttributeDefinitions\":"
        + " [{\"AttributeName\": \"pk\", \"AttributeType\": \"S\"}, {\"AttributeName\": \"sk\", \"AttributeType\": \"S\"}],"
        + " \"KeySchema\": [{\"AttributeName\": \"pk\", \"KeyType\": \"HASH\"}, {\"AttributeName\": \"sk\", \"KeyType\":"
        + " \"RANGE\"}]}");
    call(d, "PutItem", "{\"TableName\": \"Blog\", \"Item\": {\"pk\": {\"S\": \"USER#alice\"}, \"sk\": {\"S\":"
        + " \"PROFILE\"}, \"_type\": {\"S\": \"User\"}}}");
    for (String post : List.of("2025-01-05#p1", "2025-02-11#p2")) {
      call(d, "PutItem", "{\"TableName\": \"Blog\", \"Item\": {\"pk\": {\"S\": \"USER#alice\"}, \"sk\": {\"S\": \"POST#"
          + post + "\"}, \"_type\": {\"S\": \"Post\"}}}");
    }
  }

  private static void call(Dispatcher d, String operation, String json) {
    byte[] body = json.getBytes(StandardCharsets.UTF_8);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int status = d.dispatch(Dispatcher.TARGET_PREFIX + operation, body, 0, body.length, Dispatcher.Output.to(out), null);
    assertEquals(200, status, out::toString);
  }

  private static String blogModel() throws IOException {
    try (InputStream in = McpSdkClientTest.class.getResourceAsStream("mcp/blog-model.json")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** {@code clients/mcp}, once node and the SDK are there; skips the test, or fails it when they are required. */
  private static Path scripts() {
    Path scripts = ServerProcess.root().resolve("clients/mcp");
    if (!Files.isDirectory(scripts.resolve("node_modules/@modelcontextprotocol/sdk"))) {
      String what = "@modelcontextprotocol/sdk (run: npm ci --prefix clients/mcp)";
      if (REQUIRED) {
        fail(what + " is not installed, and PARTITA_REQUIRE_CLIENTS=1 (.ci/run installs it)");
      }
      System.err.println("McpSdkClientTest SKIPPED: " + what + " is not installed");
      Assumptions.abort(what + " is not installed; .ci/run installs it");
    }
    return scripts;
  }

  private static void run(Path scripts, Map<String, String> env, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("node", scripts.resolve("mcp-scenario.mjs").toString()));
    command.addAll(List.of(args));
    ProcessBuilder b = new ProcessBuilder(command).redirectErrorStream(true);
    b.environment().putAll(env);
    Process p = b.start();
    p.getOutputStream().close();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(5, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      fail("mcp-scenario.mjs did not finish:\n" + output);
    }
    String[] lines = output.strip().split("\n");
    if (p.exitValue() != 0 || !lines[lines.length - 1].equals("MCP OK " + args[0])) {
      fail("the MCP SDK's scenario failed (exit " + p.exitValue() + "):\n" + output);
    }
  }
}
