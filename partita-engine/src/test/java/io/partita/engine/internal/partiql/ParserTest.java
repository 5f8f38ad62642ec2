package io.partita.engine.internal.partiql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.partita.engine.PartitaException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The PartiQL parser on its own: every literal form, parameters, and the round trip (a statement
 * printed by the tests' own {@link PqPrinter} parses to the same tree). The service's messages for
 * what it refuses are checked end to end in partita-embedded's PartiQlTest.
 */
class ParserTest {
  private static AttributeValue valueOf(String literal) {
    Pq.Insert insert = (Pq.Insert) Parser.parse("INSERT INTO t VALUE {'v': " + literal + "}", null);
    return insert.item().m().get("v");
  }

  @Test
  void everyLiteralForm() {
    assertEquals(AttributeValue.fromS("it's"), valueOf("'it''s'"));
    assertEquals(AttributeValue.fromS(""), valueOf("''"));
    assertEquals(AttributeValue.fromN("1.5"), valueOf("1.50"));
    assertEquals(AttributeValue.fromN("-150"), valueOf("-1.5e2"));
    assertEquals(AttributeValue.fromN("0.001"), valueOf(".1E-2"));
    assertEquals(AttributeValue.fromBool(true), valueOf("true"));
    assertEquals(AttributeValue.fromBool(false), valueOf("FALSE"));
    assertEquals(AttributeValue.fromNul(true), valueOf("null"));
    assertEquals(AttributeValue.fromL(List.of()), valueOf("[]"));
    assertEquals(AttributeValue.fromL(List.of(AttributeValue.fromN("1"), AttributeValue.fromS("a"),
        AttributeValue.fromL(List.of(AttributeValue.fromBool(true))))), valueOf("[1, 'a', [TRUE]]"));
    assertEquals(AttributeValue.fromM(Map.of("k", AttributeValue.fromM(Map.of("n", AttributeValue.fromN("2"))))),
        valueOf("{'k': {'n': 2}}"));
    assertEquals(AttributeValue.fromSs(List.of("a", "b")), valueOf("<<'a', 'b'>>"));
    assertEquals(AttributeValue.fromNs(List.of("1", "2")), valueOf("<<1, 2.0>>"));
    // MISSING as a map value leaves the attribute out.
    assertEquals(Map.of("a", AttributeValue.fromN("1")),
        ((Pq.Insert) Parser.parse("INSERT INTO t VALUE {'a': 1, 'b': MISSING}", null)).item().m());
  }

  @Test
  void setsHoldOneKindAndNoParameters() {
    assertThrows(PartitaException.class, () -> valueOf("<<'a', 1>>"));
    assertThrows(PartitaException.class, () -> valueOf("<<'a', 'a'>>"));
    assertThrows(PartitaException.class, () -> valueOf("<<>>"));
    assertEquals("Unsupported data type in Bag", assertThrows(PartitaException.class,
        () -> Parser.parse("INSERT INTO t VALUE {'v': <<?>>}", List.of(AttributeValue.fromS("a")))).getMessage());
  }

  @Test
  void parametersBindInOrderWhereverAValueGoes() {
    AttributeValue b = AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {1}));
    Pq.Insert insert = (Pq.Insert) Parser.parse("INSERT INTO t VALUE {'pk': ?, 'l': [?, 2], 'm': {'x': ?}}",
        List.of(AttributeValue.fromS("k"), b, AttributeValue.fromBool(true)));
    assertEquals(AttributeValue.fromS("k"), insert.item().m().get("pk"));
    assertEquals(List.of(b, AttributeValue.fromN("2")), insert.item().m().get("l").l());
    assertEquals(AttributeValue.fromBool(true), insert.item().m().get("m").m().get("x"));
  }

  @Test
  void keywordsIgnoreCaseAndQuotedNamesAreNeverKeywords() {
    Pq.Select s = (Pq.Select) Parser.parse("select \"select\", a.\"from\"[2] from \"t\" where \"where\" = 1", null);
    assertEquals(List.of(new Pq.Path(List.of("select")), new Pq.Path(List.of("a", "from", 2))), s.projection());
    assertInstanceOf(Pq.Compare.class, s.where());
  }

  @ParameterizedTest
  @ValueSource(strings = {
    "SELECT * FROM \"t\"",
    "SELECT a, b.c, d[0].e FROM t.\"idx\" WHERE pk = 'x' AND sk BETWEEN 1 AND 9 ORDER BY sk DESC",
    "select * from t where a in ['x', 2, <<'s'>>] or not (b is missing) and c is not null",
    "SELECT * FROM t WHERE begins_with(sk, 'a') AND contains(tags, 'x') AND size(l) >= 2 "
        + "AND attribute_type(m, 'M') AND a <> b AND a != 3 AND 'lit' < a",
    "INSERT INTO t VALUE {'pk': 'k', 'n': -1.5, 'l': [1, [2], {'x': NULL}], 's': <<1, 2>>, 'b': TRUE}",
    "UPDATE t SET a = a + 1, b = list_append(b, [1]) SET c = set_add(c, <<'x'>>) REMOVE d, e[1] "
        + "WHERE pk = 'k' AND x = MISSING RETURNING MODIFIED NEW *",
    "DELETE FROM t WHERE pk = 'k' AND v = {'a': [TRUE]} RETURNING ALL OLD *",
    "EXISTS(SELECT * FROM t WHERE pk = 'k' AND v > 2);",
    "SELECT * FROM t -- a comment\n WHERE /* another */ pk = 1",
  })
  void aPrintedStatementParsesToTheSameTree(String statement) {
    Pq.Statement parsed = Parser.parse(statement, null);
    PqPrinter printer = new PqPrinter();
    String printed = printer.statement(parsed);
    assertEquals(parsed, Parser.parse(printed, printer.parameters), printed);
  }

  @Test
  void nestingIsBoundedSoNoStatementExhaustsTheStack() {
    for (String deep : List.of("SELECT * FROM t WHERE " + "(".repeat(5000) + "a = 1" + ")".repeat(5000),
        "SELECT * FROM t WHERE " + "NOT ".repeat(5000) + "a = 1",
        "INSERT INTO t VALUE {'v': " + "[".repeat(5000) + "]".repeat(5000) + "}",
        "UPDATE t SET a = " + "(".repeat(5000) + "1" + ")".repeat(5000) + " WHERE pk = 1")) {
      PartitaException e = assertThrows(PartitaException.class, () -> Parser.parse(deep, null));
      assertEquals("Statement wasn't well formed, can't be processed: ", e.getMessage());
    }
    Parser.parse("SELECT * FROM t WHERE " + "(".repeat(40) + "a = 1" + ")".repeat(40), null);
  }
}
