package io.partita.engine.internal.expr;

import io.partita.engine.internal.expr.Token.Kind;
import java.util.ArrayList;
import java.util.List;

/** Hand-written lexer for DynamoDB's expression language. Never fails: unknown characters become UNKNOWN tokens. */
final class Tokenizer {
  private Tokenizer() {}

  static List<Token> tokenize(String text) {
    List<Token> out = new ArrayList<>();
    int i = 0;
    int n = text.length();
    while (i < n) {
      char c = text.charAt(i);
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        i++;
        continue;
      }
      int start = i;
      if (isNameStart(c)) {
        i++;
        while (i < n && isNamePart(text.charAt(i))) {
          i++;
        }
        out.add(new Token(Kind.NAME, text.substring(start, i), start, i));
      } else if (c == '#' || c == ':') {
        i++;
        while (i < n && isNamePart(text.charAt(i))) {
          i++;
        }
        out.add(new Token(c == '#' ? Kind.NAME_REF : Kind.VALUE_REF, text.substring(start, i), start, i));
      } else if (c >= '0' && c <= '9') {
        i++;
        while (i < n && text.charAt(i) >= '0' && text.charAt(i) <= '9') {
          i++;
        }
        out.add(new Token(Kind.NUMBER, text.substring(start, i), start, i));
      } else if (c == '<') {
        if (i + 1 < n && text.charAt(i + 1) == '=') {
          i += 2;
          out.add(new Token(Kind.LE, "<=", start, i));
        } else if (i + 1 < n && text.charAt(i + 1) == '>') {
          i += 2;
          out.add(new Token(Kind.NE, "<>", start, i));
        } else {
          i++;
          out.add(new Token(Kind.LT, "<", start, i));
        }
      } else if (c == '>') {
        if (i + 1 < n && text.charAt(i + 1) == '=') {
          i += 2;
          out.add(new Token(Kind.GE, ">=", start, i));
        } else {
          i++;
          out.add(new Token(Kind.GT, ">", start, i));
        }
      } else {
        Kind kind = switch (c) {
          case '=' -> Kind.EQ;
          case '(' -> Kind.LPAREN;
          case ')' -> Kind.RPAREN;
          case '[' -> Kind.LBRACKET;
          case ']' -> Kind.RBRACKET;
          case ',' -> Kind.COMMA;
          case '.' -> Kind.DOT;
          case '+' -> Kind.PLUS;
          case '-' -> Kind.MINUS;
          default -> Kind.UNKNOWN;
        };
        int len = Character.isHighSurrogate(c) && i + 1 < n ? 2 : 1;
        i += len;
        out.add(new Token(kind, text.substring(start, i), start, i));
      }
    }
    out.add(new Token(Kind.EOF, "", n, n));
    return out;
  }

  /**
   * A name starts with a letter: {@code SET _123 = :v} is a syntax error at the token {@code "_"}, as
   * the service answers (public suites recorded against it, 2025-2026; issue 34); a name written
   * otherwise goes through an ExpressionAttributeNames {@code #ref}.
   */
  static boolean isNameStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }

  static boolean isNamePart(char c) {
    return isNameStart(c) || c == '_' || (c >= '0' && c <= '9');
  }
}
