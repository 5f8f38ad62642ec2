package io.partita.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Added latency (issue 17, opt-in): an answer waits at least as long as asked before it is sent.
 * Only lower bounds are asserted (an answer cannot come sooner than its wait, however loaded the
 * machine), never upper ones.
 */
class LatencyTest {
  @Test
  void anOperationsAnswerWaitsAtLeastItsLatency() throws Exception {
    try (Partita partita = Partita.inMemory();
        PartitaServer server = PartitaServer.start(partita,
            ServerConfig.defaults().withPort(0).withLatency(Latency.parse("ListTables=300ms,0ms", 0)));
        DynamoDbClient dynamo = SdkOverHttp.client(server.endpoint())) {
      dynamo.describeLimits(); // a first request: connection and SDK warm-up are not measured below
      for (int i = 0; i < 3; i++) {
        long start = System.nanoTime();
        assertEquals(List.of(), dynamo.listTables().tableNames());
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis >= 300, "ListTables answered after " + millis + " ms");
      }
    }
  }

  @Test
  void specsAreReadOrRefusedWithTheReason() {
    Latency fixed = Latency.parse("20ms", 1);
    assertEquals(20, fixed.delayMillis("PutItem"));
    assertEquals(20, fixed.delayMillis(null));
    Latency perOp = Latency.parse("PutItem=1s,5ms..6ms", 1);
    assertEquals(1000, perOp.delayMillis("PutItem"));
    for (int i = 0; i < 50; i++) {
      long d = perOp.delayMillis("GetItem");
      assertTrue(d == 5 || d == 6, Long.toString(d));
    }
    assertEquals(0, Latency.parse("PutItem=10ms", 1).delayMillis("GetItem"));
    assertTrue(!Latency.NONE.isOn() && fixed.isOn());
    for (String bad : List.of("fast", "20", "50ms..10ms", "-5ms", "2m")) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Latency.parse(bad, 0), bad);
      assertTrue(e.getMessage().contains("latency"), e.getMessage());
    }
  }
}
