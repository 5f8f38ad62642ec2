package io.partita.server.http;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.partita.server.wire.FrontEndRefusal;

/**
 * Gathers a request body, as it arrives (compressed or not), up to the limit. A declared {@code
 * Content-Length} over the limit is refused before any of the body is read, a chunked one as soon
 * as it passes the limit. The refusal is not written from here: it travels to {@link
 * DynamoDbHttpHandler} as a failed request, so it is answered in order after any request still in
 * flight on the connection, which is then closed. A compressed body is bounded again, after
 * inflation, by the API's endpoint ({@link ApiEndpoint}).
 */
final class BodyLimit extends HttpObjectAggregator {
  private final int maxBytes;

  BodyLimit(int maxBytes) {
    super(maxBytes);
    this.maxBytes = maxBytes;
  }

  /** Why a request was refused before it reached the handler: its answer is carried along. */
  static final class Refused extends RuntimeException {
    final transient FrontEndRefusal answer;

    Refused(FrontEndRefusal answer) {
      super(answer.getMessage(), null, false, false);
      this.answer = answer;
    }
  }

  static FrontEndRefusal tooLarge(String size, int maxBytes) {
    return new FrontEndRefusal(FrontEndRefusal.Code.RequestEntityTooLargeException,
        "Request body " + size + "exceeds the maximum request size of " + maxBytes + " bytes");
  }

  private String declaredSize(HttpMessage message) {
    return HttpUtil.isContentLengthSet(message) ? "of " + HttpUtil.getContentLength(message, -1L) + " bytes " : "";
  }

  @Override
  protected void handleOversizedMessage(ChannelHandlerContext ctx, HttpMessage oversized) {
    // the aggregator releases the oversized message itself once this returns
    FullHttpRequest refusal = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/",
        Unpooled.EMPTY_BUFFER);
    refusal.setDecoderResult(DecoderResult.failure(new Refused(tooLarge(declaredSize(oversized), maxBytes))));
    ctx.fireChannelRead(refusal);
  }

  /**
   * A client that sends {@code Expect: 100-continue} with a body over the limit is told so before it
   * uploads: with DynamoDB's JSON error rather than Netty's empty 413.
   */
  @Override
  protected Object newContinueResponse(HttpMessage start, int maxContentLength, ChannelPipeline pipeline) {
    if (!start.headers().contains(io.netty.handler.codec.http.HttpHeaderNames.EXPECT)) {
      // most requests: no answer before the body, as the aggregator would say after three lookups
      return null;
    }
    if (HttpUtil.is100ContinueExpected(start) && HttpUtil.getContentLength(start, -1L) > maxContentLength) {
      start.headers().remove(io.netty.handler.codec.http.HttpHeaderNames.EXPECT);
      FullHttpResponse refusal = Responses.error(tooLarge(declaredSize(start), maxBytes), pipeline.channel().alloc());
      HttpUtil.setKeepAlive(refusal, false);
      return refusal;
    }
    return super.newContinueResponse(start, maxContentLength, pipeline);
  }
}
