package io.partita.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import io.partita.server.auth.Credentials;
import io.partita.server.auth.SigV4Verifier;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code partita mcp --endpoint URL} relays an agent's messages to a server that checks signatures:
 * signed with the environment's AWS credentials when the server asks for a signature, and, without
 * credentials, each request answered with a JSON-RPC error carrying the server's refusal.
 */
class McpRelayTest {
  private static final String KEY = "AKIDMCPRELAY";
  private static final String SECRET = "mcp-relay-secret";

  /** The relay's standard output for {@code lines} on its standard input, run with {@code env}. */
  private static List<String> relay(PartitaServer server, Map<String, String> env, String... lines) throws Exception {
    return relay(server, List.of(), env, lines);
  }

  /** {@link #relay(PartitaServer, Map, String...)} with {@code options} after {@code --endpoint URL}. */
  private static List<String> relay(PartitaServer server, List<String> options, Map<String, String> env,
      String... lines) throws Exception {
    List<String> command = new java.util.ArrayList<>(List.of(ServerProcess.root().resolve("partita").toString(), "mcp",
        "--endpoint", server.endpoint().toString()));
    command.addAll(options);
    ProcessBuilder b = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT);
    b.environment().put("PARTITA_CLASSPATH", System.getProperty("java.class.path"));
    b.environment().keySet().removeIf(k -> k.startsWith("AWS_"));
    // no profile either: the credentials are the environment's or none
    b.environment().put("AWS_CONFIG_FILE", "/nonexistent");
    b.environment().put("AWS_SHARED_CREDENTIALS_FILE", "/nonexistent");
    b.environment().putAll(env);
    Process p = b.start();
    p.getOutputStream().write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(2, TimeUnit.MINUTES), "partita mcp --endpoint did not end with its input");
    assertEquals(0, p.exitValue(), out);
    return out.lines().toList();
  }

  @Test
  void theRelaySignsWhenTheServerAsksAndSaysWhyWhenItCannot() throws Exception {
    Authenticator sigV4 = new SigV4Verifier(Credentials.of(Map.of(KEY, SECRET)), "us-east-1", Clock.systemUTC())::verify;
    try (Partita partita = Partita.inMemory();
        PartitaServer server = PartitaServer.start(partita, ServerConfig.defaults().withPort(0)
            .withAuthenticator(sigV4))) {
      String list = "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"tools/list\"}";
      String note = "{\"jsonrpc\": \"2.0\", \"method\": \"notifications/initialized\"}";
      List<String> signed = relay(server, Map.of("AWS_ACCESS_KEY_ID", KEY, "AWS_SECRET_ACCESS_KEY", SECRET,
          "AWS_REGION", "us-east-1"), note, list);
      assertEquals(1, signed.size(), "a notification gets no answer: " + signed);
      assertTrue(signed.get(0).startsWith("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":["), signed.get(0));

      List<String> unsigned = relay(server, Map.of(), list);
      assertEquals(1, unsigned.size(), unsigned.toString());
      assertTrue(unsigned.get(0).contains("\"id\":1,\"error\":{\"code\":-32000") && unsigned.get(0).contains(
          "answered 403: MissingAuthenticationTokenException"), unsigned.get(0));
    }
  }

  /** On a server that keeps a database per key, {@code --key} names the namespace the relayed tools act on. */
  @Test
  void onAnIsolatingServerKeyNamesTheNamespace() throws Exception {
    try (io.partita.server.isolation.Namespaces namespaces = io.partita.server.isolation.Namespaces.inMemory(
            io.partita.server.isolation.Isolation.parse("keys"), "us-east-1", Partita::with, null);
        PartitaServer server = PartitaServer.start(namespaces, ServerConfig.defaults().withPort(0), p -> { }, false)) {
      namespaces.get(new io.partita.server.isolation.Namespace("ci-job-7", null, null)).execute(
          software.amazon.awssdk.services.dynamodb.model.CreateTableRequest.builder().tableName("Jobs")
              .billingMode("PAY_PER_REQUEST").keySchema(k -> k.attributeName("pk").keyType("HASH"))
              .attributeDefinitions(d -> d.attributeName("pk").attributeType("S")).build());
      String tables = "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"tools/call\", \"params\":"
          + " {\"name\": \"list_tables\", \"arguments\": {}}}";
      List<String> named = relay(server, List.of("--key", "ci-job-7"), Map.of(), tables);
      assertTrue(named.get(0).contains("Jobs"), named.toString());
      List<String> other = relay(server, List.of("--key", "ci-job-8"), Map.of(), tables);
      assertTrue(other.get(0).contains("\"isError\":false") && !other.get(0).contains("Jobs"), other.toString());
    }
  }
}
