package io.partita.server.http;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.nio.charset.StandardCharsets;

/**
 * {@code POST /partita/NAME}, the admin API: switches injected faults, added latency, throttling or
 * the consistency lag while the server runs (docs/SERVER.md); all but the latency are the database's, on an
 * isolating server the request's namespace's ({@link ServerState#tenant}). The body is a spec as the option of
 * the same name takes it, or {@code none}. The API changes how every client is served: who may call
 * it is {@link Gate#changeRefusal}'s to say.
 */
final class AdminEndpoint {
  /** The server's own paths under it: the admin API's, and the hot keys' and schemas' beside it. */
  static final String PREFIX = "/partita/";

  private final ServerState state;

  AdminEndpoint(ServerState state) {
    this.state = state;
  }

  /** Applies the switch {@code what} (the path after {@link #PREFIX}) with the body's spec. */
  FullHttpResponse answer(ChannelHandlerContext ctx, FullHttpRequest request, String what) {
    long start = System.nanoTime();
    ServerState.Switch apply = state.switches().get(what);
    // logged and counted as a request is (ServerState#observedAction), named by the switch when it is one of
    // the server's: a name a client made up never reaches a log line or a metric's label
    String operation = "PartitaSwitch" + (apply == null ? "" : ":" + what);
    String refused = state.gate().changeRefusal(ctx.channel().remoteAddress(), request.headers());
    if (refused != null) {
      return state.observedAction(operation, null, start, Responses.forbidden(refused, ctx.alloc(), false));
    }
    if (apply == null) {
      return state.observedAction(operation, null, start, Responses.plainText(HttpResponseStatus.NOT_FOUND,
          "no admin resource " + PREFIX + what + " (there are " + String.join(", ",
              state.switches().keySet().stream().map(n -> PREFIX + n).toList()) + ")", ctx.alloc(), false));
    }
    String spec = request.content().toString(StandardCharsets.UTF_8).trim();
    Tenant tenant = apply.perDatabase() ? state.tenant(request, false) : null;
    FullHttpResponse answer;
    try {
      apply.apply().accept(tenant == null ? null : tenant.partita(), spec);
      answer = Responses.plainText(HttpResponseStatus.OK, what + " set: " + spec, ctx.alloc(), false);
    } catch (IllegalArgumentException e) {
      answer = Responses.plainText(HttpResponseStatus.BAD_REQUEST, e.getMessage(), ctx.alloc(), false);
    }
    return state.observedAction(operation, tenant == null ? null : tenant.label(), start, answer);
  }
}
