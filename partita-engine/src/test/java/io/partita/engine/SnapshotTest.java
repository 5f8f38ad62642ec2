package io.partita.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.ListTablesRequest;
import software.amazon.awssdk.services.dynamodb.model.ListTablesResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Snapshots (issue 39): the whole database saved and restored by name, and reset to empty, in
 * memory and on a data folder; a restore is one atomic write that writers running meanwhile see
 * whole, and the tables' counters still agree with their items after it.
 */
class SnapshotTest {
  private static void createShop(Partita p, String name) {
    p.execute(CreateTableRequest.builder().tableName(name).billingMode("PAY_PER_REQUEST")
        .attributeDefinitions(a -> a.attributeName("pk").attributeType("S"), a -> a.attributeName("g").attributeType("S"))
        .keySchema(k -> k.attributeName("pk").keyType("HASH"))
        .globalSecondaryIndexes(i -> i.indexName("byG").keySchema(k -> k.attributeName("g").keyType("HASH"))
            .projection(x -> x.projectionType("ALL")))
        .build());
  }

  private static void put(Partita p, String table, String pk, String g) {
    p.execute(PutItemRequest.builder().tableName(table)
        .item(Map.of("pk", AttributeValue.fromS(pk), "g", AttributeValue.fromS(g))).build());
  }

  private static List<String> tables(Partita p) {
    return p.<ListTablesResponse>execute(ListTablesRequest.builder().build()).tableNames();
  }

  private static List<String> keys(Partita p, String table) {
    return p.<ScanResponse>execute(ScanRequest.builder().tableName(table).build()).items().stream()
        .map(i -> i.get("pk").s()).sorted().toList();
  }

  private static int byG(Partita p, String table, String g) {
    return p.<QueryResponse>execute(QueryRequest.builder().tableName(table).indexName("byG")
        .keyConditionExpression("g = :g").expressionAttributeValues(Map.of(":g", AttributeValue.fromS(g))).build()).count();
  }

  /** Seeds, snapshots, changes everything, restores: the seeded state, indexes and counters included. */
  private static void roundTrip(Partita p) {
    createShop(p, "Shop");
    put(p, "Shop", "a", "x");
    put(p, "Shop", "b", "x");
    p.snapshot("seeded");

    put(p, "Shop", "c", "y");
    p.execute(DeleteItemRequest.builder().tableName("Shop").key(Map.of("pk", AttributeValue.fromS("a"))).build());
    createShop(p, "Other");
    put(p, "Other", "z", "x");
    assertEquals(List.of("b", "c"), keys(p, "Shop"));

    p.restore("seeded");
    assertEquals(List.of("Shop"), tables(p));
    assertEquals(List.of("a", "b"), keys(p, "Shop"));
    assertEquals(2, byG(p, "Shop", "x"), "the index is restored with its table");
    assertEquals(0, byG(p, "Shop", "y"));
    assertEquals(2, p.tableStatistics().stream().filter(s -> s.index() == null).findFirst().orElseThrow().itemCount());

    // the restored database works on: a table made after the snapshot can be made again
    createShop(p, "Other");
    put(p, "Other", "z", "x");
    assertEquals(List.of("z"), keys(p, "Other"));

    p.reset();
    assertEquals(List.of(), tables(p));
    assertEquals(List.of("seeded"), p.snapshots(), "a reset keeps the snapshots");
    p.restore("seeded");
    assertEquals(List.of("a", "b"), keys(p, "Shop"));
  }

  @Test
  void inMemory() {
    try (Partita p = Partita.inMemory()) {
      roundTrip(p);
    }
  }

  @Test
  void onADataFolderARestoreIsWhatReopensAndTheSnapshotsOutliveTheProcess(@TempDir Path dir) {
    try (Partita p = Partita.open(dir)) {
      roundTrip(p);
      p.execute(DeleteTableRequest.builder().tableName("Shop").build());
      p.restore("seeded");
    }
    try (Partita p = Partita.open(dir)) {
      assertEquals(List.of("Shop"), tables(p));
      assertEquals(List.of("a", "b"), keys(p, "Shop"));
      assertEquals(List.of("seeded"), p.snapshots(), "a data folder keeps its snapshots");
      p.reset();
      p.restore("seeded");
      assertEquals(List.of("a", "b"), keys(p, "Shop"));
      assertEquals(2, byG(p, "Shop", "x"));
      assertTrue(p.deleteSnapshot("seeded"));
    }
    try (Partita p = Partita.open(dir)) {
      assertEquals(List.of(), p.snapshots(), "a deleted snapshot stays deleted");
    }
  }

  /**
   * A damaged snapshot file (a torn write the atomic move should make impossible, or a disk's bit
   * flip) is refused whole before anything changes; a half-written one a killed process left is
   * deleted when the folder opens, and the previous snapshot of that name is what remains.
   */
  @Test
  void aDamagedSnapshotIsRefusedWholeAndAHalfWrittenOneIsForgotten(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("snapshots").resolve("seeded.snapshot");
    try (Partita p = Partita.open(dir)) {
      createShop(p, "Shop");
      put(p, "Shop", "a", "x");
      p.snapshot("seeded");
      put(p, "Shop", "b", "x");
    }
    byte[] good = java.nio.file.Files.readAllBytes(file);
    java.nio.file.Files.write(dir.resolve("snapshots").resolve("seeded.snapshot.partial"), new byte[] {1, 2, 3});
    byte[] flipped = good.clone();
    flipped[good.length / 2] ^= 0x10;
    java.nio.file.Files.write(file, flipped);
    try (Partita p = Partita.open(dir)) {
      assertFalse(java.nio.file.Files.exists(dir.resolve("snapshots").resolve("seeded.snapshot.partial")),
          "what a killed save left is deleted at open");
      assertEquals(List.of("seeded"), p.snapshots());
      IllegalStateException e = assertThrows(IllegalStateException.class, () -> p.restore("seeded"));
      assertTrue(e.getMessage().contains("is damaged") && e.getMessage().contains("nothing was restored"),
          e.getMessage());
      assertEquals(List.of("a", "b"), keys(p, "Shop"), "a refused restore changes nothing");

      java.nio.file.Files.write(file, java.util.Arrays.copyOf(good, good.length - 7));
      assertThrows(IllegalStateException.class, () -> p.restore("seeded"), "a file cut short is refused");
      java.nio.file.Files.write(file, good);
      p.restore("seeded");
      assertEquals(List.of("a"), keys(p, "Shop"));
    }
  }

  /** Two saves of one name at once each write a file of their own: the snapshot left is whole, and no file is left over. */
  @Test
  void savesOfOneNameAtOnceLeaveOneWholeSnapshot(@TempDir Path dir) throws Exception {
    try (Partita p = Partita.open(dir)) {
      createShop(p, "Shop");
      put(p, "Shop", "a", "x");
      AtomicReference<Throwable> failure = new AtomicReference<>();
      List<Thread> savers = new ArrayList<>();
      for (int t = 0; t < 2; t++) {
        Thread saver = new Thread(() -> {
          try {
            for (int i = 0; i < 20; i++) {
              p.snapshot("same");
            }
          } catch (Throwable e) {
            failure.compareAndSet(null, e);
          }
        });
        saver.start();
        savers.add(saver);
      }
      for (Thread t : savers) {
        t.join();
      }
      assertEquals(null, failure.get(), "a save failed");
      try (java.util.stream.Stream<Path> files = java.nio.file.Files.list(dir.resolve("snapshots"))) {
        assertEquals(List.of("same.snapshot"), files.map(f -> f.getFileName().toString()).toList());
      }
      put(p, "Shop", "b", "x");
      p.restore("same");
      assertEquals(List.of("a"), keys(p, "Shop"));
    }
  }

  @Test
  void namesAreCheckedAndAnUnknownOneIsRefusedByName() {
    try (Partita p = Partita.inMemory()) {
      p.snapshot("one");
      NoSuchSnapshotException e = assertThrows(NoSuchSnapshotException.class, () -> p.restore("two"));
      assertEquals("no snapshot named 'two'; there are 1: one", e.getMessage());
      assertThrows(IllegalArgumentException.class, () -> p.snapshot("../etc"));
      assertThrows(IllegalArgumentException.class, () -> p.snapshot(".hidden"));
      assertThrows(IllegalArgumentException.class, () -> p.restore("a/b"));
      assertTrue(p.deleteSnapshot("one"));
      assertFalse(p.deleteSnapshot("one"));
    }
  }

  @Test
  void writersRunningThroughRestoresLeaveCountersThatAgreeWithTheItems() throws Exception {
    try (Partita p = Partita.inMemory()) {
      createShop(p, "Shop");
      for (int i = 0; i < 50; i++) {
        put(p, "Shop", "seed" + i, "x");
      }
      p.snapshot("seeded");
      AtomicBoolean stop = new AtomicBoolean();
      AtomicInteger written = new AtomicInteger();
      AtomicReference<Throwable> failure = new AtomicReference<>();
      List<Thread> writers = new ArrayList<>();
      for (int w = 0; w < 2; w++) {
        int id = w;
        Thread t = new Thread(() -> {
          for (int i = 0; !stop.get(); i++) {
            try {
              put(p, "Shop", "w" + id + "-" + i, "y");
              written.incrementAndGet();
            } catch (Throwable e) {
              failure.compareAndSet(null, e);
              return;
            }
          }
        });
        t.start();
        writers.add(t);
      }
      for (int r = 0; r < 20; r++) {
        p.restore("seeded");
      }
      stop.set(true);
      for (Thread t : writers) {
        t.join();
      }
      assertEquals(null, failure.get(), "a write during restores failed");
      assertTrue(written.get() > 0);
      List<String> items = keys(p, "Shop");
      long counted = p.tableStatistics().stream().filter(s -> s.index() == null).findFirst().orElseThrow().itemCount();
      assertEquals(items.size(), counted, "the table's item counter agrees with its items");
      assertEquals(items.size() - 50, byG(p, "Shop", "y"), "the index holds exactly the items written since");
    }
  }
}
