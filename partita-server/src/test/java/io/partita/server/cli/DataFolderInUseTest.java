package io.partita.server.cli;

import static io.partita.server.cli.CommandRun.run;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.partita.engine.Partita;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command that opens a data folder, meeting one another process holds (a running server
 * keeps RocksDB's LOCK; here the engine opened in the test holds it), says so in one line naming
 * the folder and what to do, and exits 1: no storage trace. Serve fails before it listens.
 */
class DataFolderInUseTest {
  @TempDir Path dir;

  @Test
  void eachCommandSaysInOneLineThatTheFolderIsInUse() throws Exception {
    Path data = dir.resolve("data");
    Path items = dir.resolve("items.json");
    Files.writeString(items, "{\"pk\":\"a\"}\n");
    String folder = data.toAbsolutePath().toString();
    try (Partita holder = Partita.open(data)) {
      List<List<String>> commands = List.of(
          List.of("seed", "--data", data.toString(), "--table", "T", "--key", "pk:S", items.toString()),
          List.of("export", "--data", data.toString(), "--table", "T", "--bucket", "b"),
          List.of("import", "--data", data.toString(), "--table", "T", "--key", "pk:S", "--bucket", "b"),
          List.of("demo", "--data", data.toString()),
          List.of("serve", "--data", data.toString(), "--port", "0"));
      for (List<String> args : commands) {
        CommandRun r = run(args.toArray(String[]::new));
        String name = args.get(0);
        assertEquals(1, r.code(), name + ": " + r.err());
        String todo = name.equals("demo") || name.equals("serve") ? "stop it or use --data DIR"
            : "stop it, use --data DIR, or send this to the running server with --endpoint URL";
        assertEquals("partita " + name + ": the data folder " + folder + " is in use by another process (a running"
            + " server?); " + todo + System.lineSeparator(), r.err(), name);
        assertEquals("", r.out(), name);
      }
    }
  }
}
