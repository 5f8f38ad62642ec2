package io.partita.server.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.partita.engine.Partita;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

/** However many table names requests bring, the request meters take a bounded number of them. */
class ServerMetricsLabelsTest {
  @Test
  void tableNamesBeyondTheBoundAreCountedTogether() {
    try (Partita partita = Partita.inMemory(); ServerMetrics metrics = new ServerMetrics(partita, 10)) {
      int beyond = 7;
      for (int i = 0; i < ServerMetrics.MAX_TABLE_LABELS + beyond; i++) {
        Observation o = new Observation(0, "GetItem");
        o.request(GetItemRequest.builder().tableName("no-such-table-" + i).build());
        o.error("ResourceNotFoundException");
        o.finish(400, "id", 1_000);
        metrics.record(o);
      }
      // one more of a name already taken is counted under that name, not as another
      Observation again = new Observation(0, "GetItem");
      again.request(GetItemRequest.builder().tableName("no-such-table-0").build());
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
}
