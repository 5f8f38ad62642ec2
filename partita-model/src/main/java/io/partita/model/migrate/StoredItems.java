package io.partita.model.migrate;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * Comparing stored items: equality as DynamoDB means it (numbers by value, sets without order), and the condition
 * that an item is still as it was read, which every rewrite of a migration carries.
 */
final class StoredItems {
  private StoredItems() {}

  /** Whether two items hold the same attributes with the same values. */
  static boolean same(Map<String, AttributeValue> a, Map<String, AttributeValue> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (Map.Entry<String, AttributeValue> e : a.entrySet()) {
      AttributeValue other = b.get(e.getKey());
      if (other == null || !same(e.getValue(), other)) {
        return false;
      }
    }
    return true;
  }

  static boolean same(AttributeValue a, AttributeValue b) {
    if (a.type() != b.type()) {
      return false;
    }
    switch (a.type()) {
      case N:
        return new BigDecimal(a.n()).compareTo(new BigDecimal(b.n())) == 0;
      case SS:
        return new HashSet<>(a.ss()).equals(new HashSet<>(b.ss()));
      case NS: {
        Set<BigDecimal> x = new HashSet<>();
        a.ns().forEach(n -> x.add(new BigDecimal(n).stripTrailingZeros()));
        Set<BigDecimal> y = new HashSet<>();
        b.ns().forEach(n -> y.add(new BigDecimal(n).stripTrailingZeros()));
        return x.equals(y);
      }
      case BS:
        return new HashSet<>(a.bs()).equals(new HashSet<>(b.bs()));
      case L: {
        if (a.l().size() != b.l().size()) {
          return false;
        }
        for (int i = 0; i < a.l().size(); i++) {
          if (!same(a.l().get(i), b.l().get(i))) {
            return false;
          }
        }
        return true;
      }
      case M:
        return same(a.m(), b.m());
      default:
        return a.equals(b);
    }
  }

  /**
   * A condition that holds while the stored item is still {@code read}: each of its attributes equal to the value
   * read, and each of {@code absent} (attributes the write will hold that the read did not find) still absent, so a
   * writer that only added one of them in between is noticed too. Written with placeholders {@code #uN}/{@code :uN}
   * into {@code names} and {@code values}.
   */
  static String unchanged(Map<String, AttributeValue> read, java.util.Collection<String> absent,
      Map<String, String> names, Map<String, AttributeValue> values) {
    return unchanged(read, absent, names, values, "u");
  }

  /** {@link #unchanged} with placeholders {@code #<prefix>N}/{@code :<prefix>N}. */
  static String unchanged(Map<String, AttributeValue> read, java.util.Collection<String> absent,
      Map<String, String> names, Map<String, AttributeValue> values, String prefix) {
    StringBuilder b = new StringBuilder();
    int i = 0;
    for (Map.Entry<String, AttributeValue> e : read.entrySet()) {
      if (b.length() > 0) {
        b.append(" AND ");
      }
      names.put("#" + prefix + i, e.getKey());
      values.put(":" + prefix + i, e.getValue());
      b.append("#").append(prefix).append(i).append(" = :").append(prefix).append(i);
      i++;
    }
    for (String a : absent) {
      if (read.containsKey(a)) {
        continue;
      }
      names.put("#" + prefix + i, a);
      b.append(b.length() > 0 ? " AND " : "").append("attribute_not_exists(#").append(prefix).append(i).append(")");
      i++;
    }
    return b.toString();
  }

  /** {@code builder} after the caller's {@code Consumer<Builder>} (the SDK's consumer-style overloads) ran on it. */
  @SuppressWarnings("unchecked")
  static <B> B built(B builder, Object consumer) {
    ((java.util.function.Consumer<B>) consumer).accept(builder);
    return builder;
  }

  /** A call a window does not change, passed on to {@code dynamo} with its own exception. */
  static Object passOn(software.amazon.awssdk.services.dynamodb.DynamoDbClient dynamo, java.lang.reflect.Method method,
      Object[] args) throws Throwable {
    try {
      return method.invoke(dynamo, args);
    } catch (java.lang.reflect.InvocationTargetException e) {
      throw e.getCause();
    }
  }

  /** The table key of {@code item} in {@code table}: its partition key and, if the table has one, its sort key. */
  static Map<String, AttributeValue> keyOf(io.partita.model.TableSchema table, Map<String, AttributeValue> item) {
    Map<String, AttributeValue> key = new HashMap<>(4);
    key.put(table.partitionKey(), item.get(table.partitionKey()));
    table.sortKey().ifPresent(sk -> key.put(sk, item.get(sk)));
    return key;
  }

  /** An UpdateItem's answer as the caller asked for it ({@code asked}), from the items before and after. */
  static UpdateItemResponse updateAnswer(ReturnValue asked, Map<String, AttributeValue> before,
      Map<String, AttributeValue> after) {
    Map<String, AttributeValue> out = switch (asked == null ? ReturnValue.NONE : asked) {
      case ALL_NEW -> after;
      case ALL_OLD -> before;
      case UPDATED_NEW -> changed(after, before);
      case UPDATED_OLD -> changed(before, after);
      default -> null;
    };
    return UpdateItemResponse.builder().attributes(out == null || out.isEmpty() ? null : out).build();
  }

  /** The attributes of {@code of} that {@code other} lacks or holds otherwise. */
  private static Map<String, AttributeValue> changed(Map<String, AttributeValue> of,
      Map<String, AttributeValue> other) {
    if (of == null) {
      return null;
    }
    Map<String, AttributeValue> out = new HashMap<>();
    of.forEach((k, v) -> {
      if (other == null || !other.containsKey(k) || !same(v, other.get(k))) {
        out.put(k, v);
      }
    });
    return out;
  }
}
