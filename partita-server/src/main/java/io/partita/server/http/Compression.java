package io.partita.server.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;

/** Response compression, when the client's {@code Accept-Encoding} asks for it. */
enum Compression {
  NONE(null),
  GZIP("gzip"),
  DEFLATE("deflate");

  /** The {@code Content-Encoding} this compression is named by, or {@code null} for none. */
  final String contentEncoding;

  Compression(String contentEncoding) {
    this.contentEncoding = contentEncoding;
  }

  /**
   * The service compresses only answers larger than this (4 KB, measured uncompressed; see
   * docs/dynamodb-messages.md): a small answer gains nothing, costs both sides CPU, and some older
   * clients (botocore before it learned to) cannot decode a compressed one.
   */
  static final int THRESHOLD_BYTES = 4096;

  /** gzip when the client accepts it (or any coding, {@code *}), else deflate when it accepts that, else none. */
  static Compression accepted(String acceptEncoding) {
    if (acceptEncoding == null) {
      return NONE;
    }
    String accept = acceptEncoding.toLowerCase(Locale.ROOT);
    Boolean gzip = listed(accept, "gzip");
    if (Boolean.TRUE.equals(gzip) || (gzip == null && Boolean.TRUE.equals(listed(accept, "*")))) {
      return GZIP;
    }
    return Boolean.TRUE.equals(listed(accept, "deflate")) ? DEFLATE : NONE;
  }

  /** This compression for an answer of {@code bytes} bytes: none at or below the service's threshold. */
  Compression forSize(int bytes) {
    return bytes > THRESHOLD_BYTES ? this : NONE;
  }

  /**
   * Whether {@code coding} is listed in the header and accepted ({@code true}), listed with q=0
   * ({@code false}), or not listed at all ({@code null}: then {@code *} decides).
   */
  private static Boolean listed(String accept, String coding) {
    for (String part : accept.split(",")) {
      String[] params = part.trim().split(";");
      if (params[0].trim().equals(coding)) {
        for (int i = 1; i < params.length; i++) {
          String p = params[i].trim();
          if (p.startsWith("q=") && isZero(p.substring(2).trim())) {
            return false;
          }
        }
        return true;
      }
    }
    return null;
  }

  private static boolean isZero(String q) {
    try {
      return Double.parseDouble(q) == 0;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /** A new buffer holding {@code body} compressed; {@code body} is released. */
  ByteBuf compress(ByteBuf body, ByteBufAllocator alloc) {
    ByteBuf out = alloc.buffer(Math.max(64, body.readableBytes() / 2));
    try (OutputStream z = this == GZIP ? new GZIPOutputStream(new ByteBufOutputStream(out))
        : new DeflaterOutputStream(new ByteBufOutputStream(out))) {
      body.readBytes(z, body.readableBytes());
    } catch (IOException e) {
      out.release();
      throw new UncheckedIOException(e);
    } finally {
      body.release();
    }
    return out;
  }
}
