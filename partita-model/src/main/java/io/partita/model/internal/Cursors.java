package io.partita.model.internal;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import io.partita.model.InvalidCursorException;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Opaque pagination cursors. Layout, then base64url without padding:
 * {@code version(1) | SHA-256(query identity)[0..16) | LastEvaluatedKey | HMAC-SHA256(all before)}. The HMAC
 * makes the key unforgeable without the client's secret; the identity hash binds the cursor to the query that
 * produced it. Thread-safe.
 */
public final class Cursors {
  private static final byte VERSION = 1;
  private static final int IDENTITY_BYTES = 16;
  private static final int MAC_BYTES = 32;

  private final SecretKeySpec key;

  public Cursors(byte[] secret) {
    if (secret.length < 16) {
      throw new IllegalArgumentException("a cursor key needs at least 16 bytes");
    }
    this.key = new SecretKeySpec(secret.clone(), "HmacSHA256");
  }

  public String encode(Map<String, AttributeValue> lastKey, String identity) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(128);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeByte(VERSION);
      out.write(identityHash(identity));
      out.writeByte(lastKey.size());
      for (Map.Entry<String, AttributeValue> e : lastKey.entrySet()) {
        out.writeUTF(e.getKey());
        AttributeValue v = e.getValue();
        if (v.s() != null) {
          out.writeByte('S');
          writeBytes(out, v.s().getBytes(StandardCharsets.UTF_8));
        } else if (v.n() != null) {
          out.writeByte('N');
          writeBytes(out, v.n().getBytes(StandardCharsets.UTF_8));
        } else if (v.b() != null) {
          out.writeByte('B');
          writeBytes(out, v.b().asByteArray());
        } else {
          throw new IllegalStateException("key attribute " + e.getKey() + " is not S, N or B");
        }
      }
      out.write(mac(bytes.toByteArray()));
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes.toByteArray());
  }

  /** The LastEvaluatedKey in {@code cursor}, after checking its signature and that it belongs to {@code identity}. */
  public Map<String, AttributeValue> decode(String cursor, String identity) {
    byte[] raw;
    try {
      raw = Base64.getUrlDecoder().decode(cursor);
    } catch (IllegalArgumentException e) {
      throw new InvalidCursorException("Invalid cursor: it is not base64url text");
    }
    if (raw.length < 1 + IDENTITY_BYTES + 1 + MAC_BYTES) {
      throw new InvalidCursorException("Invalid cursor: it is too short to be one this client issued");
    }
    byte[] body = Arrays.copyOf(raw, raw.length - MAC_BYTES);
    byte[] mac = Arrays.copyOfRange(raw, raw.length - MAC_BYTES, raw.length);
    if (!MessageDigest.isEqual(mac, mac(body))) {
      throw new InvalidCursorException("Invalid cursor: its signature does not match; it was altered or issued"
          + " under another cursor key");
    }
    if (body[0] != VERSION) {
      throw new InvalidCursorException("Invalid cursor: unknown cursor version " + body[0]);
    }
    if (!MessageDigest.isEqual(Arrays.copyOfRange(body, 1, 1 + IDENTITY_BYTES), identityHash(identity))) {
      throw new InvalidCursorException("Invalid cursor: it was issued for another query (a different access"
          + " pattern, key values, filter, projection or order)");
    }
    try (DataInputStream in = new DataInputStream(
        new java.io.ByteArrayInputStream(body, 1 + IDENTITY_BYTES, body.length - 1 - IDENTITY_BYTES))) {
      int n = in.readUnsignedByte();
      Map<String, AttributeValue> key = new LinkedHashMap<>();
      for (int i = 0; i < n; i++) {
        String name = in.readUTF();
        int type = in.readUnsignedByte();
        byte[] value = new byte[in.readUnsignedShort()];
        in.readFully(value);
        switch (type) {
          case 'S' -> key.put(name, AttributeValue.fromS(new String(value, StandardCharsets.UTF_8)));
          case 'N' -> key.put(name, AttributeValue.fromN(new String(value, StandardCharsets.UTF_8)));
          case 'B' -> key.put(name, AttributeValue.fromB(SdkBytes.fromByteArray(value)));
          default -> throw new InvalidCursorException("Invalid cursor: unknown value type " + type);
        }
      }
      return key;
    } catch (IOException e) {
      throw new InvalidCursorException("Invalid cursor: truncated");
    }
  }

  private static void writeBytes(DataOutputStream out, byte[] b) throws IOException {
    if (b.length > 0xFFFF) {
      throw new IllegalStateException("key value longer than 65535 bytes");
    }
    out.writeShort(b.length);
    out.write(b);
  }

  private byte[] mac(byte[] body) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(key);
      return mac.doFinal(body);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is unavailable", e);
    }
  }

  private static byte[] identityHash(String identity) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(identity.getBytes(StandardCharsets.UTF_8));
      return Arrays.copyOf(digest, IDENTITY_BYTES);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("SHA-256 is unavailable", e);
    }
  }
}
