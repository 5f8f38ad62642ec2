package io.partita.model.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A parsed key template: literal text and {@code {field}} placeholders, e.g. {@code USER#{username}}, each
 * placeholder optionally formatted: {@code {rank:08d}} (an integer zero-padded to 8 digits, so keys sort in numeric
 * order), {@code {code:upper}}, {@code {code:lower}}. A template without placeholders is a constant. Immutable.
 */
public final class Template {

  /** The longest zero padding: 38 digits, DynamoDB's number precision. */
  static final int MAX_WIDTH = 38;

  /**
   * One piece of a template: literal text, or a placeholder naming a record component, with its format (null for
   * none): {@code 0Nd}, {@code upper} or {@code lower}.
   */
  public record Token(boolean literal, String text, String format) {
    public Token(boolean literal, String text) {
      this(literal, text, null);
    }

    /** The zero-padded width of a {@code 0Nd} format, or 0. */
    public int width() {
      return format != null && format.endsWith("d") ? Integer.parseInt(format.substring(0, format.length() - 1))
          : 0;
    }
  }

  private final String source;
  private final List<Token> tokens;

  private Template(String source, List<Token> tokens) {
    this.source = source;
    this.tokens = List.copyOf(tokens);
  }

  /**
   * Parses {@code source}.
   *
   * @throws IllegalArgumentException with the position and the reason when the text is not a template
   */
  public static Template parse(String source) {
    if (source == null || source.isEmpty()) {
      throw new IllegalArgumentException("a key template must not be empty");
    }
    List<Token> tokens = new ArrayList<>();
    StringBuilder literal = new StringBuilder();
    int i = 0;
    while (i < source.length()) {
      char c = source.charAt(i);
      if (c == '}') {
        throw new IllegalArgumentException("'}' at position " + i + " closes no placeholder in '" + source + "'");
      }
      if (c != '{') {
        literal.append(c);
        i++;
        continue;
      }
      int close = source.indexOf('}', i + 1);
      if (close < 0) {
        throw new IllegalArgumentException("'{' at position " + i + " is never closed in '" + source + "'");
      }
      String name = source.substring(i + 1, close);
      String format = null;
      int colon = name.indexOf(':');
      if (colon >= 0) {
        format = name.substring(colon + 1);
        name = name.substring(0, colon);
        if (!isFormat(format)) {
          throw new IllegalArgumentException("placeholder '{" + name + ":" + format + "}' at position " + i + " in '"
              + source + "' has an unknown format; formats are 0Nd (zero-padded to N digits, N up to "
              + MAX_WIDTH + "), upper and lower");
        }
      }
      if (!isIdentifier(name)) {
        throw new IllegalArgumentException(
            "placeholder '{" + name + "}' at position " + i + " in '" + source + "' is not a field name");
      }
      if (literal.length() > 0) {
        tokens.add(new Token(true, literal.toString()));
        literal.setLength(0);
      }
      if (!tokens.isEmpty() && !tokens.get(tokens.size() - 1).literal()) {
        // {a}{b} could never be split again: the boundary between the two values is lost
        throw new IllegalArgumentException(
            "placeholders {" + tokens.get(tokens.size() - 1).text() + "} and {" + name + "} in '" + source
                + "' need literal text between them");
      }
      tokens.add(new Token(false, name, format));
      i = close + 1;
    }
    if (literal.length() > 0) {
      tokens.add(new Token(true, literal.toString()));
    }
    return new Template(source, tokens);
  }

  private static boolean isFormat(String f) {
    if (f.equals("upper") || f.equals("lower")) {
      return true;
    }
    if (f.length() < 3 || f.charAt(0) != '0' || !f.endsWith("d")) {
      return false;
    }
    String digits = f.substring(1, f.length() - 1);
    if (!digits.chars().allMatch(c -> c >= '0' && c <= '9') || digits.startsWith("0") || digits.length() > 2) {
      return false;
    }
    int width = Integer.parseInt(digits);
    return width >= 1 && width <= MAX_WIDTH;
  }

  /**
   * {@code text} (a placeholder's plain key text) as {@code t}'s format writes it.
   *
   * @throws RecordMapper.FieldException naming the placeholder's field, when the format cannot take the value
   */
  static String format(Token t, String text) {
    if (t.format() == null) {
      return text;
    }
    switch (t.format()) {
      case "upper":
        return text.toUpperCase(java.util.Locale.ROOT);
      case "lower":
        return text.toLowerCase(java.util.Locale.ROOT);
      default:
        int width = t.width();
        if (text.isEmpty() || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
          throw new RecordMapper.FieldException(t.text(), "{" + t.text() + ":" + t.format() + "} takes a whole number of at"
              + " least 0, not " + text + " (padding a negative number would break the sort order)");
        }
        if (text.length() > width) {
          throw new RecordMapper.FieldException(t.text(), "{" + t.text() + ":" + t.format() + "} takes at most " + width
              + " digits, not " + text + " (a wider number would sort before smaller ones)");
        }
        return "0".repeat(width - text.length()) + text;
    }
  }

  /** The plain key text of a formatted placeholder's {@code text}: padding removed; casing cannot be undone. */
  static String unformat(Token t, String text) {
    if (t.width() == 0) {
      return text;
    }
    int i = 0;
    while (i < text.length() - 1 && text.charAt(i) == '0') {
      i++;
    }
    return text.substring(i);
  }

  private static boolean isIdentifier(String name) {
    if (name.isEmpty() || !Character.isJavaIdentifierStart(name.charAt(0))) {
      return false;
    }
    for (int i = 1; i < name.length(); i++) {
      if (!Character.isJavaIdentifierPart(name.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  public String source() {
    return source;
  }

  public List<Token> tokens() {
    return tokens;
  }

  public boolean isConstant() {
    return tokens.stream().allMatch(Token::literal);
  }

  /** The placeholder names, in order. */
  public List<String> fields() {
    List<String> names = new ArrayList<>();
    for (Token t : tokens) {
      if (!t.literal()) {
        names.add(t.text());
      }
    }
    return names;
  }

  /** The literal text before the first placeholder (the whole text of a constant). */
  public String literalPrefix() {
    return tokens.get(0).literal() ? tokens.get(0).text() : "";
  }

  /**
   * Renders the template; {@code text} gives each placeholder's text, or null when the value is absent.
   *
   * @param prefixOnly when true, rendering stops at the first absent value and returns the text so far (a
   *     begins_with prefix); when false an absent value makes the result null
   */
  public String render(Function<String, String> text, boolean prefixOnly) {
    StringBuilder out = new StringBuilder(source.length() + 16);
    for (Token t : tokens) {
      if (t.literal()) {
        out.append(t.text());
        continue;
      }
      String value = text.apply(t.text());
      if (value == null) {
        return prefixOnly ? out.toString() : null;
      }
      out.append(format(t, value));
    }
    return out.toString();
  }

  /**
   * The placeholder texts of {@code key}, when it is a text this template renders: padding removed, in template
   * order; null when it does not match. A placeholder's value ends at the first occurrence of the literal after it
   * (the assumption {@link #mayOverlap} states).
   */
  public java.util.Map<String, String> match(String key) {
    java.util.Map<String, String> values = new java.util.LinkedHashMap<>();
    int at = 0;
    for (int i = 0; i < tokens.size(); i++) {
      Token t = tokens.get(i);
      if (t.literal()) {
        if (!key.startsWith(t.text(), at)) {
          return null;
        }
        at += t.text().length();
        continue;
      }
      int end = i + 1 < tokens.size() ? key.indexOf(tokens.get(i + 1).text(), at) : key.length();
      if (end < 0 || end == at) {
        return null;
      }
      String text = key.substring(at, end);
      if (t.width() > 0 && (text.length() != t.width() || !text.chars().allMatch(c -> c >= '0' && c <= '9'))) {
        return null;
      }
      values.put(t.text(), unformat(t, text));
      at = end;
    }
    return at == key.length() ? values : null;
  }

  /** Same literals and the same placeholders, with the same formats, in the same places. */
  public boolean sameAs(Template other) {
    return tokens.equals(other.tokens);
  }

  /**
   * True when this template is a leading part of {@code whole}: every token equal, except that this template's
   * last token, when literal, may be a prefix of the corresponding literal of {@code whole}. {@code POST#} is a
   * prefix of {@code POST#{postId}}; {@code STATUS#{published}#} of {@code STATUS#{published}#{postId}}.
   */
  public boolean isPrefixOf(Template whole) {
    if (tokens.size() > whole.tokens.size()) {
      return false;
    }
    for (int i = 0; i < tokens.size(); i++) {
      Token mine = tokens.get(i);
      Token theirs = whole.tokens.get(i);
      boolean last = i == tokens.size() - 1;
      if (mine.equals(theirs)) {
        continue;
      }
      if (last && mine.literal() && theirs.literal() && theirs.text().startsWith(mine.text())) {
        continue;
      }
      return false;
    }
    return true;
  }

  /**
   * Whether some values could make this template and {@code other} render the same text. Literal text is compared
   * token by token; a placeholder facing literal text could produce it, so that counts as overlapping. When one
   * template ends where the other goes on (COMMENT#{commentId} against COMMENT#{commentId}#REACTION#{reactionId}),
   * they are taken as distinct: that assumes a value does not contain the literal that follows it in the longer
   * template (ids from {@code Ids} never contain '#').
   */
  public boolean mayOverlap(Template other) {
    int n = Math.min(tokens.size(), other.tokens.size());
    for (int i = 0; i < n; i++) {
      Token a = tokens.get(i);
      Token b = other.tokens.get(i);
      if (a.literal() && b.literal()) {
        if (a.text().equals(b.text())) {
          continue;
        }
        return a.text().startsWith(b.text()) || b.text().startsWith(a.text());
      }
      if (a.literal() != b.literal()) {
        return true;
      }
    }
    return tokens.size() == other.tokens.size();
  }

  @Override
  public String toString() {
    return source;
  }
}
