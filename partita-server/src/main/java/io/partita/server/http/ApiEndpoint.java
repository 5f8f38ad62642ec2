package io.partita.server.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.partita.engine.Partita;
import io.partita.engine.PartitaException;
import io.partita.server.observe.Observation;
import io.partita.server.wire.Dispatcher;
import io.partita.server.wire.FrontEndRefusal;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * {@code POST} anywhere but under {@code /partita/}: DynamoDB's API (and DynamoDB Streams'), the
 * operation named by {@code X-Amz-Target}. The request's signature is checked over the body as
 * sent, its database chosen (the namespace it is signed for, on an isolating server: {@link
 * ServerState#tenant}), the body is inflated if compressed, and that database's {@link Dispatcher} runs it and writes the JSON
 * answer; every refusal, the front end's and the engine's, is answered as DynamoDB's errors are, so
 * an SDK shows why. The request log and metrics see each request here ({@link Observation}).
 */
final class ApiEndpoint {
  /** DynamoDbHttpHandler's logger: operators' logging configurations name it. */
  private static final Logger LOG = Logger.getLogger(DynamoDbHttpHandler.class.getName());
  /** The initial size of a JSON answer's buffer. */
  private static final int ANSWER_BUFFER_BYTES = 4096;

  private final ServerState state;

  ApiEndpoint(ServerState state) {
    this.state = state;
  }

  /**
   * The answer to an API request; {@code refused}, the gate's refusal of it or null, is answered
   * as DynamoDB's AccessDeniedException, and counted as the API's errors are.
   */
  FullHttpResponse answer(ChannelHandlerContext ctx, FullHttpRequest request, String refused) {
    // room for most answers from the start (a 1 KB item, a page of small ones): the default 256
    // bytes grew, by copying, two or three times for each
    ByteBuf body = ctx.alloc().buffer(ANSWER_BUFFER_BYTES);
    String target = request.headers().get("X-Amz-Target");
    Observation watch = state.observing() ? new Observation(System.nanoTime(), operationLabel(target)) : null;
    try {
      int status;
      String namespace = null;
      try {
        if (refused != null) {
          // answered as DynamoDB's errors are, so an SDK shows why, and counted as they are
          throw new FrontEndRefusal(FrontEndRefusal.Code.AccessDeniedException, refused);
        }
        state.gate().authenticate(request);
        Tenant tenant = state.tenant(request, true);
        namespace = tenant.label();
        if (watch != null) {
          watch.namespace(namespace);
        }
        String encoding = request.headers().get(HttpHeaderNames.CONTENT_ENCODING);
        ByteBuf content = request.content();
        if (Inflation.identity(encoding)) {
          // the body as it came, read from an array (its own, or a copy of a direct buffer's bytes): a
          // stream around it cost more than the small copy
          boolean heap = content.hasArray();
          byte[] bytes = heap ? content.array() : ByteBufUtil.getBytes(content);
          int offset = heap ? content.arrayOffset() + content.readerIndex() : 0;
          status = tenant.dispatcher().dispatch(target, bytes, offset, content.readableBytes(), output(body), watch);
        } else {
          InputStream json = Inflation.open(encoding, content, state.maxRequestBytes());
          status = tenant.dispatcher().dispatch(target, json, output(body), watch);
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
      if (namespace != null) {
        // which database answered, on an isolating server: the console shows it (a key is printable ASCII)
        response.headers().set(NAMESPACE, namespace);
      }
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
  /** The header that names the namespace an isolating server answered from (docs/SERVER.md, "Isolation"). */
  static final String NAMESPACE = "X-Partita-Namespace";

  private static String operationLabel(String target) {
    String operation = Dispatcher.operation(target);
    if (operation == null) {
      return "Unknown";
    }
    boolean served = target.startsWith(Dispatcher.STREAMS_TARGET_PREFIX)
        ? Partita.streamsRequestType(operation) != null
        : Partita.requestType(operation) != null;
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
}
