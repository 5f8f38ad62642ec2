package io.partita.model.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** SET, REMOVE, ADD and DELETE clauses of one update expression (an update's or an upsert's). */
final class Clauses {
  final List<String> set = new ArrayList<>();
  final List<String> remove = new ArrayList<>();
  final List<String> add = new ArrayList<>();
  final List<String> delete = new ArrayList<>();

  /** Sets an index's key attributes to {@code indexKey}, or removes them when it is null (a sparse index). */
  void indexKey(TemplateKey k, Map<String, AttributeValue> indexKey, Expressions x) {
    boolean local = k.shape().local(); // a local index's partition key is the table's: never set nor removed
    if (indexKey == null) {
      if (!local) {
        k.shape().partitionKeys().forEach(a -> remove.add(x.name(a)));
      }
      k.shape().sortKeys().forEach(a -> remove.add(x.name(a)));
    } else {
      indexKey.forEach((attr, av) -> {
        if (!local || !attr.equals(k.shape().partitionKey())) {
          set.add(x.name(attr) + " = " + x.value(av));
        }
      });
    }
  }

  /**
   * The version clause of a write that sets the version: {@code expected + 1} when the write checks
   * {@code expected} (added to {@code conditions}), else one more than whatever is stored.
   */
  void version(String versionName, Long expected, Expressions x, List<String> conditions) {
    if (expected != null) {
      conditions.add(versionName + " = " + x.value(AttributeValue.fromN(Long.toString(expected))));
      set.add(versionName + " = " + x.value(AttributeValue.fromN(Long.toString(expected + 1))));
    } else {
      set.add(versionName + " = if_not_exists(" + versionName + ", " + x.value(AttributeValue.fromN("0")) + ") + "
          + x.value(AttributeValue.fromN("1")));
    }
  }

  String render() {
    StringBuilder out = new StringBuilder();
    clause(out, "SET", set);
    clause(out, "REMOVE", remove);
    clause(out, "ADD", add);
    clause(out, "DELETE", delete);
    return out.toString();
  }

  private static void clause(StringBuilder out, String keyword, List<String> parts) {
    if (!parts.isEmpty()) {
      out.append(out.length() == 0 ? "" : " ").append(keyword).append(' ').append(String.join(", ", parts));
    }
  }

  /** The conditions joined with AND, each grouped (one alone as it is). */
  static String and(List<String> conditions) {
    if (conditions.size() == 1) {
      return conditions.get(0);
    }
    StringBuilder out = new StringBuilder();
    for (String c : conditions) {
      out.append(out.length() == 0 ? "" : " AND ").append(Expressions.group(c));
    }
    return out.toString();
  }
}
