package io.partita.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * An in-memory database needs no native library: the embedded client works in a JVM whose class path has no RocksDB
 * at all (issue 37). The child proves RocksDB is absent, then creates a table with an index, writes, reads, queries
 * and runs a transaction; a data folder is then refused in one line naming the dependency to add.
 */
class WithoutRocksDbTest {
  @Test
  void theEmbeddedClientWorksWithRocksDbAbsentFromTheClassPath() throws Exception {
    String classPath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(entry -> !Path.of(entry).getFileName().toString().startsWith("rocksdbjni"))
        .collect(Collectors.joining(File.pathSeparator));
    assertTrue(classPath.length() < System.getProperty("java.class.path").length(), "RocksDB was on the class path");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process child = new ProcessBuilder(java, "-cp", classPath, Child.class.getName())
        .redirectErrorStream(true).start();
    String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(child.waitFor(120, TimeUnit.SECONDS), "the child did not finish");
    assertEquals(0, child.exitValue(), output);
    assertTrue(output.contains("no RocksDB; items: 3, queried: 2"), output);
    assertTrue(output.contains("refused: a data folder (") && output.contains(") needs RocksDB, which is not on the"
        + " class path: add org.rocksdb:rocksdbjni:9.8.4 (a database in memory needs none)"), output);
  }

  /** The child JVM's program. */
  public static final class Child {
    public static void main(String[] args) {
      try {
        Class.forName("org.rocksdb.RocksDB");
        System.out.println("RocksDB is on the class path");
        System.exit(2);
      } catch (ClassNotFoundException expected) {
        // the point
      }
      try (DynamoDbClient dynamo = PartitaDynamoDb.inMemory()) {
        dynamo.createTable(c -> c.tableName("tbl").billingMode("PAY_PER_REQUEST")
            .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                a -> a.attributeName("sk").attributeType(ScalarAttributeType.S),
                a -> a.attributeName("g").attributeType(ScalarAttributeType.S))
            .keySchema(k -> k.attributeName("pk").keyType("HASH"), k -> k.attributeName("sk").keyType("RANGE"))
            .globalSecondaryIndexes(g -> g.indexName("byG").keySchema(k -> k.attributeName("g").keyType("HASH"))
                .projection(p -> p.projectionType("ALL"))));
        for (int i = 0; i < 3; i++) {
          Map<String, AttributeValue> item = Map.of("pk", s("a"), "sk", s("" + i), "g", s(i < 2 ? "x" : "y"));
          dynamo.putItem(p -> p.tableName("tbl").item(item));
        }
        dynamo.transactWriteItems(t -> t.transactItems(w -> w.update(u -> u.tableName("tbl")
            .key(Map.of("pk", s("a"), "sk", s("0"))).updateExpression("SET n = :n")
            .expressionAttributeValues(Map.of(":n", AttributeValue.fromN("1"))))));
        int items = dynamo.scan(s -> s.tableName("tbl")).count();
        int queried = dynamo.query(q -> q.tableName("tbl").indexName("byG").keyConditionExpression("g = :g")
            .expressionAttributeValues(Map.of(":g", s("x")))).count();
        System.out.println("no RocksDB; items: " + items + ", queried: " + queried);
      }
      // a data folder needs RocksDB: one line saying what to add, not a NoClassDefFoundError
      try {
        PartitaDynamoDb.open(java.nio.file.Files.createTempDirectory("no-rocksdb"));
        System.out.println("a data folder opened without RocksDB");
      } catch (IllegalStateException e) {
        System.out.println("refused: " + e.getMessage());
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }

    private static AttributeValue s(String v) {
      return AttributeValue.fromS(v);
    }
  }
}
