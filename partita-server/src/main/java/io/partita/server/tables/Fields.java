package io.partita.server.tables;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The members of one object of a file, read by name: each member read, ignored or refused is marked, and {@link
 * #done()} refuses every member left unread by name, so an unknown property is never dropped silently. A value
 * that must be known (a key attribute, an index name) and is an intrinsic function the {@link Resolver} cannot
 * evaluate is refused naming the property.
 */
final class Fields {
  private final Report report;
  private final String path;
  private final Map<String, Object> members;
  private final Resolver resolver;
  private final Set<String> seen = new LinkedHashSet<>();
  /** What an unknown member is called in its refusal: "a property Partita does not know of AWS::DynamoDB::Table". */
  private final String what;

  Fields(Report report, String path, Map<String, Object> members, Resolver resolver, String what) {
    this.report = report;
    this.path = path;
    this.members = members;
    this.resolver = resolver;
    this.what = what;
  }

  /** The object at {@code path} of {@code report}'s file, or a refusal (and null) when it is not an object. */
  @SuppressWarnings("unchecked")
  static Fields of(Report report, String path, Object value, Resolver resolver, String what) {
    if (value instanceof Map<?, ?> m && !Tree.isIntrinsic(value)) {
      return new Fields(report, path, (Map<String, Object>) m, resolver, what);
    }
    report.refuse(path, value != null && Tree.isIntrinsic(value)
        ? "is " + Tree.unevaluated(value) + " Partita cannot evaluate; write its value"
        : "must be an object, not " + describe(value));
    return null;
  }

  Report report() {
    return report;
  }

  Resolver resolver() {
    return resolver;
  }

  String path() {
    return path;
  }

  String at(String name) {
    return path.isEmpty() ? name : path + "." + name;
  }

  boolean has(String name) {
    return members.containsKey(name) && members.get(name) != null;
  }

  /** The raw value, marked as read. */
  Object raw(String name) {
    seen.add(name);
    return members.get(name);
  }

  /** A string member: a literal, or an intrinsic the resolver evaluates; else refused (null). */
  String string(String name) {
    Object v = raw(name);
    if (v == null) {
      return null;
    }
    return text(at(name), v);
  }

  String requiredString(String name) {
    if (!has(name)) {
      seen.add(name);
      report.refuse(at(name), "is missing");
      return null;
    }
    return string(name);
  }

  /** {@code v} at {@code where} as text: a string, a number or a boolean, or an intrinsic the resolver evaluates. */
  String text(String where, Object v) {
    if (v instanceof String s) {
      return s;
    }
    if (v instanceof Number || v instanceof Boolean) {
      return v.toString();
    }
    if (Tree.isIntrinsic(v)) {
      String resolved = resolver.resolve(v);
      if (resolved != null) {
        return resolved;
      }
      report.refuse(where, "is " + Tree.unevaluated(v) + " Partita cannot evaluate here; write its value");
      return null;
    }
    report.refuse(where, "must be a string, not " + describe(v));
    return null;
  }

  Long number(String name) {
    Object v = raw(name);
    if (v == null) {
      return null;
    }
    String s = text(at(name), v);
    if (s == null) {
      return null;
    }
    try {
      return Long.parseLong(s.strip());
    } catch (NumberFormatException e) {
      report.refuse(at(name), "must be a whole number, not '" + s + "'");
      return null;
    }
  }

  Boolean bool(String name) {
    Object v = raw(name);
    if (v == null) {
      return null;
    }
    String s = text(at(name), v);
    if (s == null) {
      return null;
    }
    if (s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(s);
    }
    report.refuse(at(name), "must be true or false, not '" + s + "'");
    return null;
  }

  /** A nested object, or null (absent, or refused). */
  Fields object(String name, String whatInside) {
    Object v = raw(name);
    return v == null ? null : of(report, at(name), v, resolver, whatInside);
  }

  /** A list of objects, each read by {@code each}; an absent list is empty. */
  <T> List<T> objects(String name, String whatInside, Function<Fields, T> each) {
    Object v = raw(name);
    List<T> out = new ArrayList<>();
    if (v == null) {
      return out;
    }
    if (!(v instanceof List<?> list)) {
      report.refuse(at(name), Tree.isIntrinsic(v)
          ? "is " + Tree.unevaluated(v) + " Partita cannot evaluate; write the list"
          : "must be a list, not " + describe(v));
      return out;
    }
    for (int i = 0; i < list.size(); i++) {
      Fields f = of(report, at(name) + "[" + i + "]", list.get(i), resolver, whatInside);
      if (f != null) {
        T t = each.apply(f);
        f.done();
        if (t != null) {
          out.add(t);
        }
      }
    }
    return out;
  }

  /** A list of strings; an absent list is empty. */
  List<String> strings(String name) {
    Object v = raw(name);
    List<String> out = new ArrayList<>();
    if (v == null) {
      return out;
    }
    if (!(v instanceof List<?> list)) {
      report.refuse(at(name), "must be a list, not " + describe(v));
      return out;
    }
    for (int i = 0; i < list.size(); i++) {
      String s = text(at(name) + "[" + i + "]", list.get(i));
      if (s != null) {
        out.add(s);
      }
    }
    return out;
  }

  /** {@code name}, when present, has no effect on a local table: accepted, and named in the file's notice. */
  void ignore(String... names) {
    for (String name : names) {
      if (members.containsKey(name)) {
        seen.add(name);
        report.ignore(at(name));
      }
    }
  }

  /** {@code name}, when present, cannot be honoured by Partita: the start fails naming it. */
  void refuse(String name, String why) {
    if (members.containsKey(name)) {
      seen.add(name);
      report.refuse(at(name), why);
    }
  }

  /** Marks {@code names} as read without a word (a value Partita computes itself, such as an ARN). */
  void skip(String... names) {
    for (String name : names) {
      seen.add(name);
    }
  }

  /** Whether a value says anything: not null, an empty string or list or object, false or zero (Terraform's unset). */
  static boolean isSet(Object v) {
    if (v == null || Boolean.FALSE.equals(v)) {
      return false;
    }
    if (v instanceof String s) {
      return !s.isEmpty();
    }
    if (v instanceof Number n) {
      return n.doubleValue() != 0;
    }
    if (v instanceof List<?> l) {
      return l.stream().anyMatch(Fields::isSet);
    }
    if (v instanceof Map<?, ?> m) {
      return m.values().stream().anyMatch(Fields::isSet);
    }
    return true;
  }

  /** {@link #refuse} when the member is set ({@link #isSet}); read without a word when it is not. */
  void refuseIfSet(String name, String why) {
    if (isSet(members.get(name))) {
      refuse(name, why);
    } else {
      seen.add(name);
    }
  }

  /** {@link #ignore} when the member is set ({@link #isSet}); read without a word when it is not. */
  void ignoreIfSet(String... names) {
    for (String name : names) {
      if (isSet(members.get(name))) {
        ignore(name);
      } else {
        seen.add(name);
      }
    }
  }

  /** Marks every member not read yet whose value is unset ({@link #isSet}) as read: Terraform's defaults. */
  void skipUnset() {
    members.forEach((name, v) -> {
      if (!isSet(v)) {
        seen.add(name);
      }
    });
  }

  /** Every member not read, ignored or refused is refused as unknown. */
  void done() {
    for (String name : members.keySet()) {
      if (!seen.contains(name)) {
        report.refuse(at(name), "is not " + what);
      }
    }
  }

  static String describe(Object v) {
    if (v == null) {
      return "null";
    }
    if (Tree.isIntrinsic(v)) {
      return Tree.unevaluated(v);
    }
    if (v instanceof Map) {
      return "an object";
    }
    if (v instanceof List) {
      return "a list";
    }
    return "'" + v + "'";
  }
}
