package io.partita.engine.internal.value;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;

/**
 * JSON text made by hand as UTF-8 bytes ({@link ItemJson}), then handed to a Jackson generator as
 * one raw value ({@code JsonGenerator.writeRawValue}): the generator copies it into its buffer
 * (or, over characters, writes it as text).
 *
 * <p>Strings are escaped exactly as Jackson's generators escape them by default, so an answer is
 * the same bytes either way: {@code "} and {@code \} and the control characters below U+0020 are
 * escaped ({@code \b \t \n \f \r} in short, the others as backslash-u-00XX with upper-case hex),
 * everything else (DEL, and all of non-ASCII as its UTF-8 bytes) is copied. Binary is base64 with
 * padding and no line breaks, as Jackson's default variant writes it.
 */
final class JsonBytes implements SerializableString {
  private static final byte[] HEX = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);
  /** For each ASCII byte: 0 copied, -1 escaped as backslash-u-00XX, else the letter after a backslash. */
  private static final byte[] ESCAPES = new byte[128];

  static {
    for (int c = 0; c < 0x20; c++) {
      ESCAPES[c] = -1;
    }
    ESCAPES['"'] = '"';
    ESCAPES['\\'] = '\\';
    ESCAPES['\b'] = 'b';
    ESCAPES['\t'] = 't';
    ESCAPES['\f'] = 'f';
    ESCAPES['\n'] = 'n';
    ESCAPES['\r'] = 'r';
  }

  private byte[] buf;
  private int length;

  JsonBytes(int capacity) {
    buf = new byte[Math.max(capacity, 16)];
  }

  private void room(int more) {
    if (length + more > buf.length) {
      buf = Arrays.copyOf(buf, Math.max(buf.length * 2, length + more));
    }
  }

  JsonBytes put(char ascii) {
    room(1);
    buf[length++] = (byte) ascii;
    return this;
  }

  JsonBytes put(byte[] bytes) {
    room(bytes.length);
    System.arraycopy(bytes, 0, buf, length, bytes.length);
    length += bytes.length;
    return this;
  }

  /** {@code utf8[off, off + len)}, well-formed UTF-8, as a quoted JSON string. */
  void string(byte[] utf8, int off, int len) {
    room(len + 2);
    buf[length++] = '"';
    int end = off + len;
    int run = off;
    for (int i = off; i < end; i++) {
      int b = utf8[i];
      // the common case in three comparisons and no load: non-ASCII, or printable and not " or \
      if ((b >= 0x20 || b < 0) && b != '"' && b != '\\') {
        continue;
      }
      // copy the run before this byte, then its escape (at most six bytes)
      int before = i - run;
      room(before + 6 + (end - i));
      System.arraycopy(utf8, run, buf, length, before);
      length += before;
      buf[length++] = '\\';
      byte e = ESCAPES[b];
      if (e > 0) {
        buf[length++] = e;
      } else {
        buf[length++] = 'u';
        buf[length++] = '0';
        buf[length++] = '0';
        buf[length++] = HEX[b >> 4];
        buf[length++] = HEX[b & 0xF];
      }
      run = i + 1;
    }
    room(end - run + 1);
    System.arraycopy(utf8, run, buf, length, end - run);
    length += end - run;
    buf[length++] = '"';
  }

  /** {@code bytes[off, off + len)} as a quoted base64 string. */
  void base64(byte[] bytes, int off, int len) {
    byte[] encoded = Base64.getEncoder().encode(ByteBuffer.wrap(bytes, off, len)).array();
    room(encoded.length + 2);
    buf[length++] = '"';
    System.arraycopy(encoded, 0, buf, length, encoded.length);
    length += encoded.length;
    buf[length++] = '"';
  }

  // ---- as a raw value for a generator, which asks for the unquoted forms ----

  @Override
  public String getValue() {
    return new String(buf, 0, length, StandardCharsets.UTF_8);
  }

  @Override
  public int charLength() {
    return getValue().length();
  }

  @Override
  public int appendUnquotedUTF8(byte[] buffer, int offset) {
    if (offset + length > buffer.length) {
      return -1;
    }
    System.arraycopy(buf, 0, buffer, offset, length);
    return length;
  }

  @Override
  public byte[] asUnquotedUTF8() {
    return Arrays.copyOf(buf, length);
  }

  @Override
  public int appendUnquoted(char[] buffer, int offset) {
    String s = getValue();
    if (offset + s.length() > buffer.length) {
      return -1;
    }
    s.getChars(0, s.length(), buffer, offset);
    return s.length();
  }

  @Override
  public int writeUnquotedUTF8(OutputStream out) throws IOException {
    out.write(buf, 0, length);
    return length;
  }

  @Override
  public int putUnquotedUTF8(ByteBuffer out) {
    if (out.remaining() < length) {
      return -1;
    }
    out.put(buf, 0, length);
    return length;
  }

  // The quoted forms: this JSON text as a string value, escaped. A generator writing a raw value
  // never asks for them; they are here so the object is whole, made as Jackson's own would make them.

  private SerializedString asString() {
    return new SerializedString(getValue());
  }

  @Override
  public char[] asQuotedChars() {
    return asString().asQuotedChars();
  }

  @Override
  public byte[] asQuotedUTF8() {
    return asString().asQuotedUTF8();
  }

  @Override
  public int appendQuotedUTF8(byte[] buffer, int offset) {
    return asString().appendQuotedUTF8(buffer, offset);
  }

  @Override
  public int appendQuoted(char[] buffer, int offset) {
    return asString().appendQuoted(buffer, offset);
  }

  @Override
  public int writeQuotedUTF8(OutputStream out) throws IOException {
    return asString().writeQuotedUTF8(out);
  }

  @Override
  public int putQuotedUTF8(ByteBuffer out) throws IOException {
    return asString().putQuotedUTF8(out);
  }
}
