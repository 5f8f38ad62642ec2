package io.partita.engine.internal.expr;

import io.partita.engine.PartitaException;
import io.partita.engine.internal.expr.Ast.Comparator;
import io.partita.engine.internal.expr.Operands.ConstVal;
import io.partita.engine.internal.expr.Operands.PathVal;
import io.partita.engine.internal.expr.Operands.Val;
import io.partita.engine.internal.value.AttributeValues;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalOperator;
import software.amazon.awssdk.services.dynamodb.model.ExpectedAttributeValue;

/**
 * The legacy conditions ({@code ScanFilter}, {@code Expected}, with {@code ConditionalOperator})
 * translated into the conditions the expression language binds to, so one evaluator serves both.
 * Semantics and messages: docs/legacy-parameters.md sections 3 to 6, each fact with its source
 * (the API reference's Condition and ExpectedAttributeValue, dynalite's and scylladb's suites run
 * against the service). NE is true of a missing attribute, NOT_CONTAINS false of one.
 */
public final class LegacyConditions {
  private static final String INVALID = "One or more parameter values were invalid: ";
  private static final Set<String> SCALARS = Set.of("S", "N", "B");

  private LegacyConditions() {}

  /** A ScanFilter (or QueryFilter): its entries joined by AND, or by OR when {@code operator} says so. */
  static Condition filter(Map<String, software.amazon.awssdk.services.dynamodb.model.Condition> filter,
      String operator) {
    checkOperator(filter.size(), operator);
    List<Condition> parts = new ArrayList<>(filter.size());
    for (Map.Entry<String, software.amazon.awssdk.services.dynamodb.model.Condition> e : filter.entrySet()) {
      software.amazon.awssdk.services.dynamodb.model.Condition c = e.getValue();
      List<AttributeValue> values = c.hasAttributeValueList() ? c.attributeValueList() : List.of();
      parts.add(compare(e.getKey(), c.comparisonOperatorAsString(), valid(values)));
    }
    return join(parts, operator);
  }

  /**
   * A read's QueryFilter or ScanFilter ({@code parameter}) with its ConditionalOperator, or null when
   * neither is given, as a bound FilterExpression is: the attributes a read may not filter on are
   * refused later, in the same way (sections 9 and 10).
   */
  public static ExpressionContext.QueryFilter readFilter(
      Map<String, software.amazon.awssdk.services.dynamodb.model.Condition> filter, String operator, String parameter) {
    Condition condition = filter(filter, operator);
    return condition == null ? null
        : new ExpressionContext.QueryFilter(condition, List.copyOf(filter.keySet()), parameter);
  }

  /** An Expected map of PutItem, UpdateItem or DeleteItem, in either of its two forms per attribute. */
  public static Condition expected(Map<String, ExpectedAttributeValue> expected, String operator) {
    checkOperator(expected.size(), operator);
    List<Condition> parts = new ArrayList<>(expected.size());
    for (Map.Entry<String, ExpectedAttributeValue> e : expected.entrySet()) {
      parts.add(expectation(e.getKey(), e.getValue()));
    }
    return join(parts, operator);
  }

  /** The checks of one Expected entry, in the service's order (docs/legacy-parameters.md section 5). */
  private static Condition expectation(String name, ExpectedAttributeValue x) {
    String operator = x.comparisonOperatorAsString();
    boolean list = x.hasAttributeValueList();
    if (x.value() != null && list) {
      throw invalid("Value and AttributeValueList cannot be used together for Attribute: " + name);
    }
    if (x.exists() != null && operator != null) {
      throw invalid("Exists and ComparisonOperator cannot be used together for Attribute: " + name);
    }
    if (operator != null) {
      if (x.value() == null && !list && !operator.equals("NULL") && !operator.equals("NOT_NULL")) {
        throw invalid("Value or AttributeValueList must be used with ComparisonOperator: " + operator
            + " for Attribute: " + name);
      }
      List<AttributeValue> values = x.value() != null ? List.of(x.value()) : list ? x.attributeValueList() : List.of();
      return compare(name, operator, valid(values));
    }
    if (list) {
      throw invalid("AttributeValueList can only be used with a ComparisonOperator for Attribute: " + name);
    }
    if (x.exists() == null && x.value() == null) {
      throw invalid("Value must be provided when Exists is null for Attribute: " + name);
    }
    if (Boolean.FALSE.equals(x.exists())) {
      if (x.value() != null) {
        throw invalid("Value cannot be used when Exists is false for Attribute: " + name);
      }
      return new Conditions.Exists(path(name), false);
    }
    if (x.value() == null) {
      throw invalid("Value must be provided when Exists is true for Attribute: " + name);
    }
    return compare(name, "EQ", valid(List.of(x.value())));
  }

  static List<AttributeValue> valid(List<AttributeValue> values) {
    List<AttributeValue> out = new ArrayList<>(values.size());
    for (AttributeValue v : values) {
      out.add(AttributeValues.validateValue(v));
    }
    return out;
  }

  /** One attribute against its values: the checks of {@link #check}, then the test. */
  private static Condition compare(String name, String operator, List<AttributeValue> values) {
    check(name, operator, values);
    DocPath path = path(name);
    Val subject = new PathVal(path);
    Val first = values.isEmpty() ? null : new ConstVal(values.get(0));
    return switch (operator) {
      case "EQ" -> new Conditions.Cmp(Comparator.EQ, subject, first);
      case "NE" -> new Conditions.Cmp(Comparator.NE, subject, first);
      case "LT" -> new Conditions.Cmp(Comparator.LT, subject, first);
      case "LE" -> new Conditions.Cmp(Comparator.LE, subject, first);
      case "GT" -> new Conditions.Cmp(Comparator.GT, subject, first);
      case "GE" -> new Conditions.Cmp(Comparator.GE, subject, first);
      case "NULL" -> new Conditions.Exists(path, false);
      case "NOT_NULL" -> new Conditions.Exists(path, true);
      case "CONTAINS" -> new Conditions.Contains(subject, first);
      // false of a missing attribute, as CONTAINS is
      case "NOT_CONTAINS" -> new Conditions.And(new Conditions.Exists(path, true),
          new Conditions.Not(new Conditions.Contains(subject, first)));
      case "BEGINS_WITH" -> new Conditions.BeginsWith(subject, first);
      case "IN" -> new Conditions.In(subject, values.stream().<Val>map(ConstVal::new).toList());
      case "BETWEEN" -> new Conditions.Between(subject, first, new ConstVal(values.get(1)));
      default -> throw new IllegalStateException("ComparisonOperator " + operator + " passed the API's enum check");
    };
  }

  /**
   * The checks every legacy condition entry gets, KeyConditions' included (docs/legacy-parameters.md
   * section 4): the name, the number of values, one type, the types the operator takes, BETWEEN's
   * bounds in order. The values are already valid AttributeValues.
   */
  static void check(String name, String operator, List<AttributeValue> values) {
    AttributeValues.checkName(name);
    int wanted = switch (operator) {
      case "NULL", "NOT_NULL" -> 0;
      case "BETWEEN" -> 2;
      case "IN" -> -1;
      default -> 1;
    };
    if (wanted >= 0 ? values.size() != wanted : values.isEmpty()) {
      throw invalid("Invalid number of argument(s) for the " + operator + " ComparisonOperator");
    }
    String type = values.isEmpty() ? null : AttributeValues.typeName(values.get(0));
    for (AttributeValue v : values) {
      if (!AttributeValues.typeName(v).equals(type)) {
        throw invalid("AttributeValues inside AttributeValueList must be of same type");
      }
    }
    boolean accepted = switch (operator) {
      case "NULL", "NOT_NULL", "EQ", "NE" -> true;
      case "BEGINS_WITH" -> type.equals("S") || type.equals("B");
      default -> SCALARS.contains(type); // LT LE GT GE CONTAINS NOT_CONTAINS IN BETWEEN
    };
    if (!accepted) {
      throw invalid("ComparisonOperator " + operator + " is not valid for " + type + " AttributeValue type");
    }
    if (operator.equals("BETWEEN")) {
      Integer order = Values.compare(values.get(0), values.get(1));
      if (order != null && order > 0) {
        throw PartitaException.validation(
            "The BETWEEN condition was provided a range where the lower bound is greater than the upper bound");
      }
    }
  }

  /** ConditionalOperator needs two or more conditions to join (docs/legacy-parameters.md section 6). */
  private static void checkOperator(int conditions, String operator) {
    if (operator == null) {
      return;
    }
    if (conditions == 0) {
      throw PartitaException.validation("ConditionalOperator cannot be used without Filter or Expected");
    }
    if (conditions == 1) {
      throw PartitaException.validation(
          "ConditionalOperator can only be used when Filter or Expected has two or more elements");
    }
  }

  private static Condition join(List<Condition> parts, String operator) {
    if (parts.isEmpty()) {
      return null;
    }
    boolean or = ConditionalOperator.OR.toString().equals(operator);
    Condition joined = parts.get(0);
    for (int i = 1; i < parts.size(); i++) {
      joined = or ? new Conditions.Or(joined, parts.get(i)) : new Conditions.And(joined, parts.get(i));
    }
    return joined;
  }

  private static DocPath path(String name) {
    return new DocPath(List.of(name));
  }

  private static PartitaException invalid(String message) {
    return PartitaException.validation(INVALID + message);
  }
}
