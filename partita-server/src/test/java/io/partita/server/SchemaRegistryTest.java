package io.partita.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/**
 * The console's schema registry (issue 18): {@code PUT /partita/schemas/TABLE} keeps a JSON object for
 * the console to find, {@code GET} lists and answers them; what is not a JSON object, not a table name,
 * or from a page of another origin is refused.
 */
class SchemaRegistryTest {
  private static HttpResponse<String> send(URI uri, String method, String body, String origin) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(uri).method(method,
        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
    if (origin != null) {
      b.header("Origin", origin);
    }
    return HttpClient.newHttpClient().send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void schemasAreRegisteredListedAndAnsweredAndBadOnesRefused() throws Exception {
    try (Partita partita = Partita.inMemory();
        PartitaServer server = PartitaServer.start(partita, ServerConfig.defaults().withPort(0))) {
      URI list = server.endpoint().resolve("/partita/schemas");
      URI shop = server.endpoint().resolve("/partita/schemas/Shop");
      assertEquals("{\"Tables\":[]}", send(list, "GET", null, null).body());
      HttpResponse<String> none = send(shop, "GET", null, null);
      assertEquals(404, none.statusCode());
      assertTrue(none.body().contains("no schema is registered for Shop"), none.body());

      String schema = "{\"entities\": {\"User\": {\"pk\": \"USER#{username}\", \"sk\": \"PROFILE\"}}, \"patterns\": []}";
      assertEquals(200, send(shop, "PUT", schema, null).statusCode());
      assertEquals(schema, send(shop, "GET", null, null).body());
      assertEquals("{\"Tables\":[\"Shop\"]}", send(list, "GET", null, null).body());
      // the console, a page of the server's own origin, may register one too
      assertEquals(200, send(shop, "PUT", schema, server.endpoint().toString()).statusCode());

      HttpResponse<String> foreign = send(shop, "PUT", "{}", "http://evil.example");
      assertEquals(403, foreign.statusCode());
      assertEquals(schema, send(shop, "GET", null, null).body(), "a refused schema changes nothing");
      HttpResponse<String> notJson = send(shop, "PUT", "{\"entities\": ", null);
      assertEquals(400, notJson.statusCode());
      assertTrue(notJson.body().startsWith("not a JSON object"), notJson.body());
      assertEquals(400, send(shop, "PUT", "[1, 2]", null).statusCode());
      assertEquals(400, send(shop, "PUT", "{} {}", null).statusCode());
      assertEquals(400, send(server.endpoint().resolve("/partita/schemas/a%2Fb"), "PUT", "{}", null).statusCode());
      assertEquals(413, send(shop, "PUT", "{\"x\": \"" + "y".repeat(300_000) + "\"}", null).statusCode());
    }
  }
}
