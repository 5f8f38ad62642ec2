package io.partita.engine.internal.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.engine.internal.table.KeyDef;
import io.partita.engine.internal.value.AttributeValues;
import io.partita.engine.internal.value.ItemCodec;
import io.partita.engine.internal.value.ScalarType;
import io.partita.engine.testing.QuietJazzer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Fuzzes the expression language: condition, filter, key condition, update and projection
 * expressions with their ExpressionAttributeNames and ExpressionAttributeValues, parsed, bound and
 * evaluated against a few items.
 *
 * <p>Input (UTF-8 text, one field a line), readable so that seeds can be written by hand:
 *
 * <pre>
 *   C0                      kind (C condition, F filter, K key condition, U update, P projection), then a digit
 *                           choosing the key schema of a key condition
 *   a = :v AND #n &lt;&gt; :w    the expression
 *   #n=name                 ExpressionAttributeNames entries
 *   :v=S:text               ExpressionAttributeValues entries: S, N, B (base64), BOOL, NULL, SS/NS/BS (comma
 *   :w=L:N:1|S:a            separated), L (elements T:payload separated by |), M (k=T:payload separated by |);
 *                           an unknown or missing type is an AttributeValue with no type
 * </pre>
 *
 * <p>Invariants: the only exception is the engine's own {@link PartitaException}, a
 * ValidationException (no NullPointerException, ClassCastException, IndexOutOfBoundsException,
 * StackOverflowError, ...); parsing is deterministic and does not depend on blanks (the expression
 * rewritten as its tokens separated by one space parses to the same tree: the parser has no
 * printer, and this is the canonical form the language has); an update produces a valid item that
 * the item codec stores exactly; a projection answers only attributes it names.
 */
@ExtendWith(QuietJazzer.class)
class ExpressionFuzzTest {
  private static final Map<String, AttributeValue> ITEM = Map.ofEntries(
      Map.entry("pk", s("p")),
      Map.entry("sk", AttributeValue.fromN("5")),
      Map.entry("a", s("abc")),
      Map.entry("n", AttributeValue.fromN("3.5")),
      Map.entry("b", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {1, 2, (byte) 0xFF}))),
      Map.entry("t", AttributeValue.fromBool(true)),
      Map.entry("z", AttributeValue.fromNul(true)),
      Map.entry("ss", AttributeValue.fromSs(List.of("x", "y"))),
      Map.entry("ns", AttributeValue.fromNs(List.of("1", "-2.5"))),
      Map.entry("bs", AttributeValue.fromBs(List.of(SdkBytes.fromByteArray(new byte[] {0})))),
      Map.entry("l", AttributeValue.fromL(List.of(s("e0"), AttributeValue.fromN("1"),
          AttributeValue.fromL(List.of(s("deep"))), AttributeValue.fromM(Map.of("k", s("v")))))),
      Map.entry("m", AttributeValue.fromM(Map.of("a", AttributeValue.fromM(Map.of("b", AttributeValue.fromN("7"))),
          "l", AttributeValue.fromL(List.of(AttributeValue.fromN("0"))), "s", s("")))));
  private static final List<Map<String, AttributeValue>> ITEMS = List.of(Map.of(), ITEM,
      Map.of("pk", s("q"), "a", AttributeValue.fromN("1"), "l", AttributeValue.fromL(List.of())));

  private static final List<KeySchemaSpec> SCHEMAS = List.of(
      KeySchemaSpec.of(new KeyDef("pk", ScalarType.S), new KeyDef("sk", ScalarType.N)),
      KeySchemaSpec.of(new KeyDef("pk", ScalarType.S), new KeyDef("sk", ScalarType.S)),
      KeySchemaSpec.of(new KeyDef("pk", ScalarType.N), new KeyDef("sk", ScalarType.B)),
      KeySchemaSpec.of(new KeyDef("pk", ScalarType.S), null),
      new KeySchemaSpec(List.of(new KeyDef("h1", ScalarType.S), new KeyDef("h2", ScalarType.N)),
          List.of(new KeyDef("a", ScalarType.S), new KeyDef("b", ScalarType.S), new KeyDef("c", ScalarType.N))));

  /** One fuzz input, decoded. */
  record Input(char kind, int schema, String expression, Map<String, String> names,
      Map<String, AttributeValue> values) {
    static Input of(byte[] bytes) {
      String[] lines = new String(bytes, StandardCharsets.UTF_8).split("\n", -1);
      String header = lines[0];
      char kind = header.isEmpty() ? 'C' : header.charAt(0);
      int schema = header.length() > 1 ? Math.floorMod(header.charAt(1) - '0', SCHEMAS.size()) : 0;
      String expression = lines.length > 1 ? lines[1] : "";
      Map<String, String> names = new LinkedHashMap<>();
      Map<String, AttributeValue> values = new LinkedHashMap<>();
      for (int i = 2; i < lines.length; i++) {
        String line = lines[i];
        int eq = line.indexOf('=');
        if (eq < 0) {
          continue;
        }
        if (line.startsWith("#")) {
          names.put(line.substring(0, eq), line.substring(eq + 1));
        } else if (line.startsWith(":")) {
          values.put(line.substring(0, eq), value(line.substring(eq + 1), true));
        }
      }
      return new Input(kind, schema, expression, names.isEmpty() ? null : names, values.isEmpty() ? null : values);
    }
  }

  @FuzzTest
  @DictionaryEntries({" AND ", " OR ", "NOT ", " BETWEEN ", " IN (", "SET ", "REMOVE ", "ADD ", "DELETE ",
      "attribute_exists(", "attribute_not_exists(", "attribute_type(", "begins_with(", "contains(", "size(",
      "if_not_exists(", "list_append(", " = ", " <> ", " <= ", " >= ", "[0]", ".", ", ", "#n", ":v", "#n=",
      ":v=S:", ":v=N:", ":v=L:", ":v=M:", ":v=SS:", ":v=NS:", ":v=BS:", ":v=B:", "pk", "sk", "ss",
      "ns", "bs"})
  void expressions(byte[] bytes) {
    Input in = Input.of(bytes);
    checkParser(in);
    Object first = outcome(() -> bindAndEvaluate(in));
    Object second = outcome(() -> bindAndEvaluate(in));
    assertEquals(first, second, "binding and evaluating twice answer alike");
  }

  // ---------------------------------------------------------------- parser

  private static void checkParser(Input in) {
    Parser.Grammar grammar = switch (in.kind()) {
      case 'U' -> Parser.Grammar.UPDATE;
      case 'P' -> Parser.Grammar.PROJECTION;
      default -> Parser.Grammar.CONDITION;
    };
    String text = in.expression();
    Object first = outcome(() -> parse(grammar, text));
    Object again = outcome(() -> parse(grammar, text));
    assertEquals(first, again, "parsing is deterministic");
    // the canonical spelling: the tokens, one blank between each
    String spaced = Tokenizer.tokenize(text).stream().map(Token::text).filter(t -> !t.isEmpty())
        .collect(Collectors.joining(" "));
    Object respaced = outcome(() -> parse(grammar, spaced));
    if (first instanceof Refusal r) {
      assertTrue(respaced instanceof Refusal, () -> "only " + text + " is refused; " + spaced + " parses");
    } else {
      assertEquals(first, respaced, () -> "blanks changed the tree of " + text + " (as " + spaced + ")");
    }
  }

  private static Object parse(Parser.Grammar grammar, String text) {
    return switch (grammar) {
      case CONDITION -> Parser.parseCondition(text, "ConditionExpression");
      case UPDATE -> Parser.parseUpdate(text, "UpdateExpression");
      case PROJECTION -> Parser.parseProjection(text, "ProjectionExpression");
    };
  }

  // ---------------------------------------------------------------- binding and evaluation

  /** Binds the expression and evaluates it on each item; answers what it saw, for the determinism check. */
  private static Object bindAndEvaluate(Input in) {
    ExpressionContext ctx = new ExpressionContext(in.names(), in.values());
    List<Object> seen = new ArrayList<>();
    switch (in.kind()) {
      case 'U' -> {
        Update update = ctx.update(in.expression());
        for (Map<String, AttributeValue> item : ITEMS) {
          seen.add(outcome(() -> checkUpdate(update, item)));
        }
        seen.add(update.updatedPaths().apply(ITEM));
      }
      case 'P' -> {
        Projection projection = ctx.projection(in.expression());
        for (Map<String, AttributeValue> item : ITEMS) {
          Map<String, AttributeValue> projected = projection.apply(item);
          assertTrue(projection.topLevelAttributes().containsAll(projected.keySet()), projected::toString);
          assertTrue(item.keySet().containsAll(projected.keySet()), projected::toString);
          seen.add(projected);
        }
      }
      case 'K' -> {
        Condition bound = ctx.boundKeyCondition(in.expression());
        seen.add(ExpressionContext.keyCondition(bound, SCHEMAS.get(in.schema())));
      }
      case 'F' -> {
        ExpressionContext.QueryFilter filter = ctx.queryFilter(in.expression());
        seen.add(filter.topLevelNames());
        seen.add(outcome(() -> filter.refuseKeys(List.of("pk", "sk"))));
        evaluate(filter.condition(), seen);
      }
      default -> evaluate(ctx.condition(in.expression(), "ConditionExpression"), seen);
    }
    ctx.checkAllUsed();
    return seen;
  }

  private static void evaluate(Condition condition, List<Object> seen) {
    for (Map<String, AttributeValue> item : ITEMS) {
      seen.add(outcome(() -> condition.test(item)));
    }
    seen.add(outcome(() -> condition.test(null)));
  }

  private static Map<String, AttributeValue> checkUpdate(Update update, Map<String, AttributeValue> item) {
    Map<String, AttributeValue> updated = update.apply(item);
    // what an update makes is an item DynamoDB would store: valid values, stored exactly
    Map<String, AttributeValue> valid = AttributeValues.validateItem(updated);
    assertEquals(updated, valid, "an update answers values in their normalized form");
    assertEquals(updated, ItemCodec.decode(ItemCodec.encode(updated)));
    return updated;
  }

  // ---------------------------------------------------------------- outcomes

  /** A refusal, compared by code and message. */
  record Refusal(ErrorCode code, String message) {}

  /**
   * The result of {@code action}, or its refusal. A PartitaException other than a
   * ValidationException, or any other exception, fails the fuzz test.
   */
  private static Object outcome(Supplier<?> action) {
    try {
      return action.get();
    } catch (PartitaException e) {
      assertEquals(ErrorCode.ValidationException, e.code(), e.toString());
      return new Refusal(e.code(), e.getMessage());
    }
  }

  // ---------------------------------------------------------------- values

  private static AttributeValue s(String text) {
    return AttributeValue.fromS(text);
  }

  /** {@code T:payload}; an L or M only where {@code containers} (their elements are scalars or sets). */
  static AttributeValue value(String spec, boolean containers) {
    int colon = spec.indexOf(':');
    String type = colon < 0 ? spec : spec.substring(0, colon);
    String payload = colon < 0 ? "" : spec.substring(colon + 1);
    switch (type) {
      case "S":
        return s(payload);
      case "N":
        return AttributeValue.fromN(payload);
      case "B":
        return AttributeValue.fromB(SdkBytes.fromByteArray(base64(payload)));
      case "BOOL":
        return AttributeValue.fromBool(Boolean.parseBoolean(payload));
      case "NULL":
        return AttributeValue.fromNul(Boolean.parseBoolean(payload));
      case "SS":
        return AttributeValue.fromSs(List.of(payload.split(",", -1)));
      case "NS":
        return AttributeValue.fromNs(List.of(payload.split(",", -1)));
      case "BS": {
        List<SdkBytes> bs = new ArrayList<>();
        for (String b : payload.split(",", -1)) {
          bs.add(SdkBytes.fromByteArray(base64(b)));
        }
        return AttributeValue.fromBs(bs);
      }
      case "L": {
        if (!containers) {
          break;
        }
        List<AttributeValue> l = new ArrayList<>();
        if (!payload.isEmpty()) {
          for (String e : payload.split("\\|", -1)) {
            l.add(value(e, false));
          }
        }
        return AttributeValue.fromL(l);
      }
      case "M": {
        if (!containers) {
          break;
        }
        Map<String, AttributeValue> m = new LinkedHashMap<>();
        if (!payload.isEmpty()) {
          for (String e : payload.split("\\|", -1)) {
            int eq = e.indexOf('=');
            m.put(eq < 0 ? e : e.substring(0, eq), value(eq < 0 ? "" : e.substring(eq + 1), false));
          }
        }
        return AttributeValue.fromM(m);
      }
      default:
        break;
    }
    return AttributeValue.builder().build();
  }

  private static byte[] base64(String text) {
    try {
      return Base64.getDecoder().decode(text);
    } catch (IllegalArgumentException e) {
      return text.getBytes(StandardCharsets.UTF_8);
    }
  }
}
