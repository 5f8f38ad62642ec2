package io.partita.engine.internal.ops.request;

import java.math.BigDecimal;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.SdkField;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.core.traits.DefaultValueTrait;
import software.amazon.awssdk.core.util.SdkAutoConstructList;
import software.amazon.awssdk.core.util.SdkAutoConstructMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A request's parameters as 32 bytes (SHA-256 of a canonical form), equal for two requests exactly
 * when the SDK's {@code equals} calls them equal (collisions aside), leaving out named members.
 *
 * <p>What a ClientRequestToken remembers for its 10-minute window (TransactionTokens): the request
 * itself, held that long, would keep up to 4 MB of objects per transaction alive, and a steady load
 * of transactions from the SDK's clients (which send a new token with every one) would fill the
 * heap. The canonical form follows {@code equals}: a map's entries in the order of their keys
 * (map equality ignores order), a list in its order, a member the SDK made up as an empty
 * container (its {@code hasX()} is false) the same as a member not given, an empty container given
 * as such different from it, as {@code equals} has them.
 */
public final class RequestDigest {
  private final byte[] sha256;

  private RequestDigest(byte[] sha256) {
    this.sha256 = sha256;
  }

  /**
   * The digest of {@code request}'s members but those whose member names are in {@code leftOut},
   * which must name every member the SDK gives a default (ClientRequestToken).
   */
  public static RequestDigest of(SdkPojo request, Set<String> leftOut) {
    Canonical form = new Canonical();
    form.structure(request, leftOut);
    MessageDigest sha;
    try {
      sha = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
    sha.update(form.bytes, 0, form.length);
    return new RequestDigest(sha.digest());
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RequestDigest other && Arrays.equals(sha256, other.sha256);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(sha256);
  }

  /**
   * The canonical form: each value a tag byte, then its content; text as its UTF-16 units (equal
   * strings are equal units), each container's size before its elements, so no two different
   * values write the same bytes.
   */
  private static final class Canonical {
    byte[] bytes = new byte[512];
    int length;

    void structure(SdkPojo pojo, Set<String> leftOut) {
      tag('{');
      List<SdkField<?>> fields = pojo.sdkFields();
      for (int i = 0; i < fields.size(); i++) {
        SdkField<?> field = fields.get(i);
        if (leftOut.contains(field.memberName())) {
          continue;
        }
        if (field.containsTrait(DefaultValueTrait.class)) {
          // the SDK makes such a value up when it is read and not given (a new token each time)
          throw new IllegalArgumentException(field.memberName() + " has a default value: leave it out");
        }
        Object value = field.getValueOrDefault(pojo);
        if (value == null || value instanceof SdkAutoConstructList || value instanceof SdkAutoConstructMap) {
          continue;
        }
        number(i);
        value(value);
      }
      tag('}');
    }

    void value(Object value) {
      if (value instanceof AttributeValue av) {
        int position = oneMember(av);
        if (position >= 0) {
          // an item's values are most of a request, and walking an AttributeValue's ten members
          // cost most of the digest; with one member given, equals compares that one alone
          tag('a');
          number(position);
          value(member(av, position));
          return;
        }
      }
      if (value == null) {
        // a null element or map value, which the SDK's builders take and validation refuses later
        tag('0');
      } else if (value instanceof String s) {
        tag('s');
        text(s);
      } else if (value instanceof SdkPojo pojo) {
        structure(pojo, Set.of());
      } else if (value instanceof List<?> list) {
        tag('[');
        number(list.size());
        for (Object element : list) {
          value(element);
        }
      } else if (value instanceof Map<?, ?> map) {
        tag('m');
        number(map.size());
        List<String> keys = new ArrayList<>(map.size());
        for (Object key : map.keySet()) {
          keys.add((String) key);
        }
        keys.sort(null);
        for (String key : keys) {
          text(key);
          value(map.get(key));
        }
      } else if (value instanceof SdkBytes b) {
        tag('b');
        byte[] content = b.asByteArrayUnsafe();
        number(content.length);
        room(content.length);
        System.arraycopy(content, 0, bytes, length, content.length);
        length += content.length;
      } else if (value instanceof Boolean b) {
        tag(b ? 't' : 'f');
      } else if (value instanceof Integer || value instanceof Long) {
        tag('i');
        number(((Number) value).longValue());
      } else if (value instanceof Double d) {
        tag('d');
        number(Double.doubleToLongBits(d));
      } else if (value instanceof BigDecimal d) {
        tag('n');
        text(d.toString()); // as equals: 1.0 and 1.00 differ
      } else if (value instanceof Instant t) {
        tag('@');
        number(t.getEpochSecond());
        number(t.getNano());
      } else {
        // no member of DynamoDB's model has another type; refusing beats a digest that ignores one
        throw new IllegalArgumentException("no canonical form for " + value.getClass().getName());
      }
    }

    /**
     * The one member given of {@code av} by its position among the ten (S, N, B, SS, NS, BS, M, L,
     * BOOL, NUL), or -1 when none or several are. Counted from the members themselves, not from
     * the SDK's {@code type()}, which its builder keeps and can leave behind when a member is set
     * back to null; a set or container given empty counts, as {@code equals} has it.
     */
    private static int oneMember(AttributeValue av) {
      boolean[] given = {av.s() != null, av.n() != null, av.b() != null, av.hasSs(), av.hasNs(), av.hasBs(), av.hasM(),
          av.hasL(), av.bool() != null, av.nul() != null};
      int found = -1;
      for (int i = 0; i < given.length; i++) {
        if (given[i]) {
          if (found >= 0) {
            return -1;
          }
          found = i;
        }
      }
      return found;
    }

    private static Object member(AttributeValue av, int position) {
      return switch (position) {
        case 0 -> av.s();
        case 1 -> av.n();
        case 2 -> av.b();
        case 3 -> av.ss();
        case 4 -> av.ns();
        case 5 -> av.bs();
        case 6 -> av.m();
        case 7 -> av.l();
        case 8 -> av.bool();
        default -> av.nul();
      };
    }

    private void text(String s) {
      number(s.length());
      room(2 * s.length());
      for (int i = 0; i < s.length(); i++) {
        char c = s.charAt(i);
        bytes[length++] = (byte) (c >>> 8);
        bytes[length++] = (byte) c;
      }
    }

    private void number(long n) {
      room(8);
      for (int shift = 56; shift >= 0; shift -= 8) {
        bytes[length++] = (byte) (n >>> shift);
      }
    }

    private void tag(char c) {
      room(1);
      bytes[length++] = (byte) c;
    }

    private void room(int more) {
      if (length + more > bytes.length) {
        bytes = Arrays.copyOf(bytes, Math.max(2 * bytes.length, length + more));
      }
    }
  }
}
