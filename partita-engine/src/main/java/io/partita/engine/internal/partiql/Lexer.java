package io.partita.engine.internal.partiql;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a PartiQL statement into tokens. Keywords are not told apart here: they are identifiers
 * the parser compares without regard to case, so {@code select} and {@code SELECT} are one word
 * while a name in double quotes never is a keyword. Comments ({@code --} to the end of the line,
 * {@code /* ... *}{@code /}) are skipped; a {@code #} or an unterminated block comment is a
 * statement DynamoDB cannot read and answers with nothing after the envelope's colon.
 */
final class Lexer {
  enum Kind { NAME, QUOTED_NAME, STRING, NUMBER, PARAM, PUNCT, EOF }

  /** One token; {@code text} is the name or string with quotes resolved, or the punctuation itself. */
  record Token(Kind kind, String text, int position) {
    boolean is(String punct) {
      return kind == Kind.PUNCT && text.equals(punct);
    }

    boolean isWord(String keyword) {
      return kind == Kind.NAME && text.equalsIgnoreCase(keyword);
    }
  }

  private static final String[] PUNCTUATION = {
    "<<", ">>", "<>", "!=", "<=", ">=", "(", ")", "[", "]", "{", "}", ",", ".", ":", ";", "*", "=", "<", ">",
    "+", "-", "/", "%", "|"
  };

  private final String text;
  private int pos;

  private Lexer(String text) {
    this.text = text;
  }

  static List<Token> tokens(String statement) {
    Lexer lexer = new Lexer(statement);
    List<Token> out = new ArrayList<>();
    Token t;
    do {
      t = lexer.next();
      out.add(t);
    } while (t.kind() != Kind.EOF);
    return out;
  }

  private Token next() {
    skipSpaceAndComments();
    if (pos >= text.length()) {
      return new Token(Kind.EOF, "", pos);
    }
    int start = pos;
    char c = text.charAt(pos);
    if (c == '\'' || c == '"') {
      return new Token(c == '\'' ? Kind.STRING : Kind.QUOTED_NAME, quoted(c), start);
    }
    if (Character.isDigit(c) || (c == '.' && pos + 1 < text.length() && Character.isDigit(text.charAt(pos + 1)))) {
      return new Token(Kind.NUMBER, number(), start);
    }
    if (Character.isLetter(c) || c == '_' || c == '$') {
      while (pos < text.length() && isNamePart(text.charAt(pos))) {
        pos++;
      }
      return new Token(Kind.NAME, text.substring(start, pos), start);
    }
    if (c == '?') {
      pos++;
      return new Token(Kind.PARAM, "?", start);
    }
    for (String p : PUNCTUATION) {
      if (text.startsWith(p, pos)) {
        pos += p.length();
        return new Token(Kind.PUNCT, p, start);
      }
    }
    // '#', '@', '`' and other characters no PartiQL token starts with.
    throw Errors.notWellFormed("");
  }

  private static boolean isNamePart(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '$';
  }

  private void skipSpaceAndComments() {
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (Character.isWhitespace(c)) {
        pos++;
      } else if (text.startsWith("--", pos)) {
        int end = text.indexOf('\n', pos);
        pos = end < 0 ? text.length() : end + 1;
      } else if (text.startsWith("/*", pos)) {
        int end = text.indexOf("*/", pos + 2);
        if (end < 0) {
          throw Errors.notWellFormed("");
        }
        pos = end + 2;
      } else {
        return;
      }
    }
  }

  /** A quoted string or name; a doubled quote stands for one. */
  private String quoted(char quote) {
    StringBuilder out = new StringBuilder();
    pos++;
    while (pos < text.length()) {
      char c = text.charAt(pos++);
      if (c == quote) {
        if (pos < text.length() && text.charAt(pos) == quote) {
          out.append(quote);
          pos++;
        } else {
          return out.toString();
        }
      } else {
        out.append(c);
      }
    }
    throw Errors.notWellFormed("");
  }

  private String number() {
    int start = pos;
    while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
      pos++;
    }
    if (pos < text.length() && text.charAt(pos) == '.') {
      pos++;
      while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
        pos++;
      }
    }
    if (pos < text.length() && (text.charAt(pos) == 'e' || text.charAt(pos) == 'E')) {
      int mark = pos;
      pos++;
      if (pos < text.length() && (text.charAt(pos) == '+' || text.charAt(pos) == '-')) {
        pos++;
      }
      if (pos < text.length() && Character.isDigit(text.charAt(pos))) {
        while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
          pos++;
        }
      } else {
        pos = mark;
      }
    }
    return text.substring(start, pos);
  }
}
