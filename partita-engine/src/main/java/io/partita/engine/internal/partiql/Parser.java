package io.partita.engine.internal.partiql;

import io.partita.engine.PartitaException;
import io.partita.engine.internal.partiql.Lexer.Kind;
import io.partita.engine.internal.partiql.Lexer.Token;
import io.partita.engine.internal.value.AttributeValues;
import io.partita.engine.internal.value.Numbers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A hand-written recursive-descent parser for DynamoDB's PartiQL dialect: one statement, its
 * {@code ?} parameters bound in order as they are met. Errors carry the service's texts: {@code
 * Statement wasn't well formed, can't be processed: <detail>} for what cannot be read, and the
 * statement-level refusals DynamoDB gives before it looks a table up (aliases, paths of three
 * components, an ordering comparison of a value that has no order).
 */
final class Parser {
  /** Words that end or join clauses and so cannot be an unquoted attribute name. */
  private static final Set<String> KEYWORDS = Set.of("SELECT", "FROM", "WHERE", "AND", "OR", "NOT", "IN", "BETWEEN",
      "IS", "ORDER", "BY", "SET", "REMOVE", "RETURNING", "VALUE", "VALUES", "INTO", "INSERT", "UPDATE", "DELETE",
      "EXISTS", "AS", "ASC", "DESC", "LIKE", "LIMIT");
  private static final Set<String> ORDERING = Set.of("<", "<=", ">", ">=");

  private final List<Token> tokens;
  private final List<AttributeValue> parameters;
  private int pos;
  private int parametersUsed;
  /** How deep conditions and operands nest: bounded so that no statement can exhaust the stack. */
  private int depth;
  private static final int MAX_DEPTH = 100;

  private Parser(List<Token> tokens, List<AttributeValue> parameters) {
    this.tokens = tokens;
    this.parameters = parameters == null ? List.of() : parameters;
  }

  /** Parses {@code statement} with {@code parameters} (null for none) bound to its {@code ?} in order. */
  static Pq.Statement parse(String statement, List<AttributeValue> parameters) {
    Parser p = new Parser(Lexer.tokens(statement), parameters);
    Pq.Statement s = p.statement();
    if (p.peek().is(";")) {
      p.pos++;
    }
    if (p.peek().kind() != Kind.EOF) {
      throw Errors.notWellFormed("Unexpected token after expression");
    }
    if (p.parametersUsed != p.parameters.size()) {
      throw Errors.invalid(Errors.PARAMETER_COUNT);
    }
    return s;
  }

  // ---- statements ----

  private Pq.Statement statement() {
    Token t = peek();
    if (t.isWord("SELECT")) {
      return select();
    }
    if (t.isWord("INSERT")) {
      return insert();
    }
    if (t.isWord("UPDATE")) {
      return update();
    }
    if (t.isWord("DELETE")) {
      return delete();
    }
    if (t.isWord("EXISTS")) {
      pos++;
      expect("(");
      if (!peek().isWord("SELECT")) {
        throw Errors.notWellFormed("Unexpected term");
      }
      Pq.Select select = select();
      expect(")");
      return new Pq.Exists(select);
    }
    throw Errors.notWellFormed("Expected data manipulation");
  }

  private Pq.Select select() {
    pos++; // SELECT
    List<Pq.Path> projection = null;
    if (peek().is("*")) {
      pos++;
    } else {
      projection = new ArrayList<>();
      do {
        projection.add(path());
      } while (accept(","));
    }
    if (!acceptWord("FROM")) {
      throw Errors.notWellFormed(peek().kind() == Kind.EOF ? "Unexpected term" : "Unexpected keyword");
    }
    if (peek().kind() == Kind.EOF || peek().is(";")) {
      throw Errors.notWellFormed("Unexpected term");
    }
    Pq.Source source = source();
    refuseAlias();
    Pq.Cond where = null;
    if (acceptWord("WHERE")) {
      where = condition();
    }
    List<Pq.Order> orderBy = List.of();
    if (peek().isWord("ORDER")) {
      pos++;
      expectWord("BY");
      orderBy = new ArrayList<>();
      do {
        Pq.Path p = path();
        boolean ascending = true;
        if (acceptWord("DESC")) {
          ascending = false;
        } else {
          acceptWord("ASC");
        }
        orderBy.add(new Pq.Order(p, ascending));
      } while (accept(","));
    }
    return new Pq.Select(projection, source, where, orderBy);
  }

  private Pq.Insert insert() {
    pos++; // INSERT
    expectWord("INTO");
    Pq.Source source = source();
    if (!acceptWord("VALUE")) {
      throw Errors.notWellFormed(peek().isWord("VALUES") ? "Unexpected keyword" : "Unexpected token after expression");
    }
    AttributeValue item;
    if (peek().is("{")) {
      // The item's own attributes are each a "root" in the service's number messages.
      item = literal("");
    } else if (peek().kind() == Kind.PARAM) {
      pos++;
      item = parameter();
    } else {
      throw Errors.notWellFormed("Unexpected term");
    }
    if (item == null || item.m() == null || !item.hasM()) {
      throw Errors.invalid("Unsupported operation: Insert value must be a tuple of attribute names and values");
    }
    return new Pq.Insert(source, item);
  }

  private Pq.Update update() {
    pos++; // UPDATE
    Pq.Source source = source();
    refuseAlias();
    List<Pq.Action> actions = new ArrayList<>();
    while (true) {
      if (acceptWord("SET")) {
        do {
          Pq.Path p = path();
          expect("=");
          actions.add(new Pq.SetAction(p, operand()));
        } while (accept(","));
      } else if (acceptWord("REMOVE")) {
        do {
          actions.add(new Pq.RemoveAction(path()));
        } while (accept(","));
      } else {
        break;
      }
    }
    if (actions.isEmpty()) {
      throw Errors.notWellFormed(peek().kind() == Kind.EOF ? "Unexpected term" : "Unexpected keyword");
    }
    Pq.Cond where = acceptWord("WHERE") ? condition() : null;
    return new Pq.Update(source, actions, where, returning());
  }

  private Pq.Delete delete() {
    pos++; // DELETE
    expectWord("FROM");
    Pq.Source source = source();
    refuseAlias();
    Pq.Cond where = acceptWord("WHERE") ? condition() : null;
    return new Pq.Delete(source, where, returning());
  }

  private Pq.Returning returning() {
    if (!acceptWord("RETURNING")) {
      return null;
    }
    boolean all;
    if (acceptWord("ALL")) {
      all = true;
    } else if (acceptWord("MODIFIED")) {
      all = false;
    } else {
      throw Errors.notWellFormed("Unexpected term");
    }
    boolean old;
    if (acceptWord("OLD")) {
      old = true;
    } else if (acceptWord("NEW")) {
      old = false;
    } else {
      throw Errors.notWellFormed("Unexpected term");
    }
    expect("*");
    return new Pq.Returning(all, old);
  }

  /** {@code "table"} or {@code "table"."index"}. */
  private Pq.Source source() {
    String table = sourceName();
    String index = null;
    if (accept(".")) {
      index = sourceName();
      if (peek().is(".")) {
        throw Errors.invalid("A path may contain at most 2 components in the FROM clause");
      }
    }
    return new Pq.Source(table, index);
  }

  private String sourceName() {
    Token t = peek();
    if (t.kind() == Kind.QUOTED_NAME || (t.kind() == Kind.NAME && !isKeyword(t))) {
      pos++;
      if (t.text().isEmpty()) {
        throw Errors.invalid("Path component cannot be an empty string");
      }
      return t.text();
    }
    throw Errors.notWellFormed("Expected identifier for simple path");
  }

  /** {@code FROM "t" t} and {@code FROM "t" AS t}: DynamoDB names no table twice. */
  private void refuseAlias() {
    Token t = peek();
    if (t.isWord("AS") || t.kind() == Kind.QUOTED_NAME || (t.kind() == Kind.NAME && !isKeyword(t))) {
      throw Errors.invalid("Aliasing is not supported");
    }
  }

  // ---- conditions ----

  private Pq.Cond condition() {
    enter();
    try {
      return disjunction();
    } finally {
      depth--;
    }
  }

  private Pq.Cond disjunction() {
    Token first = peek();
    if (first.kind() == Kind.EOF || first.is(";")) {
      throw Errors.notWellFormed("Unexpected term");
    }
    Pq.Cond left = and();
    while (acceptWord("OR")) {
      left = new Pq.Or(left, rightOf(this::and));
    }
    return left;
  }

  private Pq.Cond and() {
    Pq.Cond left = not();
    while (acceptWord("AND")) {
      left = new Pq.And(left, rightOf(this::not));
    }
    return left;
  }

  private Pq.Cond rightOf(java.util.function.Supplier<Pq.Cond> next) {
    if (peek().kind() == Kind.EOF || peek().is(";") || peek().is(")")) {
      throw Errors.notWellFormed("Missing right-hand side expression of infix operator");
    }
    return next.get();
  }

  private Pq.Cond not() {
    if (acceptWord("NOT")) {
      if (peek().kind() == Kind.EOF || peek().is(";")) {
        throw Errors.notWellFormed("Unexpected term");
      }
      enter();
      try {
        return new Pq.Not(not());
      } finally {
        depth--;
      }
    }
    return predicate();
  }

  private Pq.Cond predicate() {
    Token t = peek();
    if (t.kind() == Kind.EOF || t.is(";")) {
      throw Errors.notWellFormed("Unexpected term");
    }
    if (t.is("(") && !continuesAsOperand(tokens.get(afterParentheses(pos)))) {
      // A parenthesized condition; "(a + 1) > 2", where a comparison follows, is an operand.
      pos++;
      if (peek().kind() == Kind.EOF) {
        throw Errors.notWellFormed("Unexpected term");
      }
      Pq.Cond inner = condition();
      expect(")");
      return inner;
    }
    if (t.kind() == Kind.PUNCT && !t.is("(") && !t.is("[") && !t.is("{") && !t.is("<<") && !t.is("-")) {
      throw Errors.notWellFormed("Unexpected operator");
    }
    if (t.isWord("IS") || t.isWord("LIKE")) {
      throw Errors.notWellFormed("Unexpected operator");
    }
    if (t.kind() == Kind.NAME && isKeyword(t)) {
      throw Errors.notWellFormed("Unexpected keyword");
    }
    Pq.Operand left = operand();
    Token op = peek();
    if (op.kind() == Kind.PUNCT && Set.of("=", "<>", "!=", "<", "<=", ">", ">=").contains(op.text())) {
      pos++;
      Pq.Operand right = comparand();
      String symbol = op.text().equals("!=") ? "<>" : op.text();
      if (ORDERING.contains(symbol)) {
        checkOrdered(symbol, left);
        checkOrdered(symbol, right);
      }
      return new Pq.Compare(symbol, left, right);
    }
    boolean negated = false;
    if (op.isWord("NOT") && (peek(1).isWord("IN") || peek(1).isWord("BETWEEN"))) {
      pos++;
      negated = true;
      op = peek();
    }
    if (op.isWord("IN")) {
      pos++;
      Pq.Cond in = new Pq.In(left, inList());
      return negated ? new Pq.Not(in) : in;
    }
    if (op.isWord("BETWEEN")) {
      pos++;
      Pq.Operand low = comparand();
      expectWord("AND");
      Pq.Operand high = comparand();
      for (Pq.Operand o : List.of(left, low, high)) {
        checkOrdered("BETWEEN", o);
      }
      Pq.Cond between = new Pq.Between(left, low, high);
      return negated ? new Pq.Not(between) : between;
    }
    if (op.isWord("IS")) {
      pos++;
      boolean not = acceptWord("NOT");
      if (acceptWord("MISSING")) {
        return new Pq.Is(left, true, not);
      }
      if (acceptWord("NULL")) {
        return new Pq.Is(left, false, not);
      }
      throw Errors.notWellFormed("Expected type name");
    }
    if (left instanceof Pq.Call call) {
      return new Pq.FunctionCond(call);
    }
    throw Errors.notWellFormed("Unexpected term");
  }

  /** The index of the token after the parenthesis that closes the one at {@code open} (EOF if none does). */
  private int afterParentheses(int open) {
    int depth = 0;
    for (int i = open; i < tokens.size(); i++) {
      Token t = tokens.get(i);
      if (t.is("(")) {
        depth++;
      } else if (t.is(")") && --depth == 0) {
        return i + 1;
      }
    }
    return tokens.size() - 1;
  }

  /** Whether a parenthesized part is an operand: what follows compares or computes it. */
  private static boolean continuesAsOperand(Token t) {
    return t.kind() == Kind.PUNCT && Set.of("=", "<>", "!=", "<", "<=", ">", ">=", "+", "-").contains(t.text())
        || t.isWord("IN") || t.isWord("BETWEEN") || t.isWord("IS") || t.isWord("NOT");
  }

  private Pq.Operand comparand() {
    Token t = peek();
    if (t.kind() == Kind.EOF || t.is(";")) {
      throw Errors.notWellFormed("Missing right-hand side expression of infix operator");
    }
    if (t.isWord("LIKE") || t.isWord("IS")) {
      throw Errors.notWellFormed("Unexpected operator");
    }
    return operand();
  }

  /** {@code IN [a, b]} or {@code IN (a, b)}. */
  private List<Pq.Operand> inList() {
    String close;
    if (accept("[")) {
      close = "]";
    } else if (accept("(")) {
      close = ")";
    } else {
      if (peek().kind() == Kind.PARAM) {
        Pq.Value list = (Pq.Value) operand();
        if (list.value().hasL()) {
          return list.value().l().stream().map(v -> (Pq.Operand) new Pq.Value(v, false)).toList();
        }
        return List.of(list);
      }
      throw Errors.notWellFormed("Unexpected term");
    }
    List<Pq.Operand> out = new ArrayList<>();
    if (!accept(close)) {
      do {
        out.add(operand());
      } while (accept(","));
      expect(close);
    }
    return out;
  }

  /** An ordering operator takes numbers, strings and binaries only: DynamoDB refuses others before reading. */
  private static void checkOrdered(String operator, Pq.Operand operand) {
    if (operand instanceof Pq.Value v && v.value() != null) {
      String type = AttributeValues.typeName(v.value());
      if (!type.equals("S") && !type.equals("N") && !type.equals("B")) {
        throw Errors.invalid("Incorrect operand type for operator or function; operator or function: " + operator
            + ", operand type: " + type);
      }
    }
  }

  // ---- operands ----

  private Pq.Operand operand() {
    enter();
    try {
      return sum();
    } finally {
      depth--;
    }
  }

  private Pq.Operand sum() {
    Pq.Operand left = term();
    while (peek().is("+") || peek().is("-")) {
      boolean plus = next().is("+");
      left = new Pq.Arithmetic(plus, left, term());
    }
    return left;
  }

  private Pq.Operand term() {
    Token t = peek();
    switch (t.kind()) {
      case PARAM -> {
        pos++;
        return new Pq.Value(parameter(), false);
      }
      case STRING, NUMBER -> {
        return new Pq.Value(literal("root"), false);
      }
      case QUOTED_NAME -> {
        return new Pq.PathOperand(path());
      }
      case NAME -> {
        String word = t.text().toUpperCase(Locale.ROOT);
        switch (word) {
          case "TRUE", "FALSE", "NULL" -> {
            return new Pq.Value(literal("root"), false);
          }
          case "MISSING" -> {
            pos++;
            return new Pq.Value(null, true);
          }
          default -> {
            if (isKeyword(t)) {
              throw Errors.notWellFormed("Unexpected keyword");
            }
            if (peek(1).is("(")) {
              pos += 2;
              List<Pq.Operand> args = new ArrayList<>();
              if (!accept(")")) {
                do {
                  args.add(operand());
                } while (accept(","));
                expect(")");
              }
              return new Pq.Call(t.text().toLowerCase(Locale.ROOT), args);
            }
            return new Pq.PathOperand(path());
          }
        }
      }
      case PUNCT -> {
        if (t.is("[") || t.is("{") || t.is("<<") || t.is("-")) {
          return new Pq.Value(literal("root"), false);
        }
        if (t.is("(")) {
          pos++;
          Pq.Operand inner = operand();
          expect(")");
          return inner;
        }
        throw Errors.notWellFormed("Unexpected operator");
      }
      default -> throw Errors.notWellFormed("Unexpected term");
    }
  }

  private AttributeValue parameter() {
    if (parametersUsed >= parameters.size()) {
      throw Errors.invalid(Errors.PARAMETER_COUNT);
    }
    return AttributeValues.validateValue(parameters.get(parametersUsed++));
  }

  /** A path: {@code a}, {@code "a"}, {@code a.b}, {@code a[1].b}. */
  private Pq.Path path() {
    List<Object> elements = new ArrayList<>();
    elements.add(pathName());
    while (true) {
      if (peek().is(".") && (peek(1).kind() == Kind.NAME || peek(1).kind() == Kind.QUOTED_NAME)) {
        pos++;
        elements.add(pathName());
      } else if (peek().is("[")) {
        pos++;
        Token index = next();
        if (index.kind() != Kind.NUMBER || !index.text().chars().allMatch(Character::isDigit)) {
          throw Errors.notWellFormed("Unexpected term");
        }
        if (index.text().length() > 9) {
          // No list holds this many elements (an item is at most 400 KB); the reader gives up.
          throw Errors.notWellFormed("");
        }
        elements.add(Integer.parseInt(index.text()));
        expect("]");
      } else {
        return new Pq.Path(elements);
      }
    }
  }

  private String pathName() {
    Token t = next();
    if (t.kind() == Kind.QUOTED_NAME || (t.kind() == Kind.NAME && !isKeyword(t))) {
      return t.text();
    }
    if (t.kind() == Kind.NAME) {
      throw Errors.notWellFormed("Unexpected keyword");
    }
    throw Errors.notWellFormed(t.kind() == Kind.EOF ? "Unexpected term" : "Expected identifier for simple path");
  }

  /**
   * A literal value: {@code 'text'}, a number, {@code TRUE}, {@code FALSE}, {@code NULL}, a list
   * {@code [..]}, a map {@code {'k': v}} or a set {@code <<..>>}. {@code where} names the place
   * in the value for number errors, as the service does: {@code root}, {@code root.k}, {@code root[1]}.
   */
  private AttributeValue literal(String where) {
    enter();
    try {
      return literalValue(where);
    } finally {
      depth--;
    }
  }

  private AttributeValue literalValue(String where) {
    Token t = next();
    switch (t.kind()) {
      case STRING -> {
        return AttributeValue.fromS(t.text());
      }
      case NUMBER -> {
        return AttributeValue.fromN(number(t.text(), where));
      }
      case PARAM -> {
        return parameter();
      }
      case NAME -> {
        switch (t.text().toUpperCase(Locale.ROOT)) {
          case "TRUE" -> {
            return AttributeValue.fromBool(true);
          }
          case "FALSE" -> {
            return AttributeValue.fromBool(false);
          }
          case "NULL" -> {
            return AttributeValue.fromNul(true);
          }
          default -> throw Errors.notWellFormed("Unexpected term");
        }
      }
      case PUNCT -> {
        if (t.is("-") && peek().kind() == Kind.NUMBER) {
          return AttributeValue.fromN(number("-" + next().text(), where));
        }
        if (t.is("[")) {
          List<AttributeValue> list = new ArrayList<>();
          if (!accept("]")) {
            do {
              list.add(literal(where + "[" + list.size() + "]"));
            } while (accept(","));
            expect("]");
          }
          return AttributeValue.fromL(list);
        }
        if (t.is("{")) {
          Map<String, AttributeValue> map = new LinkedHashMap<>();
          if (!accept("}")) {
            do {
              Token key = next();
              if (key.kind() != Kind.STRING) {
                throw Errors.notWellFormed("Unexpected term");
              }
              expect(":");
              if (peek().isWord("MISSING")) {
                pos++;
                continue;
              }
              map.put(key.text(), literal(where.isEmpty() ? "root" : where + "." + key.text()));
            } while (accept(","));
            expect("}");
          }
          return AttributeValue.fromM(map);
        }
        if (t.is("<<")) {
          return set(where);
        }
        throw Errors.notWellFormed("Unexpected operator");
      }
      default -> throw Errors.notWellFormed("Unexpected term");
    }
  }

  /** {@code <<'a', 'b'>>} is a string set, {@code <<1, 2>>} a number set; a set holds one kind. */
  private AttributeValue set(String where) {
    List<AttributeValue> elements = new ArrayList<>();
    if (!accept(">>")) {
      do {
        Token t = peek();
        if (t.kind() != Kind.STRING && t.kind() != Kind.NUMBER && !t.is("-")) {
          throw Errors.invalid("Unsupported data type in Bag");
        }
        elements.add(literal(where));
      } while (accept(","));
      expect(">>");
    }
    if (elements.isEmpty()) {
      // The set's own validation gives DynamoDB's empty-set message.
      return AttributeValues.validateValue(AttributeValue.builder().ss(List.of()).build());
    }
    boolean strings = elements.get(0).s() != null;
    for (AttributeValue e : elements) {
      if ((e.s() != null) != strings) {
        throw Errors.invalid("Set elements must all be strings or all be numbers");
      }
    }
    AttributeValue set = strings
        ? AttributeValue.builder().ss(elements.stream().map(AttributeValue::s).toList()).build()
        : AttributeValue.builder().ns(elements.stream().map(AttributeValue::n).toList()).build();
    return AttributeValues.validateValue(set);
  }

  private static String number(String text, String where) {
    try {
      return Numbers.normalize(text);
    } catch (PartitaException e) {
      if (text.length() > 1000 || !text.matches("-?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d{1,9})?")) {
        // An exponent past what an int holds: the service's reader gives up with no detail.
        throw Errors.notWellFormed("");
      }
      throw Errors.invalid(e.getMessage() + " under " + where);
    }
  }

  // ---- tokens ----

  private void enter() {
    if (++depth > MAX_DEPTH) {
      throw Errors.notWellFormed("");
    }
  }

  private static boolean isKeyword(Token t) {
    return t.kind() == Kind.NAME && KEYWORDS.contains(t.text().toUpperCase(Locale.ROOT));
  }

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

  private boolean accept(String punct) {
    if (peek().is(punct)) {
      pos++;
      return true;
    }
    return false;
  }

  private boolean acceptWord(String keyword) {
    if (peek().isWord(keyword)) {
      pos++;
      return true;
    }
    return false;
  }

  private void expect(String punct) {
    if (!accept(punct)) {
      throw Errors.notWellFormed(peek().kind() == Kind.EOF ? "Unexpected term" : "Unexpected token after expression");
    }
  }

  private void expectWord(String keyword) {
    if (!acceptWord(keyword)) {
      throw Errors.notWellFormed(peek().kind() == Kind.EOF ? "Unexpected term" : "Unexpected keyword");
    }
  }
}
