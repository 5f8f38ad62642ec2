package io.partita.server.cli;

import static io.partita.server.cli.CommandRun.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import io.partita.server.PartitaServer;
import io.partita.server.ServerConfig;
import io.partita.server.auth.Credentials;
import io.partita.server.auth.SigV4Verifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * {@code partita seed --endpoint URL}: the items into a running server through the AWS SDK, signed with the keys
 * given; a server that checks signatures refuses other keys, in one line; a server nobody runs is said to be
 * missing. Servers on ports of their own choosing (port 0).
 */
class SeedOverHttpTest {
  @TempDir Path dir;

  @Test
  void seedsARunningServerThatChecksSignatures() throws Exception {
    Path items = Files.writeString(dir.resolve("items.json"),
        "[{\"pk\":\"a\",\"n\":1},{\"pk\":{\"S\":\"b\"},\"n\":{\"N\":\"2\"}}]");
    try (Partita db = Partita.inMemory(); PartitaServer server = PartitaServer.start(db, ServerConfig.defaults()
        .withPort(0).withAuthenticator(new SigV4Verifier(Credentials.of(Map.of("AKIDSEED", "seed-secret")),
            "us-east-1", Clock.systemUTC())::verify))) {
      String url = server.endpoint().toString();
      CommandRun seed = run("seed", "--endpoint", url, "--access-key", "AKIDSEED", "--secret-key", "seed-secret",
          "--region", "us-east-1", "--table", "Things", "--key", "pk:S", items.toString());
      assertEquals(0, seed.code(), seed.err());
      assertTrue(seed.out().contains("Put 2 items from " + items + " (" + Files.size(items) + " bytes) into Things at "
          + url), seed.out());
      ScanResponse scan = db.execute(ScanRequest.builder().tableName("Things").build());
      assertEquals(2, scan.count());

      // again into the table now there, with the wrong secret: refused in one line, nothing written
      CommandRun wrong = run("seed", "--endpoint", url, "--access-key", "AKIDSEED", "--secret-key", "guess",
          "--region", "us-east-1", "--table", "Things", items.toString());
      assertEquals(1, wrong.code());
      assertTrue(wrong.err().startsWith("partita seed: InvalidSignatureException: The request signature we calculated"
          + " does not match"), wrong.err());
      assertFalse(wrong.err().contains("\tat "), wrong.err());
    }
  }

  @Test
  void saysWhatIsWrongInOneLine() throws Exception {
    Path items = Files.writeString(dir.resolve("items.json"), "{\"pk\":\"a\"}\n");
    try (Partita db = Partita.inMemory(); PartitaServer server = PartitaServer.start(db,
        ServerConfig.defaults().withPort(0))) {
      CommandRun noTable = run("seed", "--endpoint", server.endpoint().toString(), "--table", "Nope", items.toString());
      assertEquals(1, noTable.code());
      assertEquals("partita seed: There is no table Nope at " + server.endpoint() + "; give --key NAME:TYPE (and"
          + " --sort) to create it", noTable.err().strip());
    }
    CommandRun both = run("seed", "--endpoint", "http://127.0.0.1:9", "--data", dir.toString(), "--table", "T",
        items.toString());
    assertEquals("partita seed: --data and --endpoint cannot be given together: seed a data folder, or a running"
        + " server", both.err().strip());
    CommandRun keyAlone = run("seed", "--access-key", "A", "--table", "T", items.toString());
    assertEquals("partita seed: --region, --access-key and --secret-key go with --endpoint URL", keyAlone.err().strip());
  }
}
