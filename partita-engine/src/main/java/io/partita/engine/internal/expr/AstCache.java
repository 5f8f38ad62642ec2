package io.partita.engine.internal.expr;

import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Parsed expressions by grammar and text, before binding: a bounded concurrent map, emptied when
 * it reaches its cap (expressions of a workload are few and recur, so this rarely happens). Only
 * successful parses are cached; the error prefix depends on the parameter name, not the tree.
 */
final class AstCache {
  static final int MAX_ENTRIES = 10_000;

  private record Key(Parser.Grammar grammar, String text) {}

  private static final ConcurrentHashMap<Key, Object> CACHE = new ConcurrentHashMap<>();

  private AstCache() {}

  static Ast.Cond condition(String text, String kind) {
    return get(Parser.Grammar.CONDITION, text, () -> Parser.parseCondition(text, kind));
  }

  static Ast.UpdateExpr update(String text, String kind) {
    return get(Parser.Grammar.UPDATE, text, () -> Parser.parseUpdate(text, kind));
  }

  static Ast.ProjectionExpr projection(String text, String kind) {
    return get(Parser.Grammar.PROJECTION, text, () -> Parser.parseProjection(text, kind));
  }

  @SuppressWarnings("unchecked")
  private static <T> T get(Parser.Grammar grammar, String text, Supplier<T> parse) {
    Key key = new Key(grammar, text);
    Object cached = CACHE.get(key);
    if (cached != null) {
      return (T) cached;
    }
    T parsed = parse.get();
    if (CACHE.size() >= MAX_ENTRIES) {
      CACHE.clear();
    }
    Object raced = CACHE.putIfAbsent(key, parsed);
    return raced != null ? (T) raced : parsed;
  }

  static int size() {
    return CACHE.size();
  }

  static void clear() {
    CACHE.clear();
  }
}
