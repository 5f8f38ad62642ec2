package io.partita.engine.internal.ops.request;

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
import software.amazon.awssdk.core.protocol.MarshallingType;
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
  private record Rule(boolean required, Long min, Long max, Pattern pattern, List<String> enumValues,
      Long valueMin, Long valueMax, boolean newForm, boolean missingIsViolation) {}

  /**
   * The members whose violations the service's newer request validation words (recorded from 2026
   * on, public suites run against it; issue 34 and docs/dynamodb-messages.md): the value left out
   * and the path in the request's own member names, {@code Value at 'Limit' failed to satisfy
   * constraint: ...}, {@code Value at 'RequestItems.T.member.Keys' ...}. The service moves checks to
   * it member by member (Scan's Limit still has the older {@code Value '0' at 'limit'}): only those
   * recorded so are listed.
   */
  private static final Set<String> NEW_FORM = Set.of("QueryRequest.Limit", "KeysAndAttributes.Keys",
      "SearchVectorsRequest.IndexName", "SearchVectorsRequest.SearchVector");

  /**
   * The required members of a request whose absence the service reports as a violation ({@code Value
   * null at 'tableName' failed to satisfy constraint: Member must not be null}) rather than as {@code
   * The parameter 'TableName' is required but was not present in the request}: PutItem's TableName,
   * recorded so in 2026 in four regions alike (public suites run against the service; issue 34; the
   * older recording had the required-parameter sentence). Others are not recorded anew.
   */
  private static final Set<String> MISSING_IS_VIOLATION = Set.of("PutItemRequest.TableName");

  /** Class simple name (the SDK's name of the shape) -> member name (as on the wire) -> rule. */
  private static final Map<String, Map<String, Rule>> RULES = load();

  /**
   * One member of a shape, as the walk needs it: its field, its name in a path ({@code TableName} ->
   * {@code tableName}), its rule or null, whether it can hold structures to walk into, and whether it
   * takes a table's ARN as well as its name; whether it is the request's TableName (one of the facts counted).
   */
  private record Member(SdkField<?> field, String path, Rule rule, boolean nests, boolean tableArn, Path top,
      boolean tableName) {
    Member(SdkField<?> field, String path, Rule rule, boolean nests, boolean tableArn) {
      // its place when it is a member of the request itself, and whether it names the table, worked out once
      this(field, path, rule, nests, tableArn, new Path(null, path, null), field.memberName().equals("TableName"));
    }
  }

  /** Each SDK class's members, worked out once: the walk then costs a request a loop over a small array. */
  private static final Map<Class<?>, Member[]> MEMBERS = new java.util.concurrent.ConcurrentHashMap<>();

  private ApiConstraints() {}

  private static Member[] members(SdkPojo pojo) {
    return MEMBERS.computeIfAbsent(pojo.getClass(), c -> {
      Map<String, Rule> rules = RULES.getOrDefault(c.getSimpleName(), Map.of());
      return pojo.sdkFields().stream().map(f -> new Member(f, lowerFirst(f.memberName()), rules.get(f.memberName()),
          f.marshallingType() == MarshallingType.SDK_POJO || f.marshallingType() == MarshallingType.LIST
              || f.marshallingType() == MarshallingType.MAP, takesTableArn(c, f))).toArray(Member[]::new);
    });
  }

  /** Checks {@code request} and throws DynamoDB's ValidationException on the first kind of failure found. */
  public static void check(SdkPojo request) {
    List<String> errors = new ArrayList<>(0);
    walk(request, null, errors);
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

  /**
   * Checks every member of {@code pojo} (its path in messages starting with {@code prefix}). A missing
   * required member of the request itself is thrown at once, before any collected violation (the
   * service answers it alone): {@code The parameter 'TableName' is required but was not present in the
   * request}; a nested one is a violation like the others.
   */
  private static void walk(SdkPojo pojo, Path prefix, List<String> errors) {
    for (Member m : members(pojo)) {
      Rule rule = m.rule();
      if (rule == null && !m.nests()) {
        continue;
      }
      Object v = m.field().getValueOrDefault(pojo);
      if (m.tableName() && prefix == null && v instanceof String named && io.partita.engine.served.Served.counting()
          && named.length() >= 3 && named.length() <= 255 && isNameText(named)) {
        // the table a request names is one of its facts even when another constraint refuses the request before the
        // table is looked up. Only a valid name: what a client sends beyond that never reaches a log line or a
        // metric's label (a newline in it could forge a line); an ARN is recorded as the name it stands for when
        // the catalog reads it, once its account is known
        io.partita.engine.served.Served.named(named);
      }
      Path path = prefix == null ? m.top() : new Path(prefix, m.path(), null);
      if (rule != null && v instanceof String s && m.tableArn() && (isTableArn(s) || s.isEmpty())) {
        // a table's ARN where the model takes one: its shape's constraint, not a name's; an empty
        // one is refused by that shape's alone, one error (public suites recorded against the
        // service, 2025-2026; issue 34)
        length(1L, (long) MAX_TABLE_ARN, s.length(), v, path, null, errors);
      } else if (rule != null) {
        if (absent(v) || (prefix == null && rule.required && m.path().equals("requestItems") && ((Map<?, ?>) v).isEmpty())) {
          if (rule.required && prefix == null && !rule.missingIsViolation) {
            throw missing(pojo, m);
          }
          if (rule.required) errors.add(at(null, path, rule) + "Member must not be null");
        } else {
          checkValue(rule, v, path, errors);
        }
      }
      if (m.nests()) {
        descend(v, path, errors);
      }
    }
  }

  private static PartitaException missing(SdkPojo request, Member m) {
    String name = m.field().memberName();
    if (name.equals("RequestItems")) {
      // the batches' RequestItems, missing or empty, has a message of its own
      String shape = request.getClass().getSimpleName();
      return PartitaException.validation("The requestItems parameter is required for "
          + shape.substring(0, shape.length() - "Request".length()));
    }
    return PartitaException.validation("The parameter '" + name + "' is required but was not present in the request");
  }

  /** The TableArn shape's longest value. */
  public static final int MAX_TABLE_ARN = 1024;

  /**
   * Whether a TableName (or a batch's RequestItems key) is given as an ARN rather than a name; a
   * name never holds a colon, so an {@code arn:} prefix is an ARN (well-formed or not: {@link
   * io.partita.engine.internal.table.Arns#tableName} judges it when the table is looked up).
   */
  public static boolean isTableArn(String s) {
    return s.startsWith("arn:");
  }

  /**
   * The shapes whose TableName is the model's TableArn shape (botocore's and the SDK's service-2.json,
   * 2012-08-10): a table's name or ARN. Members of the TableName shape (ListTables'
   * ExclusiveStartTableName, DynamoDB Streams' ListStreams TableName, the global tables'
   * GlobalTableName) take a name only. Named, not built: building these shapes' SDK objects at start
   * loaded some 600 model classes, a quarter of a second of every cold open.
   */
  static final Set<String> TABLE_ARN_SHAPES = Set.of("GetItemRequest", "PutItemRequest",
      "UpdateItemRequest", "DeleteItemRequest", "QueryRequest", "ScanRequest", "CreateTableRequest",
      "DescribeTableRequest", "UpdateTableRequest", "DeleteTableRequest", "UpdateTimeToLiveRequest",
      "DescribeTimeToLiveRequest", "Get", "Put", "Update", "Delete", "ConditionCheck",
      "DescribeTableReplicaAutoScalingRequest", "UpdateTableReplicaAutoScalingRequest",
      "DescribeKinesisStreamingDestinationRequest", "EnableKinesisStreamingDestinationRequest",
      "DisableKinesisStreamingDestinationRequest", "UpdateKinesisStreamingDestinationRequest",
      "DescribeContributorInsightsRequest", "ListContributorInsightsRequest", "UpdateContributorInsightsRequest");

  /** Whether {@code field} of {@code shape} takes a table's ARN as well as its name. */
  private static boolean takesTableArn(Class<?> shape, SdkField<?> field) {
    // CreateTable's GlobalTableSourceArn is a TableArn too (refused by name: UpdateTable/CreateTable's Unsupported)
    return TABLE_ARN_SHAPES.contains(shape.getSimpleName())
        && (field.memberName().equals("TableName") || field.memberName().equals("GlobalTableSourceArn"));
  }

  private static void checkValue(Rule rule, Object v, Path path, List<String> errors) {
    if (v instanceof String s) {
      if (!rule.enumValues.isEmpty()) {
        if (!rule.enumValues.contains(s) && path.isTop("tableClass")) {
          // the service answers a table class of its own sentence, not the modeled enum form (scylladb's
          // test_tableclass.py, run against the service; recorded fact create-table-bad-table-class)
          throw PartitaException.validation("Invalid table-class parameter provided. Please try again with a valid "
              + "table-class value: " + rule.enumValues + ".");
        }
        if (!rule.enumValues.contains(s)) {
          errors.add(at(v, path, rule) + "Member must satisfy enum value set: " + enumSet(rule.enumValues));
        }
        return;
      }
      length(rule.min, rule.max, s.length(), v, path, rule, errors);
      if (rule.pattern != null && !matches(rule.pattern, s)) {
        errors.add(at(v, path, rule) + "Member must satisfy regular expression pattern: " + rule.pattern.pattern());
      }
    } else if (v instanceof Number n) {
      long x = n.longValue();
      if (rule.min != null && x < rule.min) {
        errors.add(at(v, path, rule) + "Member must have value greater than or equal to " + rule.min);
      } else if (rule.max != null && x > rule.max) {
        errors.add(at(v, path, rule) + "Member must have value less than or equal to " + rule.max);
      }
    } else if (v instanceof List<?> l) {
      length(rule.min, rule.max, l.size(), v, path, rule, errors);
    } else if (v instanceof Map<?, ?> m) {
      length(rule.min, rule.max, m.size(), v, path, rule, errors);
      if (rule.valueMin != null || rule.valueMax != null) {
        for (Object value : m.values()) {
          int size = value instanceof List<?> l ? l.size() : value instanceof String s ? s.length() : -1;
          if (size >= 0 && ((rule.valueMin != null && size < rule.valueMin) || (rule.valueMax != null && size > rule.valueMax))) {
            List<String> both = new ArrayList<>();
            if (rule.valueMax != null) both.add("Member must have length less than or equal to " + rule.valueMax);
            if (rule.valueMin != null) both.add("Member must have length greater than or equal to " + rule.valueMin);
            errors.add(at(v, path, rule) + "Map value must satisfy constraint: " + both);
            break;
          }
        }
      }
    }
  }

  /**
   * Whether {@code s} matches {@code pattern}. The one pattern the model declares for the operations
   * served, table and index names' {@code [a-zA-Z0-9_.-]+}, is checked by a loop: every request names a
   * table, and a regex match cost a third of this walk.
   */
  private static boolean matches(Pattern pattern, String s) {
    return pattern.pattern().equals(NAME_PATTERN) ? isNameText(s) : pattern.matcher(s).matches();
  }

  /** Whether {@code s} is one or more of the characters table and index names may hold. */
  public static boolean isNameText(String s) {
    if (s.isEmpty()) {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '-')) {
        return false;
      }
    }
    return true;
  }

  private static final String NAME_PATTERN = "[a-zA-Z0-9_.-]+";

  private static void length(Long min, Long max, int length, Object v, Path path, Rule rule, List<String> errors) {
    if (min != null && length < min) {
      errors.add(at(v, path, rule) + "Member must have length greater than or equal to " + min);
    } else if (max != null && length > max) {
      errors.add(at(v, path, rule) + "Member must have length less than or equal to " + max);
    }
  }

  /**
   * Into nested structures: list elements as {@code path.1.member.}, map values as {@code path.KEY.member.}.
   * Items, keys, attribute values and lists of names hold no structures: they are left at their first element,
   * so the walk costs a request its few members, not its item's attributes.
   */
  private static void descend(Object v, Path path, List<String> errors) {
    if (v instanceof AttributeValue || v == null) {
      return;
    }
    if (v instanceof SdkPojo p) {
      walk(p, new Path(path, ".", null), errors);
    } else if (v instanceof List<?> l) {
      if (l.isEmpty() || !(l.get(0) instanceof SdkPojo) || l.get(0) instanceof AttributeValue) return;
      for (int i = 0; i < l.size(); i++) {
        Object e = l.get(i);
        if (e instanceof SdkPojo && !(e instanceof AttributeValue)) descend(e, new Path(path, null, i + 1), errors);
      }
    } else if (v instanceof Map<?, ?> m) {
      Object first = m.isEmpty() ? null : m.values().iterator().next();
      if (!(first instanceof SdkPojo || first instanceof List<?>) || first instanceof AttributeValue) return;
      for (Map.Entry<?, ?> e : m.entrySet()) {
        Object value = e.getValue();
        if (value instanceof SdkPojo && !(value instanceof AttributeValue)) {
          descend(value, new Path(path, null, e.getKey()), errors);
        } else if (value instanceof List<?> l && !l.isEmpty() && l.get(0) instanceof SdkPojo
            && !(l.get(0) instanceof AttributeValue)) {
          descend(value, new Path(path, null, e.getKey()), errors);
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

  /**
   * A member's place in the request, as a message names it ({@code transactItems.1.member.update.key}),
   * made into text only when a message needs it: each step is its parent's text and then a member's
   * name, a dot, or an element ({@code .1.member}, {@code .KEY.member}). A valid request costs no text.
   */
  private record Path(Path parent, String text, Object element) {
    /** Whether this is the request's own member {@code name}. */
    boolean isTop(String name) {
      return parent == null && name.equals(text);
    }

    @Override
    public String toString() {
      StringBuilder out = new StringBuilder();
      render(out, false);
      return out.toString();
    }

    /** The path in the request's own member names ({@code RequestItems.T.member.Keys}). */
    String asRequested() {
      StringBuilder out = new StringBuilder();
      render(out, true);
      return out.toString();
    }

    private void render(StringBuilder out, boolean requested) {
      if (parent != null) {
        parent.render(out, requested);
      }
      if (element != null) {
        out.append('.').append(element).append(".member");
      } else if (requested && !text.isEmpty() && Character.isLowerCase(text.charAt(0))) {
        out.append(Character.toUpperCase(text.charAt(0))).append(text, 1, text.length());
      } else {
        out.append(text);
      }
    }
  }

  /**
   * The start of a violation's text; the value is rendered only here, when there is one to report.
   * A {@link #NEW_FORM} member's leaves the value out and names the path as the request does.
   */
  private static String at(Object v, Path path, Rule rule) {
    if (rule != null && rule.newForm && v != null) {
      return "Value at '" + path.asRequested() + "' failed to satisfy constraint: ";
    }
    return (v == null ? "Value null" : "Value '" + shown(v) + "'") + " at '" + path + "' failed to satisfy constraint: ";
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
      "[B, N, S]", "[ALL_OLD, NONE]", "[SIZE, NONE]",
      // the legacy parameters' (dynalite's test/query.js and test/scan.js, recorded against the service)
      "[IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]", "[OR, AND]");

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
        out.computeIfAbsent(c[0], k -> new HashMap<>()).put(c[1], new Rule(c[3].equals("required"),
            num(c[4]), num(c[5]), c[6].isEmpty() ? null : Pattern.compile(c[6]), List.copyOf(enums),
            num(c[8]), num(c[9]), NEW_FORM.contains(c[0] + "." + c[1]), MISSING_IS_VIOLATION.contains(c[0] + "." + c[1])));
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
