package io.partita.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DescribeImportRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeImportResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.ImportStatus;
import software.amazon.awssdk.services.dynamodb.model.ImportSummary;
import software.amazon.awssdk.services.dynamodb.model.ImportTableDescription;
import software.amazon.awssdk.services.dynamodb.model.ListImportsRequest;
import software.amazon.awssdk.services.dynamodb.model.ListImportsResponse;
import software.amazon.awssdk.services.dynamodb.model.ListTablesRequest;
import software.amazon.awssdk.services.dynamodb.model.ListTablesResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * An ImportTable is all or nothing across SIGKILL: a child JVM ({@link ImportKillChild}) imports
 * 5,000 items (200 batches of 25, four objects) and is killed at several points; reopened, the
 * database holds either no table and the import FAILED with its reason, or the whole table and the
 * import COMPLETED, never part of it. The points do not depend on timing: the child says after which
 * batch it is and, at its stop point, waits there to be killed; one run is killed while it writes on
 * (after it has said batch 50), where either outcome is right.
 */
class ImportKillTest {
  private static final int ITEMS = 5000;
  private static final int BATCHES = ITEMS / 25;

  @TempDir Path dir;

  @BeforeEach
  void source() throws IOException {
    Path bucket = dir.resolve("s3/in");
    Files.createDirectories(bucket);
    for (int f = 0; f < 4; f++) {
      StringBuilder lines = new StringBuilder();
      for (int i = f * ITEMS / 4; i < (f + 1) * ITEMS / 4; i++) {
        lines.append("{\"Item\":{\"pk\":{\"S\":\"p").append(i).append("\"},\"g\":{\"S\":\"g").append(i % 10)
            .append("\"},\"pad\":{\"S\":\"").append("x".repeat(100)).append("\"}}}\n");
      }
      Files.writeString(bucket.resolve("part-" + f + ".json"), lines);
    }
  }

  /** Killed after the first batch, halfway, and after the last batch (every item written, the mark not yet cleared). */
  @Test
  void killedInTheMiddleLeavesNoTableAndAFailedImport() throws Exception {
    for (int stopAt : List.of(1, BATCHES / 2, BATCHES)) {
      Path data = dir.resolve("data-" + stopAt);
      runAndKill(data, stopAt, "STOPPED " + stopAt);
      assertFalse(check(data), "stopped at batch " + stopAt + " of " + BATCHES + ": the table must be gone");
    }
  }

  @Test
  void killedAfterTheImportReturnedLeavesTheWholeTable() throws Exception {
    Path data = dir.resolve("data");
    runAndKill(data, 0, "DONE");
    assertTrue(check(data), "the import had returned: its table is whole");
  }

  /** Killed while it writes on: the table is whole or absent, whichever the kill met. */
  @Test
  void killedWhileWritingLeavesNoTableOrTheWholeTable() throws Exception {
    Path data = dir.resolve("data");
    runAndKill(data, -1, "BATCH 50");
    check(data);
  }

  /** Runs the child until it prints {@code until}, then kills it with SIGKILL. */
  private void runAndKill(Path data, int stopAt, String until) throws Exception {
    String java = ProcessHandle.current().info().command().orElse("java");
    Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
        ImportKillChild.class.getName(), data.toString(), dir.resolve("s3").toString(), Integer.toString(stopAt))
        .redirectError(ProcessBuilder.Redirect.INHERIT)
        .start();
    boolean seen = false;
    try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while (!seen && (line = out.readLine()) != null) {
        seen = line.equals(until);
      }
    } finally {
      child.destroyForcibly(); // SIGKILL on Unix: no shutdown hooks, no clean close
      assertTrue(child.waitFor(60, TimeUnit.SECONDS));
    }
    assertTrue(seen, "the child ended before it said " + until);
  }

  /**
   * Reopens {@code data}: the import is listed once, and either its table is whole (ACTIVE, every
   * item, its index and counts) and it COMPLETED, or there is no table and it FAILED saying the
   * database stopped. Answers whether the table is there.
   */
  private boolean check(Path data) {
    try (Partita db = Partita.with().s3Root(dir.resolve("s3")).open(data)) {
      ListImportsResponse list = db.execute(ListImportsRequest.builder().build());
      assertEquals(1, list.importSummaryList().size(), "the import's record outlives the kill");
      ImportSummary summary = list.importSummaryList().get(0);
      ImportTableDescription d = db.<DescribeImportResponse>execute(DescribeImportRequest.builder()
          .importArn(summary.importArn()).build()).importTableDescription();
      List<String> tables = db.<ListTablesResponse>execute(ListTablesRequest.builder().build()).tableNames();
      if (tables.isEmpty()) {
        assertEquals(ImportStatus.FAILED, d.importStatus());
        assertEquals("ServerStopped", d.failureCode()); // Partita's code (docs/export-import.md)
        assertTrue(d.failureMessage().contains("stopped during the import"), d.failureMessage());
        return false;
      }
      assertEquals(List.of("Imported"), tables);
      assertEquals(ImportStatus.COMPLETED, d.importStatus(), d.failureMessage());
      assertEquals((long) ITEMS, d.importedItemCount());
      DescribeTableResponse t = db.execute(DescribeTableRequest.builder().tableName("Imported").build());
      assertEquals(TableStatus.ACTIVE, t.table().tableStatus());
      assertEquals((long) ITEMS, t.table().itemCount());
      int scanned = 0;
      Map<String, AttributeValue> start = null;
      do {
        ScanResponse page = db.execute(ScanRequest.builder().tableName("Imported").exclusiveStartKey(start).build());
        scanned += page.count();
        start = page.hasLastEvaluatedKey() ? page.lastEvaluatedKey() : null;
      } while (start != null);
      assertEquals(ITEMS, scanned);
      QueryResponse g3 = db.execute(QueryRequest.builder().tableName("Imported").indexName("byG")
          .keyConditionExpression("g = :g").expressionAttributeValues(Map.of(":g", AttributeValue.fromS("g3")))
          .select("COUNT").build());
      assertEquals(ITEMS / 10, g3.count());
      return true;
    }
  }
}
