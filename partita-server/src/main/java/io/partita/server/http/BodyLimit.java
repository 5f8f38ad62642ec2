package io.partita.server.http;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpUtil;
import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;

/**
 * Gathers a request body up to the limit and refuses a larger one with a JSON error. A declared
 * {@code Content-Length} over the limit is refused before any of the body is read; a chunked or
 * compressed body is refused as soon as its decoded bytes pass the limit, so neither a large upload
 * nor a small compressed bomb can fill memory. The connection is closed after the refusal, since
 * the rest of the oversized body would otherwise have to be read and thrown away.
 */
final class BodyLimit extends HttpObjectAggregator {
  private final int maxBytes;

  BodyLimit(int maxBytes) {
    super(maxBytes);
    this.maxBytes = maxBytes;
  }

  @Override
  protected void handleOversizedMessage(ChannelHandlerContext ctx, HttpMessage oversized) {
    // the aggregator releases the oversized message itself once this returns
    String size = HttpUtil.isContentLengthSet(oversized)
        ? "of " + HttpUtil.getContentLength(oversized, -1L) + " bytes " : "";
    FullHttpResponse response = Responses.error(new PartitaException(ErrorCode.RequestEntityTooLargeException,
        "Request body " + size + "exceeds the maximum request size of " + maxBytes + " bytes"), ctx.alloc());
    HttpUtil.setKeepAlive(response, false);
    ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
  }
}
