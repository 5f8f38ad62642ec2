package io.partita.server.http;

import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;

/**
 * {@code GET /console...}: the web console's files ({@link ConsoleAssets#owns} says which paths),
 * or 404 when the console is off or has no such file (docs/console.md). The files are the jar's
 * own and public, so they pass the gate unsigned; the console signs every call it makes.
 */
final class ConsoleEndpoint {
  private final ServerState state;

  ConsoleEndpoint(ServerState state) {
    this.state = state;
  }

  FullHttpResponse answer(String path, ByteBufAllocator alloc, boolean headOnly) {
    ConsoleAssets assets = state.console();
    if (assets == null) {
      return Responses.plainText(HttpResponseStatus.NOT_FOUND, "the console is off: start the server with --console",
          alloc, headOnly);
    }
    ConsoleAssets.Asset asset = assets.find(path);
    if (asset == null) {
      return Responses.plainText(HttpResponseStatus.NOT_FOUND, "no such file in the console", alloc, headOnly);
    }
    return Responses.consoleAsset(asset.bytes(), asset.contentType(), alloc, headOnly);
  }
}
