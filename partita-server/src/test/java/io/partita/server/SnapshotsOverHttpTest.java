package io.partita.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Snapshots and reset over the admin API (issue 39): saved, listed, restored, deleted and reset by
 * a test between its cases; a reset loads the server's seed again; a page of another origin can do
 * none of it.
 */
class SnapshotsOverHttpTest {
  private static HttpResponse<String> send(PartitaServer server, String method, String path, String origin)
      throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(server.endpoint().resolve(path))
        .method(method, HttpRequest.BodyPublishers.noBody());
    if (origin != null) {
      b.header("Origin", origin);
    }
    return HttpClient.newHttpClient().send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static List<String> keys(DynamoDbClient dynamo) {
    return dynamo.scan(s -> s.tableName("users")).items().stream().map(i -> i.get("pk").s()).sorted().toList();
  }

  @Test
  void aTestSavesRestoresAndResetsTheServersDatabase() throws Exception {
    AtomicInteger reseeded = new AtomicInteger();
    try (Partita partita = Partita.inMemory();
        PartitaServer server = PartitaServer.start(partita, ServerConfig.defaults().withPort(0),
            reseeded::incrementAndGet);
        DynamoDbClient dynamo = SdkOverHttp.client(server.endpoint())) {
      dynamo.createTable(b -> b.tableName("users").billingMode("PAY_PER_REQUEST")
          .keySchema(k -> k.attributeName("pk").keyType("HASH"))
          .attributeDefinitions(d -> d.attributeName("pk").attributeType("S")));
      dynamo.putItem(b -> b.tableName("users").item(Map.of("pk", AttributeValue.fromS("alice"))));

      HttpResponse<String> saved = send(server, "POST", "/partita/snapshots/seeded", null);
      assertEquals(200, saved.statusCode(), saved.body());
      assertTrue(saved.body().startsWith("saved snapshot seeded in "), saved.body());
      dynamo.putItem(b -> b.tableName("users").item(Map.of("pk", AttributeValue.fromS("bob"))));
      assertEquals(List.of("alice", "bob"), keys(dynamo));

      assertEquals(200, send(server, "POST", "/partita/snapshots/seeded/restore", null).statusCode());
      assertEquals(List.of("alice"), keys(dynamo));
      assertEquals("{\"Snapshots\":[\"seeded\"]}", send(server, "GET", "/partita/snapshots", null).body().strip());

      assertEquals(200, send(server, "POST", "/partita/reset", null).statusCode());
      assertEquals(List.of(), dynamo.listTables().tableNames());
      assertEquals(1, reseeded.get(), "a reset loads the seed again");

      HttpResponse<String> unknown = send(server, "POST", "/partita/snapshots/nope/restore", null);
      assertEquals(404, unknown.statusCode());
      assertEquals("no snapshot named 'nope'; there are 1: seeded", unknown.body().strip());
      assertEquals(400, send(server, "POST", "/partita/snapshots/a%2Fb", null).statusCode(), "a name is never a path");

      // a page of another site in this machine's browser can change nothing
      assertEquals(403, send(server, "POST", "/partita/snapshots/seeded/restore", "http://evil.example").statusCode());
      assertEquals(403, send(server, "POST", "/partita/reset", "http://evil.example").statusCode());
      assertEquals(403, send(server, "DELETE", "/partita/snapshots/seeded", "http://evil.example").statusCode());

      assertEquals(200, send(server, "DELETE", "/partita/snapshots/seeded", null).statusCode());
      assertEquals(404, send(server, "DELETE", "/partita/snapshots/seeded", null).statusCode());
      assertEquals("{\"Snapshots\":[]}", send(server, "GET", "/partita/snapshots", null).body().strip());
    }
  }
}
