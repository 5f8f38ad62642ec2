package io.partita.server.http;

import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.partita.engine.Partita;
import io.partita.server.ServerConfig;
import io.partita.server.mcp.McpHttp;
import io.partita.server.mcp.McpServer;

/**
 * The MCP server over streamable HTTP (docs/mcp.md): {@code /mcp}, every tool, and {@code
 * /mcp/read-only}, the tools that read. Who may call it is who may change how the server serves
 * ({@link Gate#changeRefusal}), as for the admin API, checked on every request, reads included: its
 * tools write items, restore snapshots and reset the database. Its tools act on the request's
 * database ({@link ServerState#tenant}: on an isolating server the namespace of the key it is signed
 * with, or named by {@code ?key=ID&region=R}). Made at a connection's first request to it, so a
 * server that is never asked loads nothing of MCP (the start-up measured in issue 37 is unchanged).
 */
final class McpEndpoint {
  static final String PATH = "/mcp";
  static final String READ_ONLY = PATH + "/read-only";

  private final ServerState state;

  McpEndpoint(ServerState state) {
    this.state = state;
  }

  static boolean owns(String path) {
    return path.equals(PATH) || path.equals(READ_ONLY);
  }

  FullHttpResponse answer(ChannelHandlerContext ctx, FullHttpRequest request, String path, String refused) {
    if (state.mcp() == ServerConfig.McpAccess.OFF) {
      return Responses.plainText(HttpResponseStatus.NOT_FOUND, "this server serves no MCP (it was started with --mcp"
          + " off)", ctx.alloc(), false);
    }
    if (refused != null) {
      return Responses.forbidden(PATH + " has the admin API's callers, and " + refused, ctx.alloc(), false);
    }
    Tenant tenant = state.tenant(request, false); // a caller refused a change opens no namespace
    if (tenant.partita() == null) {
      return Responses.plainText(HttpResponseStatus.NOT_FOUND, "this server has no database to serve MCP for",
          ctx.alloc(), false);
    }
    // made for each call, which agents make a few at a time: its tools are a few objects over the
    // database and its live registry of models, so nothing is kept that could outlive a namespace
    Partita partita = tenant.partita();
    McpServer server = McpServer.of(partita, tenant.schemas(), () -> state.reseed().accept(partita),
        path.equals(READ_ONLY) || state.mcp() == ServerConfig.McpAccess.READ_ONLY,
        state.observing() ? state::observed : null, tenant.label());
    McpHttp.Answer a = new McpHttp(server).answer(request.method().name(),
        request.headers().get(HttpHeaderNames.ACCEPT), request.headers().get("MCP-Protocol-Version"),
        ByteBufUtil.getBytes(request.content()));
    FullHttpResponse response = Responses.bytes(HttpResponseStatus.valueOf(a.status()),
        a.contentType() == null ? "application/json" : a.contentType(), a.body(), ctx.alloc(), false);
    if (a.status() == 405) {
      response.headers().set(HttpHeaderNames.ALLOW, "POST");
    }
    return response;
  }
}
