package io.partita.engine.internal.expr;

/** One lexical token of an expression; {@code start}/{@code end} index into the expression text. */
record Token(Kind kind, String text, int start, int end) {
  enum Kind {
    /** An unquoted identifier: attribute name, function name or keyword (keywords are recognised by the parser). */
    NAME,
    /** {@code #name}; a lone {@code #} is also lexed as NAME_REF and refused by the parser. */
    NAME_REF,
    /** {@code :value}; a lone {@code :} is also lexed as VALUE_REF and refused by the parser. */
    VALUE_REF,
    /** Unsigned decimal digits (list indexes). */
    NUMBER,
    EQ, NE, LT, LE, GT, GE,
    LPAREN, RPAREN, LBRACKET, RBRACKET, COMMA, DOT, PLUS, MINUS,
    /** Any character the language does not know. */
    UNKNOWN,
    EOF
  }

  /** Text DynamoDB prints for this token in a syntax error. */
  String display() {
    return kind == Kind.EOF ? "<EOF>" : text;
  }

  boolean isKeyword(String keyword) {
    return kind == Kind.NAME && text.equalsIgnoreCase(keyword);
  }

  /** A lone {@code #} or {@code :} with no name after it. */
  boolean isBarePlaceholder() {
    return (kind == Kind.NAME_REF || kind == Kind.VALUE_REF) && text.length() == 1;
  }
}
