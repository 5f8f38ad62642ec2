package io.partita.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code ./partita serve --tables FILE... --seed FILE...} as an operator starts it: the tables are there and seeded
 * when the endpoint is announced, a refused file stops the start with one line per property and exit status 1
 * before anything is served, and a second start on the same data folder serves the tables it left. The ports are
 * the server's own choice (--port 0).
 */
class ServeTablesTest {
  static String fixture(String name) {
    try {
      return Path.of(ServeTablesTest.class.getResource("/tables/" + name).toURI()).toString();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void theTablesAndSeedsAreThereWhenTheEndpointIsAnnounced(@TempDir Path data) throws Exception {
    String[] args = {"--data", data.toString(), "--tables", fixture("sam-app.yaml"), fixture("workbench-model.json"),
        "--seed", "dev-orders=" + fixture("seeds/orders.jsonl"), fixture("seeds/Counters.json")};
    try (ServerProcess server = ServerProcess.serve(args);
        DynamoDbClient dynamo = SdkOverHttp.client(server.endpoint)) {
      assertEquals(List.of("Bookstore", "Counters", "SessionsTable", "dev-orders"), dynamo.listTables().tableNames());
      assertEquals(3, dynamo.scan(b -> b.tableName("dev-orders")).count());
      assertEquals(2, dynamo.scan(b -> b.tableName("Counters")).count());
      assertEquals(3, dynamo.scan(b -> b.tableName("Bookstore")).count());
      assertEquals("expiresAt", dynamo.describeTimeToLive(b -> b.tableName("dev-orders")).timeToLiveDescription()
          .attributeName());
      dynamo.putItem(b -> b.tableName("Counters").item(Map.of("counterId", AttributeValue.fromS("refunds"))));
      server.terminate(); // SIGTERM: the data folder is closed before the next start opens it
    }
    // the same start again: the tables are left as they are, with the item put since
    try (ServerProcess server = ServerProcess.serve(args);
        DynamoDbClient dynamo = SdkOverHttp.client(server.endpoint)) {
      assertEquals(3, dynamo.scan(b -> b.tableName("Counters")).count());
      assertFalse(server.stderr().contains("warning"), server.stderr());
      // a reset empties the database and makes the files' tables and seeds again: the item put since is gone
      dynamo.createTable(b -> b.tableName("scratch").billingMode("PAY_PER_REQUEST")
          .keySchema(k -> k.attributeName("pk").keyType("HASH"))
          .attributeDefinitions(d -> d.attributeName("pk").attributeType("S")));
      java.net.http.HttpResponse<String> reset = java.net.http.HttpClient.newHttpClient().send(
          java.net.http.HttpRequest.newBuilder(server.endpoint.resolve("/partita/reset"))
              .POST(java.net.http.HttpRequest.BodyPublishers.noBody()).build(),
          java.net.http.HttpResponse.BodyHandlers.ofString());
      assertEquals(200, reset.statusCode(), reset.body());
      assertEquals(List.of("Bookstore", "Counters", "SessionsTable", "dev-orders"), dynamo.listTables().tableNames());
      assertEquals(2, dynamo.scan(b -> b.tableName("Counters")).count());
      assertEquals(3, dynamo.scan(b -> b.tableName("dev-orders")).count());
    }
  }

  @Test
  void aRefusedFileStopsTheStartNamingEachProperty(@TempDir Path data) throws Exception {
    String out = ServerProcess.run("serve", "--port", "0", "--data", data.toString(), "--tables",
        fixture("unsupported.yaml"));
    assertTrue(out.contains("partita serve: " + fixture("unsupported.yaml") + ": Resources.EventsTable.Properties"
        + ".KinesisStreamSpecification is not supported by Partita"), out);
    assertTrue(out.contains("partita serve: " + fixture("unsupported.yaml") + ": Resources.EventsTable.Properties"
        + ".TableColour is not a property Partita knows of AWS::DynamoDB::Table"), out);
    assertFalse(out.contains("serving DynamoDB"), out);
    assertFalse(out.contains("Exception"), out);
    // read before the data folder is opened: nothing was made
    assertFalse(Files.exists(data.resolve("CURRENT")), out);
  }
}
