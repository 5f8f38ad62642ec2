package io.partita.engine.internal.expr;

import io.partita.engine.PartitaException;
import io.partita.engine.internal.value.AttributeValues;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One request's ExpressionAttributeNames and ExpressionAttributeValues: parses (through the
 * shared {@link AstCache}) and binds the request's expressions, and remembers which names and
 * values they used. Not thread-safe; one per request.
 *
 * <p>The request-level checks on the maps themselves (names given without expressions, empty
 * maps, malformed keys) belong to the operation.
 */
public final class ExpressionContext {
  /** DynamoDB's limit on an expression string, in UTF-8 bytes. */
  public static final int MAX_EXPRESSION_BYTES = 4096;

  private final Map<String, String> names;
  private final Map<String, AttributeValue> values;
  private final Set<String> usedNames = new HashSet<>();
  private final Set<String> usedValues = new HashSet<>();
  private final Map<String, AttributeValue> validated = new HashMap<>();

  public ExpressionContext(Map<String, String> names, Map<String, AttributeValue> values) {
    this.names = names == null ? Map.of() : names;
    this.values = values == null ? Map.of() : values;
  }

  /** A condition; {@code kind} is "ConditionExpression", "FilterExpression" or "KeyConditionExpression". */
  public Condition condition(String expression, String kind) {
    checkText(expression, kind);
    return new Binder(this, kind).condition(AstCache.condition(expression, kind));
  }

  /**
   * A Query's FilterExpression: a condition that may not read the key attributes, which the key
   * condition already decides. Binding checks only; the key attributes are refused by {@link
   * QueryFilter#refuseKeys}, which DynamoDB applies later (after the key condition and the
   * ExclusiveStartKey).
   */
  public QueryFilter queryFilter(String expression) {
    String kind = "FilterExpression";
    checkText(expression, kind);
    Binder binder = new Binder(this, kind);
    Condition condition = binder.condition(AstCache.condition(expression, kind));
    return new QueryFilter(condition, List.copyOf(binder.topLevelNames()), "Filter Expression");
  }

  /**
   * A bound Query filter, the top-level attribute names it reads in the order written, and the
   * parameter's name as DynamoDB's messages give it ("Filter Expression", "QueryFilter").
   */
  public record QueryFilter(Condition condition, List<String> topLevelNames, String parameter) {
    /** Refuses the filter if it reads one of {@code keyAttributes} (the first written is named), as DynamoDB does. */
    public Condition refuseKeys(java.util.Collection<String> keyAttributes) {
      for (String name : topLevelNames) {
        if (keyAttributes.contains(name)) {
          throw PartitaException.validation(
              parameter + " can only contain non-primary key attributes: Primary key attribute: " + name);
        }
      }
      return condition;
    }

    /**
     * Refuses the filter of a global index read if it reads attributes the index does not project
     * ({@code projected}, or null when it projects all), as DynamoDB does.
     */
    public QueryFilter refuseUnprojected(String indexName, java.util.Set<String> projected) {
      if (projected != null) {
        List<String> missing = topLevelNames.stream().filter(n -> !projected.contains(n)).toList();
        if (!missing.isEmpty()) {
          throw PartitaException.validation("One or more parameter values were invalid: Secondary index " + indexName
              + " does not project one or more filter attributes: [" + String.join(", ", missing) + "]");
        }
      }
      return this;
    }
  }

  /**
   * A Query's KeyConditionExpression, checked against {@code schema} (the table's key, or the
   * index's): equality on every partition key attribute and at most one condition on the sort key,
   * with DynamoDB's messages for everything else.
   */
  public KeyCondition keyCondition(String expression, KeySchemaSpec schema) {
    return keyCondition(boundKeyCondition(expression), schema);
  }

  /**
   * The first half of {@link #keyCondition(String, KeySchemaSpec)}: a KeyConditionExpression parsed
   * and bound as any condition (syntax, names, values, operand types), not yet read as a key
   * condition. Partita binds every expression of a Query (FilterExpression, then
   * ProjectionExpression, then KeyConditionExpression) and checks for unused names and values
   * before it reads the key condition (the service's order is not documented).
   */
  public Condition boundKeyCondition(String expression) {
    String kind = "KeyConditionExpression";
    checkText(expression, kind);
    return new Binder(this, kind).condition(AstCache.condition(expression, kind));
  }

  /**
   * The second half: a bound key condition read against the key schema. On an index, a condition
   * on an attribute that is not one of its keys is "Query key condition not supported", before the
   * count of conditions (public suites recorded against the service, 2025-2026; issue 34).
   */
  public static KeyCondition keyCondition(Condition bound, KeySchemaSpec schema) {
    List<KeyClauses.Clause> clauses = KeyClauses.of(bound);
    if (schema.index()) {
      KeyConditions.refuseClausesOffTheKey(clauses, schema);
    }
    return KeyConditions.validate(clauses, schema);
  }

  /** One {@code attribute = :value} of a SearchConditionExpression. */
  public record SearchEquality(String attribute, AttributeValue value) {}

  /**
   * A SearchVectors SearchConditionExpression: its equalities, in the order written, refused with the
   * service's messages when it is anything else (another comparator, OR, NOT, a function, a nested
   * attribute, one attribute twice).
   */
  public List<SearchEquality> searchCondition(String expression) {
    checkText(expression, SearchConditions.KIND);
    return SearchConditions.of(this, AstCache.condition(expression, SearchConditions.KIND));
  }

  public Update update(String expression) {
    String kind = "UpdateExpression";
    checkText(expression, kind);
    return new Binder(this, kind).update(AstCache.update(expression, kind));
  }

  public Projection projection(String expression) {
    String kind = "ProjectionExpression";
    checkText(expression, kind);
    return new Binder(this, kind).projection(AstCache.projection(expression, kind));
  }

  /** Throws DynamoDB's error for names, then values, that no expression of the request used. */
  public void checkAllUsed() {
    List<String> unusedNames = new ArrayList<>();
    for (String n : names.keySet()) {
      if (!usedNames.contains(n)) {
        unusedNames.add(n);
      }
    }
    if (!unusedNames.isEmpty()) {
      throw PartitaException.validation(
          "Value provided in ExpressionAttributeNames unused in expressions: keys: {" + String.join(", ", unusedNames) + "}");
    }
    List<String> unusedValues = new ArrayList<>();
    for (String v : values.keySet()) {
      if (!usedValues.contains(v)) {
        unusedValues.add(v);
      }
    }
    if (!unusedValues.isEmpty()) {
      throw PartitaException.validation(
          "Value provided in ExpressionAttributeValues unused in expressions: keys: {" + String.join(", ", unusedValues) + "}");
    }
  }

  private static void checkText(String expression, String kind) {
    if (expression == null || expression.isEmpty()) {
      throw ExprErrors.invalid(kind, ExprErrors.empty());
    }
    if (expression.length() > MAX_EXPRESSION_BYTES / 3) {
      int bytes = expression.getBytes(StandardCharsets.UTF_8).length;
      if (bytes > MAX_EXPRESSION_BYTES) {
        throw ExprErrors.invalid(kind, ExprErrors.expressionSize(bytes));
      }
    }
  }

  /** The attribute name for {@code #placeholder}, marking it used; null when not defined. */
  String resolveName(String placeholder) {
    String name = names.get(placeholder);
    if (name != null) {
      AttributeValues.checkText(name);
      usedNames.add(placeholder);
    }
    return name;
  }

  /** The validated value for {@code :placeholder}, marking it used; null when not defined. */
  /** The value of {@code placeholder} as given in the request, unvalidated; null if not given. */
  AttributeValue rawValue(String placeholder) {
    return values == null ? null : values.get(placeholder);
  }

  AttributeValue resolveValue(String placeholder) {
    AttributeValue cached = validated.get(placeholder);
    if (cached != null) {
      return cached;
    }
    AttributeValue raw = values.get(placeholder);
    if (raw == null) {
      return null;
    }
    usedValues.add(placeholder);
    AttributeValue valid = AttributeValues.validateValue(raw);
    validated.put(placeholder, valid);
    return valid;
  }
}
