package io.partita.server.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.InflaterInputStream;

/**
 * A request body as the JSON reader sees it: inflated when it arrived gzip- or deflate-encoded, and
 * bounded after inflation, so a small compressed body cannot expand past the limit (the reader stops
 * at the first byte over it). Inflating here, after the signature check, rather than in the HTTP
 * pipeline, lets the signature be checked over the bytes the client signed: the compressed ones.
 */
final class Inflation {
  private Inflation() {}

  static InputStream open(String contentEncoding, ByteBuf body, int maxBytes) {
    InputStream raw = new ByteBufInputStream(body);
    String encoding = normalized(contentEncoding);
    try {
      return switch (encoding) {
        case "", IDENTITY -> raw;
        case "gzip", "x-gzip" -> new Bounded(new GZIPInputStream(raw), maxBytes);
        case "deflate" -> new Bounded(new InflaterInputStream(raw), maxBytes);
        default -> throw new PartitaException(ErrorCode.SerializationException,
            "Unsupported Content-Encoding: " + contentEncoding + " (supported: gzip, deflate)");
      };
    } catch (IOException e) {
      throw new PartitaException(ErrorCode.SerializationException,
          "The request body is not valid " + encoding + " data: " + e.getMessage());
    }
  }

  private static final String IDENTITY = "identity";

  /** Whether a body of this Content-Encoding (null: none) is its own JSON, not compressed. */
  static boolean identity(String contentEncoding) {
    String encoding = normalized(contentEncoding);
    return encoding.isEmpty() || encoding.equals(IDENTITY);
  }

  private static String normalized(String contentEncoding) {
    return contentEncoding == null ? "" : contentEncoding.trim().toLowerCase(Locale.ROOT);
  }

  /** Refuses to read more than the limit. */
  private static final class Bounded extends FilterInputStream {
    private final int maxBytes;
    private long read;

    Bounded(InputStream in, int maxBytes) {
      super(in);
      this.maxBytes = maxBytes;
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b >= 0) {
        count(1);
      }
      return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      int n = super.read(buffer, offset, length);
      if (n > 0) {
        count(n);
      }
      return n;
    }

    private void count(int n) {
      read += n;
      if (read > maxBytes) {
        throw BodyLimit.tooLarge("after decompression ", maxBytes);
      }
    }
  }
}
