package io.partita.server.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
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
import io.partita.server.observe.Observation;
import io.partita.server.observe.ServerMetrics;
import io.partita.server.wire.Dispatcher;
import io.partita.server.wire.FrontEndRefusal;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One connection's DynamoDB requests. A request that may wait for a durable write's log sync runs
 * on a worker thread, so the event loop stays free for other connections; the rest run on the event
 * loop itself ({@link Threading}). Requests on one connection are answered in order, one at a time:
 * a client that pipelines gets its answers in the order it asked, refusals included, and at most
 * {@link #MAX_WAITING} requests may wait behind the one in flight.
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
  private final Executor workers;
  private final RequestDeadline deadline;
  private final ArrayDeque<FullHttpRequest> waiting = new ArrayDeque<>();
  private boolean busy;
  /** Whether reading is paused while an answer is made elsewhere or later (see start). */
  private boolean paused;

  DynamoDbHttpHandler(ServerState state, Executor workers, RequestDeadline deadline) {
    super(false);
    this.state = state;
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
    // CORS headers go on an answer only to a request that names its origin, as a browser's does
    io.partita.server.access.Cors cors = state.gate().cors();
    String origin = cors == null ? null : request.headers().get(HttpHeaderNames.ORIGIN);
    io.partita.server.Latency latency = state.latency();
    // the operation is only looked at for a latency per operation: nothing is done for it when off
    String target = latency.isOn() ? request.headers().get("X-Amz-Target") : null;
    String operation = target == null ? null : target.substring(target.indexOf('.') + 1);
    try {
      response = answer(ctx, request);
      if (origin != null) {
        Responses.allowOrigin(response, cors, origin);
      }
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
            java.util.concurrent.TimeUnit.MILLISECONDS);
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

  /** The initial size of a JSON answer's buffer. */
  private static final int ANSWER_BUFFER_BYTES = 4096;

  /** The most keys a table {@code GET /partita/hot-keys?top=N} lists. */
  static final int HOT_KEYS_MOST = 100;

  /**
   * {@code GET /partita/hot-keys}: each table's most-read and most-written partition keys, as JSON;
   * {@code ?top=N} for N keys a table (1 to {@value #HOT_KEYS_MOST}) instead of the server's ten.
   */
  private FullHttpResponse hotKeys(ChannelHandlerContext ctx, FullHttpRequest request, boolean headOnly) {
    java.util.function.IntFunction<java.util.List<io.partita.engine.HotKeys.HotKey>> source = state.hotKeys();
    if (source == null) {
      return Responses.text(HttpResponseStatus.NOT_FOUND, "text/plain; charset=utf-8",
          "hot keys are not counted: start the server with --hot-keys\n", ctx.alloc(), headOnly);
    }
    int top = state.hotKeysListed();
    List<String> asked = new QueryStringDecoder(request.uri()).parameters().get("top");
    if (asked != null) {
      String t = String.join(",", asked);
      top = t.matches("[0-9]{1,3}") ? Integer.parseInt(t) : 0;
      if (top < 1 || top > HOT_KEYS_MOST) {
        return Responses.text(HttpResponseStatus.BAD_REQUEST, "text/plain; charset=utf-8",
            "top must be a whole number from 1 to " + HOT_KEYS_MOST + ", not '" + t + "'\n", ctx.alloc(), headOnly);
      }
    }
    java.util.List<io.partita.engine.HotKeys.HotKey> keys = source.apply(top);
    return json(g -> {
      g.writeStartObject();
      g.writeArrayFieldStart("HotKeys");
      for (io.partita.engine.HotKeys.HotKey k : keys) {
        g.writeStartObject();
        g.writeStringField("TableName", k.table());
        g.writeStringField("PartitionKey", k.partitionKey());
        g.writeNumberField("Reads", k.reads());
        g.writeNumberField("Writes", k.writes());
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeEndObject();
    }, ctx, headOnly);
  }

  /** {@code GET /console...}: the web console's files, or 404 (docs/console.md). */
  private FullHttpResponse console(ChannelHandlerContext ctx, String path, boolean headOnly) {
    ConsoleAssets assets = state.console();
    if (assets == null) {
      return Responses.text(HttpResponseStatus.NOT_FOUND, "text/plain; charset=utf-8",
          "the console is off: start the server with --console\n", ctx.alloc(), headOnly);
    }
    ConsoleAssets.Asset asset = assets.find(path);
    if (asset == null) {
      return Responses.text(HttpResponseStatus.NOT_FOUND, "text/plain; charset=utf-8",
          "no such file in the console\n", ctx.alloc(), headOnly);
    }
    return Responses.consoleAsset(asset.bytes(), asset.contentType(), ctx.alloc(), headOnly);
  }

  /** What writes a JSON answer of the server's own endpoints (hot keys, schemas). */
  private interface JsonBody {
    void writeTo(com.fasterxml.jackson.core.JsonGenerator g) throws java.io.IOException;
  }

  /** A 200 answer of JSON that {@code body} writes. */
  private static FullHttpResponse json(JsonBody body, ChannelHandlerContext ctx, boolean headOnly) {
    java.io.StringWriter json = new java.io.StringWriter();
    try (com.fasterxml.jackson.core.JsonGenerator g = new com.fasterxml.jackson.core.JsonFactory().createGenerator(json)) {
      body.writeTo(g);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e); // a StringWriter does not fail
    }
    return Responses.text(HttpResponseStatus.OK, "application/json", json.toString(), ctx.alloc(), headOnly);
  }

  /** The admin API's paths: {@code POST /partita/faults}, {@code /partita/latency}, ..., a spec as the body. */
  private static final String ADMIN = "/partita/";

  /**
   * Switches injected faults, added latency, throttling or the consistency lag while the server runs
   * (docs/SERVER.md): the body is a spec as the option of the same name takes it, or {@code none}. The API
   * changes how every client is served: who may call it is {@link Gate#changeRefusal}'s to say.
   */
  private FullHttpResponse admin(ChannelHandlerContext ctx, FullHttpRequest request, String what) {
    FullHttpResponse refused = refusedChange(ctx, request);
    if (refused != null) {
      return refused;
    }
    String spec = request.content().toString(java.nio.charset.StandardCharsets.UTF_8).trim();
    java.util.function.Consumer<String> apply = state.switches().get(what);
    if (apply == null) {
      return Responses.text(HttpResponseStatus.NOT_FOUND, "text/plain; charset=utf-8", "no admin resource " + ADMIN
          + what + " (there are " + String.join(", ", state.switches().keySet().stream().map(n -> ADMIN + n).toList())
          + ")\n", ctx.alloc(), false);
    }
    try {
      apply.accept(spec);
    } catch (IllegalArgumentException e) {
      return Responses.text(HttpResponseStatus.BAD_REQUEST, "text/plain; charset=utf-8", e.getMessage() + "\n",
          ctx.alloc(), false);
    }
    return Responses.text(HttpResponseStatus.OK, "text/plain; charset=utf-8", what + " set: " + spec + "\n",
        ctx.alloc(), false);
  }

  /**
   * The refusal of a caller that may not change how the server serves ({@link Gate#changeRefusal}),
   * or null for one that may.
   */
  private FullHttpResponse refusedChange(ChannelHandlerContext ctx, FullHttpRequest request) {
    String why = state.gate().changeRefusal(ctx.channel().remoteAddress(), request.headers());
    return why == null ? null : Responses.text(HttpResponseStatus.FORBIDDEN, "text/plain; charset=utf-8", why + "\n",
        ctx.alloc(), false);
  }

  /** Where the console's schemas are registered: {@code /partita/schemas} and {@code /partita/schemas/TABLE}. */
  private static final String SCHEMAS = ADMIN + "schemas";
  /** The largest schema taken, in bytes: a model's description is a few kilobytes. */
  private static final int MAX_SCHEMA_BYTES = 256 * 1024;

  /**
   * {@code GET /partita/schemas}: the tables with a registered schema; {@code GET
   * /partita/schemas/TABLE}: its schema, or 404; {@code PUT /partita/schemas/TABLE}: registers a
   * schema (a JSON object, what partita-model's {@code Model.describe()} writes) for the console.
   */
  private FullHttpResponse schemas(ChannelHandlerContext ctx, FullHttpRequest request, String path) {
    boolean head = request.method().equals(HttpMethod.HEAD);
    if (path.equals(SCHEMAS)) {
      return json(g -> {
        g.writeStartObject();
        g.writeArrayFieldStart("Tables");
        for (String t : state.schemas().keySet()) {
          g.writeString(t);
        }
        g.writeEndArray();
        g.writeEndObject();
      }, ctx, head);
    }
    String table = QueryStringDecoder.decodeComponent(path.substring(SCHEMAS.length() + 1));
    if (!table.matches("[a-zA-Z0-9_.-]{3,255}")) {
      return Responses.text(HttpResponseStatus.BAD_REQUEST, "text/plain; charset=utf-8",
          "not a table name: '" + table + "'\n", ctx.alloc(), head);
    }
    if (!request.method().equals(HttpMethod.PUT)) {
      String schema = state.schemas().get(table);
      return schema == null
          ? Responses.text(HttpResponseStatus.NOT_FOUND, "text/plain; charset=utf-8",
              "no schema is registered for " + table + " (PUT one to " + SCHEMAS + "/" + table + ")\n", ctx.alloc(), head)
          : Responses.text(HttpResponseStatus.OK, "application/json", schema, ctx.alloc(), head);
    }
    FullHttpResponse refused = refusedChange(ctx, request);
    if (refused != null) {
      return refused;
    }
    if (request.content().readableBytes() > MAX_SCHEMA_BYTES) {
      return Responses.text(HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE, "text/plain; charset=utf-8",
          "a schema is at most " + MAX_SCHEMA_BYTES + " bytes\n", ctx.alloc(), false);
    }
    String body = request.content().toString(java.nio.charset.StandardCharsets.UTF_8);
    try (com.fasterxml.jackson.core.JsonParser p = new com.fasterxml.jackson.core.JsonFactory().createParser(body)) {
      if (p.nextToken() != com.fasterxml.jackson.core.JsonToken.START_OBJECT) {
        throw new java.io.IOException("a schema is a JSON object");
      }
      p.skipChildren();
      if (p.nextToken() != null) {
        throw new java.io.IOException("text after the schema's object");
      }
    } catch (java.io.IOException e) {
      return Responses.text(HttpResponseStatus.BAD_REQUEST, "text/plain; charset=utf-8",
          "not a JSON object: " + e.getMessage().lines().findFirst().orElse("") + "\n", ctx.alloc(), false);
    }
    state.schemas().put(table, body);
    return Responses.text(HttpResponseStatus.OK, "text/plain; charset=utf-8", "schema registered for " + table + "\n",
        ctx.alloc(), false);
  }

  private FullHttpResponse answer(ChannelHandlerContext ctx, FullHttpRequest request) {
    if (request.decoderResult().isFailure()) {
      Throwable cause = request.decoderResult().cause();
      return cause instanceof BodyLimit.Refused refused ? Responses.error(refused.answer, ctx.alloc())
          : Responses.error(new PartitaException(ErrorCode.SerializationException, "The request could not be decoded: "
              + cause.getMessage()), ctx.alloc());
    }
    HttpMethod method = request.method();
    String path = new QueryStringDecoder(request.uri()).rawPath();
    String refused = state.gate().refusal(request.headers());
    boolean toApi = method.equals(HttpMethod.POST) && !path.startsWith(ADMIN);
    if (refused != null && !toApi) {
      return Responses.text(HttpResponseStatus.FORBIDDEN, "text/plain; charset=utf-8", refused + "\n", ctx.alloc(),
          method.equals(HttpMethod.HEAD));
    }
    // the health answer is the root's only, as the service's; a GET elsewhere is refused below as any non-POST
    boolean get = method.equals(HttpMethod.GET) || method.equals(HttpMethod.HEAD);
    if (get && path.equals("/")) {
      return Responses.health(state.region(), state.storage(), ctx.alloc(), method.equals(HttpMethod.HEAD));
    }
    if (get && ConsoleAssets.owns(path)) {
      return console(ctx, path, method.equals(HttpMethod.HEAD));
    }
    ServerMetrics metrics = state.metrics();
    boolean metricsPath = get && metrics != null && path.equals("/metrics");
    boolean sideDoor = metricsPath || (path.startsWith(ADMIN) && (get || method.equals(HttpMethod.POST)
        || method.equals(HttpMethod.PUT)));
    if (sideDoor) {
      FrontEndRefusal unsigned = state.gate().sideDoorRefusal(request, metricsPath);
      if (unsigned != null) {
        return Responses.text(HttpResponseStatus.FORBIDDEN, "text/plain; charset=utf-8", unsigned.code() + ": "
            + unsigned.getMessage() + " (this server checks signatures: " + method + " " + path + " needs a request"
            + " signed with one of its access keys" + (metricsPath ? ", or --metrics-token's bearer token" : "")
            + ")\n", ctx.alloc(), method.equals(HttpMethod.HEAD));
      }
    }
    if (metricsPath) {
      return Responses.text(HttpResponseStatus.OK, metrics.contentType(), metrics.scrape(), ctx.alloc(),
          method.equals(HttpMethod.HEAD));
    }
    if (get && path.equals(ADMIN + "hot-keys")) {
      return hotKeys(ctx, request, method.equals(HttpMethod.HEAD));
    }
    if ((get && path.equals(SCHEMAS)) || ((get || method.equals(HttpMethod.PUT)) && path.startsWith(SCHEMAS + "/"))) {
      return schemas(ctx, request, path);
    }
    if (method.equals(HttpMethod.POST) && path.startsWith(ADMIN)) {
      return admin(ctx, request, path.substring(ADMIN.length()));
    }
    if (method.equals(HttpMethod.OPTIONS) && state.gate().cors() != null) {
      return Responses.preflight(state.gate().cors(), request.headers(), ctx.alloc());
    }
    if (!method.equals(HttpMethod.POST)) {
      return Responses.error(new PartitaException(ErrorCode.UnknownOperationException,
          "DynamoDB's API accepts POST requests only, not " + method), ctx.alloc());
    }
    // room for most answers from the start (a 1 KB item, a page of small ones): the default 256
    // bytes grew, by copying, two or three times for each
    ByteBuf body = ctx.alloc().buffer(ANSWER_BUFFER_BYTES);
    String target = request.headers().get("X-Amz-Target");
    Observation watch = state.observing() ? new Observation(System.nanoTime(), operationLabel(target)) : null;
    try {
      int status;
      try {
        if (refused != null) {
          // answered as DynamoDB's errors are, so an SDK shows why, and counted as they are
          throw new FrontEndRefusal(FrontEndRefusal.Code.AccessDeniedException, refused);
        }
        state.gate().authenticate(request);
        String encoding = request.headers().get(HttpHeaderNames.CONTENT_ENCODING);
        ByteBuf content = request.content();
        if (Inflation.identity(encoding)) {
          // the body as it came, read from an array (its own, or a copy of a direct buffer's bytes): a
          // stream around it cost more than the small copy
          boolean heap = content.hasArray();
          byte[] bytes = heap ? content.array() : ByteBufUtil.getBytes(content);
          int offset = heap ? content.arrayOffset() + content.readerIndex() : 0;
          status = state.dispatcher().dispatch(target, bytes, offset, content.readableBytes(), output(body), watch);
        } else {
          InputStream json = Inflation.open(encoding, content, state.maxRequestBytes());
          status = state.dispatcher().dispatch(target, json, output(body), watch);
        }
      } catch (PartitaException e) {
        body.clear();
        status = Dispatcher.writeError(e, new ByteBufOutputStream(body));
        if (watch != null) {
          watch.error(e.code().name());
        }
      } catch (FrontEndRefusal e) {
        // refused before the engine: not signed as the server's credentials require
        body.clear();
        status = Dispatcher.writeError(e, new ByteBufOutputStream(body));
        if (watch != null) {
          watch.error(e.code().name());
        }
      }
      FullHttpResponse response = Responses.json(HttpResponseStatus.valueOf(status), body,
          Compression.accepted(request.headers().get(HttpHeaderNames.ACCEPT_ENCODING)), ctx.alloc());
      if (watch != null) {
        watch.finish(status, response.headers().get(Responses.REQUEST_ID), System.nanoTime());
        try {
          state.observed(watch);
        } catch (RuntimeException e) {
          // watching must never cost a client its answer
          LOG.log(Level.WARNING, "recording a request failed", e);
        }
      }
      return response;
    } catch (Throwable e) {
      body.release();
      throw e;
    }
  }

  /**
   * The operation as the request log and metrics name it: the target's operation when the server
   * serves it, "Unknown" otherwise, so made-up targets cannot multiply the metrics' series.
   */
  private static String operationLabel(String target) {
    String operation = Dispatcher.operation(target);
    if (operation == null) {
      return "Unknown";
    }
    boolean served = target.startsWith(Dispatcher.STREAMS_TARGET_PREFIX)
        ? io.partita.engine.Partita.streamsRequestType(operation) != null
        : io.partita.engine.Partita.requestType(operation) != null;
    return served ? operation : "Unknown";
  }

  private static Dispatcher.Output output(ByteBuf body) {
    ByteBufOutputStream stream = new ByteBufOutputStream(body);
    return new Dispatcher.Output() {
      @Override
      public OutputStream stream() {
        return stream;
      }

      @Override
      public void clear() {
        body.clear();
      }
    };
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
