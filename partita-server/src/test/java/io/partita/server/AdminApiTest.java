package io.partita.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The admin API (issue 17): injected faults and added latency switched while the server runs, as a
 * test would between its cases, with the same specs as {@code --faults} and {@code --latency}.
 */
class AdminApiTest {
  private static HttpResponse<String> post(PartitaServer server, String path, String body) throws Exception {
    return HttpClient.newHttpClient().send(HttpRequest.newBuilder(server.endpoint().resolve(path))
        .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void faultsAndLatencyAreSwitchedWhileTheServerRuns() throws Exception {
    try (Partita partita = Partita.inMemory();
        PartitaServer server = PartitaServer.start(partita, ServerConfig.defaults().withPort(0));
        DynamoDbClient dynamo = DynamoDbClient.builder().endpointOverride(server.endpoint())
            .region(software.amazon.awssdk.regions.Region.US_EAST_1)
            .credentialsProvider(software.amazon.awssdk.auth.credentials.StaticCredentialsProvider.create(
                software.amazon.awssdk.auth.credentials.AwsBasicCredentials.create("a", "b")))
            .httpClient(software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient.create())
            .overrideConfiguration(o -> o.retryStrategy(software.amazon.awssdk.retries.DefaultRetryStrategy.doNotRetry()))
            .build()) {
      assertEquals(List.of(), dynamo.listTables().tableNames());

      HttpResponse<String> set = post(server, "/partita/faults", "rate=1,errors=ServiceUnavailable,operations=ListTables");
      assertEquals(200, set.statusCode(), set.body());
      AwsServiceException e = assertThrows(AwsServiceException.class, dynamo::listTables);
      assertEquals(503, e.statusCode());
      assertEquals(1, partita.injectedFaults());
      assertEquals(200, post(server, "/partita/faults", "none").statusCode());
      assertEquals(List.of(), dynamo.listTables().tableNames());

      assertEquals(200, post(server, "/partita/latency", "ListTables=300ms").statusCode());
      long start = System.nanoTime();
      dynamo.listTables();
      long millis = (System.nanoTime() - start) / 1_000_000;
      assertTrue(millis >= 300, "answered after " + millis + " ms");
      assertEquals(200, post(server, "/partita/latency", "none").statusCode());

      HttpResponse<String> bad = post(server, "/partita/faults", "rate=2");
      assertEquals(400, bad.statusCode());
      assertTrue(bad.body().contains("between 0 and 1"), bad.body());
      assertEquals(400, post(server, "/partita/latency", "soon").statusCode());
      // the consistency lag: a GSI read right after a write sees the old state while it is on
      dynamo.createTable(b -> b.tableName("users").billingMode("PAY_PER_REQUEST")
          .keySchema(k -> k.attributeName("pk").keyType("HASH"))
          .attributeDefinitions(d -> d.attributeName("pk").attributeType("S"), d -> d.attributeName("e").attributeType("S"))
          .globalSecondaryIndexes(i -> i.indexName("byE").keySchema(k -> k.attributeName("e").keyType("HASH"))
              .projection(p -> p.projectionType("ALL"))));
      assertEquals(200, post(server, "/partita/consistency-lag", "1h").statusCode());
      dynamo.putItem(b -> b.tableName("users").item(java.util.Map.of("pk",
          software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS("u"), "e",
          software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS("u@example"))));
      java.util.function.IntSupplier found = () -> dynamo.query(q -> q.tableName("users").indexName("byE")
          .keyConditionExpression("e = :e").expressionAttributeValues(java.util.Map.of(":e",
              software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS("u@example")))).count();
      assertEquals(0, found.getAsInt());
      assertEquals(200, post(server, "/partita/consistency-lag", "none").statusCode());
      assertEquals(1, found.getAsInt());
      assertEquals(400, post(server, "/partita/consistency-lag", "soon").statusCode());

      // a page of another site in this machine's browser cannot switch anything (its POST needs no preflight)
      HttpResponse<String> foreign = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
          server.endpoint().resolve("/partita/faults")).header("Origin", "http://evil.example")
          .POST(HttpRequest.BodyPublishers.ofString("rate=1")).build(), HttpResponse.BodyHandlers.ofString());
      assertEquals(403, foreign.statusCode(), foreign.body());
      assertEquals(io.partita.engine.Faults.NONE, partita.faults());
      HttpResponse<String> own = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
          server.endpoint().resolve("/partita/faults")).header("Origin", server.endpoint().toString())
          .POST(HttpRequest.BodyPublishers.ofString("none")).build(), HttpResponse.BodyHandlers.ofString());
      assertEquals(200, own.statusCode(), own.body());

      HttpResponse<String> unknown = post(server, "/partita/nothing", "x");
      assertEquals(404, unknown.statusCode());
      assertTrue(unknown.body().contains("/partita/consistency-lag, /partita/faults, /partita/latency, /partita/throttling"), unknown.body());
      HttpResponse<String> onOff = post(server, "/partita/throttling", "x");
      assertEquals(400, onOff.statusCode());
      assertEquals("expected on or off, not 'x'\n", onOff.body());
    }
  }

  @Test
  void hotKeysAreListedWhenCounted() throws Exception {
    try (Partita partita = Partita.with().trackHotKeys(true).inMemory();
        PartitaServer server = PartitaServer.start(partita, ServerConfig.defaults().withPort(0));
        DynamoDbClient dynamo = SdkOverHttp.client(server.endpoint())) {
      dynamo.createTable(b -> b.tableName("users").billingMode("PAY_PER_REQUEST")
          .keySchema(k -> k.attributeName("pk").keyType("HASH"))
          .attributeDefinitions(d -> d.attributeName("pk").attributeType("S")));
      for (int i = 0; i < 4; i++) {
        dynamo.putItem(b -> b.tableName("users").item(java.util.Map.of("pk",
            software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS("alice"))));
      }
      dynamo.getItem(b -> b.tableName("users").key(java.util.Map.of("pk",
          software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS("bob"))));
      HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
          server.endpoint().resolve("/partita/hot-keys")).GET().build(), HttpResponse.BodyHandlers.ofString());
      assertEquals(200, r.statusCode(), r.body());
      com.fasterxml.jackson.databind.JsonNode keys = new com.fasterxml.jackson.databind.ObjectMapper().readTree(r.body())
          .get("HotKeys");
      assertEquals(2, keys.size(), r.body());
      assertEquals("alice", keys.get(0).get("PartitionKey").asText());
      assertEquals(4, keys.get(0).get("Writes").asLong());
      assertEquals("bob", keys.get(1).get("PartitionKey").asText());
      assertEquals(1, keys.get(1).get("Reads").asLong());
    }
    try (Partita partita = Partita.inMemory();
        PartitaServer server = PartitaServer.start(partita, ServerConfig.defaults().withPort(0))) {
      HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
          server.endpoint().resolve("/partita/hot-keys")).GET().build(), HttpResponse.BodyHandlers.ofString());
      assertEquals(404, r.statusCode());
      assertTrue(r.body().contains("--hot-keys"), r.body());
    }
  }
}
