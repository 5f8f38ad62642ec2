package io.partita.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code partita mcp --log-requests} logs what an agent's tools did, as {@code serve --log-requests}
 * does, on standard error: standard output stays the protocol's alone, a line per answer.
 */
class McpStdioLogTest {
  /** One run of {@code partita mcp OPTIONS} with {@code lines} on its standard input. */
  private record Run(int code, List<String> out, String err) {}

  private static Run mcp(List<String> options, String... lines) throws Exception {
    List<String> command = new ArrayList<>(List.of(ServerProcess.root().resolve("partita").toString(), "mcp"));
    command.addAll(options);
    ProcessBuilder b = new ProcessBuilder(command);
    b.environment().put("PARTITA_CLASSPATH", System.getProperty("java.class.path"));
    Process p = b.start();
    CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> {
      try {
        return new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    p.getOutputStream().write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(2, TimeUnit.MINUTES), "partita mcp did not end with its input");
    return new Run(p.exitValue(), out.lines().toList(), err.get(1, TimeUnit.MINUTES));
  }

  private static String call(int id, String tool, String arguments) {
    return "{\"jsonrpc\": \"2.0\", \"id\": " + id + ", \"method\": \"tools/call\", \"params\": {\"name\": \"" + tool
        + "\", \"arguments\": " + arguments + "}}";
  }

  @Test
  void theToolsRequestsAndChangesAreLoggedOnStandardErrorOnly() throws Exception {
    String[] session = {
        call(1, "list_tables", "{}"),
        call(2, "put_item", "{\"table\": \"Missing\", \"item\": {\"PK\": {\"S\": \"USER#alice\"}}}"),
        call(3, "save_snapshot", "{\"name\": \"before\"}"),
        call(4, "reset", "{}")};
    Run logged = mcp(List.of("--in-memory", "--log-requests"), session);
    assertEquals(0, logged.code(), logged.err());
    assertEquals(4, logged.out().size(), logged.out().toString());
    for (String line : logged.out()) {
      assertTrue(line.startsWith("{\"jsonrpc\":\"2.0\""), "not a protocol message on standard output: " + line);
    }
    List<String> lines = logged.err().lines().toList();
    assertTrue(lines.stream().anyMatch(l -> l.contains(" ListTables status=200 error=- table=- ")), logged.err());
    assertTrue(lines.stream().anyMatch(l -> l.contains(" PutItem status=400 error=ResourceNotFoundException"
        + " table=Missing ")), logged.err());
    assertTrue(lines.stream().anyMatch(l -> l.contains(" PartitaSaveSnapshot status=200 ")), logged.err());
    assertTrue(lines.stream().anyMatch(l -> l.contains(" PartitaReset status=200 ")), logged.err());

    Run json = mcp(List.of("--in-memory", "--log-requests=json"), session[0]);
    assertEquals(0, json.code(), json.err());
    assertTrue(json.err().contains("\"operation\":\"ListTables\""), json.err());

    Run quiet = mcp(List.of("--in-memory"), session);
    assertEquals(0, quiet.code(), quiet.err());
    assertEquals(4, quiet.out().size(), quiet.out().toString());
    assertFalse(quiet.err().contains("ListTables"), "logged without --log-requests: " + quiet.err());
  }

  @Test
  void anUnknownFormatOrARelayedLogIsRefusedInOneLine() throws Exception {
    Run xml = mcp(List.of("--in-memory", "--log-requests=xml"));
    assertEquals(1, xml.code());
    assertEquals("partita mcp: --log-requests takes plain or json, not 'xml'", xml.err().strip());
    Run relayed = mcp(List.of("--endpoint", "http://127.0.0.1:9", "--log-requests"));
    assertEquals(1, relayed.code());
    assertTrue(relayed.err().strip().startsWith("partita mcp: with --endpoint the server logs the tools' requests"),
        relayed.err());
  }
}
