package io.partita.server.tables;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Terraform's native syntax (HCL, a {@code .tf} file) as plain values, the subset a table's definition is written in:
 * blocks ({@code resource "aws_dynamodb_table" "orders" { ... }}; a nested block such as {@code attribute { ... }}
 * becomes one element of a list under its name, as {@code terraform show -json} writes it), arguments ({@code name =
 * value}), strings (with {@code ${...}} interpolation), heredocs, numbers, booleans, null, lists and objects, and
 * comments. {@code var.NAME} and {@code local.NAME}, alone or interpolated, take the value of the same file's
 * {@code variable} default or {@code locals} entry, and {@code aws_TYPE.NAME.ARGUMENT} the argument as the same
 * file writes it, when that has a value here. Anything else (a function call, a
 * conditional, another resource's attribute) is kept as its text under {@link Tree#EXPRESSION}, for the reader to
 * refuse naming the argument, or to apply its documented rule.
 */
final class Hcl {
  private static final Pattern REFERENCE = Pattern.compile("(var|local)\\.([A-Za-z_][A-Za-z0-9_-]*)"
      + "|aws_[a-z0-9_]+\\.[A-Za-z_][A-Za-z0-9_-]*\\.[a-z_]+");

  /** A string with interpolations: literal text and references, in order. */
  private record Template(List<Object> parts, String text) {}

  /** An interpolated reference, {@code var.env}. */
  private record Reference(String text) {}

  /** An expression Partita does not evaluate, as written. */
  private record Raw(String text) {}

  private final String s;
  private int i;

  private Hcl(String s) {
    this.s = s;
  }

  /** The file's top-level body, its values resolved against its own variables and locals. */
  static Map<String, Object> parse(String text) {
    Hcl p = new Hcl(text);
    Map<String, Object> body = p.body(false);
    Map<String, Object> values = new LinkedHashMap<>();
    if (body.get("variable") instanceof Map<?, ?> variables) {
      variables.forEach((name, v) -> {
        if (v instanceof Map<?, ?> m && m.containsKey("default")) {
          values.put("var." + name, m.get("default"));
        }
      });
    }
    if (body.get("locals") instanceof List<?> blocks) {
      for (Object b : blocks) {
        if (b instanceof Map<?, ?> m) {
          m.forEach((name, v) -> values.put("local." + name, v));
        }
      }
    }
    // another resource's argument written in the file (aws_dynamodb_table.orders.name), not one computed at apply
    if (body.get("resource") instanceof Map<?, ?> types) {
      types.forEach((type, named) -> {
        if (named instanceof Map<?, ?> n) {
          n.forEach((name, args) -> {
            if (args instanceof Map<?, ?> a) {
              a.forEach((arg, v) -> values.put(type + "." + name + "." + arg, v));
            }
          });
        }
      });
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> resolved = (Map<String, Object>) resolve(body, values, 0);
    return resolved;
  }

  private static Object resolve(Object v, Map<String, Object> values, int depth) {
    if (v instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      m.forEach((k, x) -> out.put(k.toString(), resolve(x, values, depth)));
      return out;
    }
    if (v instanceof List<?> l) {
      List<Object> out = new ArrayList<>();
      l.forEach(x -> out.add(resolve(x, values, depth)));
      return out;
    }
    if (v instanceof Raw r) {
      Object value = depth < 8 && REFERENCE.matcher(r.text()).matches() ? values.get(r.text()) : null;
      Object resolved = value == null ? null : resolve(value, values, depth + 1);
      return resolved == null || Tree.isIntrinsic(resolved) ? Map.of(Tree.EXPRESSION, r.text()) : resolved;
    }
    if (v instanceof Template t) {
      StringBuilder out = new StringBuilder();
      for (Object part : t.parts()) {
        if (part instanceof Reference ref) {
          Object value = resolve(new Raw(ref.text()), values, depth + 1);
          if (!(value instanceof String || value instanceof Number || value instanceof Boolean)) {
            return Map.of(Tree.EXPRESSION, t.text());
          }
          out.append(value);
        } else {
          out.append(part);
        }
      }
      return out.toString();
    }
    return v;
  }

  /** Arguments and blocks up to the closing brace ({@code nested}) or the end of the text. */
  private Map<String, Object> body(boolean nested) {
    Map<String, Object> body = new LinkedHashMap<>();
    while (true) {
      skip(true);
      if (i >= s.length()) {
        if (nested) {
          throw error("a block is not closed");
        }
        return body;
      }
      if (s.charAt(i) == '}') {
        if (!nested) {
          throw error("unexpected }");
        }
        i++;
        return body;
      }
      String name = identifier();
      skip(false);
      if (peek() == '=' && peek(1) != '=') {
        i++;
        body.put(name, expression());
        continue;
      }
      List<String> labels = new ArrayList<>();
      while (peek() == '"' || Character.isLetter(peek()) || peek() == '_') {
        labels.add(peek() == '"' ? literal() : identifier());
        skip(false);
      }
      if (peek() != '{') {
        throw error("expected = or { after " + name);
      }
      i++;
      Map<String, Object> inner = body(true);
      if (labels.isEmpty()) {
        @SuppressWarnings("unchecked")
        List<Object> list = (List<Object>) body.computeIfAbsent(name, k -> new ArrayList<>());
        list.add(inner);
      } else {
        @SuppressWarnings("unchecked")
        Map<String, Object> at = (Map<String, Object>) body.computeIfAbsent(name, k -> new LinkedHashMap<>());
        for (int l = 0; l < labels.size() - 1; l++) {
          @SuppressWarnings("unchecked")
          Map<String, Object> next = (Map<String, Object>) at.computeIfAbsent(labels.get(l), k -> new LinkedHashMap<>());
          at = next;
        }
        at.put(labels.get(labels.size() - 1), inner);
      }
    }
  }

  private Object expression() {
    skip(false);
    int start = i;
    Object v = primary();
    skip(false);
    char c = peek();
    if (v != null && !(v instanceof Raw) && !(c == '\n' || c == '\r' || c == ',' || c == ']' || c == '}' || c == ')'
        || c == '#' || (c == '/' && (peek(1) == '/' || peek(1) == '*')) || i >= s.length())) {
      i = start; // a literal that starts a larger expression ("a" == var.b ? ...)
      return raw();
    }
    return v;
  }

  private Object primary() {
    char c = peek();
    if (c == '"') {
      return template();
    }
    if (c == '<' && peek(1) == '<') {
      return heredoc();
    }
    if (c == '[') {
      i++;
      List<Object> list = new ArrayList<>();
      while (true) {
        skip(true);
        if (peek() == ']') {
          i++;
          return list;
        }
        list.add(expression());
        skip(true);
        if (peek() == ',') {
          i++;
        }
      }
    }
    if (c == '{') {
      i++;
      Map<String, Object> object = new LinkedHashMap<>();
      while (true) {
        skip(true);
        if (peek() == '}') {
          i++;
          return object;
        }
        String key = peek() == '"' ? literal() : identifier();
        skip(false);
        if (peek() != '=' && peek() != ':') {
          throw error("expected = after " + key);
        }
        i++;
        object.put(key, expression());
        skip(true);
        if (peek() == ',') {
          i++;
        }
      }
    }
    if (c == '-' || Character.isDigit(c)) {
      int start = i;
      i++;
      while (i < s.length() && (Character.isDigit(s.charAt(i)) || s.charAt(i) == '.' || s.charAt(i) == 'e'
          || s.charAt(i) == 'E' || s.charAt(i) == '+' || s.charAt(i) == '-')) {
        i++;
      }
      String n = s.substring(start, i);
      try {
        return n.matches("-?\\d+") ? (Object) Long.parseLong(n) : new BigDecimal(n);
      } catch (NumberFormatException e) {
        i = start;
        return raw();
      }
    }
    for (String word : List.of("true", "false", "null")) {
      if (s.startsWith(word, i) && !identifierChar(peek(word.length()))) {
        i += word.length();
        return word.equals("null") ? null : Boolean.valueOf(word);
      }
    }
    return raw();
  }

  /** Text up to the end of the expression: a newline, comma or closing bracket outside brackets and strings. */
  private Raw raw() {
    int start = i;
    int depth = 0;
    while (i < s.length()) {
      char c = s.charAt(i);
      if (c == '"') {
        template();
        continue;
      }
      if (c == '(' || c == '[' || c == '{') {
        depth++;
      } else if (c == ')' || c == ']' || c == '}') {
        if (depth == 0) {
          break;
        }
        depth--;
      } else if ((c == '\n' || c == ',') && depth == 0) {
        break;
      } else if (c == '#' && depth == 0) {
        break;
      }
      i++;
    }
    return new Raw(s.substring(start, i).strip());
  }

  /** A quoted string: its text, or a {@link Template} when it interpolates. */
  private Object template() {
    int start = i;
    i++;
    List<Object> parts = new ArrayList<>();
    StringBuilder text = new StringBuilder();
    while (true) {
      if (i >= s.length()) {
        throw error("a string is not closed");
      }
      char c = s.charAt(i);
      if (c == '"') {
        i++;
        break;
      }
      if (c == '\\') {
        char e = peek(1);
        i += 2;
        switch (e) {
          case 'n' -> text.append('\n');
          case 't' -> text.append('\t');
          case 'r' -> text.append('\r');
          case '"' -> text.append('"');
          case '\\' -> text.append('\\');
          case 'u' -> {
            text.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
            i += 4;
          }
          default -> text.append('\\').append(e);
        }
      } else if ((c == '$' || c == '%') && peek(1) == c && peek(2) == '{') {
        text.append(c).append('{'); // $${ and %%{ are the literal text
        i += 3;
      } else if ((c == '$' || c == '%') && peek(1) == '{') {
        int close = s.indexOf('}', i);
        if (close < 0) {
          throw error("an interpolation is not closed");
        }
        if (text.length() > 0) {
          parts.add(text.toString());
          text.setLength(0);
        }
        String inner = s.substring(i + 2, close).strip();
        parts.add(c == '$' ? new Reference(inner) : new Reference("%{" + inner + "}"));
        i = close + 1;
      } else {
        text.append(c);
        i++;
      }
    }
    if (parts.isEmpty()) {
      return text.toString();
    }
    if (text.length() > 0) {
      parts.add(text.toString());
    }
    return new Template(parts, s.substring(start, i));
  }

  private String literal() {
    Object v = template();
    if (!(v instanceof String str)) {
      throw error("a label cannot interpolate");
    }
    return str;
  }

  /** {@code <<EOT} or {@code <<-EOT} up to the line holding the marker alone. */
  private String heredoc() {
    i += 2;
    boolean indented = peek() == '-';
    if (indented) {
      i++;
    }
    String marker = identifier();
    int lineEnd = s.indexOf('\n', i);
    if (lineEnd < 0) {
      throw error("a heredoc is not closed");
    }
    i = lineEnd + 1;
    List<String> lines = new ArrayList<>();
    while (true) {
      int end = s.indexOf('\n', i);
      String line = end < 0 ? s.substring(i) : s.substring(i, end);
      i = end < 0 ? s.length() : end + 1;
      if (line.strip().equals(marker)) {
        break;
      }
      if (end < 0) {
        throw error("a heredoc is not closed");
      }
      lines.add(line);
    }
    if (indented) {
      int common = lines.stream().filter(l -> !l.isBlank()).mapToInt(l -> l.length() - l.stripLeading().length())
          .min().orElse(0);
      lines.replaceAll(l -> l.length() >= common ? l.substring(common) : l.strip());
    }
    return String.join("\n", lines) + "\n";
  }

  private String identifier() {
    int start = i;
    while (i < s.length() && identifierChar(s.charAt(i))) {
      i++;
    }
    if (start == i) {
      throw error("expected a name");
    }
    return s.substring(start, i);
  }

  private static boolean identifierChar(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '-';
  }

  /** Skips spaces and comments, and newlines too when {@code newlines}. */
  private void skip(boolean newlines) {
    while (i < s.length()) {
      char c = s.charAt(i);
      if (c == ' ' || c == '\t' || (newlines && (c == '\n' || c == '\r'))) {
        i++;
      } else if (c == '#' || (c == '/' && peek(1) == '/')) {
        while (i < s.length() && s.charAt(i) != '\n') {
          i++;
        }
      } else if (c == '/' && peek(1) == '*') {
        int end = s.indexOf("*/", i + 2);
        i = end < 0 ? s.length() : end + 2;
      } else {
        return;
      }
    }
  }

  private char peek() {
    return peek(0);
  }

  private char peek(int ahead) {
    return i + ahead < s.length() ? s.charAt(i + ahead) : '\0';
  }

  private IllegalArgumentException error(String what) {
    int line = 1;
    for (int k = 0; k < Math.min(i, s.length()); k++) {
      if (s.charAt(k) == '\n') {
        line++;
      }
    }
    return new IllegalArgumentException("is not Terraform syntax Partita reads: " + what + " (line " + line + ")");
  }
}
