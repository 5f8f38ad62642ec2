package io.partita.server.cli;

import static io.partita.server.cli.CommandRun.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code partita mcp} checks its model files at start and says in one line what is wrong, before serving anything. */
class McpCommandTest {
  @TempDir Path dir;

  @Test
  void aModelFileThatIsNoModelIsRefusedAtStart() throws Exception {
    Path notJson = Files.writeString(dir.resolve("blog.json"), "{ entities: oops");
    CommandRun bad = run("mcp", "--in-memory", "--model", "Blog=" + notJson);
    assertEquals(1, bad.code());
    assertTrue(bad.err().startsWith("partita mcp: " + notJson + ": the model registered for Blog is not JSON: "),
        bad.err());
    Path noEntities = Files.writeString(dir.resolve("other.json"), "{\"table\": \"Blog\"}");
    CommandRun shapeless = run("mcp", "--in-memory", "--model", "Blog=" + noEntities);
    assertEquals(1, shapeless.code());
    assertTrue(shapeless.err().contains("has no \"entities\" object"), shapeless.err());
    CommandRun missing = run("mcp", "--in-memory", "--model", "Blog=" + dir.resolve("nope.json"));
    assertEquals(1, missing.code());
    assertTrue(missing.err().startsWith("partita mcp: cannot read the model file "), missing.err());
  }
}
