package io.partita.server.http;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpHeadersFactory;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AsciiString;
import io.partita.engine.PartitaException;
import io.partita.server.wire.Dispatcher;
import io.partita.server.wire.FrontEndRefusal;
import io.partita.server.wire.RequestIds;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/**
 * How the server's HTTP answers are made: DynamoDB's JSON bodies with their request id and CRC32,
 * the server's own endpoints' text and JSON, the console's files, CORS headers and preflights.
 */
final class Responses {
  static final String JSON_1_0 = "application/x-amz-json-1.0";
  /**
   * Response headers are set only here, with constant names and values made by this server (ids,
   * numbers, dates), so Netty's per-header validation would check nothing a test does not; it
   * showed in the server's profile under wrk. Request headers are still validated by the decoder.
   */
  static final HttpHeadersFactory UNCHECKED =
      DefaultHttpHeadersFactory.headersFactory().withValidation(false);

  /**
   * The {@code Server} header: the service's answers carry the literal {@code Server} (seen in
   * public captures of its responses; no stored source states it, see docs/dynamodb-messages.md).
   */
  static final String SERVER = "Server";

  static final String REQUEST_ID = "x-amzn-RequestId";

  /*
   * The constant names and values of a JSON answer as AsciiStrings: Netty copies their bytes into
   * the response as they are and keeps their hash, where a String is hashed when set and encoded
   * character by character when written (the header encoder was the top frame of the server's
   * profile under wrk, docs/benchmarks-history.md, "A leaner HTTP path").
   */
  private static final AsciiString SERVER_VALUE = AsciiString.cached(SERVER);
  private static final AsciiString JSON_TYPE = AsciiString.cached(JSON_1_0);
  private static final AsciiString REQUEST_ID_NAME = AsciiString.cached(REQUEST_ID);
  private static final AsciiString CRC32_NAME = AsciiString.cached("x-amz-crc32");

  private Responses() {}

  /** A text answer ({@code GET /metrics}). */
  static FullHttpResponse text(HttpResponseStatus status, String contentType, String text, ByteBufAllocator alloc,
      boolean headOnly) {
    return bytes(status, contentType, text.getBytes(StandardCharsets.UTF_8), alloc, headOnly);
  }

  /** A plain text answer, the server's own endpoints' (their refusals, their confirmations): {@code line} and a newline. */
  static FullHttpResponse plainText(HttpResponseStatus status, String line, ByteBufAllocator alloc, boolean headOnly) {
    return text(status, "text/plain; charset=utf-8", line + "\n", alloc, headOnly);
  }

  /** A 403 of one line saying why: a request the gate refused ({@link Gate}). */
  static FullHttpResponse forbidden(String why, ByteBufAllocator alloc, boolean headOnly) {
    return plainText(HttpResponseStatus.FORBIDDEN, why, alloc, headOnly);
  }

  /** What writes a JSON answer of the server's own endpoints (hot keys, schemas). */
  interface JsonBody {
    void writeTo(JsonGenerator g) throws IOException;
  }

  /** A 200 answer of the JSON that {@code body} writes. */
  static FullHttpResponse jsonText(JsonBody body, ByteBufAllocator alloc, boolean headOnly) {
    StringWriter json = new StringWriter();
    try (JsonGenerator g = new JsonFactory().createGenerator(json)) {
      body.writeTo(g);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringWriter does not fail
    }
    return text(HttpResponseStatus.OK, "application/json", json.toString(), alloc, headOnly);
  }

  /**
   * The policy of the console's files: its scripts, styles and requests come from this server only,
   * no inline script, and no other site may frame it (docs/console.md).
   */
  static final String CONSOLE_POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
      + " connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

  /**
   * One of the console's files: revalidated at each load (no-cache), so a new server's console is
   * never mixed with an old one's cached modules.
   */
  static FullHttpResponse consoleAsset(byte[] bytes, String contentType, ByteBufAllocator alloc, boolean headOnly) {
    FullHttpResponse response = bytes(HttpResponseStatus.OK, contentType, bytes, alloc, headOnly);
    HttpHeaders h = response.headers();
    h.set(HttpHeaderNames.CACHE_CONTROL, "no-cache");
    h.set("X-Content-Type-Options", "nosniff");
    h.set("Content-Security-Policy", CONSOLE_POLICY);
    h.set("Referrer-Policy", "no-referrer");
    return response;
  }

  /** An answer of {@code bytes} as they are; for a HEAD request, the same headers and no body. */
  static FullHttpResponse bytes(HttpResponseStatus status, String contentType, byte[] bytes, ByteBufAllocator alloc,
      boolean headOnly) {
    ByteBuf body = headOnly ? alloc.buffer(0) : alloc.buffer(bytes.length).writeBytes(bytes);
    FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, body, UNCHECKED, UNCHECKED);
    HttpHeaders h = response.headers();
    h.set(HttpHeaderNames.SERVER, SERVER);
    h.set(HttpHeaderNames.CONTENT_TYPE, contentType);
    h.set(REQUEST_ID, RequestIds.next());
    h.set(HttpHeaderNames.DATE, HttpDate.now());
    // answers of text may echo a request's words (a refused table name): never sniffed as a page
    h.set("X-Content-Type-Options", "nosniff");
    h.setInt(HttpHeaderNames.CONTENT_LENGTH, bytes.length);
    return response;
  }

  /**
   * The answer to an {@code OPTIONS} request: a CORS preflight from an allowed origin gets 200 with
   * the origin, methods and headers allowed and how long a browser may keep them; one from an origin
   * not allowed gets 403 without them, which a browser takes as a refusal. Without an origin (not a
   * preflight) it gets 200 with {@code Allow}.
   */
  static FullHttpResponse preflight(io.partita.server.access.Cors cors, HttpHeaders request, ByteBufAllocator alloc) {
    String origin = request.get(HttpHeaderNames.ORIGIN);
    String allowed = cors.allowOrigin(origin);
    HttpResponseStatus status = origin != null && allowed == null ? HttpResponseStatus.FORBIDDEN : HttpResponseStatus.OK;
    FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, alloc.buffer(0), UNCHECKED,
        UNCHECKED);
    HttpHeaders h = response.headers();
    h.set(HttpHeaderNames.SERVER, SERVER);
    h.set(REQUEST_ID, RequestIds.next());
    h.set(HttpHeaderNames.DATE, HttpDate.now());
    h.set(HttpHeaderNames.ALLOW, io.partita.server.access.Cors.ALLOW_METHODS);
    if (allowed != null) {
      String asked = request.get(HttpHeaderNames.ACCESS_CONTROL_REQUEST_HEADERS);
      h.set(HttpHeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN, allowed);
      h.set(HttpHeaderNames.ACCESS_CONTROL_ALLOW_METHODS, io.partita.server.access.Cors.ALLOW_METHODS);
      // every header a browser asks to send is allowed, as the AWS endpoints recorded answer
      h.set(HttpHeaderNames.ACCESS_CONTROL_ALLOW_HEADERS,
          asked == null || asked.isBlank() ? io.partita.server.access.Cors.DEFAULT_ALLOW_HEADERS : asked);
      h.set(HttpHeaderNames.ACCESS_CONTROL_EXPOSE_HEADERS, io.partita.server.access.Cors.EXPOSE_HEADERS);
      h.set(HttpHeaderNames.ACCESS_CONTROL_MAX_AGE, io.partita.server.access.Cors.MAX_AGE);
    }
    if (!cors.anyOrigin()) {
      h.set(HttpHeaderNames.VARY, "Origin");
    }
    h.setInt(HttpHeaderNames.CONTENT_LENGTH, 0);
    return response;
  }

  /** Adds to an answer the CORS headers a browser needs to hand it to a page of {@code origin}, if allowed. */
  static void allowOrigin(FullHttpResponse response, io.partita.server.access.Cors cors, String origin) {
    HttpHeaders h = response.headers();
    if (h.contains(HttpHeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN)) {
      return; // a preflight's answer has them
    }
    String allowed = cors.allowOrigin(origin);
    if (allowed != null) {
      h.set(HttpHeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN, allowed);
      h.set(HttpHeaderNames.ACCESS_CONTROL_EXPOSE_HEADERS, io.partita.server.access.Cors.EXPOSE_HEADERS);
    }
    if (!cors.anyOrigin()) {
      h.set(HttpHeaderNames.VARY, "Origin");
    }
  }

  /**
   * A JSON answer. The {@code x-amz-crc32} header is the CRC32 of the bytes on the wire, compressed
   * when compressed, which is what DynamoDB sends and what the SDKs that check it compute.
   */
  static FullHttpResponse json(HttpResponseStatus status, ByteBuf body, Compression compression,
      ByteBufAllocator alloc) {
    compression = compression.forSize(body.readableBytes());
    ByteBuf wire = compression == Compression.NONE ? body : compression.compress(body, alloc);
    FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, wire, UNCHECKED, UNCHECKED);
    HttpHeaders h = response.headers();
    h.set(HttpHeaderNames.SERVER, SERVER_VALUE);
    h.set(HttpHeaderNames.CONTENT_TYPE, JSON_TYPE);
    h.set(REQUEST_ID_NAME, RequestIds.next());
    h.set(CRC32_NAME, Long.toString(crc32(wire)));
    h.set(HttpHeaderNames.DATE, HttpDate.now());
    if (compression != Compression.NONE) {
      h.set(HttpHeaderNames.CONTENT_ENCODING, compression.contentEncoding);
    }
    h.setInt(HttpHeaderNames.CONTENT_LENGTH, wire.readableBytes());
    return response;
  }

  static FullHttpResponse error(PartitaException e, ByteBufAllocator alloc) {
    ByteBuf body = alloc.buffer();
    int status = Dispatcher.writeError(e, new ByteBufOutputStream(body));
    return json(HttpResponseStatus.valueOf(status), body, Compression.NONE, alloc);
  }

  static FullHttpResponse error(FrontEndRefusal e, ByteBufAllocator alloc) {
    ByteBuf body = alloc.buffer();
    int status = Dispatcher.writeError(e, new ByteBufOutputStream(body));
    return json(HttpResponseStatus.valueOf(status), body, Compression.NONE, alloc);
  }

  private static long crc32(ByteBuf buf) {
    CRC32 crc = new CRC32();
    crc.update(buf.nioBuffer());
    return crc.getValue();
  }
}
