package io.partita.server.mcp;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * MCP's streamable HTTP transport, as the server's {@code /mcp} serves it: a client POSTs one JSON-RPC
 * message; a request gets its answer as {@code application/json} (the transport lets a server answer
 * so instead of opening an event stream), a notification or a response 202 and no body. There is no
 * stream for the server to send unasked ({@code GET}: 405) and no session to end ({@code DELETE}:
 * 405): no message here needs either. Who may send is the server's gate's to say, before this is
 * reached (docs/SECURITY.md); this only speaks the protocol.
 */
public final class McpHttp {
  /** An HTTP answer: its status, its content type (null with no body) and its body. */
  public record Answer(int status, String contentType, byte[] body) {
    static Answer text(int status, String line) {
      return new Answer(status, "text/plain; charset=utf-8", (line + "\n").getBytes(StandardCharsets.UTF_8));
    }
  }

  private final McpServer server;

  public McpHttp(McpServer server) {
    this.server = server;
  }

  /**
   * The answer to one HTTP request.
   *
   * @param method the HTTP method
   * @param accept the {@code Accept} header, or null
   * @param protocolVersion the {@code MCP-Protocol-Version} header, or null (before initialization, or
   *     an old client: then 2025-03-26 by the transport's rule)
   * @param body the request's body
   */
  public Answer answer(String method, String accept, String protocolVersion, byte[] body) {
    if (!method.equals("POST")) {
      return Answer.text(405, "this MCP server answers POSTed JSON-RPC messages only: it offers no event stream"
          + " (GET) and keeps no session (DELETE)");
    }
    if (accept != null && !accepts(accept, "application/json")) {
      return Answer.text(406, "an MCP client must accept application/json (Accept: application/json,"
          + " text/event-stream), not " + accept);
    }
    if (protocolVersion != null && !McpServer.VERSIONS.contains(protocolVersion)) {
      return Answer.text(400, "MCP-Protocol-Version " + protocolVersion + " is not one this server speaks: "
          + McpServer.VERSIONS);
    }
    String answer = server.answer(new String(body, StandardCharsets.UTF_8));
    return answer == null ? new Answer(202, null, new byte[0])
        : new Answer(200, "application/json", answer.getBytes(StandardCharsets.UTF_8));
  }

  private static boolean accepts(String accept, String type) {
    String a = accept.toLowerCase(Locale.ROOT);
    return a.contains(type) || a.contains("*/*") || a.contains("application/*");
  }
}
