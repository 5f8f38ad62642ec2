package io.partita.engine.internal.value;

import io.partita.engine.PartitaException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * DynamoDB's validation of attribute values, with DynamoDB's messages, answering normalized copies.
 *
 * <p>Rules, in the order they are checked for each value:
 *
 * <ul>
 *   <li>exactly one data type is set ({@link #EMPTY_VALUE}, {@link #MANY_TYPES});
 *   <li>M and L nest at most {@link #MAX_DEPTH} levels: a top-level attribute value is level 1, and a
 *       value inside a map or list one level deeper than the container; DynamoDB accepts 31 nested
 *       containers around a scalar and refuses 32 ({@link #NESTING});
 *   <li>NULL is {@code true};
 *   <li>N is a valid number ({@link Numbers#parse}) and is answered in canonical form;
 *   <li>SS, NS and BS are non-empty and hold no duplicates (NS elements compared numerically, so
 *       {@code ["1", "1.0"]} is refused); NS elements are answered in canonical form;
 *   <li>attribute names, at the top level and as map keys at every depth, are 1 to 65535 UTF-8
 *       bytes long;
 *   <li>names, S values and SS elements are Unicode text: no unpaired UTF-16 surrogate ({@link
 *       #checkText}).
 * </ul>
 *
 * <p>Empty S and B are accepted: only key attributes refuse them, see {@link #checkKeyValue}.
 * Values are immutable, so unchanged parts of the input are shared by the answer.
 */
public final class AttributeValues {
  /** Deepest level a value may sit at. */
  public static final int MAX_DEPTH = 32;
  /** Longest attribute name, in UTF-8 bytes. */
  public static final int MAX_NAME_BYTES = 65535;

  static final String EMPTY_VALUE =
      "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes";
  static final String MANY_TYPES =
      "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes";
  static final String NULL_FALSE =
      "One or more parameter values were invalid: Null attribute value types must have the value of true";
  static final String NESTING =
      "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit";
  static final String NAME_TOO_LONG = "Attribute name is too large, must be less than 65536 bytes";
  /** Not confirmed against DynamoDB: the wording it uses for an empty attribute name was not found. */
  static final String NAME_EMPTY = "Empty attribute name";
  static final String INVALID = "One or more parameter values were invalid: ";

  private AttributeValues() {}

  /** Validates every attribute of an item (not its keys: the caller checks those) and answers a normalized copy. */
  public static Map<String, AttributeValue> validateItem(Map<String, AttributeValue> item) {
    return validateMap(item, 1);
  }

  /**
   * {@code m} with each name checked and each value normalized at {@code depth}: {@code m} itself when
   * nothing changed (the usual case: the maps arrive from the SDK's builders, which copied them and
   * keep them unmodifiable), else a copy made at the first change. An item is not copied to be read.
   */
  private static Map<String, AttributeValue> validateMap(Map<String, AttributeValue> m, int depth) {
    Map<String, AttributeValue> out = null;
    for (Map.Entry<String, AttributeValue> e : m.entrySet()) {
      checkName(e.getKey());
      AttributeValue n = normalize(e.getValue(), depth);
      if (n != e.getValue()) {
        if (out == null) {
          out = new LinkedHashMap<>(m); // the order kept: a changed value replaces its entry in place
        }
        out.put(e.getKey(), n);
      }
    }
    return out == null ? m : out;
  }

  /** Validates one value (for example an ExpressionAttributeValues entry) and answers its normalized form. */
  public static AttributeValue validateValue(AttributeValue value) {
    return normalize(value, 1);
  }

  /** Checks an attribute name: non-empty, Unicode text, at most {@value #MAX_NAME_BYTES} UTF-8 bytes. */
  public static void checkName(String name) {
    if (name == null || name.isEmpty()) {
      throw PartitaException.validation(NAME_EMPTY);
    }
    checkText(name);
    // a char is at most 3 UTF-8 bytes (a surrogate pair is 4 bytes for 2 chars): short names are fine
    if (name.length() > MAX_NAME_BYTES / 3 && utf8Length(name) > MAX_NAME_BYTES) {
      throw PartitaException.validation(NAME_TOO_LONG);
    }
  }

  /**
   * Refuses a string holding an unpaired UTF-16 surrogate. DynamoDB's strings are Unicode stored as
   * UTF-8, and such a string has no UTF-8 form: Java's encoder writes {@code ?} in its place, so
   * {@code "x\uD800"}, {@code "x\uDC00"} and {@code "x?"} would become one key. A JSON body reaches
   * this with the escape {@code \uD800}; invalid UTF-8 bytes never get this far (the server refuses
   * the body). The message is Partita's own: the service's wording was not found.
   */
  public static void checkText(String s) {
    for (int i = 0, n = s.length(); i < n; i++) {
      char c = s.charAt(i);
      if (c >= Character.MIN_SURROGATE && c <= Character.MAX_SURROGATE) {
        if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
          i++;
        } else {
          throw PartitaException.validation(INVALID + "A string holds an unpaired UTF-16 surrogate (U+"
              + Integer.toHexString(c).toUpperCase(java.util.Locale.ROOT) + " at index " + i
              + ") and so is not Unicode text");
        }
      }
    }
  }

  /**
   * Checks a value given for key attribute {@code attributeName} whose schema type is {@code
   * expected}: the type must match and S and B must not be empty. The value itself is expected to
   * have passed {@link #validateValue} (or be otherwise well formed).
   */
  public static void checkKeyValue(String attributeName, AttributeValue v, ScalarType expected) {
    String actual = typeName(v);
    if (!expected.name().equals(actual)) {
      throw PartitaException.validation(
          INVALID + "Type mismatch for key " + attributeName + " expected: " + expected.name() + " actual: " + actual);
    }
    if (expected == ScalarType.S && v.s().isEmpty()) {
      throw PartitaException.validation(
          "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an"
              + " empty string value. Key: " + attributeName);
    }
    if (expected == ScalarType.B && v.b().asByteArrayUnsafe().length == 0) {
      throw PartitaException.validation(
          "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an"
              + " empty binary value. Key: " + attributeName);
    }
  }

  /** DynamoDB's name of the type of {@code v} ({@code S}, {@code NS}, {@code NULL}, ...), {@code null} when not exactly one is set. */
  public static String typeName(AttributeValue v) {
    if (v == null || typeCount(v) != 1) {
      return null;
    }
    if (v.s() != null) {
      return "S";
    } else if (v.n() != null) {
      return "N";
    } else if (v.b() != null) {
      return "B";
    } else if (v.bool() != null) {
      return "BOOL";
    } else if (v.nul() != null) {
      return "NULL";
    } else if (v.hasM()) {
      return "M";
    } else if (v.hasL()) {
      return "L";
    } else if (v.hasSs()) {
      return "SS";
    } else if (v.hasNs()) {
      return "NS";
    } else {
      return "BS";
    }
  }

  private static int typeCount(AttributeValue v) {
    int n = 0;
    if (v.s() != null) n++;
    if (v.n() != null) n++;
    if (v.b() != null) n++;
    if (v.bool() != null) n++;
    if (v.nul() != null) n++;
    if (v.hasM()) n++;
    if (v.hasL()) n++;
    if (v.hasSs()) n++;
    if (v.hasNs()) n++;
    if (v.hasBs()) n++;
    return n;
  }

  private static AttributeValue normalize(AttributeValue v, int depth) {
    if (v == null) {
      throw PartitaException.validation(EMPTY_VALUE);
    }
    int count = typeCount(v);
    if (count == 0) {
      throw PartitaException.validation(EMPTY_VALUE);
    }
    if (count > 1) {
      throw PartitaException.validation(MANY_TYPES);
    }
    if (depth > MAX_DEPTH) {
      throw PartitaException.validation(NESTING);
    }
    if (v.s() != null) {
      checkText(v.s());
      return v;
    }
    if (v.b() != null || v.bool() != null) {
      return v;
    }
    if (v.n() != null) {
      String canonical = Numbers.normalize(v.n());
      return canonical.equals(v.n()) ? v : AttributeValue.fromN(canonical);
    }
    if (v.nul() != null) {
      if (!v.nul()) {
        throw PartitaException.validation(NULL_FALSE);
      }
      return v;
    }
    if (v.hasM()) {
      return normalizeMap(v, depth);
    }
    if (v.hasL()) {
      return normalizeList(v, depth);
    }
    if (v.hasSs()) {
      return checkStringSet(v);
    }
    if (v.hasNs()) {
      return normalizeNumberSet(v);
    }
    return checkBinarySet(v);
  }

  private static AttributeValue normalizeMap(AttributeValue v, int depth) {
    Map<String, AttributeValue> m = v.m();
    Map<String, AttributeValue> out = validateMap(m, depth + 1);
    return out != m ? AttributeValue.fromM(out) : v;
  }

  private static AttributeValue normalizeList(AttributeValue v, int depth) {
    List<AttributeValue> l = v.l();
    List<AttributeValue> out = null;
    for (int i = 0, n = l.size(); i < n; i++) {
      AttributeValue e = l.get(i);
      AttributeValue normalized = normalize(e, depth + 1);
      if (out == null && normalized != e) {
        out = new ArrayList<>(l.subList(0, i)); // a copy from the first change on; else none
      }
      if (out != null) {
        out.add(normalized);
      }
    }
    return out != null ? AttributeValue.fromL(out) : v;
  }

  private static AttributeValue checkStringSet(AttributeValue v) {
    List<String> ss = v.ss();
    if (ss.isEmpty()) {
      throw PartitaException.validation(INVALID + "An string set  may not be empty");
    }
    Set<String> seen = new HashSet<>(capacity(ss.size()));
    for (String s : ss) {
      if (s == null) {
        throw PartitaException.validation(EMPTY_VALUE);
      }
      checkText(s);
      if (!seen.add(s)) {
        throw duplicates(ss);
      }
    }
    return v;
  }

  private static AttributeValue normalizeNumberSet(AttributeValue v) {
    List<String> ns = v.ns();
    if (ns.isEmpty()) {
      throw PartitaException.validation(INVALID + "An number set  may not be empty");
    }
    List<String> out = new ArrayList<>(ns.size());
    Set<String> seen = new HashSet<>(capacity(ns.size()));
    boolean changed = false;
    for (String s : ns) {
      String c = Numbers.normalize(s);
      if (!seen.add(c)) {
        throw duplicates(ns);
      }
      changed |= !c.equals(s);
      out.add(c);
    }
    return changed ? AttributeValue.fromNs(out) : v;
  }

  private static AttributeValue checkBinarySet(AttributeValue v) {
    List<SdkBytes> bs = v.bs();
    if (bs.isEmpty()) {
      throw PartitaException.validation(INVALID + "Binary sets should not be empty");
    }
    Set<SdkBytes> seen = new HashSet<>(capacity(bs.size()));
    for (SdkBytes b : bs) {
      if (b == null) {
        throw PartitaException.validation(EMPTY_VALUE);
      }
      if (!seen.add(b)) {
        List<String> shown = new ArrayList<>(bs.size());
        for (SdkBytes x : bs) {
          shown.add(x == null ? "null" : Base64.getEncoder().encodeToString(x.asByteArrayUnsafe()));
        }
        throw duplicates(shown);
      }
    }
    return v;
  }

  private static PartitaException duplicates(List<String> elements) {
    return PartitaException.validation(INVALID + "Input collection " + elements + " contains duplicates.");
  }

  static int capacity(int size) {
    return (int) (size / 0.75f) + 1;
  }

  /** UTF-8 length of {@code s}; a lone surrogate (refused by {@link #checkText} before any size matters) counts as the 1-byte '?' Java writes. */
  static int utf8Length(String s) {
    int n = s.length();
    int bytes = n;
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c >= 0x80) {
        if (c < 0x800) {
          bytes += 1;
        } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
          bytes += 2; // 4 bytes for 2 chars
          i++;
        } else if (Character.isSurrogate(c)) {
          // lone surrogate: encoded as '?'
        } else {
          bytes += 2;
        }
      }
    }
    return bytes;
  }

  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
