package io.partita.engine.internal.value;

import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.BiConsumer;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Compact binary encoding of a whole item, versioned.
 *
 * <p>Format version 1: byte {@code 0x01}, then a map body: a varint count and, per attribute, its
 * name then its value. A name or string is a varint byte length and UTF-8; a value is a tag byte
 * and a payload:
 *
 * <pre>
 *   1 S     length, UTF-8            6 BS   count, (length, bytes)*
 *   2 N     length, canonical ASCII  7 M    map body
 *   3 B     length, bytes            8 L    count, value*
 *   4 SS    count, string*           9 BOOL false, 10 BOOL true (no payload)
 *   5 NS    count, (length, ASCII)*  11 NULL (no payload)
 * </pre>
 *
 * Varints are unsigned LEB128. Numbers are stored as the strings they arrive as (validated,
 * canonical) and come back unchanged.
 */
public final class ItemCodec {
  /** The format {@link #encode} writes. Never reuse a number for a different layout. */
  public static final byte VERSION = 1;

  static final byte S = 1;
  static final byte N = 2;
  static final byte B = 3;
  static final byte SS = 4;
  static final byte NS = 5;
  static final byte BS = 6;
  static final byte M = 7;
  static final byte L = 8;
  static final byte FALSE = 9;
  static final byte TRUE = 10;
  static final byte NULL = 11;

  // immutable, so one instance serves every decoded item
  private static final AttributeValue TRUE_VALUE = AttributeValue.fromBool(Boolean.TRUE);
  private static final AttributeValue FALSE_VALUE = AttributeValue.fromBool(Boolean.FALSE);
  private static final AttributeValue NULL_VALUE = AttributeValue.fromNul(Boolean.TRUE);

  private ItemCodec() {}

  public static byte[] encode(Map<String, AttributeValue> item) {
    Writer w = new Writer(128 + 32 * item.size());
    w.put(VERSION);
    writeMap(w, item);
    return w.toArray();
  }

  public static Map<String, AttributeValue> decode(byte[] bytes) {
    Reader r = reader(bytes);
    Map<String, AttributeValue> item = readMap(r);
    if (r.pos != bytes.length) {
      throw new IllegalStateException("trailing bytes after item at " + r.pos);
    }
    return item;
  }

  /**
   * The attributes of {@code only} that the item has, decoded; the others are skipped, not decoded.
   * What a projection of whole attributes reads.
   */
  public static Map<String, AttributeValue> decode(byte[] bytes, Collection<String> only) {
    Reader r = reader(bytes);
    int n = r.length();
    Map<String, AttributeValue> item = new HashMap<>(AttributeValues.capacity(Math.min(n, only.size())));
    for (int i = 0; i < n; i++) {
      String name = r.name();
      if (only.contains(name)) {
        item.put(name, readValue(r));
      } else {
        r.skipValue();
      }
    }
    return item;
  }

  /**
   * The item's size by DynamoDB's rules ({@link ItemSize#of(Map)}), read from its encoding: a string's
   * or a name's size is its stored UTF-8 length, so nothing is decoded but the numbers' digits.
   */
  public static long size(byte[] bytes) {
    return size(bytes, null);
  }

  /** The size of the attributes of {@code only} (of all when null), as {@link #size(byte[])}. */
  public static long size(byte[] bytes, Collection<String> only) {
    Reader r = reader(bytes);
    int n = r.length();
    long size = 0;
    for (int i = 0; i < n; i++) {
      int nameLength = r.length();
      boolean counted = only == null || only.contains(NameCache.name(r.buf, r.pos, nameLength));
      r.pos += nameLength;
      if (counted) {
        size += nameLength + r.sizeOfValue();
      } else {
        r.skipValue();
      }
    }
    return size;
  }

  /** A reader positioned on the item's map body, after the version is checked. */
  static Reader reader(byte[] bytes) {
    if (bytes.length == 0) {
      throw new IllegalStateException("empty item encoding: no format version");
    }
    if (bytes[0] != VERSION) {
      throw new IllegalStateException("unsupported item format version " + (bytes[0] & 0xFF));
    }
    return new Reader(bytes, 1);
  }

  // ---------------------------------------------------------------- encoding

  private static void writeMap(Writer w, Map<String, AttributeValue> map) {
    w.varint(map.size());
    for (Map.Entry<String, AttributeValue> e : map.entrySet()) {
      w.string(e.getKey());
      writeValue(w, e.getValue());
    }
  }

  private static void writeValue(Writer w, AttributeValue v) {
    if (v.s() != null) {
      w.put(S);
      w.string(v.s());
    } else if (v.n() != null) {
      w.put(N);
      w.ascii(v.n());
    } else if (v.b() != null) {
      w.put(B);
      w.bytes(v.b().asByteArrayUnsafe());
    } else if (v.bool() != null) {
      w.put(v.bool() ? TRUE : FALSE);
    } else if (v.nul() != null) {
      w.put(NULL);
    } else if (v.hasM()) {
      w.put(M);
      writeMap(w, v.m());
    } else if (v.hasL()) {
      w.put(L);
      List<AttributeValue> l = v.l();
      w.varint(l.size());
      for (int i = 0, n = l.size(); i < n; i++) {
        writeValue(w, l.get(i));
      }
    } else if (v.hasSs()) {
      w.put(SS);
      List<String> ss = v.ss();
      w.varint(ss.size());
      for (int i = 0, n = ss.size(); i < n; i++) {
        w.string(ss.get(i));
      }
    } else if (v.hasNs()) {
      w.put(NS);
      List<String> ns = v.ns();
      w.varint(ns.size());
      for (int i = 0, n = ns.size(); i < n; i++) {
        w.ascii(ns.get(i));
      }
    } else if (v.hasBs()) {
      w.put(BS);
      List<SdkBytes> bs = v.bs();
      w.varint(bs.size());
      for (int i = 0, n = bs.size(); i < n; i++) {
        w.bytes(bs.get(i).asByteArrayUnsafe());
      }
    } else {
      throw new IllegalArgumentException("AttributeValue with no type: " + v);
    }
  }

  // ---------------------------------------------------------------- decoding

  /** The item itself: a HashMap, since the engine looks attributes up by name. */
  private static Map<String, AttributeValue> readMap(Reader r) {
    int n = r.length();
    Map<String, AttributeValue> map = new HashMap<>(AttributeValues.capacity(n));
    for (int i = 0; i < n; i++) {
      String name = r.name();
      map.put(name, readValue(r));
    }
    return map;
  }

  /**
   * A nested M value. {@code AttributeValue.fromM} copies whatever map it is given into its own,
   * so the map built here only has to be read once, in order: two arrays instead of a HashMap and
   * a node per entry.
   */
  private static AttributeValue readNestedMap(Reader r) {
    int n = r.length();
    String[] names = new String[n];
    AttributeValue[] values = new AttributeValue[n];
    for (int i = 0; i < n; i++) {
      names[i] = r.name();
      values[i] = readValue(r);
    }
    return AttributeValue.fromM(new ArrayMap(names, values));
  }

  private static AttributeValue readValue(Reader r) {
    byte tag = r.get();
    switch (tag) {
      case S:
        return AttributeValue.fromS(r.string());
      case N:
        return AttributeValue.fromN(r.ascii());
      case B:
        return AttributeValue.fromB(SdkBytes.fromByteArrayUnsafe(r.bytes()));
      case TRUE:
        return TRUE_VALUE;
      case FALSE:
        return FALSE_VALUE;
      case NULL:
        return NULL_VALUE;
      case M:
        return readNestedMap(r);
      case L: {
        int n = r.length();
        List<AttributeValue> l = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
          l.add(readValue(r));
        }
        return AttributeValue.fromL(l);
      }
      case SS: {
        int n = r.length();
        List<String> l = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
          l.add(r.string());
        }
        return AttributeValue.fromSs(l);
      }
      case NS: {
        int n = r.length();
        List<String> l = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
          l.add(r.ascii());
        }
        return AttributeValue.fromNs(l);
      }
      case BS: {
        int n = r.length();
        List<SdkBytes> l = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
          l.add(SdkBytes.fromByteArrayUnsafe(r.bytes()));
        }
        return AttributeValue.fromBs(l);
      }
      default:
        throw new IllegalStateException("corrupt item encoding: unknown value tag " + tag + " at " + (r.pos - 1));
    }
  }

  /**
   * A read-only map over two arrays, handed to the SDK to copy: it reads {@code size()} and {@code
   * forEach}; the rest of the Map interface works too, by {@link AbstractMap}'s linear walk. Names
   * within one stored map are distinct, as they were in the map encoded.
   */
  private static final class ArrayMap extends AbstractMap<String, AttributeValue> {
    private final String[] names;
    private final AttributeValue[] values;

    ArrayMap(String[] names, AttributeValue[] values) {
      this.names = names;
      this.values = values;
    }

    @Override
    public int size() {
      return names.length;
    }

    @Override
    public void forEach(BiConsumer<? super String, ? super AttributeValue> action) {
      for (int i = 0; i < names.length; i++) {
        action.accept(names[i], values[i]);
      }
    }

    @Override
    public Set<Map.Entry<String, AttributeValue>> entrySet() {
      return new AbstractSet<>() {
        @Override
        public int size() {
          return names.length;
        }

        @Override
        public Iterator<Map.Entry<String, AttributeValue>> iterator() {
          return new Iterator<>() {
            private int i;

            @Override
            public boolean hasNext() {
              return i < names.length;
            }

            @Override
            public Map.Entry<String, AttributeValue> next() {
              if (i >= names.length) {
                throw new NoSuchElementException();
              }
              Map.Entry<String, AttributeValue> e = new SimpleImmutableEntry<>(names[i], values[i]);
              i++;
              return e;
            }
          };
        }
      };
    }
  }

  // ---------------------------------------------------------------- buffers

  private static final class Writer {
    private byte[] buf;
    private int pos;

    Writer(int capacity) {
      buf = new byte[capacity];
    }

    private void ensure(int more) {
      if (pos + more > buf.length) {
        buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + more));
      }
    }

    void put(byte b) {
      ensure(1);
      buf[pos++] = b;
    }

    void varint(int v) {
      ensure(5);
      while ((v & ~0x7F) != 0) {
        buf[pos++] = (byte) ((v & 0x7F) | 0x80);
        v >>>= 7;
      }
      buf[pos++] = (byte) v;
    }

    void bytes(byte[] b) {
      varint(b.length);
      ensure(b.length);
      System.arraycopy(b, 0, buf, pos, b.length);
      pos += b.length;
    }

    /** UTF-8, with a fast path for ASCII that writes the chars straight into the buffer. */
    void string(String s) {
      int n = s.length();
      if (n < 128) {
        ensure(1 + n);
        int start = pos;
        buf[pos++] = (byte) n;
        for (int i = 0; i < n; i++) {
          char c = s.charAt(i);
          if (c >= 0x80) {
            pos = start;
            bytes(s.getBytes(StandardCharsets.UTF_8));
            return;
          }
          buf[pos++] = (byte) c;
        }
        return;
      }
      bytes(s.getBytes(StandardCharsets.UTF_8));
    }

    /** A number's text: ASCII by validation. */
    void ascii(String s) {
      int n = s.length();
      varint(n);
      ensure(n);
      for (int i = 0; i < n; i++) {
        buf[pos++] = (byte) s.charAt(i);
      }
    }

    byte[] toArray() {
      return Arrays.copyOf(buf, pos);
    }
  }

  /** Reads an encoding in place; {@link ItemJson} walks it too. */
  static final class Reader {
    final byte[] buf;
    int pos;

    Reader(byte[] buf, int pos) {
      this.buf = buf;
      this.pos = pos;
    }

    byte get() {
      if (pos >= buf.length) {
        throw truncated();
      }
      return buf[pos++];
    }

    int varint() {
      int result = 0;
      for (int shift = 0; shift < 35; shift += 7) {
        byte b = get();
        result |= (b & 0x7F) << shift;
        if (b >= 0) {
          if (result < 0) {
            break;
          }
          return result;
        }
      }
      throw new IllegalStateException("corrupt item encoding: bad varint at " + pos);
    }

    /**
     * A length in bytes, or a count of elements each at least one byte long: neither can exceed the
     * bytes left, so a corrupt one is refused here, before it sizes an array or a map (a 7-byte input
     * asked for a map of two billion entries).
     */
    int length() {
      int n = varint();
      if (n > buf.length - pos) {
        throw truncated();
      }
      return n;
    }

    String string() {
      int n = length();
      String s = new String(buf, pos, n, StandardCharsets.UTF_8);
      pos += n;
      return s;
    }

    /** An attribute name: the same bytes give the same String ({@link NameCache}). */
    String name() {
      int n = length();
      String s = NameCache.name(buf, pos, n);
      pos += n;
      return s;
    }

    String ascii() {
      int n = length();
      String s = new String(buf, pos, n, StandardCharsets.ISO_8859_1);
      pos += n;
      return s;
    }

    byte[] bytes() {
      int n = length();
      byte[] b = Arrays.copyOfRange(buf, pos, pos + n);
      pos += n;
      return b;
    }

    /** Steps over a length and the bytes it counts. */
    void skipBytes() {
      int n = length(); // read before pos is: `pos += length()` would add to pos as it was before the length
      pos += n;
    }

    /** Steps over one value. */
    void skipValue() {
      byte tag = get();
      switch (tag) {
        case S, N, B -> skipBytes();
        case TRUE, FALSE, NULL -> { }
        case M -> {
          for (int i = 0, n = length(); i < n; i++) {
            skipBytes();
            skipValue();
          }
        }
        case L -> {
          for (int i = 0, n = length(); i < n; i++) {
            skipValue();
          }
        }
        case SS, NS, BS -> {
          for (int i = 0, n = length(); i < n; i++) {
            skipBytes();
          }
        }
        default -> throw new IllegalStateException("corrupt item encoding: unknown value tag " + tag + " at " + (pos - 1));
      }
    }

    /** Steps over one value and answers its size by DynamoDB's rules ({@link ItemSize#of(AttributeValue)}). */
    long sizeOfValue() {
      byte tag = get();
      switch (tag) {
        case S, B -> {
          int n = length();
          pos += n;
          return n;
        }
        case N -> {
          int n = length();
          pos += n;
          return ItemSize.ofNumber(buf, pos - n, n);
        }
        case TRUE, FALSE, NULL -> {
          return 1;
        }
        case M -> {
          int n = length();
          long size = 3;
          for (int i = 0; i < n; i++) {
            int name = length();
            pos += name;
            size += 1 + name + sizeOfValue();
          }
          return size;
        }
        case L -> {
          int n = length();
          long size = 3 + n;
          for (int i = 0; i < n; i++) {
            size += sizeOfValue();
          }
          return size;
        }
        case SS, BS -> {
          long size = 0;
          for (int i = 0, n = length(); i < n; i++) {
            int len = length();
            pos += len;
            size += len;
          }
          return size;
        }
        case NS -> {
          long size = 0;
          for (int i = 0, n = length(); i < n; i++) {
            int len = length();
            pos += len;
            size += ItemSize.ofNumber(buf, pos - len, len);
          }
          return size;
        }
        default -> throw new IllegalStateException("corrupt item encoding: unknown value tag " + tag + " at " + (pos - 1));
      }
    }

    private IllegalStateException truncated() {
      return new IllegalStateException("corrupt item encoding: truncated at " + pos);
    }
  }
}
