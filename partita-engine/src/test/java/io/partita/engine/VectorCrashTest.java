package io.partita.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.SearchVectorsRequest;
import software.amazon.awssdk.services.dynamodb.model.SearchVectorsResponse;

/**
 * Issue 38: a vector index survives a crash. A child JVM writes vectors under load (puts, updates
 * that move or remove the vector, deletes) and is killed with SIGKILL; reopened, the index answers
 * exactly what the table's items say: every item with a vector, and only those, scored from its
 * current vector. (The index is derived from the items, so this is the build at open meeting what the
 * crash left.)
 */
class VectorCrashTest {
  private static final int ACKS_BEFORE_KILL = 1200;

  @Test
  void theIndexAfterSigkillIsTheTablesVectors(@TempDir Path dir) throws Exception {
    Path data = dir.resolve("data");
    String java = ProcessHandle.current().info().command().orElse("java");
    Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
        VectorCrashWriter.class.getName(), data.toString())
        .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    long lastAck = -1;
    try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = out.readLine()) != null) {
        if (line.startsWith("ACK ") && (lastAck = Long.parseLong(line.substring(4))) + 1 >= ACKS_BEFORE_KILL) {
          break;
        }
      }
      child.destroyForcibly();
      assertTrue(child.waitFor(60, TimeUnit.SECONDS));
    }
    assertEquals(ACKS_BEFORE_KILL - 1, lastAck, "child stopped early");

    try (Partita db = Partita.open(data)) {
      ScanResponse scan = db.execute(ScanRequest.builder().tableName("vectors").build());
      List<Map<String, AttributeValue>> items = scan.items();
      List<String> expected = new ArrayList<>();
      items.stream().filter(i -> i.containsKey("emb"))
          .sorted(Comparator.comparingDouble((Map<String, AttributeValue> i) -> dot(i.get("emb")))
              .reversed().thenComparing(i -> i.get("pk").s()))
          .forEach(i -> expected.add(i.get("pk").s()));
      assertTrue(expected.size() > 10, "the crash left items with vectors: " + expected.size());
      SearchVectorsResponse r = db.execute(SearchVectorsRequest.builder().tableName("vectors").indexName("byDot")
          .searchVector(VectorCrashWriter.QUERY).topK(100).build());
      assertEquals(expected.subList(0, Math.min(100, expected.size())),
          r.searchResults().stream().map(i -> i.item().get("pk").s()).toList());
    }
  }

  private static double dot(AttributeValue emb) {
    double sum = 0;
    for (int i = 0; i < emb.l().size(); i++) {
      sum += Double.parseDouble(emb.l().get(i).n()) * Double.parseDouble(VectorCrashWriter.QUERY.get(i).n());
    }
    return (float) sum;
  }
}
