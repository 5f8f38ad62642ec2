package io.partita.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.partita.engine.Partita;
import io.partita.server.access.Access;
import io.partita.server.access.Cors;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Hostile pages in a real browser (issue 33, docs/SECURITY.md): {@code clients/console/attacks.mjs}
 * loads a page of another site and a DNS-rebinding page in headless chromium, and each tries to Scan
 * a table of the server and to switch its faults on. Against a default server every attempt fails;
 * against a server opened wide ({@code --cors-origin '*' --allowed-host '*'}) the same pages read
 * the table, which shows the attacks are real and the refusals are the server's.
 */
class BrowserAttackTest {
  private static final String SECRET = "s3cret-value";

  @Test
  void aDefaultServerGivesHostilePagesNothing() throws Exception {
    JsonNode got = attack(ServerConfig.defaults(), true);
    for (String attack : List.of("crossOrigin", "rebinding")) {
      String r = got.path(attack).asText();
      assertTrue(r.startsWith("refused: ") && !r.contains(SECRET), attack + ": " + r);
    }
    assertTrue(got.path("rebinding").asText().contains("403") && got.path("rebinding").asText()
        .contains("Host 'rebind.example:"), got.toString());
  }

  @Test
  void aServerOpenedWideGivesThemTheTable() throws Exception {
    JsonNode got = attack(ServerConfig.defaults().withAccess(new Access(Cors.ANY_ORIGIN, List.of("*"), null)), false);
    for (String attack : List.of("crossOrigin", "rebinding")) {
      String r = got.path(attack).asText();
      assertTrue(r.startsWith("read: ") && r.contains(SECRET), attack + ": " + r);
    }
  }

  /** Runs the attacks on a fresh server; checks the faults stayed off when {@code guarded}. */
  private static JsonNode attack(ServerConfig config, boolean guarded) throws Exception {
    Path scripts = ConsoleE2eTest.browserScripts();
    try (Partita db = Partita.inMemory();
         PartitaServer server = PartitaServer.start(db, config.withPort(0))) {
      RawHttp raw = new RawHttp(server.endpoint());
      assertEquals(200, raw.post("CreateTable", "{\"TableName\":\"Secrets\",\"BillingMode\":\"PAY_PER_REQUEST\","
          + "\"KeySchema\":[{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"}],\"AttributeDefinitions\":"
          + "[{\"AttributeName\":\"pk\",\"AttributeType\":\"S\"}]}").statusCode());
      assertEquals(200, raw.post("PutItem", "{\"TableName\":\"Secrets\",\"Item\":{\"pk\":{\"S\":\"" + SECRET + "\"}}}")
          .statusCode());
      Process p = new ProcessBuilder("node", scripts.resolve("attacks.mjs").toString(), server.endpoint().toString(),
          "Secrets").redirectErrorStream(true).start();
      String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(3, TimeUnit.MINUTES)) {
        p.destroyForcibly();
        fail("attacks.mjs did not finish:\n" + output);
      }
      String[] lines = output.strip().split("\n");
      if (p.exitValue() != 0 || !lines[lines.length - 1].startsWith("{")) {
        fail("attacks.mjs failed (exit " + p.exitValue() + "):\n" + output);
      }
      if (guarded) {
        assertEquals(0.0, db.faults().rate(), "a page of another site switched the faults on");
      }
      return new ObjectMapper().readTree(lines[lines.length - 1]);
    }
  }
}
