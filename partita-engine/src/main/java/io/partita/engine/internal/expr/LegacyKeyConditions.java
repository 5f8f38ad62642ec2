package io.partita.engine.internal.expr;

import io.partita.engine.PartitaException;
import io.partita.engine.internal.expr.KeyClauses.Clause;
import io.partita.engine.internal.expr.SortCondition.Op;
import io.partita.engine.internal.table.KeyDef;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Condition;

/**
 * A Query's legacy {@code KeyConditions} read into the clauses a KeyConditionExpression binds to, so
 * one {@link KeyConditions#validate} builds the key condition of both forms. What differs is checked
 * here, in the service's order and with its messages (docs/legacy-parameters.md section 7, recorded by
 * dynalite's test/query.js against the service): each entry as every legacy condition
 * ({@link LegacyConditions#check}) and the count before the table is known; then, per key attribute
 * in schema order, present, an indexable operator, a value of the key's type, and equality on the
 * partition key.
 */
public final class LegacyKeyConditions {
  private static final String LENGTH = "Conditions can be of length 1 or 2 only";
  /** The most key attributes an index can have: four partition and four sort attributes. */
  private static final int MOST_KEY_ATTRIBUTES = 8;

  private final Map<String, Clause> clauses;

  private LegacyKeyConditions(Map<String, Clause> clauses) {
    this.clauses = clauses;
  }

  /**
   * The checks that need no table: each entry's (section 4), then the count, 1 or 2. On an index the
   * count is held back for a multi-attribute key (up to 8); {@link #against} then checks it against
   * the key the index has. A non-indexable operator is kept to be refused in the key's order.
   */
  public static LegacyKeyConditions of(Map<String, Condition> conditions, boolean onIndex) {
    Map<String, Clause> clauses = new LinkedHashMap<>();
    for (Map.Entry<String, Condition> e : conditions.entrySet()) {
      Condition c = e.getValue();
      List<AttributeValue> values = LegacyConditions.valid(c.hasAttributeValueList() ? c.attributeValueList() : List.of());
      String operator = c.comparisonOperatorAsString();
      LegacyConditions.check(e.getKey(), operator, values);
      clauses.put(e.getKey(), new Clause(e.getKey(), indexable(operator),
          values.isEmpty() ? null : values.get(0), values.size() == 2 ? values.get(1) : null));
    }
    if (clauses.isEmpty() || clauses.size() > (onIndex ? MOST_KEY_ATTRIBUTES : 2)) {
      throw PartitaException.validation(LENGTH);
    }
    return new LegacyKeyConditions(clauses);
  }

  /** The key condition on {@code schema}, the table's key or the index's. */
  public KeyCondition against(KeySchemaSpec schema) {
    if (clauses.size() > schema.size()) {
      // a one-attribute key given two conditions is "not supported"; more than a classic key can
      // have is the length rule; past a multi-attribute key, the expression's count message (Partita's
      // choice: the service's answer for multi-attribute keys is not established)
      throw PartitaException.validation(schema.size() == 1 && clauses.size() == 2 ? ExprErrors.KEY_NOT_SUPPORTED
          : schema.size() <= 2 ? LENGTH : ExprErrors.keyConditionCount(clauses.size(), schema.size()));
    }
    Set<String> keyNames = new HashSet<>();
    for (KeyDef key : schema.hashKeys()) {
      Clause c = clauses.get(key.name());
      if (c == null) {
        throw PartitaException.validation(ExprErrors.keyMissed(key.name()));
      }
      checkKeyClause(key, c);
      if (c.op() != Op.EQ) {
        throw PartitaException.validation(ExprErrors.KEY_NOT_SUPPORTED);
      }
      keyNames.add(key.name());
    }
    schema.rangeKeys().forEach(k -> keyNames.add(k.name()));
    for (String name : clauses.keySet()) {
      if (!keyNames.contains(name)) {
        // the service names the sort key the conditions left out
        String free = schema.rangeKeys().stream().map(KeyDef::name).filter(n -> !clauses.containsKey(n))
            .findFirst().orElseThrow();
        throw PartitaException.validation(ExprErrors.keyMissed(free));
      }
    }
    for (KeyDef key : schema.rangeKeys()) {
      Clause c = clauses.get(key.name());
      if (c != null) {
        checkKeyClause(key, c);
      }
    }
    return KeyConditions.validate(new ArrayList<>(clauses.values()), schema);
  }

  /** Steps 3 and 4 for one key attribute: an operator a key range can serve, then the value's type. */
  private static void checkKeyClause(KeyDef key, Clause c) {
    if (c.op() == null) {
      throw PartitaException.validation("Attempted conditional constraint is not an indexable operation");
    }
    KeyConditions.checkValues(key, c);
  }

  /** The key range operator of a ComparisonOperator, or null for those no key range serves. */
  private static Op indexable(String operator) {
    return switch (operator) {
      case "EQ" -> Op.EQ;
      case "LT" -> Op.LT;
      case "LE" -> Op.LE;
      case "GT" -> Op.GT;
      case "GE" -> Op.GE;
      case "BETWEEN" -> Op.BETWEEN;
      case "BEGINS_WITH" -> Op.BEGINS_WITH;
      default -> null; // NE, IN, NULL, NOT_NULL, CONTAINS, NOT_CONTAINS
    };
  }
}
