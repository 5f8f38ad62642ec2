package io.partita.server.http;

import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.partita.engine.HotKeys;
import java.util.List;

/**
 * {@code GET /partita/hot-keys}: each table's most-read and most-written partition keys, as JSON (on an
 * isolating server, of the request's namespace: {@link ServerState#tenant});
 * {@code ?top=N} for N keys a table (1 to {@value #MOST}) instead of the server's ten. 404 unless
 * the server counts them (--hot-keys): the keys are the data's own values (docs/SECURITY.md).
 */
final class HotKeysEndpoint {
  static final String PATH = AdminEndpoint.PREFIX + "hot-keys";
  /** The most keys a table {@code ?top=N} lists. */
  static final int MOST = 100;

  private final ServerState state;

  HotKeysEndpoint(ServerState state) {
    this.state = state;
  }

  FullHttpResponse answer(FullHttpRequest request, ByteBufAllocator alloc, boolean headOnly) {
    io.partita.engine.Partita database = state.tenant(request, false).partita();
    if (database == null || !database.tracksHotKeys()) {
      return Responses.plainText(HttpResponseStatus.NOT_FOUND,
          "hot keys are not counted: start the server with --hot-keys", alloc, headOnly);
    }
    int top = state.hotKeysListed();
    List<String> asked = new QueryStringDecoder(request.uri()).parameters().get("top");
    if (asked != null) {
      String t = String.join(",", asked);
      top = t.matches("[0-9]{1,3}") ? Integer.parseInt(t) : 0;
      if (top < 1 || top > MOST) {
        return Responses.plainText(HttpResponseStatus.BAD_REQUEST,
            "top must be a whole number from 1 to " + MOST + ", not '" + t + "'", alloc, headOnly);
      }
    }
    List<HotKeys.HotKey> keys = database.hotKeys(top);
    return Responses.jsonText(g -> {
      g.writeStartObject();
      g.writeArrayFieldStart("HotKeys");
      for (HotKeys.HotKey k : keys) {
        g.writeStartObject();
        g.writeStringField("TableName", k.table());
        g.writeStringField("PartitionKey", k.partitionKey());
        g.writeNumberField("Reads", k.reads());
        g.writeNumberField("Writes", k.writes());
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeEndObject();
    }, alloc, headOnly);
  }
}
