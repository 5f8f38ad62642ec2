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
 * {@code partita export} and {@code import} with {@code --endpoint URL} (issue 39): the same work as on
 * a data folder, done by a running server that checks signatures, in its own S3 root, while it serves;
 * what goes wrong said in one line. The server listens on a port of its own choosing.
 */
class TransfersOverHttpTest {
  @TempDir Path dir;

  @Test
  void exportAndImportThroughARunningServer() throws Exception {
    Path data = dir.resolve("data");
    Path items = Files.writeString(dir.resolve("items.json"), "[{\"pk\":\"a\",\"n\":1},{\"pk\":\"b\",\"n\":2}]");
    try (Partita db = Partita.open(data); PartitaServer server = PartitaServer.start(db, ServerConfig.defaults()
        .withPort(0).withAuthenticator(new SigV4Verifier(Credentials.of(Map.of("AKIDX", "x-secret")),
            "eu-west-1", Clock.systemUTC())::verify))) {
      String url = server.endpoint().toString();
      String[] signed = {"--endpoint", url, "--access-key", "AKIDX", "--secret-key", "x-secret", "--region", "eu-west-1"};
      assertEquals(0, run(with(signed, "seed", "--table", "Music", "--key", "pk:S", items.toString())).code());

      CommandRun refused = run(with(signed, "export", "--table", "Music", "--bucket", "bkt"));
      assertEquals(1, refused.code());
      assertTrue(refused.err().startsWith("partita export: PointInTimeRecoveryUnavailableException: Point in time"
          + " recovery is not enabled for table 'Music'") && refused.err().contains("add --enable-pitr"), refused.err());

      CommandRun export = run(with(signed, "export", "--table", "Music", "--bucket", "bkt", "--prefix", "snap",
          "--enable-pitr"));
      assertEquals(0, export.code(), export.err());
      assertTrue(export.out().startsWith("Exported 2 items of Music to bucket bkt of the server at " + url
          + ", snap/AWSDynamoDB/"), export.out());
      String id;
      try (var ids = Files.list(data.resolve("s3/bkt/snap/AWSDynamoDB"))) {
        id = ids.findFirst().orElseThrow().getFileName().toString();
      }
      assertTrue(export.out().contains("snap/AWSDynamoDB/" + id + "/"), "the files are in the server's S3 root");

      CommandRun imported = run(with(signed, "import", "--table", "Copy", "--key", "pk:S", "--bucket", "bkt",
          "--prefix", "snap/AWSDynamoDB/" + id + "/data/", "--compression", "GZIP"));
      assertEquals(0, imported.code(), imported.err());
      assertTrue(imported.out().contains("Imported 2 items into Copy (2 records read, 0 errors)"), imported.out());
      ScanResponse music = db.execute(ScanRequest.builder().tableName("Music").build());
      ScanResponse copy = db.execute(ScanRequest.builder().tableName("Copy").build());
      assertEquals(music.items(), copy.items());

      // bad records: counted, and where the server lists them said
      Path bucket = Files.createDirectories(data.resolve("s3/in"));
      Files.writeString(bucket.resolve("a.json"), "{\"Item\":{\"pk\":{\"S\":\"1\"}}}\n{\"Item\":{\"x\":{\"S\":\"2\"}}}\n");
      CommandRun bad = run(with(signed, "import", "--table", "Things", "--key", "pk:S", "--bucket", "in"));
      assertEquals(0, bad.code(), bad.err());
      assertTrue(bad.out().contains("Imported 1 items into Things (2 records read, 1 errors)"), bad.out());
      String log = bad.err().substring(bad.err().indexOf(".imports/")).strip();
      assertTrue(log.endsWith("/errors.log under its S3 root"), bad.err());
      Path listed = data.resolve("s3").resolve(log.substring(0, log.indexOf(" under")));
      assertTrue(Files.readString(listed).contains("Missing the key pk"), "the log named is the server's: " + listed);

      CommandRun none = run(with(signed, "import", "--table", "Nothing", "--key", "pk:S", "--bucket", "missing"));
      assertEquals(1, none.code());
      assertTrue(none.err().startsWith("partita import: NoSourceObjects: No objects were found in bucket missing"),
          none.err());

      CommandRun wrongKey = run("export", "--endpoint", url, "--access-key", "AKIDX", "--secret-key", "guess",
          "--region", "eu-west-1", "--table", "Music");
      assertEquals(1, wrongKey.code());
      assertTrue(wrongKey.err().startsWith("partita export: InvalidSignatureException: "), wrongKey.err());
      assertFalse(wrongKey.err().contains("\tat "), wrongKey.err());
    }
  }

  @Test
  void aDataFolderAndAnEndpointAreNotGivenTogether() {
    CommandRun both = run("export", "--endpoint", "http://127.0.0.1:9", "--s3-root", dir.toString(), "--table", "T");
    assertEquals(1, both.code());
    assertEquals("partita export: --s3-root and --endpoint cannot be given together: export a data folder, or a"
        + " running server", both.err().strip());
    CommandRun data = run("import", "--endpoint", "http://127.0.0.1:9", "--data", dir.toString(), "--table", "T",
        "--key", "pk:S", "--bucket", "b");
    assertEquals("partita import: --data and --endpoint cannot be given together: import a data folder, or a"
        + " running server", data.err().strip());
    CommandRun notUrl = run("import", "--endpoint", "localhost:8000", "--table", "T", "--key", "pk:S", "--bucket", "b");
    assertEquals("partita import: --endpoint must be a URL such as http://127.0.0.1:8000, not 'localhost:8000'",
        notUrl.err().strip());
  }

  private static String[] with(String[] options, String command, String... args) {
    String[] all = new String[1 + args.length + options.length];
    all[0] = command;
    System.arraycopy(args, 0, all, 1, args.length);
    System.arraycopy(options, 0, all, 1 + args.length, options.length);
    return all;
  }
}
