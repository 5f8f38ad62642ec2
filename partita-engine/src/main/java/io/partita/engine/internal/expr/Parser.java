package io.partita.engine.internal.expr;

import io.partita.engine.internal.expr.Ast.Call;
import io.partita.engine.internal.expr.Ast.Comparator;
import io.partita.engine.internal.expr.Ast.Cond;
import io.partita.engine.internal.expr.Ast.Element;
import io.partita.engine.internal.expr.Ast.Operand;
import io.partita.engine.internal.expr.Ast.Path;
import io.partita.engine.internal.expr.Ast.PathOperand;
import io.partita.engine.internal.expr.Ast.ValueRef;
import io.partita.engine.internal.expr.Token.Kind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Recursive-descent parser, one method per precedence level (lowest first): OR, AND, NOT,
 * parenthesised condition / predicate (comparator, BETWEEN, IN, function), operand.
 *
 * <p>Syntax errors are thrown at once. Errors DynamoDB reports only for a syntactically valid
 * expression (reserved words, unknown functions, ...) are collected while parsing and the most
 * important one is thrown at the end, in DynamoDB's order.
 */
final class Parser {
  static final int MAX_OPERATORS = 300;
  static final int MAX_IN_OPERANDS = 100;
  static final int MAX_PATH_DEPTH = 32;
  /**
   * Deepest nesting of parentheses parsed. The parser recurses a few frames per level, and 4 KB of
   * {@code (} overflowed the stack (found by fuzzing: a 500 over HTTP). No valid expression comes
   * near: past 300 levels each level is redundant or adds an operator, and either is refused.
   */
  static final int MAX_PARENTHESES = 300;

  enum Grammar { CONDITION, UPDATE, PROJECTION }

  /** Kinds of deferred errors, in the order DynamoDB reports them for conditions. */
  private enum Problem { PARENS, UNKNOWN_FUNCTION, MISUSED_FUNCTION, RESERVED, SECTION, NESTING, OPERAND_COUNT, REQUIRES_PATH,
    LIST_INDEX }

  private static final Problem[] UPDATE_ORDER = {
    Problem.RESERVED, Problem.UNKNOWN_FUNCTION, Problem.SECTION, Problem.PARENS, Problem.MISUSED_FUNCTION,
    Problem.NESTING, Problem.OPERAND_COUNT, Problem.REQUIRES_PATH, Problem.LIST_INDEX
  };

  private static final Map<String, Integer> CONDITION_FUNCTIONS = Map.of(
      "attribute_exists", 1, "attribute_not_exists", 1, "attribute_type", 2,
      "begins_with", 2, "contains", 2, "size", 1);
  private static final Map<String, Integer> UPDATE_FUNCTIONS = Map.of("if_not_exists", 2, "list_append", 2);
  private static final Set<String> CONDITION_KEYWORDS = Set.of("AND", "OR", "NOT", "BETWEEN", "IN");
  private static final Set<String> UPDATE_KEYWORDS = Set.of("SET", "REMOVE", "ADD", "DELETE");

  /** Thrown for a syntax error; carries the index of the offending token. */
  private static final class SyntaxError extends RuntimeException {
    final int index;

    SyntaxError(int index) {
      super(null, null, false, false);
      this.index = index;
    }
  }

  private final String text;
  private final String kind;
  private final Grammar grammar;
  private final List<Token> tokens;
  private int pos;
  private int operators;
  private int parentheses;
  private final String[] problems = new String[Problem.values().length];
  private int lastCondParenStart = -1;
  private int lastCondParenEnd = -1;
  private int lastOperandParenStart = -1;
  private int lastOperandParenEnd = -1;

  private Parser(String text, String kind, Grammar grammar) {
    this.text = text;
    this.kind = kind;
    this.grammar = grammar;
    this.tokens = Tokenizer.tokenize(text);
  }

  static Cond parseCondition(String text, String kind) {
    Parser p = new Parser(text, kind, Grammar.CONDITION);
    return p.finish(p.run(p::parseOr));
  }

  static Ast.UpdateExpr parseUpdate(String text, String kind) {
    Parser p = new Parser(text, kind, Grammar.UPDATE);
    return p.finish(p.run(p::parseUpdateExpr));
  }

  static Ast.ProjectionExpr parseProjection(String text, String kind) {
    Parser p = new Parser(text, kind, Grammar.PROJECTION);
    return p.finish(p.run(p::parseProjectionExpr));
  }

  private <T> T run(java.util.function.Supplier<T> rule) {
    try {
      T result = rule.get();
      if (peek().kind() != Kind.EOF) {
        throw new SyntaxError(pos);
      }
      return result;
    } catch (SyntaxError e) {
      throw ExprErrors.invalid(kind, ExprErrors.syntax(tokens.get(e.index), near(e.index)));
    }
  }

  private <T> T finish(T result) {
    Problem[] order = grammar == Grammar.UPDATE ? UPDATE_ORDER : Problem.values();
    for (Problem p : order) {
      if (problems[p.ordinal()] != null) {
        throw ExprErrors.invalid(kind, problems[p.ordinal()]);
      }
    }
    if (operators > MAX_OPERATORS) {
      throw ExprErrors.invalid(kind, ExprErrors.tooManyOperators(operators));
    }
    return result;
  }

  /** DynamoDB shows the text from the token before the offending one to the token after it. */
  private String near(int index) {
    Token bad = tokens.get(index);
    if (bad.kind() == Kind.EOF) {
      // the previous token to the end of the text, trailing blanks included ("a = " is near "= ",
      // a blank expression near itself): Partita's reading of the service's rule above
      return text.substring(index > 0 ? tokens.get(index - 1).start() : 0);
    }
    int from = index > 0 ? tokens.get(index - 1).start() : bad.start();
    boolean nextIsToken = index + 1 < tokens.size() && tokens.get(index + 1).kind() != Kind.EOF;
    int to = nextIsToken ? tokens.get(index + 1).end() : bad.end();
    return text.substring(from, to);
  }

  private void problem(Problem p, String message) {
    if (problems[p.ordinal()] == null) {
      problems[p.ordinal()] = message;
    }
  }

  // ---- token helpers ----

  private Token peek() {
    return tokens.get(pos);
  }

  private Token peek(int ahead) {
    return tokens.get(Math.min(pos + ahead, tokens.size() - 1));
  }

  private Token next() {
    Token t = tokens.get(pos);
    if (t.kind() != Kind.EOF) {
      pos++;
    }
    return t;
  }

  /** Consumes a {@code (} that the parser recurses into, refusing nesting past {@link #MAX_PARENTHESES}. */
  private void open() {
    if (++parentheses > MAX_PARENTHESES) {
      throw ExprErrors.invalid(kind, ExprErrors.parenthesesNesting(MAX_PARENTHESES));
    }
    next();
  }

  private Token expect(Kind k) {
    if (peek().kind() != k) {
      throw new SyntaxError(pos);
    }
    return next();
  }

  private boolean isKeyword(Token t) {
    if (t.kind() != Kind.NAME) {
      return false;
    }
    String upper = t.text().toUpperCase(Locale.ROOT);
    return switch (grammar) {
      case CONDITION -> CONDITION_KEYWORDS.contains(upper);
      case UPDATE -> UPDATE_KEYWORDS.contains(upper);
      case PROJECTION -> false;
    };
  }

  private static Comparator comparator(Token t) {
    return switch (t.kind()) {
      case EQ -> Comparator.EQ;
      case NE -> Comparator.NE;
      case LT -> Comparator.LT;
      case LE -> Comparator.LE;
      case GT -> Comparator.GT;
      case GE -> Comparator.GE;
      default -> null;
    };
  }

  // ---- conditions ----

  private Cond parseOr() {
    Cond left = parseAnd();
    while (peek().isKeyword("OR")) {
      next();
      operators++;
      left = new Ast.Or(left, parseAnd());
    }
    return left;
  }

  private Cond parseAnd() {
    Cond left = parseNot();
    while (peek().isKeyword("AND")) {
      next();
      operators++;
      left = new Ast.And(left, parseNot());
    }
    return left;
  }

  private Cond parseNot() {
    if (peek().isKeyword("NOT")) {
      next();
      operators++;
      return new Ast.Not(parseNot());
    }
    return parsePrimary();
  }

  private Cond parsePrimary() {
    if (peek().kind() == Kind.LPAREN && !parenthesisedOperand()) {
      int start = pos;
      open();
      Cond inner = parseOr();
      if (lastCondParenStart == start + 1 && lastCondParenEnd == pos - 1) {
        problem(Problem.PARENS, ExprErrors.redundantParentheses());
      }
      expect(Kind.RPAREN);
      parentheses--;
      lastCondParenStart = start;
      lastCondParenEnd = pos - 1;
      return inner;
    }
    return parsePredicate();
  }

  /** At a '(': whether it opens an operand (the token after its matching ')' is a comparator, BETWEEN or IN). */
  private boolean parenthesisedOperand() {
    int depth = 0;
    for (int i = pos; i < tokens.size(); i++) {
      Kind k = tokens.get(i).kind();
      if (k == Kind.LPAREN) {
        depth++;
      } else if (k == Kind.RPAREN) {
        depth--;
        if (depth == 0) {
          Token after = tokens.get(Math.min(i + 1, tokens.size() - 1));
          return comparator(after) != null || after.isKeyword("BETWEEN") || after.isKeyword("IN");
        }
      } else if (k == Kind.EOF) {
        return false;
      }
    }
    return false;
  }

  private Cond parsePredicate() {
    Operand left = parseOperand();
    Token t = peek();
    Comparator cmp = comparator(t);
    if (cmp != null) {
      next();
      operators++;
      Operand right = parseOperand();
      checkComparable(left, right);
      return new Ast.Compare(cmp, left, right);
    }
    if (t.isKeyword("BETWEEN")) {
      next();
      operators++;
      Operand low = parseOperand();
      if (!peek().isKeyword("AND")) {
        throw new SyntaxError(pos);
      }
      next();
      Operand high = parseOperand();
      checkComparable(left, low, high);
      return new Ast.Between(left, low, high);
    }
    if (t.isKeyword("IN")) {
      next();
      operators++;
      expect(Kind.LPAREN);
      List<Operand> candidates = new ArrayList<>();
      candidates.add(parseOperand());
      while (peek().kind() == Kind.COMMA) {
        next();
        candidates.add(parseOperand());
      }
      expect(Kind.RPAREN);
      List<Operand> all = new ArrayList<>(candidates);
      all.add(0, left);
      checkComparable(all.toArray(new Operand[0]));
      if (candidates.size() > MAX_IN_OPERANDS) {
        throw ExprErrors.invalid(kind, ExprErrors.tooManyInOperands(candidates.size()));
      }
      return new Ast.In(left, List.copyOf(candidates));
    }
    if (left instanceof Call call) {
      if (call.name().equals("size")) {
        problem(Problem.MISUSED_FUNCTION, ExprErrors.misusedFunction("size"));
      }
      return new Ast.FunctionCond(call);
    }
    throw new SyntaxError(pos);
  }

  /** Only {@code size} may be an operand of a comparator, BETWEEN, IN or another function. */
  private void checkComparable(Operand... operands) {
    for (Operand o : operands) {
      if (o instanceof Call c && !c.name().equals("size")) {
        problem(Problem.MISUSED_FUNCTION, ExprErrors.misusedFunction(c.name()));
      }
    }
  }

  // ---- operands ----

  private Operand parseOperand() {
    Token t = peek();
    if (t.kind() == Kind.LPAREN) {
      int start = pos;
      open();
      Operand inner = parseOperand();
      if (lastOperandParenStart == start + 1 && lastOperandParenEnd == pos - 1) {
        problem(Problem.PARENS, ExprErrors.redundantParentheses());
      }
      expect(Kind.RPAREN);
      parentheses--;
      lastOperandParenStart = start;
      lastOperandParenEnd = pos - 1;
      return inner;
    }
    if (t.kind() == Kind.VALUE_REF) {
      if (t.isBarePlaceholder()) {
        throw new SyntaxError(pos);
      }
      next();
      return new ValueRef(t.text());
    }
    if (t.kind() == Kind.NAME && !isKeyword(t) && peek(1).kind() == Kind.LPAREN) {
      return parseCall();
    }
    return new PathOperand(parsePath());
  }

  private Call parseCall() {
    String name = next().text();
    expect(Kind.LPAREN);
    List<Operand> args = new ArrayList<>();
    args.add(parseOperand());
    while (peek().kind() == Kind.COMMA) {
      next();
      args.add(parseOperand());
    }
    expect(Kind.RPAREN);
    operators++;
    Map<String, Integer> known = grammar == Grammar.UPDATE ? UPDATE_FUNCTIONS : CONDITION_FUNCTIONS;
    Integer arity = known.get(name);
    if (arity == null) {
      // an update's function in a condition is "not allowed" there, not unknown (issue 34)
      problem(Problem.UNKNOWN_FUNCTION, grammar == Grammar.CONDITION && UPDATE_FUNCTIONS.containsKey(name)
          ? ExprErrors.notAllowedInCondition(name) : ExprErrors.unknownFunction(name));
    } else {
      if (grammar == Grammar.CONDITION) {
        checkComparable(args.toArray(new Operand[0]));
      }
      if (arity != args.size()) {
        problem(Problem.OPERAND_COUNT, ExprErrors.operandCount(name, args.size()));
      } else if ((name.startsWith("attribute_") || name.equals("if_not_exists"))
          && !(args.get(0) instanceof PathOperand)) {
        problem(Problem.REQUIRES_PATH, ExprErrors.requiresPath(name));
      }
    }
    return new Call(name, List.copyOf(args));
  }

  private Path parsePath() {
    List<Element> elements = new ArrayList<>();
    elements.add(parsePathName());
    while (true) {
      Kind k = peek().kind();
      if (k == Kind.DOT) {
        next();
        elements.add(parsePathName());
      } else if (k == Kind.LBRACKET) {
        next();
        Token number = peek();
        if (number.kind() != Kind.NUMBER) {
          throw new SyntaxError(pos);
        }
        int index;
        try {
          index = Integer.parseInt(number.text());
        } catch (NumberFormatException e) {
          // an index past what a list can hold is refused for what it is, not as a syntax error (issue
          // 34; the words are those other DynamoDB implementations answer: no recording of the service's
          // was found)
          problem(Problem.LIST_INDEX, "List index is not within the allowable range; index: [" + number.text() + "]");
          index = Integer.MAX_VALUE;
        }
        next();
        expect(Kind.RBRACKET);
        elements.add(new Ast.Index(index));
      } else {
        break;
      }
    }
    if (elements.size() > MAX_PATH_DEPTH) {
      problem(Problem.NESTING, ExprErrors.nesting(elements.size()));
    }
    return new Path(List.copyOf(elements));
  }

  private Ast.Name parsePathName() {
    Token t = peek();
    if (t.kind() == Kind.NAME && !isKeyword(t)) {
      next();
      if (ReservedWords.contains(t.text())) {
        problem(Problem.RESERVED, ExprErrors.reserved(t.text()));
      }
      return new Ast.Name(t.text());
    }
    if (t.kind() == Kind.NAME_REF && !t.isBarePlaceholder()) {
      next();
      return new Ast.Name(t.text());
    }
    throw new SyntaxError(pos);
  }

  // ---- updates ----

  private Ast.UpdateExpr parseUpdateExpr() {
    List<Ast.SetAction> sets = new ArrayList<>();
    List<Path> removes = new ArrayList<>();
    List<Ast.AddAction> adds = new ArrayList<>();
    List<Ast.DeleteAction> deletes = new ArrayList<>();
    List<Path> order = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    do {
      Token t = peek();
      if (!isKeyword(t)) {
        throw new SyntaxError(pos);
      }
      next();
      String section = t.text().toUpperCase(Locale.ROOT);
      if (!seen.add(section)) {
        problem(Problem.SECTION, ExprErrors.sectionTwice(section));
      }
      do {
        switch (section) {
          case "SET" -> {
            Path path = parsePath();
            expect(Kind.EQ);
            sets.add(new Ast.SetAction(path, parseSetValue()));
            order.add(path);
          }
          case "REMOVE" -> {
            Path path = parsePath();
            removes.add(path);
            order.add(path);
          }
          case "ADD" -> {
            Path path = parsePath();
            adds.add(new Ast.AddAction(path, parseValueRef()));
            order.add(path);
          }
          default -> {
            Path path = parsePath();
            deletes.add(new Ast.DeleteAction(path, parseValueRef()));
            order.add(path);
          }
        }
      } while (peek().kind() == Kind.COMMA && next() != null);
    } while (peek().kind() != Kind.EOF);
    return new Ast.UpdateExpr(List.copyOf(sets), List.copyOf(removes), List.copyOf(adds), List.copyOf(deletes),
        List.copyOf(order));
  }

  private ValueRef parseValueRef() {
    Token t = peek();
    if (t.kind() != Kind.VALUE_REF || t.isBarePlaceholder()) {
      throw new SyntaxError(pos);
    }
    next();
    return new ValueRef(t.text());
  }

  /** {@code operand}, {@code operand + operand}, {@code operand - operand}, optionally in one pair of parentheses. */
  private Operand parseSetValue() {
    if (peek().kind() == Kind.LPAREN && parenthesisedArithmetic()) {
      next();
      Operand inner = parseArithmetic();
      expect(Kind.RPAREN);
      return inner;
    }
    return parseArithmetic();
  }

  private Operand parseArithmetic() {
    Operand left = parseOperand();
    Kind k = peek().kind();
    if (k == Kind.PLUS || k == Kind.MINUS) {
      next();
      operators++;
      return new Ast.Arithmetic(k == Kind.PLUS, left, parseOperand());
    }
    return left;
  }

  /** At a '(': whether a '+' or '-' occurs directly inside it. */
  private boolean parenthesisedArithmetic() {
    int depth = 0;
    for (int i = pos; i < tokens.size(); i++) {
      Kind k = tokens.get(i).kind();
      if (k == Kind.LPAREN) {
        depth++;
      } else if (k == Kind.RPAREN) {
        if (--depth == 0) {
          return false;
        }
      } else if ((k == Kind.PLUS || k == Kind.MINUS) && depth == 1) {
        return true;
      } else if (k == Kind.EOF) {
        return false;
      }
    }
    return false;
  }

  // ---- projections ----

  private Ast.ProjectionExpr parseProjectionExpr() {
    List<Path> paths = new ArrayList<>();
    paths.add(parsePath());
    while (peek().kind() == Kind.COMMA) {
      next();
      paths.add(parsePath());
    }
    return new Ast.ProjectionExpr(List.copyOf(paths));
  }

}
