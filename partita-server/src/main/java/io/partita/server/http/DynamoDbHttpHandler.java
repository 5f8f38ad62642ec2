package io.partita.server.http;

import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.server.Latency;
import java.util.ArrayDeque;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One connection's life: which thread answers each request, in what order, and whether the
 * connection is kept, closed or closed lingering after an answer; what answers a request is the
 * {@link Router}'s to say. A request that may wait for a durable write's log sync runs on a worker
 * thread, so the event loop stays free for other connections; the rest run on the event loop itself
 * ({@link Threading}). Requests on one connection are answered in order, one at a time: a client
 * that pipelines gets its answers in the order it asked, refusals included, and at most {@link
 * #MAX_WAITING} requests may wait behind the one in flight. (Named for what it was before the
 * endpoints moved out: the server's pipeline and its tests construct it by this name.)
 */
final class DynamoDbHttpHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
  private static final Logger LOG = Logger.getLogger(DynamoDbHttpHandler.class.getName());
  /** DynamoDB's clients do not pipeline; a connection that queues more than this is closed. */
  static final int MAX_WAITING = 64;

  /** What becomes of the connection once an answer is written. */
  private enum Ending {
    KEEP_ALIVE,
    CLOSE,
    /**
     * Closed by {@link LingeringClose}: after an HTTP syntax error or a refused body the rest of
     * the stream is not usable, and the client may still be sending a body nobody will read.
     */
    LINGER;

    /**
     * Decided when the answer is written: once a shutdown has begun, a keep-alive connection is
     * closed after it, by a lingering close, so that bytes its client sent meanwhile are read and
     * dropped rather than met by a reset that can destroy the answer before the client reads it.
     */
    Ending unlessDraining(ServerState state) {
      return this == KEEP_ALIVE && state.draining() ? LINGER : this;
    }
  }

  /**
   * Fired at every connection when the server has drained (HttpServer.close): from then on, each
   * closes once it owes no answer.
   */
  static final Object CLOSE_WHEN_IDLE = new Object() {
    @Override
    public String toString() {
      return "CLOSE_WHEN_IDLE";
    }
  };

  /**
   * How long an idle connection stays open once the server has drained: a keep-alive client sends
   * its next request as soon as it has read an answer, and that request, already on its way, is
   * answered (with the 500 "shutting down") rather than met by a closed socket. A connection still
   * silent after this is closed; a request sent at that very moment is the one the server cannot
   * answer (HTTP/1.1 has no way to tell a client to stop using a connection before closing it).
   */
  static final long IDLE_GRACE_MILLIS = 250;

  private final ServerState state;
  private final Router router;
  private final Executor workers;
  private final RequestDeadline deadline;
  private final ArrayDeque<FullHttpRequest> waiting = new ArrayDeque<>();
  private boolean busy;
  /** Whether reading is paused while an answer is made elsewhere or later (see start). */
  private boolean paused;

  DynamoDbHttpHandler(ServerState state, Executor workers, RequestDeadline deadline) {
    super(false);
    this.state = state;
    this.router = new Router(state);
    this.workers = workers;
    this.deadline = deadline;
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
    if (!busy) {
      start(ctx, request);
    } else if (waiting.size() < MAX_WAITING) {
      waiting.add(request);
    } else {
      request.release();
      LOG.fine("closing a connection that pipelined more than " + MAX_WAITING + " requests");
      ctx.close();
    }
  }

  private void start(ChannelHandlerContext ctx, FullHttpRequest request) {
    busy = true;
    if (!state.enter()) {
      request.release();
      // lingering, like every close during a shutdown: see Ending.unlessDraining
      finish(ctx, shuttingDown(ctx), Ending.LINGER, false);
      return;
    }
    try {
      boolean onEventLoop = state.threading().runsOnEventLoop(request);
      if (!onEventLoop || state.latency().isOn()) {
        // answered later: read nothing more meanwhile, so requests wait in the client's socket
        // rather than here. An answer written before this returns needs no pause: the next request
        // is read after it, and pausing and resuming cost the selector's locked bookkeeping twice.
        paused = true;
        ctx.channel().config().setAutoRead(false);
      }
      if (onEventLoop) {
        serve(ctx, request);
      } else {
        workers.execute(() -> serve(ctx, request));
      }
    } catch (RejectedExecutionException e) {
      request.release();
      finish(ctx, shuttingDown(ctx), Ending.CLOSE, true);
    }
  }

  private static FullHttpResponse shuttingDown(ChannelHandlerContext ctx) {
    return Responses.error(new PartitaException(ErrorCode.InternalServerError, "The server is shutting down"),
        ctx.alloc());
  }

  /** Answers one request, whatever happens, and hands the answer back to the event loop. */
  private void serve(ChannelHandlerContext ctx, FullHttpRequest request) {
    FullHttpResponse response;
    Ending ending = request.decoderResult().isFailure() ? Ending.LINGER
        : HttpUtil.isKeepAlive(request) ? Ending.KEEP_ALIVE : Ending.CLOSE;
    Latency latency = state.latency();
    // the operation is only looked at for a latency per operation: nothing is done for it when off
    String target = latency.isOn() ? request.headers().get("X-Amz-Target") : null;
    String operation = target == null ? null : target.substring(target.indexOf('.') + 1);
    try {
      response = router.answer(ctx, request);
    } catch (Throwable e) {
      // an Error too (out of memory under load, say): the connection still gets an answer and the
      // in-flight count still goes down, so neither the client nor a shutdown waits for ever
      LOG.log(Level.SEVERE, "unexpected failure serving a request", e);
      response = Responses.error(new PartitaException(ErrorCode.InternalServerError, "Internal server error"),
          ctx.alloc());
    } finally {
      request.release();
    }
    FullHttpResponse answer = response;
    if (latency.isOn()) {
      // the answer waits on the event loop's timer, holding no thread (docs/SERVER.md, --latency)
      long delay = latency.delayMillis(operation);
      try {
        ctx.executor().schedule(() -> finish(ctx, answer, ending.unlessDraining(state), true), delay,
            TimeUnit.MILLISECONDS);
      } catch (RejectedExecutionException e) {
        answer.release();
        state.exit();
      }
      return;
    }
    if (ctx.executor().inEventLoop()) {
      finish(ctx, answer, ending.unlessDraining(state), true);
    } else {
      try {
        ctx.executor().execute(() -> finish(ctx, answer, ending.unlessDraining(state), true));
      } catch (RejectedExecutionException e) {
        // the event loop stopped after a drain that timed out: nobody can receive this answer
        answer.release();
        state.exit();
      }
    }
  }

  /**
   * On the event loop: writes the answer, then takes the next waiting request or resumes reading. A
   * counted request leaves the in-flight count only once its answer is written, so a shutdown that
   * waits for the count never closes a connection under an answer still on its way out.
   */
  private void finish(ChannelHandlerContext ctx, FullHttpResponse response, Ending ending, boolean counted) {
    boolean keepAlive = ending == Ending.KEEP_ALIVE;
    HttpUtil.setKeepAlive(response, keepAlive);
    ChannelFuture written = ctx.writeAndFlush(response);
    if (counted) {
      written.addListener(f -> state.exit());
    }
    if (!keepAlive) {
      for (FullHttpRequest r; (r = waiting.poll()) != null; ) {
        r.release();
      }
      if (ending == Ending.LINGER) {
        LingeringClose.after(written, "http");
      } else {
        written.addListener(ChannelFutureListener.CLOSE);
      }
      return;
    }
    busy = false;
    FullHttpRequest next = waiting.poll();
    if (next != null) {
      // a task, not a call: requests served on the event loop would otherwise recurse once per
      // pipelined request
      ctx.executor().execute(() -> start(ctx, next));
    } else if (paused) {
      paused = false;
      ctx.channel().config().setAutoRead(true);
      ctx.read();
    }
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
    if (evt == CLOSE_WHEN_IDLE) {
      closeWhenIdle(ctx);
    } else {
      super.userEventTriggered(ctx, evt);
    }
  }

  /**
   * Closes the connection if, after {@link #IDLE_GRACE_MILLIS}, no request is being served, waiting
   * or arriving on it. A request that is will be answered first: the server is draining, so its
   * answer closes the connection (a request that arrives now is refused as the server shuts down).
   */
  private void closeWhenIdle(ChannelHandlerContext ctx) {
    ctx.executor().schedule(() -> {
      if (!busy && !deadline.receiving()) {
        ctx.close();
      }
    }, IDLE_GRACE_MILLIS, TimeUnit.MILLISECONDS);
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
    // a broken connection: nothing more can be answered on it (HTTP syntax errors and refused
    // bodies arrive as failed requests instead, and are answered in order)
    LOG.log(Level.FINE, "closing a connection after " + cause, cause);
    ctx.close();
  }
}
