package io.partita.engine.ops;

import io.partita.engine.PartitaException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import software.amazon.awssdk.core.SdkField;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.core.util.SdkAutoConstructList;
import software.amazon.awssdk.core.util.SdkAutoConstructMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The one place a request's members are checked against the API's declared constraints, before any
 * semantic check, as the service's request layer does: a missing top-level required member first
 * ({@code The parameter 'TableName' is required but was not present in the request}), then every
 * violation of a length, range, pattern, enum value set or nested required member, collected into
 * one message: {@code 2 validation errors detected: Value 'ab' at 'tableName' failed to satisfy
 * constraint: Member must have length greater than or equal to 3; ...}.
 *
 * <p>The constraints are data, not code: {@code api-constraints.tsv}, written from the API's
 * published model by {@code partita-engine/src/build/api-constraints.py} (each row is what the API
 * reference page of the shape says). The request is walked through the SDK's own field metadata
 * ({@link SdkPojo#sdkFields()}), so nested members (a GSI's key schema, a transaction's Put, a
 * batch's KeysAndAttributes) are reached by one loop and reported with the service's member paths:
 * {@code keySchema.1.member.keyType}, {@code requestItems.T.member.keys}. Attribute values carry no
 * constraints and are not walked.
 */
public final class ApiConstraints {
  /** One member's constraints; absent bounds are null. */
  private record Rule(String type, boolean required, Long min, Long max, Pattern pattern, List<String> enumValues,
      Long valueMin, Long valueMax) {}

  /** Class simple name (the SDK's name of the shape) -> member name (as on the wire) -> rule. */
  private static final Map<String, Map<String, Rule>> RULES = load();

  private ApiConstraints() {}

  /** Checks {@code request} and throws DynamoDB's ValidationException on the first kind of failure found. */
  public static void check(SdkPojo request) {
    String shape = request.getClass().getSimpleName();
    Map<String, Rule> rules = RULES.getOrDefault(shape, Map.of());
    for (SdkField<?> f : request.sdkFields()) {
      Rule rule = rules.get(f.memberName());
      Object v = f.getValueOrDefault(request);
      if (rule != null && rule.required && f.memberName().equals("RequestItems") && (absent(v) || ((Map<?, ?>) v).isEmpty())) {
        // the batches' RequestItems, missing or empty, has a message of its own
        throw PartitaException.validation("The requestItems parameter is required for "
            + shape.substring(0, shape.length() - "Request".length()));
      }
      if (rule != null && rule.required && absent(v)) {
        throw PartitaException.validation(
            "The parameter '" + f.memberName() + "' is required but was not present in the request");
      }
    }
    List<String> errors = new ArrayList<>();
    walk(request, "", errors);
    report(errors);
  }

  /** Throws the service's {@code N validation error(s) detected: a; b} for any violations collected. */
  static void report(List<String> errors) {
    if (!errors.isEmpty()) {
      int n = errors.size();
      throw PartitaException.validation(
          n + " validation error" + (n == 1 ? "" : "s") + " detected: " + String.join("; ", errors));
    }
  }

  private static void walk(SdkPojo pojo, String prefix, List<String> errors) {
    Map<String, Rule> rules = RULES.getOrDefault(pojo.getClass().getSimpleName(), Map.of());
    for (SdkField<?> f : pojo.sdkFields()) {
      Object v = f.getValueOrDefault(pojo);
      String path = prefix + lowerFirst(f.memberName());
      Rule rule = rules.get(f.memberName());
      if (rule != null) {
        if (absent(v)) {
          // a top-level required member was reported before the walk
          if (rule.required && !prefix.isEmpty()) errors.add(at("Value null", path) + "Member must not be null");
        } else {
          checkValue(rule, v, path, errors);
        }
      }
      descend(v, path, errors);
    }
  }

  private static void checkValue(Rule rule, Object v, String path, List<String> errors) {
    String shown = "Value '" + shown(v) + "'";
    if (v instanceof String s) {
      if (!rule.enumValues.isEmpty()) {
        if (!rule.enumValues.contains(s) && path.equals("tableClass")) {
          // the service answers a table class of its own sentence, not the modeled enum form (scylladb's
          // test_tableclass.py, run against the service; recorded fact create-table-bad-table-class)
          throw PartitaException.validation("Invalid table-class parameter provided. Please try again with a valid "
              + "table-class value: " + rule.enumValues + ".");
        }
        if (!rule.enumValues.contains(s)) {
          errors.add(at(shown, path) + "Member must satisfy enum value set: " + enumSet(rule.enumValues));
        }
        return;
      }
      length(rule.min, rule.max, s.length(), shown, path, errors);
      if (rule.pattern != null && !rule.pattern.matcher(s).matches()) {
        errors.add(at(shown, path) + "Member must satisfy regular expression pattern: " + rule.pattern.pattern());
      }
    } else if (v instanceof Number n) {
      long x = n.longValue();
      if (rule.min != null && x < rule.min) {
        errors.add(at(shown, path) + "Member must have value greater than or equal to " + rule.min);
      } else if (rule.max != null && x > rule.max) {
        errors.add(at(shown, path) + "Member must have value less than or equal to " + rule.max);
      }
    } else if (v instanceof List<?> l) {
      length(rule.min, rule.max, l.size(), shown, path, errors);
    } else if (v instanceof Map<?, ?> m) {
      length(rule.min, rule.max, m.size(), shown, path, errors);
      if (rule.valueMin != null || rule.valueMax != null) {
        for (Object value : m.values()) {
          int size = value instanceof List<?> l ? l.size() : value instanceof String s ? s.length() : -1;
          if (size >= 0 && ((rule.valueMin != null && size < rule.valueMin) || (rule.valueMax != null && size > rule.valueMax))) {
            List<String> both = new ArrayList<>();
            if (rule.valueMax != null) both.add("Member must have length less than or equal to " + rule.valueMax);
            if (rule.valueMin != null) both.add("Member must have length greater than or equal to " + rule.valueMin);
            errors.add(at(shown, path) + "Map value must satisfy constraint: " + both);
            break;
          }
        }
      }
    }
  }

  private static void length(Long min, Long max, int length, String shown, String path, List<String> errors) {
    if (min != null && length < min) {
      errors.add(at(shown, path) + "Member must have length greater than or equal to " + min);
    } else if (max != null && length > max) {
      errors.add(at(shown, path) + "Member must have length less than or equal to " + max);
    }
  }

  /** Into nested structures: list elements as {@code path.1.member.}, map values as {@code path.KEY.member.}. */
  private static void descend(Object v, String path, List<String> errors) {
    if (v instanceof AttributeValue || v == null) {
      return;
    }
    if (v instanceof SdkPojo p) {
      walk(p, path + ".", errors);
    } else if (v instanceof List<?> l) {
      for (int i = 0; i < l.size(); i++) {
        Object e = l.get(i);
        if (e instanceof SdkPojo && !(e instanceof AttributeValue)) descend(e, path + "." + (i + 1) + ".member", errors);
      }
    } else if (v instanceof Map<?, ?> m) {
      for (Map.Entry<?, ?> e : m.entrySet()) {
        Object value = e.getValue();
        if (value instanceof SdkPojo && !(value instanceof AttributeValue)) {
          descend(value, path + "." + e.getKey() + ".member", errors);
        } else if (value instanceof List<?> l && !l.isEmpty() && l.get(0) instanceof SdkPojo
            && !(l.get(0) instanceof AttributeValue)) {
          descend(value, path + "." + e.getKey() + ".member", errors);
        }
      }
    }
  }

  /**
   * A value as the message quotes it. Strings, numbers and collections of them as Java prints
   * them, as the service does; a structure by its shape's name and a list of structures by its
   * size and shape ({@code [101 TransactWriteItem]}, {@code {T=[26 WriteRequest]}}): the service
   * prints its internal objects' identities there, which no client can match and nobody can read.
   */
  private static String shown(Object v) {
    if (v instanceof List<?> l && !l.isEmpty() && l.get(0) instanceof SdkPojo p) {
      return "[" + l.size() + " " + p.getClass().getSimpleName() + "]";
    }
    if (v instanceof SdkPojo p) {
      return p.getClass().getSimpleName();
    }
    if (v instanceof Map<?, ?> m) {
      StringBuilder sb = new StringBuilder("{");
      for (Map.Entry<?, ?> e : m.entrySet()) {
        if (sb.length() > 1) sb.append(", ");
        sb.append(e.getKey()).append('=').append(shown(e.getValue()));
      }
      return sb.append('}').toString();
    }
    return String.valueOf(v);
  }

  /** Whether the SDK holds no value for a member: null, or a collection the request never set. */
  private static boolean absent(Object v) {
    return v == null || v instanceof SdkAutoConstructList || v instanceof SdkAutoConstructMap;
  }

  private static String at(String shown, String path) {
    return shown + " at '" + path + "' failed to satisfy constraint: ";
  }

  /**
   * The allowed values in the order the service lists them, which is neither the model's nor
   * alphabetical: the orders below are those recorded from the service's request layer (see
   * docs/dynamodb-messages.md); any other enum is listed in the model's order.
   */
  private static String enumSet(List<String> values) {
    String key = String.join(",", new java.util.TreeSet<>(values));
    return SERVICE_ORDER.getOrDefault(key, values.toString());
  }

  private static final Map<String, String> SERVICE_ORDER = serviceOrder(
      "[ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]",
      "[SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]",
      "[HASH, RANGE]", "[PROVISIONED, PAY_PER_REQUEST]", "[ALL, INCLUDE, KEYS_ONLY]", "[INDEXES, TOTAL, NONE]",
      "[B, N, S]", "[ALL_OLD, NONE]", "[SIZE, NONE]");

  private static Map<String, String> serviceOrder(String... lists) {
    Map<String, String> out = new HashMap<>();
    for (String l : lists) {
      out.put(String.join(",", new java.util.TreeSet<>(List.of(l.substring(1, l.length() - 1).split(", ")))), l);
    }
    return out;
  }

  private static String lowerFirst(String s) {
    return Character.toLowerCase(s.charAt(0)) + s.substring(1);
  }

  private static Map<String, Map<String, Rule>> load() {
    Map<String, Map<String, Rule>> out = new HashMap<>();
    try (InputStream in = ApiConstraints.class.getResourceAsStream("api-constraints.tsv");
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        if (line.isBlank() || line.startsWith("#")) continue;
        String[] c = line.split("\t", -1);
        Set<String> enums = new LinkedHashSet<>(c[7].isEmpty() ? List.of() : List.of(c[7].split(",")));
        out.computeIfAbsent(c[0], k -> new HashMap<>()).put(c[1], new Rule(c[2], c[3].equals("required"),
            num(c[4]), num(c[5]), c[6].isEmpty() ? null : Pattern.compile(c[6]), List.copyOf(enums),
            num(c[8]), num(c[9])));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  private static Long num(String s) {
    return s.isEmpty() ? null : Long.valueOf(s);
  }
}
