package io.partita.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/**
 * The server's {@code /mcp} over streamable HTTP: a request's answer as JSON, a notification's 202,
 * no event stream; {@code /mcp/read-only} lists no tool that writes; a page of another origin, another
 * site's resource load are refused as on the admin API (a rebinding page's Host, and with credentials
 * an unsigned call: AccessTest; a call from another machine: McpGateTest).
 */
class McpHttpTest {
  private static final String INITIALIZE = "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"initialize\", \"params\":"
      + " {\"protocolVersion\": \"2025-06-18\", \"capabilities\": {}, \"clientInfo\": {\"name\": \"t\", \"version\": \"1\"}}}";

  private static HttpResponse<String> post(URI uri, String body, String... headers) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(uri).POST(HttpRequest.BodyPublishers.ofString(body))
        .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream");
    for (int i = 0; i < headers.length; i += 2) {
      b.setHeader(headers[i], headers[i + 1]);
    }
    return HttpClient.newHttpClient().send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void mcpIsServedOverHttpAsTheAdminApiIsGuarded() throws Exception {
    try (Partita partita = Partita.inMemory();
        PartitaServer server = PartitaServer.start(partita, ServerConfig.defaults().withPort(0))) {
      URI mcp = server.endpoint().resolve("/mcp");
      HttpResponse<String> init = post(mcp, INITIALIZE);
      assertEquals(200, init.statusCode(), init.body());
      assertEquals("application/json", init.headers().firstValue("Content-Type").orElse(""));
      assertTrue(init.body().contains("\"protocolVersion\":\"2025-06-18\""), init.body());
      HttpResponse<String> note = post(mcp, "{\"jsonrpc\": \"2.0\", \"method\": \"notifications/initialized\"}");
      assertEquals(202, note.statusCode());
      assertEquals("", note.body());

      HttpResponse<String> created = post(mcp, "{\"jsonrpc\": \"2.0\", \"id\": 2, \"method\": \"tools/call\", \"params\":"
          + " {\"name\": \"execute_partiql\", \"arguments\": {\"statement\": \"SELECT * FROM nothing\"}}}",
          "MCP-Protocol-Version", "2025-06-18");
      assertTrue(created.body().contains("ResourceNotFoundException"), created.body());
      assertTrue(created.body().contains("\"isError\":true"), created.body());

      String list = "{\"jsonrpc\": \"2.0\", \"id\": 3, \"method\": \"tools/list\"}";
      assertTrue(post(mcp, list).body().contains("\"put_item\""));
      HttpResponse<String> reads = post(server.endpoint().resolve("/mcp/read-only"), list);
      assertEquals(200, reads.statusCode());
      assertTrue(reads.body().contains("\"get_item\"") && !reads.body().contains("\"put_item\""), reads.body());

      HttpResponse<String> stream = HttpClient.newHttpClient().send(HttpRequest.newBuilder(mcp)
          .header("Accept", "text/event-stream").GET().build(), HttpResponse.BodyHandlers.ofString());
      assertEquals(405, stream.statusCode());
      assertEquals("POST", stream.headers().firstValue("Allow").orElse(""));
      assertEquals(406, post(mcp, list, "Accept", "text/html").statusCode());
      assertEquals(400, post(mcp, list, "MCP-Protocol-Version", "1999-01-01").statusCode());

      HttpResponse<String> foreign = post(mcp, list, "Origin", "http://evil.example");
      assertEquals(403, foreign.statusCode());
      assertTrue(foreign.body().contains("evil.example"), foreign.body());
      HttpResponse<String> localPage = post(mcp, list, "Origin", "http://localhost:5173");
      assertEquals(403, localPage.statusCode(), "a page CORS lets call the API is no caller of /mcp");
      assertTrue(localPage.body().startsWith("/mcp has the admin API's callers"), localPage.body());
      assertEquals(403, post(mcp, list, "Sec-Fetch-Site", "cross-site").statusCode());
      assertEquals(200, post(mcp, list, "Origin", server.endpoint().toString()).statusCode(),
          "the server's own pages are callers");
    }
  }

  /** The operator's {@code --mcp}: read-only serves the reading tools at both paths; off serves none. */
  @Test
  void theOperatorChoosesWhatMcpServes() throws Exception {
    String list = "{\"jsonrpc\": \"2.0\", \"id\": 3, \"method\": \"tools/list\"}";
    try (Partita partita = Partita.inMemory(); PartitaServer server = PartitaServer.start(partita,
        ServerConfig.defaults().withPort(0).withMcp(ServerConfig.McpAccess.READ_ONLY))) {
      HttpResponse<String> all = post(server.endpoint().resolve("/mcp"), list);
      assertEquals(200, all.statusCode(), all.body());
      assertTrue(all.body().contains("\"get_item\"") && !all.body().contains("\"put_item\""), all.body());
    }
    try (Partita partita = Partita.inMemory(); PartitaServer server = PartitaServer.start(partita,
        ServerConfig.defaults().withPort(0).withMcp(ServerConfig.McpAccess.OFF))) {
      HttpResponse<String> off = post(server.endpoint().resolve("/mcp"), list);
      assertEquals(404, off.statusCode());
      assertEquals("this server serves no MCP (it was started with --mcp off)", off.body().strip());
      assertEquals(404, post(server.endpoint().resolve("/mcp/read-only"), list).statusCode());
    }
  }
}
