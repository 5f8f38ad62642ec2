package io.partita.server.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.server.auth.SignedRequest;
import io.partita.server.wire.Dispatcher;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One connection's DynamoDB requests. A request that may wait for a durable write's log sync runs
 * on a worker thread, so the event loop stays free for other connections; the rest run on the event
 * loop itself ({@link Threading}). Requests on one
 * connection are answered in order, one at a time: a client that pipelines gets its answers in the
 * order it asked, and reading pauses while a request is in flight, so a fast sender cannot queue
 * unbounded work.
 */
final class DynamoDbHttpHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
  private static final Logger LOG = Logger.getLogger(DynamoDbHttpHandler.class.getName());
  private final ServerState state;
  private final Executor workers;
  private final ArrayDeque<FullHttpRequest> waiting = new ArrayDeque<>();
  private boolean busy;

  DynamoDbHttpHandler(ServerState state, Executor workers) {
    super(false);
    this.state = state;
    this.workers = workers;
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
    if (busy) {
      waiting.add(request);
      return;
    }
    start(ctx, request);
  }

  private void start(ChannelHandlerContext ctx, FullHttpRequest request) {
    busy = true;
    ctx.channel().config().setAutoRead(false);
    if (!state.enter()) {
      request.release();
      finish(ctx, shuttingDown(ctx), false, false);
      return;
    }
    try {
      if (state.threading().runsOnEventLoop(request)) {
        serve(ctx, request);
      } else {
        workers.execute(() -> serve(ctx, request));
      }
    } catch (RejectedExecutionException e) {
      request.release();
      finish(ctx, shuttingDown(ctx), false, true);
    }
  }

  private static FullHttpResponse shuttingDown(ChannelHandlerContext ctx) {
    return Responses.error(new PartitaException(ErrorCode.InternalServerError, "The server is shutting down"),
        ctx.alloc());
  }

  private void serve(ChannelHandlerContext ctx, FullHttpRequest request) {
    FullHttpResponse response;
    // after an HTTP syntax error the decoder discards the rest of the stream: the connection is done
    boolean keepAlive = HttpUtil.isKeepAlive(request) && !request.decoderResult().isFailure();
    try {
      response = answer(ctx, request);
    } catch (RuntimeException e) {
      LOG.log(Level.SEVERE, "unexpected failure serving a request", e);
      response = Responses.error(new PartitaException(ErrorCode.InternalServerError, "Internal server error"),
          ctx.alloc());
    } finally {
      request.release();
    }
    FullHttpResponse answer = response;
    if (ctx.executor().inEventLoop()) {
      finish(ctx, answer, keepAlive && !state.draining(), true);
    } else {
      ctx.executor().execute(() -> finish(ctx, answer, keepAlive && !state.draining(), true));
    }
  }

  private FullHttpResponse answer(ChannelHandlerContext ctx, FullHttpRequest request) {
    if (request.decoderResult().isFailure()) {
      return Responses.error(new PartitaException(ErrorCode.SerializationException,
          "The request could not be decoded: " + request.decoderResult().cause().getMessage()), ctx.alloc());
    }
    HttpMethod method = request.method();
    if (method.equals(HttpMethod.GET) || method.equals(HttpMethod.HEAD)) {
      return Responses.health(state.region(), ctx.alloc(), method.equals(HttpMethod.HEAD));
    }
    if (!method.equals(HttpMethod.POST)) {
      return Responses.error(new PartitaException(ErrorCode.UnknownOperationException,
          "DynamoDB's API accepts POST requests only, not " + method), ctx.alloc());
    }
    try {
      state.authenticator().authenticate(signedRequest(request));
    } catch (PartitaException e) {
      return Responses.error(e, ctx.alloc());
    }
    ByteBuf body = ctx.alloc().buffer();
    ByteBufOutputStream stream = new ByteBufOutputStream(body);
    Dispatcher.Output out = new Dispatcher.Output() {
      @Override
      public OutputStream stream() {
        return stream;
      }

      @Override
      public void clear() {
        body.clear();
      }
    };
    String target = request.headers().get("X-Amz-Target");
    int status = state.dispatcher().dispatch(target, new ByteBufInputStream(request.content()), out);
    return Responses.json(HttpResponseStatus.valueOf(status), body,
        Compression.accepted(request.headers().get(HttpHeaderNames.ACCEPT_ENCODING)), ctx.alloc());
  }

  private static SignedRequest signedRequest(FullHttpRequest request) {
    QueryStringDecoder uri = new QueryStringDecoder(request.uri());
    int q = request.uri().indexOf('?');
    List<Map.Entry<String, String>> headers = new ArrayList<>(request.headers().size());
    request.headers().forEach(headers::add);
    ByteBuf content = request.content();
    byte[] payload = new byte[content.readableBytes()];
    content.getBytes(content.readerIndex(), payload);
    return new SignedRequest(request.method().name(), uri.rawPath(),
        q < 0 ? "" : request.uri().substring(q + 1), headers, payload);
  }

  /**
   * On the event loop: writes the answer, then takes the next waiting request or resumes reading. A
   * counted request leaves the in-flight count only once its answer is written, so a shutdown that
   * waits for the count never closes a connection under an answer still on its way out.
   */
  private void finish(ChannelHandlerContext ctx, FullHttpResponse response, boolean keepAlive, boolean counted) {
    HttpUtil.setKeepAlive(response, keepAlive);
    ChannelFuture written = ctx.writeAndFlush(response);
    if (counted) {
      written.addListener(f -> state.exit());
    }
    if (!keepAlive) {
      for (FullHttpRequest r; (r = waiting.poll()) != null; ) {
        r.release();
      }
      written.addListener(ChannelFutureListener.CLOSE);
      return;
    }
    busy = false;
    FullHttpRequest next = waiting.poll();
    if (next != null) {
      // a task, not a call: requests served on the event loop would otherwise recurse once per
      // pipelined request
      ctx.executor().execute(() -> start(ctx, next));
    } else {
      ctx.channel().config().setAutoRead(true);
      ctx.read();
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    for (FullHttpRequest r; (r = waiting.poll()) != null; ) {
      r.release();
    }
    super.channelInactive(ctx);
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    // a broken connection or an HTTP syntax error: nothing more can be answered on it
    LOG.log(Level.FINE, "closing a connection after " + cause, cause);
    ctx.close();
  }
}
