package io.partita.server.wire;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A request body that must be well-formed UTF-8 (the Unicode standard's table 3-7), checked as the
 * JSON reader pulls it, with no copy. Jackson decodes leniently: the overlong {@code C0 80} reads as
 * U+0000 and the encoded surrogate {@code ED A0 80} as a lone U+D800, so two different byte strings
 * would name one key. The service answers a body that is not UTF-8 with a {@code
 * SerializationException} (aws-sdk-js issue 46 and aws-sdk-php issue 1536 show it for Latin-1 bytes);
 * the message is Partita's own.
 */
final class Utf8Checked extends FilterInputStream {
  /** Continuation bytes still owed by the sequence under way. */
  private int owed;
  /** Bounds of the next continuation byte: narrower than 80..BF only right after some lead bytes. */
  private int low = 0x80;
  private int high = 0xBF;
  private long offset;

  Utf8Checked(InputStream in) {
    super(in);
  }

  @Override
  public int read() throws IOException {
    int b = in.read();
    if (b >= 0) {
      check(b);
    } else {
      end();
    }
    return b;
  }

  @Override
  public int read(byte[] buf, int off, int len) throws IOException {
    int n = in.read(buf, off, len);
    if (n < 0) {
      end();
    }
    scan(buf, off, n);
    return n;
  }

  /** Checks a body held whole in memory, as a stream over it would be checked while read. */
  static void check(byte[] buf, int off, int len) {
    Utf8Checked c = new Utf8Checked(InputStream.nullInputStream());
    c.scan(buf, off, len);
    c.end();
  }

  private void scan(byte[] buf, int off, int n) {
    for (int i = 0; i < n; i++) {
      int b = buf[off + i];
      // ASCII outside a sequence, the common case, passes with one comparison
      if (b < 0 || owed != 0) {
        check(b & 0xFF);
      } else {
        offset++;
      }
    }
  }

  @Override
  public long skip(long n) throws IOException {
    // every byte must be seen: skip by reading
    byte[] scratch = new byte[(int) Math.min(n, 4096)];
    long skipped = 0;
    while (skipped < n) {
      int r = read(scratch, 0, (int) Math.min(scratch.length, n - skipped));
      if (r < 0) {
        break;
      }
      skipped += r;
    }
    return skipped;
  }

  private void check(int b) {
    if (owed > 0) {
      if (b < low || b > high) {
        throw invalid(b);
      }
      owed--;
      low = 0x80;
      high = 0xBF;
    } else if (b >= 0x80) {
      lead(b);
    }
    offset++;
  }

  private void lead(int b) {
    if (b >= 0xC2 && b <= 0xDF) {
      owed = 1;
    } else if (b >= 0xE0 && b <= 0xEF) {
      owed = 2;
      if (b == 0xE0) {
        low = 0xA0; // below: an overlong form of a 2-byte character
      } else if (b == 0xED) {
        high = 0x9F; // above: a surrogate, U+D800..U+DFFF
      }
    } else if (b >= 0xF0 && b <= 0xF4) {
      owed = 3;
      if (b == 0xF0) {
        low = 0x90; // below: an overlong form
      } else if (b == 0xF4) {
        high = 0x8F; // above: beyond U+10FFFF
      }
    } else {
      // a stray continuation byte, C0/C1 (always overlong), or F5..FF (never used)
      throw invalid(b);
    }
  }

  private void end() {
    if (owed > 0) {
      throw SdkJsonReader.serialization("The request body is not valid UTF-8: it ends inside a character");
    }
  }

  private RuntimeException invalid(int b) {
    return SdkJsonReader.serialization(String.format(
        "The request body is not valid UTF-8: byte 0x%02X at offset %d", b, offset));
  }
}
