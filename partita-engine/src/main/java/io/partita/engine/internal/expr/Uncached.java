package io.partita.engine.internal.expr;

/**
 * The expression language without its cache of parsed texts ({@link AstCache}): parsing, and parsing
 * then binding, as a cache miss does them. For benchmarks that measure what the cache saves; the
 * engine itself always goes through {@link ExpressionContext}.
 */
public final class Uncached {
  private Uncached() {}

  /** Parses a condition (or filter) expression's text into its tree, unbound. */
  public static Object parseCondition(String text, String kind) {
    return Parser.parseCondition(text, kind);
  }

  /** Parses an update expression's text into its tree, unbound. */
  public static Object parseUpdate(String text, String kind) {
    return Parser.parseUpdate(text, kind);
  }

  /** Parses and binds a condition expression, as {@link ExpressionContext#condition} does on a cache miss. */
  public static Condition condition(ExpressionContext context, String text, String kind) {
    return new Binder(context, kind).condition(Parser.parseCondition(text, kind));
  }

  /** Parses and binds an update expression, as {@link ExpressionContext#update} does on a cache miss. */
  public static Update update(ExpressionContext context, String text) {
    return new Binder(context, "UpdateExpression").update(Parser.parseUpdate(text, "UpdateExpression"));
  }
}
