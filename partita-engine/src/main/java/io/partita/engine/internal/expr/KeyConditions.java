package io.partita.engine.internal.expr;

import io.partita.engine.PartitaException;
import io.partita.engine.internal.expr.KeyClauses.Clause;
import io.partita.engine.internal.expr.SortCondition.Op;
import io.partita.engine.internal.table.KeyDef;
import io.partita.engine.internal.value.AttributeValues;
import io.partita.engine.internal.value.ScalarType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The second half of key condition validation: the clauses against the key schema. The checks run
 * in this order, Partita's (the service's order is not documented; its messages are in
 * docs/dynamodb-messages.md):
 * <ol>
 *   <li>no more clauses than key attributes;
 *   <li>each partition key attribute, in schema order: present, value of its type and not empty,
 *       compared with {@code =};
 *   <li>each sort key attribute named, in schema order: value of its type and not empty;
 *   <li>no clause on an attribute outside the key;
 *   <li>the sort attributes named form a prefix of the sort key, all but the last compared with
 *       {@code =} (multi-attribute sort keys).
 * </ol>
 */
final class KeyConditions {
  private KeyConditions() {}

  static KeyCondition validate(List<Clause> clauses, KeySchemaSpec schema) {
    if (clauses.size() > schema.size()) {
      throw invalid(ExprErrors.keyConditionCount(clauses.size(), schema.size()));
    }
    Map<String, Clause> byName = new HashMap<>();
    for (Clause c : clauses) {
      byName.put(c.attribute(), c);
    }
    Map<String, AttributeValue> hashValues = new LinkedHashMap<>();
    for (KeyDef key : schema.hashKeys()) {
      Clause c = byName.get(key.name());
      if (c == null) {
        throw invalid(ExprErrors.keyMissed(key.name()));
      }
      checkValues(key, c);
      if (c.op() != Op.EQ) {
        throw invalid(ExprErrors.KEY_NOT_SUPPORTED);
      }
      hashValues.put(key.name(), c.value());
    }
    // the sort attributes named, by position in the sort key
    List<Clause> sort = new ArrayList<>();
    Set<String> keyNames = new HashSet<>(hashValues.keySet());
    int last = -1;
    for (int i = 0; i < schema.rangeKeys().size(); i++) {
      KeyDef key = schema.rangeKeys().get(i);
      keyNames.add(key.name());
      Clause c = byName.get(key.name());
      sort.add(c);
      if (c != null) {
        checkValues(key, c);
        last = i;
      }
    }
    for (Clause c : clauses) {
      if (!keyNames.contains(c.attribute())) {
        // Amazon DynamoDB names the sort key here (one is always free: the count was checked)
        throw invalid(ExprErrors.keyMissed(firstFree(schema, byName)));
      }
    }
    List<String> notEqual = new ArrayList<>();
    for (int i = 0; i < last; i++) {
      if (sort.get(i) == null || sort.get(i).op() != Op.EQ) {
        notEqual.add(schema.rangeKeys().get(i).name());
      }
    }
    if (!notEqual.isEmpty()) {
      throw invalid(ExprErrors.keyRangePrefix(notEqual, schema.rangeKeys().get(last).name()));
    }
    List<SortEquality> prefix = new ArrayList<>();
    for (int i = 0; i < last; i++) {
      prefix.add(new SortEquality(sort.get(i).attribute(), sort.get(i).value()));
    }
    SortCondition range = last < 0 ? null : toSort(sort.get(last));
    return new KeyCondition(hashValues, prefix, range);
  }

  /** Refuses a clause on an attribute that is none of {@code schema}'s keys ({@link ExprErrors#KEY_NOT_SUPPORTED}). */
  static void refuseClausesOffTheKey(List<Clause> clauses, KeySchemaSpec schema) {
    Set<String> keys = new HashSet<>();
    schema.hashKeys().forEach(k -> keys.add(k.name()));
    schema.rangeKeys().forEach(k -> keys.add(k.name()));
    for (Clause c : clauses) {
      if (!keys.contains(c.attribute())) {
        throw invalid(ExprErrors.KEY_NOT_SUPPORTED);
      }
    }
  }

  /** Each value must have the key attribute's type, and an S or B value must not be empty. */
  static void checkValues(KeyDef key, Clause c) {
    for (AttributeValue v : c.upper() == null ? List.of(c.value()) : List.of(c.value(), c.upper())) {
      if (ScalarType.of(v) != key.type()) {
        throw invalid(ExprErrors.KEY_TYPE_MISMATCH);
      }
      AttributeValues.checkKeyValue(key.name(), v, key.type());
    }
  }

  private static String firstFree(KeySchemaSpec schema, Map<String, Clause> byName) {
    for (KeyDef key : schema.rangeKeys()) {
      if (!byName.containsKey(key.name())) {
        return key.name();
      }
    }
    throw new IllegalStateException("no free sort key attribute");
  }

  private static SortCondition toSort(Clause c) {
    return new SortCondition(c.attribute(), c.op(), c.value(), c.upper());
  }

  private static PartitaException invalid(String message) {
    return PartitaException.validation(message);
  }
}
