package io.partita.server.http;

import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.partita.server.observe.ServerMetrics;

/**
 * {@code GET /metrics}: the Prometheus scrape, served only when the server counts metrics
 * (--metrics; without them the path is not routed here). With credentials configured a scrape is
 * signed, or carries --metrics-token's bearer token: the router asks the gate before it comes here.
 */
final class MetricsEndpoint {
  static final String PATH = "/metrics";

  FullHttpResponse answer(ServerMetrics metrics, ByteBufAllocator alloc, boolean headOnly) {
    return Responses.text(HttpResponseStatus.OK, metrics.contentType(), metrics.scrape(), alloc, headOnly);
  }
}
