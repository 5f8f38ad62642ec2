package io.partita.server.http;

import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.partita.server.mcp.McpHttp;
import io.partita.server.mcp.McpServer;

/**
 * The MCP server over streamable HTTP (docs/mcp.md): {@code /mcp}, every tool, and {@code
 * /mcp/read-only}, the tools that read. Who may call it is who may change how the server serves
 * ({@link Gate#changeRefusal}), as for the admin API, checked on every request, reads included: its
 * tools write items, restore snapshots and reset the database. Made at its first request, so a server
 * that is never asked loads nothing of MCP (the start-up measured in issue 37 is unchanged).
 */
final class McpEndpoint {
  static final String PATH = "/mcp";
  static final String READ_ONLY = PATH + "/read-only";

  private final McpHttp all;
  private final McpHttp reads;

  McpEndpoint(ServerState state) {
    // the schemas map is the live registry: a model registered after this is made is seen by the next call
    boolean served = state.snapshots() != null;
    this.all = served ? new McpHttp(McpServer.of(state.snapshots(), state.schemas(), state.reseed(), false)) : null;
    this.reads = served ? new McpHttp(McpServer.of(state.snapshots(), state.schemas(), state.reseed(), true)) : null;
  }

  static boolean owns(String path) {
    return path.equals(PATH) || path.equals(READ_ONLY);
  }

  FullHttpResponse answer(ChannelHandlerContext ctx, FullHttpRequest request, String path, String refused) {
    if (refused != null) {
      return Responses.forbidden(PATH + " has the admin API's callers, and " + refused, ctx.alloc(), false);
    }
    if (all == null) {
      return Responses.plainText(HttpResponseStatus.NOT_FOUND, "this server has no database to serve MCP for",
          ctx.alloc(), false);
    }
    McpHttp.Answer a = (path.equals(READ_ONLY) ? reads : all).answer(request.method().name(),
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
