package io.partita.engine.internal.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.partita.engine.internal.expr.Token.Kind;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class TokenizerTest {
  private static String kinds(String text) {
    return Tokenizer.tokenize(text).stream().map(t -> t.kind().name()).collect(Collectors.joining(" "));
  }

  private static String texts(String text) {
    return Tokenizer.tokenize(text).stream().map(Token::display).collect(Collectors.joining("|"));
  }

  @Test
  void lexesEveryTokenKind() {
    assertEquals("NAME_REF DOT NAME LBRACKET NUMBER RBRACKET NE VALUE_REF EOF", kinds("#a.b[12] <> :v"));
    assertEquals("LT LE GT GE EQ LPAREN RPAREN COMMA PLUS MINUS EOF", kinds("< <= > >= = ( ) , + -"));
    assertEquals("NAME UNKNOWN NAME EOF", kinds("a!b"));
  }

  @Test
  void keepsTextAndOffsets() {
    List<Token> tokens = Tokenizer.tokenize("  SET a_1 = :val2");
    assertEquals("SET|a_1|=|:val2|<EOF>", texts("  SET a_1 = :val2"));
    assertEquals(2, tokens.get(0).start());
    assertEquals(5, tokens.get(0).end());
    assertEquals(17, tokens.get(4).start());
  }

  @Test
  void barePlaceholdersAreTokensOfTheirOwn() {
    List<Token> tokens = Tokenizer.tokenize("# : #x");
    assertEquals(Kind.NAME_REF, tokens.get(0).kind());
    assertEquals(true, tokens.get(0).isBarePlaceholder());
    assertEquals(Kind.VALUE_REF, tokens.get(1).kind());
    assertEquals(true, tokens.get(1).isBarePlaceholder());
    assertEquals(false, tokens.get(2).isBarePlaceholder());
  }

  /**
   * A name starts with a letter and goes on with letters, digits and underscores: {@code SET _123 =
   * :v} is a syntax error at the token "_" (public suites recorded against the service, 2025-2026;
   * issue 34), where this tokenizer once read a name.
   */
  @Test
  void namesStartWithALetterNumbersAndUnderscoresAreSeparate() {
    assertEquals("NUMBER NAME EOF", kinds("1abc"));
    assertEquals("UNKNOWN NAME EOF", kinds("_x9"));
    assertEquals("NAME EOF", kinds("x_9_"));
    assertEquals("NAME MINUS NAME EOF", kinds("hi-there"));
  }

  @Test
  void surrogatePairIsOneUnknownToken() {
    List<Token> tokens = Tokenizer.tokenize("a \uD83D\uDE00");
    assertEquals(Kind.UNKNOWN, tokens.get(1).kind());
    assertEquals("\uD83D\uDE00", tokens.get(1).text());
  }
}
