package io.partita.server.cli;

import static io.partita.server.cli.CommandRun.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/** {@code partita seed}, {@code export} and {@code import} on a data folder: what they do, say and refuse. */
class TransferCommandsTest {
  @TempDir Path dir;

  @Test
  void seedExportAndImportRoundTripATable() throws Exception {
    Path data = dir.resolve("data");
    Path items = dir.resolve("items.json");
    Files.writeString(items, "[{\"pk\":\"a\",\"sk\":1,\"tags\":[\"x\",true,null],\"n\":12345678901234567890123456789012345678},\n"
        + " {\"pk\":{\"S\":\"b\"},\"sk\":{\"N\":\"2\"},\"ss\":{\"SS\":[\"p\",\"q\"]}}]");
    CommandRun seed = run("seed", "--data", data.toString(), "--table", "Music", "--key", "pk:S", "--sort", "sk:N", items.toString());
    assertEquals(0, seed.code(), seed.err());
    assertTrue(seed.out().contains("Put 2 items"), seed.out());
    assertTrue(seed.err().contains("seed Music: 2"), "a plain progress line when stderr is no terminal: " + seed.err());

    CommandRun refused = run("export", "--data", data.toString(), "--table", "Music", "--bucket", "bkt");
    assertEquals(1, refused.code());
    assertTrue(refused.err().contains("Point in time recovery is not enabled for table 'Music'")
        && refused.err().contains("add --enable-pitr"), refused.err());
    CommandRun export = run("export", "--data", data.toString(), "--table", "Music", "--bucket", "bkt", "--prefix", "snap",
        "--enable-pitr");
    assertEquals(0, export.code(), export.err());
    assertTrue(export.out().contains("Exported 2 items of Music to "), export.out());
    assertTrue(export.err().contains("export Music: 100% (2 of 2)"), export.err());
    Path exportDir = data.resolve("s3/bkt/snap/AWSDynamoDB");
    String id;
    try (var ids = Files.list(exportDir)) {
      id = ids.findFirst().orElseThrow().getFileName().toString();
    }

    CommandRun imported = run("import", "--data", data.toString(), "--table", "Copy", "--key", "pk:S", "--sort", "sk:N",
        "--bucket", "bkt", "--prefix", "snap/AWSDynamoDB/" + id + "/data/", "--compression", "GZIP");
    assertEquals(0, imported.code(), imported.err());
    assertTrue(imported.out().contains("Imported 2 items into Copy (2 records read, 0 errors)"), imported.out());
    try (Partita db = Partita.open(data)) {
      ScanResponse music = db.execute(ScanRequest.builder().tableName("Music").build());
      ScanResponse copy = db.execute(ScanRequest.builder().tableName("Copy").build());
      assertEquals(music.items(), copy.items());
      GetItemResponse a = db.execute(GetItemRequest.builder().tableName("Copy")
          .key(Map.of("pk", AttributeValue.fromS("a"), "sk", AttributeValue.fromN("1"))).build());
      assertEquals(AttributeValue.fromL(List.of(AttributeValue.fromS("x"), AttributeValue.fromBool(true),
          AttributeValue.fromNul(true))), a.item().get("tags"));
      assertEquals("12345678901234567890123456789012345678", a.item().get("n").n());
    }
  }

  @Test
  void badRecordsAreShownAndAnUnreadableSourceSaysWhy() throws Exception {
    Path data = dir.resolve("data");
    Path bucket = data.resolve("s3/in");
    Files.createDirectories(bucket);
    Files.writeString(bucket.resolve("a.json"), "{\"Item\":{\"id\":{\"S\":\"1\"}}}\n{\"Item\":{\"other\":{\"S\":\"2\"}}}\n");
    CommandRun imported = run("import", "--data", data.toString(), "--table", "Things", "--key", "id:S", "--bucket", "in");
    assertEquals(0, imported.code(), imported.err());
    assertTrue(imported.out().contains("Imported 1 items into Things (2 records read, 1 errors)"), imported.out());
    assertTrue(imported.err().contains("a.json line 2: One or more parameter values were invalid: Missing the key id"),
        imported.err());

    CommandRun none = run("import", "--data", data.toString(), "--table", "Nothing", "--key", "id:S", "--bucket", "missing");
    assertEquals(1, none.code());
    assertTrue(none.err().contains("partita import: NoSourceObjects: No objects were found in bucket missing"), none.err());
  }

  @Test
  void seedSaysWhatIsMissing() throws Exception {
    Path items = dir.resolve("items.json");
    Files.writeString(items, "{\"pk\":\"a\"}\n");
    CommandRun noTable = run("seed", "--data", dir.resolve("data").toString(), "--table", "Nope", items.toString());
    assertEquals(1, noTable.code());
    assertTrue(noTable.err().contains("There is no table Nope") && noTable.err().contains("--key"), noTable.err());
    CommandRun badKey = run("seed", "--data", dir.resolve("data").toString(), "--table", "Nope", "--key", "pk", items.toString());
    assertEquals(2, badKey.code());
    assertTrue(badKey.err().contains("'pk' is not NAME:TYPE"), badKey.err());
    Files.writeString(items, "{\"pk\":\"a\"}\n{\"pk\": oops}\n");
    CommandRun notJson = run("seed", "--data", dir.resolve("data").toString(), "--table", "Nope", "--key", "pk:S", items.toString());
    assertEquals(1, notJson.code());
    assertTrue(notJson.err().contains("not JSON") && notJson.err().contains("line 2"), notJson.err());
  }

  @Test
  void helpDescribesEachCommand() {
    CommandRun seed = run("seed", "--help");
    assertTrue(seed.out().contains("--key=NAME:TYPE") && seed.out().contains("plain JSON"), seed.out());
    CommandRun export = run("export", "--help");
    assertTrue(export.out().contains("--format=FORMAT") && export.out().contains("manifest-summary.json")
        && export.out().contains("--enable-pitr"), export.out());
    CommandRun imp = run("import", "--help");
    assertTrue(imp.out().contains("--compression=TYPE") && imp.out().contains("--header=NAMES"), imp.out());
  }

  @Test
  void aTerminalGetsOneLineRedrawnAndALogAFewLines() {
    StringWriter tty = new StringWriter();
    ProgressBar bar = new ProgressBar(new PrintWriter(tty, true), true);
    bar.update("import T", 50, 100);
    bar.finish();
    assertEquals("\r[###############...............]  50% import T" + System.lineSeparator(), tty.toString());
    StringWriter log = new StringWriter();
    ProgressBar plain = new ProgressBar(new PrintWriter(log, true), false);
    for (int i = 0; i <= 1000; i++) {
      plain.update("export T", i, 1000);
    }
    assertEquals(11, log.toString().lines().count(), log.toString());
  }
}
