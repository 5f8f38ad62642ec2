package io.partita.engine.internal.partiql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.partita.engine.ErrorCode;
import io.partita.engine.Partita;
import io.partita.engine.PartitaException;
import io.partita.engine.testing.QuietJazzer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * Fuzzes PartiQL end to end in the engine: the statement (the whole input, UTF-8) with four fixed
 * parameters bound to its first {@code ?}s, parsed, planned against one of three tables (hash only
 * "hash", hash and range "coll" with a global and a local index, and "num" with a number key) and run.
 *
 * <p>Invariants: the only exceptions are the engine's own, with the codes a statement may answer
 * (a validation error, a missing table, a failed condition, a duplicate item); a statement that
 * parses prints (the tests' own {@link PqPrinter}) to text that parses to the same tree.
 */
@ExtendWith(QuietJazzer.class)
class PartiQlFuzzTest {
  private static final Set<ErrorCode> EXPECTED = Set.of(ErrorCode.ValidationException,
      ErrorCode.ResourceNotFoundException, ErrorCode.ConditionalCheckFailedException, ErrorCode.DuplicateItemException);
  private static final List<AttributeValue> PARAMETERS = List.of(AttributeValue.fromS("k"), AttributeValue.fromN("1"),
      AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {7})), AttributeValue.fromL(List.of(AttributeValue.fromBool(true))));
  private static Partita partita;

  @BeforeAll
  static void open() {
    partita = Partita.inMemory();
    partita.execute(CreateTableRequest.builder().tableName("hash").billingMode("PAY_PER_REQUEST")
        .attributeDefinitions(a -> a.attributeName("pk").attributeType("S"))
        .keySchema(k -> k.attributeName("pk").keyType("HASH")).build());
    partita.execute(CreateTableRequest.builder().tableName("num").billingMode("PAY_PER_REQUEST")
        .attributeDefinitions(a -> a.attributeName("pk").attributeType("N"))
        .keySchema(k -> k.attributeName("pk").keyType("HASH")).build());
    partita.execute(CreateTableRequest.builder().tableName("coll").billingMode("PAY_PER_REQUEST")
        .attributeDefinitions(a -> a.attributeName("pk").attributeType("S"), a -> a.attributeName("sk").attributeType("S"),
            a -> a.attributeName("g").attributeType("S"), a -> a.attributeName("l").attributeType("N"))
        .keySchema(k -> k.attributeName("pk").keyType("HASH"), k -> k.attributeName("sk").keyType("RANGE"))
        .globalSecondaryIndexes(g -> g.indexName("gix").keySchema(k -> k.attributeName("g").keyType("HASH"))
            .projection(p -> p.projectionType(ProjectionType.INCLUDE).nonKeyAttributes("x")))
        .localSecondaryIndexes(l -> l.indexName("lix").keySchema(k -> k.attributeName("pk").keyType("HASH"),
            k -> k.attributeName("l").keyType("RANGE")).projection(p -> p.projectionType(ProjectionType.KEYS_ONLY)))
        .build());
    partita.execute(PutItemRequest.builder().tableName("coll").item(java.util.Map.of("pk", AttributeValue.fromS("k"),
        "sk", AttributeValue.fromS("a"), "g", AttributeValue.fromS("x"), "l", AttributeValue.fromN("1"))).build());
  }

  @AfterAll
  static void close() {
    partita.close();
  }

  @FuzzTest
  @DictionaryEntries({"SELECT ", " FROM ", " WHERE ", "INSERT INTO ", " VALUE ", "UPDATE ", " SET ", " REMOVE ",
      "DELETE FROM ", " RETURNING ALL OLD *", " AND ", " OR ", "NOT ", " IN [", " BETWEEN ", " IS MISSING",
      " IS NOT NULL", "begins_with(", "size(", "\"coll\".\"gix\"", "\"coll\".\"lix\"", "<<", ">>", "{'pk': ", " ORDER BY sk DESC",
      "EXISTS(", "?", "--", "/*"})
  void statements(byte[] input) {
    String statement = new String(input, StandardCharsets.UTF_8);
    Pq.Statement parsed;
    int used;
    try {
      used = countParsing(statement);
      parsed = Parser.parse(statement, PARAMETERS.subList(0, used));
    } catch (PartitaException e) {
      assertEquals(ErrorCode.ValidationException, e.code(), e.getMessage());
      return;
    }
    PqPrinter printer = new PqPrinter();
    String printed = printer.statement(parsed);
    assertEquals(parsed, Parser.parse(printed, printer.parameters), printed);
    try {
      partita.execute(ExecuteStatementRequest.builder().statement(statement).parameters(PARAMETERS.subList(0, used))
          .limit(3).build());
    } catch (PartitaException e) {
      if (!EXPECTED.contains(e.code())) {
        throw e;
      }
    }
  }

  /**
   * How many parameters the statement takes: the parser refuses any other count, so try each
   * (a statement's {@code ?} count is not visible before parsing: a {@code ?} in a string is text).
   */
  private static int countParsing(String statement) {
    PartitaException last = null;
    for (int n = 0; n <= PARAMETERS.size(); n++) {
      try {
        Parser.parse(statement, PARAMETERS.subList(0, n));
        return n;
      } catch (PartitaException e) {
        if (!e.getMessage().equals(Errors.PARAMETER_COUNT)) {
          throw e;
        }
        last = e;
      }
    }
    throw last;
  }
}
