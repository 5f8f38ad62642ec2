package io.partita.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * Transactions are atomic and durable across a crash: a child JVM ({@link TransactionCrashWriter})
 * transfers money between 100 accounts in TransactWriteItems (debit, credit, and a transfer record
 * in a global index) and is killed with SIGKILL after {@value #ACKS_BEFORE_KILL} acknowledged
 * transfers. After reopening: the money is all there; every acknowledged transfer is; every
 * transfer present is applied to both its accounts and no account holds a transfer that is not
 * present; the index holds exactly the transfer records; the item counts agree with the items.
 * Nothing depends on timing: the parent waits for the child's lines.
 */
class TransactionCrashTest {
  private static final int ACKS_BEFORE_KILL = 300;

  @Test
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  void transfersAreWholeOrAbsentAfterSigkill(@TempDir Path dir) throws Exception {
    Path data = dir.resolve("data");
    String java = ProcessHandle.current().info().command().orElse("java");
    Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
        TransactionCrashWriter.class.getName(), data.toString())
        .redirectError(ProcessBuilder.Redirect.INHERIT)
        .start();
    Set<String> acknowledged = new HashSet<>();
    int skipped = 0;
    try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while (acknowledged.size() < ACKS_BEFORE_KILL && (line = out.readLine()) != null) {
        if (line.startsWith("ACK ")) {
          acknowledged.add(TransactionCrashWriter.transfer(Long.parseLong(line.substring(4))));
        } else if (line.startsWith("SKIP ")) {
          skipped++;
        }
      }
      child.destroyForcibly(); // SIGKILL on Unix: no shutdown hooks, no clean close
      assertTrue(child.waitFor(60, TimeUnit.SECONDS));
    }
    assertEquals(ACKS_BEFORE_KILL, acknowledged.size(), "child stopped early");

    try (Partita db = Partita.open(data)) {
      Map<String, Map<String, AttributeValue>> accounts = new TreeMap<>();
      Map<String, Map<String, AttributeValue>> transfers = new TreeMap<>();
      for (Map<String, AttributeValue> item : scan(db, null)) {
        String pk = item.get("pk").s();
        (pk.startsWith("acct#") ? accounts : transfers).put(pk, item);
      }
      assertEquals(TransactionCrashWriter.ACCOUNTS, accounts.size(), "every account is there");

      long total = 0;
      for (Map<String, AttributeValue> a : accounts.values()) {
        total += Long.parseLong(a.get("balance").n());
      }
      assertEquals(TransactionCrashWriter.ACCOUNTS * TransactionCrashWriter.BALANCE, total, "no money made or lost");

      for (String id : acknowledged) {
        assertNotNull(transfers.get(id), "acknowledged transfer lost: " + id);
      }

      // each account: its balance, its count and its set of applied transfers are exactly those of
      // the transfer records naming it
      Map<String, Long> expectedBalance = new HashMap<>();
      Map<String, Set<String>> expectedApplied = new HashMap<>();
      for (String a : accounts.keySet()) {
        expectedBalance.put(a, TransactionCrashWriter.BALANCE);
        expectedApplied.put(a, new HashSet<>());
      }
      for (Map<String, AttributeValue> t : transfers.values()) {
        String seq = t.get("seq").n();
        assertEquals(TransactionCrashWriter.transfer(Long.parseLong(seq)), t.get("pk").s());
        long amount = Long.parseLong(t.get("amount").n());
        String from = t.get("from").s();
        String to = t.get("to").s();
        expectedBalance.merge(from, -amount, Long::sum);
        expectedBalance.merge(to, amount, Long::sum);
        expectedApplied.get(from).add(seq);
        expectedApplied.get(to).add(seq);
      }
      for (Map.Entry<String, Map<String, AttributeValue>> e : accounts.entrySet()) {
        Map<String, AttributeValue> a = e.getValue();
        Set<String> applied = a.containsKey("applied") ? new HashSet<>(a.get("applied").ss()) : Set.of();
        assertEquals(expectedApplied.get(e.getKey()), applied, "transfers applied to " + e.getKey());
        assertEquals(applied.size(), Long.parseLong(a.get("count").n()), "count of " + e.getKey());
        assertEquals(expectedBalance.get(e.getKey()), Long.parseLong(a.get("balance").n()), "balance of " + e.getKey());
      }

      // the index holds every transfer record, as it is (projection ALL), and nothing else
      Map<String, Map<String, AttributeValue>> indexed = new TreeMap<>();
      for (Map<String, AttributeValue> item : scan(db, TransactionCrashWriter.INDEX)) {
        assertEquals(null, indexed.put(item.get("pk").s(), item), "one index entry per item");
      }
      Set<String> missing = new java.util.TreeSet<>(transfers.keySet());
      missing.removeAll(indexed.keySet());
      Set<String> extra = new java.util.TreeSet<>(indexed.keySet());
      extra.removeAll(transfers.keySet());
      assertTrue(missing.isEmpty() && extra.isEmpty(),
          "the index holds exactly the transfer records; not in it: " + missing + ", not in the table: " + extra);
      for (Map.Entry<String, Map<String, AttributeValue>> e : transfers.entrySet()) {
        assertEquals(e.getValue(), indexed.get(e.getKey()), "index entry of " + e.getKey());
      }

      TableDescription d = db.<software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse>execute(
          DescribeTableRequest.builder().tableName(TransactionCrashWriter.TABLE).build()).table();
      assertEquals(accounts.size() + transfers.size(), d.itemCount(), "the table's item count agrees with its items");
      assertEquals(transfers.size(), d.globalSecondaryIndexes().get(0).itemCount(),
          "the index's item count agrees with its entries");
      System.out.println("TransactionCrashTest: " + acknowledged.size() + " acknowledged, " + skipped + " cancelled, "
          + transfers.size() + " transfers found after the crash");
      // the child may have gone on past the last line read before the kill landed
      assertTrue(transfers.size() >= ACKS_BEFORE_KILL, transfers.size() + " transfers (" + skipped + " skipped)");
    }
  }

  private static List<Map<String, AttributeValue>> scan(Partita db, String index) {
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    Map<String, AttributeValue> start = null;
    do {
      ScanResponse page = db.execute(ScanRequest.builder().tableName(TransactionCrashWriter.TABLE).indexName(index)
          .consistentRead(index == null).exclusiveStartKey(start).build());
      items.addAll(page.items());
      start = page.hasLastEvaluatedKey() ? page.lastEvaluatedKey() : null;
    } while (start != null);
    return items;
  }
}
