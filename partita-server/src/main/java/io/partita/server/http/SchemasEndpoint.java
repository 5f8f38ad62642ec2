package io.partita.server.http;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The console's schemas: {@code GET /partita/schemas} lists the tables with a registered schema;
 * {@code GET /partita/schemas/TABLE} answers its schema, or 404; {@code PUT /partita/schemas/TABLE}
 * registers one (a JSON object, what partita-model's {@code Model.describe()} writes). An isolating
 * server keeps each namespace's apart ({@link ServerState#tenant}). A
 * registration changes what every console shows: who may make one is {@link
 * Gate#changeRefusal}'s to say, as for the admin API.
 */
final class SchemasEndpoint {
  static final String PATH = AdminEndpoint.PREFIX + "schemas";
  /** The largest schema taken, in bytes: a model's description is a few kilobytes. */
  private static final int MAX_SCHEMA_BYTES = 256 * 1024;

  private final ServerState state;

  SchemasEndpoint(ServerState state) {
    this.state = state;
  }

  /** Whether {@code path} is this endpoint's, for a request of {@code method}. */
  static boolean owns(HttpMethod method, String path) {
    boolean get = method.equals(HttpMethod.GET) || method.equals(HttpMethod.HEAD);
    return (get && path.equals(PATH)) || ((get || method.equals(HttpMethod.PUT)) && path.startsWith(PATH + "/"));
  }

  FullHttpResponse answer(ChannelHandlerContext ctx, FullHttpRequest request, String path) {
    boolean head = request.method().equals(HttpMethod.HEAD);
    boolean put = request.method().equals(HttpMethod.PUT);
    // a caller who may change nothing opens no namespace either
    String refused = put ? state.gate().changeRefusal(ctx.channel().remoteAddress(), request.headers()) : null;
    if (refused != null) {
      return Responses.forbidden(refused, ctx.alloc(), false);
    }
    java.util.Map<String, String> schemas = state.tenant(request, false).schemas();
    if (path.equals(PATH)) {
      return Responses.jsonText(g -> {
        g.writeStartObject();
        g.writeArrayFieldStart("Tables");
        for (String t : schemas.keySet()) {
          g.writeString(t);
        }
        g.writeEndArray();
        g.writeEndObject();
      }, ctx.alloc(), head);
    }
    String table = QueryStringDecoder.decodeComponent(path.substring(PATH.length() + 1));
    if (!table.matches("[a-zA-Z0-9_.-]{3,255}")) {
      return Responses.plainText(HttpResponseStatus.BAD_REQUEST, "not a table name: '" + table + "'", ctx.alloc(), head);
    }
    if (!put) {
      String schema = schemas.get(table);
      return schema == null
          ? Responses.plainText(HttpResponseStatus.NOT_FOUND,
              "no schema is registered for " + table + " (PUT one to " + PATH + "/" + table + ")", ctx.alloc(), head)
          : Responses.text(HttpResponseStatus.OK, "application/json", schema, ctx.alloc(), head);
    }
    if (request.content().readableBytes() > MAX_SCHEMA_BYTES) {
      return Responses.plainText(HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE,
          "a schema is at most " + MAX_SCHEMA_BYTES + " bytes", ctx.alloc(), false);
    }
    String body = request.content().toString(StandardCharsets.UTF_8);
    try (JsonParser p = new JsonFactory().createParser(body)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw new IOException("a schema is a JSON object");
      }
      p.skipChildren();
      if (p.nextToken() != null) {
        throw new IOException("text after the schema's object");
      }
    } catch (IOException e) {
      return Responses.plainText(HttpResponseStatus.BAD_REQUEST,
          "not a JSON object: " + e.getMessage().lines().findFirst().orElse(""), ctx.alloc(), false);
    }
    schemas.put(table, body);
    return Responses.plainText(HttpResponseStatus.OK, "schema registered for " + table, ctx.alloc(), false);
  }
}
