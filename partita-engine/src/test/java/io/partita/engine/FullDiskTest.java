package io.partita.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * Issue 13, finding 4 on a real full disk, run on demand: it needs a small file system of its own
 * (as root: {@code mount -t tmpfs -o size=16m tmpfs /mnt/small}) named by {@code
 * -Dpartita.fullDiskDir=/mnt/small}, and is skipped without it. The test fills the file system
 * with a file of its own until 4 MB are left, writes items until the disk is full, checks that
 * writes are refused retryably and reads served, frees the space, and checks that writes are taken
 * again by the same database (no restart), with every acknowledged item there and the refused one
 * not. {@link StorageFaultsTest} covers the same in CI with injected faults and a RocksDB quota.
 */
class FullDiskTest {
  @Test
  void aFullDiskRefusesWritesUntilSpaceIsFreed_thenTheSameDatabaseTakesThemAgain() throws Exception {
    String where = System.getProperty("partita.fullDiskDir");
    assumeTrue(where != null, "set -Dpartita.fullDiskDir to a small file system of its own");
    Path root = Path.of(where);
    Path data = Files.createTempDirectory(root, "partita-");
    Path filler = root.resolve("partita-filler-" + System.nanoTime());
    Random random = new Random(7);
    try {
      try (OutputStream out = Files.newOutputStream(filler)) {
        byte[] mb = new byte[1 << 20];
        while (Files.getFileStore(root).getUsableSpace() > (5L << 20)) {
          out.write(mb);
        }
      }
      MovableClock clock = new MovableClock();
      int acknowledged = 0;
      try (Partita p = Partita.with().memory(16L << 20).clock(clock).open(data)) {
        p.execute(CreateTableRequest.builder().tableName("full").billingMode("PAY_PER_REQUEST")
            .attributeDefinitions(AttributeDefinition.builder().attributeName("pk").attributeType("S").build())
            .keySchema(KeySchemaElement.builder().attributeName("pk").keyType("HASH").build()).build());
        PartitaException refused = null;
        while (refused == null) {
          try {
            p.execute(put("k" + acknowledged, random, 3000));
            acknowledged++;
          } catch (PartitaException e) {
            refused = e;
          }
        }
        assertEquals(ErrorCode.ServiceUnavailable, refused.code(), refused.getMessage());
        assertFalse(refused.getMessage().contains(root.toString()), refused.getMessage());
        assertFalse(p.storageStatus().writable());
        assertTrue(get(p, "k0") && get(p, "k" + (acknowledged - 1)), "reads are served while the disk is full");

        Files.delete(filler);
        clock.advanceMillis(io.partita.engine.internal.storage.Store.RETRY_MILLIS);
        p.execute(put("after", random, 3000));
        assertTrue(p.storageStatus().writable());
        for (int i = 0; i < acknowledged; i++) {
          assertTrue(get(p, "k" + i), "acknowledged item k" + i + " is missing");
        }
        assertFalse(get(p, "k" + acknowledged), "the refused write is there");
        DescribeTableResponse d = p.execute(DescribeTableRequest.builder().tableName("full").build());
        assertEquals(acknowledged + 1, d.table().itemCount());
      }
    } finally {
      Files.deleteIfExists(filler);
    }
  }

  private static PutItemRequest put(String key, Random random, int bytes) {
    byte[] pad = new byte[bytes];
    random.nextBytes(pad); // incompressible, so the disk really fills
    return PutItemRequest.builder().tableName("full").item(Map.of("pk", AttributeValue.fromS(key),
        "pad", AttributeValue.fromS(Base64.getEncoder().encodeToString(pad)))).build();
  }

  private static boolean get(Partita p, String key) {
    GetItemResponse r = p.execute(GetItemRequest.builder().tableName("full").key(Map.of("pk", AttributeValue.fromS(key)))
        .build());
    return r.hasItem();
  }

  private static final class MovableClock extends java.time.Clock {
    private java.time.Instant now = java.time.Instant.parse("2026-01-01T00:00:00Z");

    void advanceMillis(long millis) {
      now = now.plusMillis(millis);
    }

    @Override
    public java.time.ZoneId getZone() {
      return java.time.ZoneOffset.UTC;
    }

    @Override
    public java.time.Clock withZone(java.time.ZoneId zone) {
      return this;
    }

    @Override
    public java.time.Instant instant() {
      return now;
    }
  }
}
