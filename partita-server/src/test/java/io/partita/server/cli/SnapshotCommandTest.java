package io.partita.server.cli;

import static io.partita.server.cli.CommandRun.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import io.partita.server.PartitaServer;
import io.partita.server.ServerConfig;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.ListTablesRequest;
import software.amazon.awssdk.services.dynamodb.model.ListTablesResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/** {@code partita snapshot} against a running server (issue 39), and its one-line refusals. */
class SnapshotCommandTest {
  private static List<String> tables(Partita p) {
    return p.<ListTablesResponse>execute(ListTablesRequest.builder().build()).tableNames();
  }

  @Test
  void savesListsRestoresAndResetsARunningServer() throws Exception {
    try (Partita partita = Partita.inMemory();
        PartitaServer server = PartitaServer.start(partita, ServerConfig.defaults().withPort(0))) {
      String endpoint = server.endpoint().toString();
      partita.execute(CreateTableRequest.builder().tableName("users").billingMode("PAY_PER_REQUEST")
          .keySchema(k -> k.attributeName("pk").keyType("HASH"))
          .attributeDefinitions(d -> d.attributeName("pk").attributeType("S")).build());
      partita.execute(PutItemRequest.builder().tableName("users").item(Map.of("pk", AttributeValue.fromS("a"))).build());

      CommandRun saved = run("snapshot", "save", "seeded", "--endpoint", endpoint);
      assertEquals(0, saved.code(), saved.err());
      assertTrue(saved.out().startsWith("saved snapshot seeded in "), saved.out());
      assertEquals("{\"Snapshots\":[\"seeded\"]}", run("snapshot", "list", "--endpoint", endpoint).out().strip());

      CommandRun reset = run("snapshot", "reset", "--endpoint", endpoint);
      assertEquals(0, reset.code(), reset.err());
      assertEquals(List.of(), tables(partita));
      assertEquals(0, run("snapshot", "restore", "seeded", "--endpoint", endpoint).code());
      assertEquals(List.of("users"), tables(partita));

      CommandRun unknown = run("snapshot", "restore", "nope", "--endpoint", endpoint);
      assertEquals(1, unknown.code());
      assertEquals("partita snapshot: " + endpoint + " answered 404: no snapshot named 'nope'; there are 1: seeded",
          unknown.err().strip());
      assertEquals("partita snapshot: partita snapshot save takes the snapshot's NAME",
          run("snapshot", "save", "--endpoint", endpoint).err().strip());
      assertEquals("partita snapshot: the action is save, restore, delete, list or reset, not 'keep'",
          run("snapshot", "keep", "x", "--endpoint", endpoint).err().strip());
    }
  }

  /** On a server isolating by key, {@code --key} names the namespace a snapshot is of; none is refused saying why. */
  @Test
  void onAnIsolatingServerKeyNamesTheNamespace() throws Exception {
    try (io.partita.server.isolation.Namespaces namespaces = io.partita.server.isolation.Namespaces.inMemory(
            io.partita.server.isolation.Isolation.parse("keys"), "us-east-1", Partita::with, null);
        PartitaServer server = PartitaServer.start(namespaces, ServerConfig.defaults().withPort(0), p -> { }, false)) {
      String endpoint = server.endpoint().toString();
      CommandRun saved = run("snapshot", "save", "seeded", "--endpoint", endpoint, "--key", "ci-job-7");
      assertEquals(0, saved.code(), saved.err());
      assertEquals("{\"Snapshots\":[\"seeded\"]}",
          run("snapshot", "list", "--endpoint", endpoint, "--key", "ci-job-7").out().strip());
      assertEquals("{\"Snapshots\":[]}", run("snapshot", "list", "--endpoint", endpoint, "--key", "ci-job-8").out().strip(),
          "another key's namespace has snapshots of its own");
      CommandRun nameless = run("snapshot", "list", "--endpoint", endpoint);
      assertEquals(1, nameless.code());
      assertTrue(nameless.err().contains("answered 400") && nameless.err().contains("?key=ACCESS_KEY_ID"),
          nameless.err());
    }
  }

  @Test
  void withNoServerItSaysSoInOneLine() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort(); // free now, closed before the call: nothing listens there
    }
    CommandRun none = run("snapshot", "list", "--endpoint", "http://127.0.0.1:" + port);
    assertEquals(1, none.code());
    assertEquals("partita snapshot: no Partita server answers at http://127.0.0.1:" + port
        + ": start one with `partita serve`", none.err().strip());
  }
}
