package io.partita.server.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.partita.engine.Partita;
import io.partita.engine.PartitaException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

/** However many table names requests bring, the request meters take a bounded number of them. */
class ServerMetricsLabelsTest {
  @Test
  void tableNamesBeyondTheBoundAreCountedTogether() {
    try (Partita partita = Partita.inMemory(); ServerMetrics metrics = new ServerMetrics(partita, 10)) {
      int beyond = 7;
      for (int i = 0; i < ServerMetrics.MAX_TABLE_LABELS + beyond; i++) {
        Observation o = get(partita, "no-such-table-" + i);
        o.finish(400, "id", 1_000);
        metrics.record(o);
      }
      // one more of a name already taken is counted under that name, not as another
      Observation again = get(partita, "no-such-table-0");
      again.finish(400, "id", 1_000);
      metrics.record(again);

      Set<String> tables = new TreeSet<>();
      double other = 0;
      double first = 0;
      for (PrometheusText.Sample s : PrometheusText.parse(metrics.scrape()).samples) {
        if (s.name().equals("partita_requests_total")) {
          tables.add(s.labels().get("table"));
          other += s.labels().get("table").equals(ServerMetrics.OTHER_TABLES) ? s.value() : 0;
          first += s.labels().get("table").equals("no-such-table-0") ? s.value() : 0;
        }
      }
      assertEquals(ServerMetrics.MAX_TABLE_LABELS + 1, tables.size());
      assertEquals(beyond, other);
      assertEquals(2, first);
    }
  }

  /** A GetItem of a table that does not exist, observed as the server observes it: its table named by the engine. */
  private static Observation get(Partita partita, String table) {
    Observation o = new Observation(0, "GetItem");
    PartitaException e = assertThrows(PartitaException.class, () -> partita.answer(GetItemRequest.builder()
        .tableName(table).key(Map.of("pk", AttributeValue.fromS("a"))).build(), o::served));
    o.error(e.code().name());
    assertEquals(List.of(table), o.tables());
    return o;
  }
}
