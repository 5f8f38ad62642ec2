package io.partita.server.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.partita.engine.StorageStatus;
import io.partita.server.wire.RequestIds;
import java.nio.charset.StandardCharsets;

/**
 * {@code GET /} and {@code HEAD /}: DynamoDB answers them with a one-line health message naming its
 * endpoint. While the storage cannot write, Partita answers 503 instead, with a line that says so,
 * why (never a path) and since when: a load balancer or an orchestrator sees a server that cannot
 * take writes, though it still serves reads. The one path no credentials guard (docs/SECURITY.md).
 */
final class HealthEndpoint {
  static final String PATH = "/";

  private final ServerState state;

  HealthEndpoint(ServerState state) {
    this.state = state;
  }

  FullHttpResponse answer(ByteBufAllocator alloc, boolean headOnly) {
    StorageStatus storage = state.storage();
    String endpoint = "dynamodb." + state.region() + ".amazonaws.com ";
    String line = storage.writable() ? "healthy: " + endpoint
        : "unhealthy: " + endpoint + "writes failing since " + storage.failingSince() + ": " + storage.problem()
            + "; reads served";
    byte[] text = line.getBytes(StandardCharsets.UTF_8);
    ByteBuf body = headOnly ? alloc.buffer(0) : alloc.buffer(text.length).writeBytes(text);
    HttpResponseStatus status = storage.writable() ? HttpResponseStatus.OK : HttpResponseStatus.SERVICE_UNAVAILABLE;
    FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, body, Responses.UNCHECKED,
        Responses.UNCHECKED);
    response.headers().set(HttpHeaderNames.SERVER, Responses.SERVER);
    response.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain");
    response.headers().set(Responses.REQUEST_ID, RequestIds.next());
    response.headers().set(HttpHeaderNames.DATE, HttpDate.now());
    response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, text.length);
    return response;
  }
}
