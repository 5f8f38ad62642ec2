package io.partita.model.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A parsed key template: literal text and {@code {field}} placeholders, e.g. {@code USER#{username}}. A template
 * without placeholders is a constant. Immutable.
 */
public final class Template {

  /** One piece of a template: literal text, or a placeholder naming a record component. */
  public record Token(boolean literal, String text) {}

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
      tokens.add(new Token(false, name));
      i = close + 1;
    }
    if (literal.length() > 0) {
      tokens.add(new Token(true, literal.toString()));
    }
    return new Template(source, tokens);
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
      out.append(value);
    }
    return out.toString();
  }

  /** Same literals and the same placeholders in the same places. */
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
