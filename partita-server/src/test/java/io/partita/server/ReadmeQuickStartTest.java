package io.partita.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's AWS CLI session runs as written, in a clean environment (no AWS configuration, no
 * AWS variables, an empty home): the lines are read from README.md itself, so a README that stops
 * working fails here. The one change: the server listens on a free port, not 8000, so the endpoint
 * in the lines is rewritten to it.
 */
class ReadmeQuickStartTest {
  private static final String SESSION = "A session with the AWS CLI against it.";

  /** The indented lines of the README's AWS CLI session. */
  static List<String> sessionLines() throws Exception {
    List<String> readme = Files.readAllLines(ServerProcess.root().resolve("README.md"), StandardCharsets.UTF_8);
    int at = 0;
    while (at < readme.size() && !readme.get(at).startsWith(SESSION)) {
      at++;
    }
    assertTrue(at < readme.size(), "the README has no paragraph starting: " + SESSION);
    while (at < readme.size() && !readme.get(at).startsWith("    ")) {
      at++;
    }
    List<String> lines = new ArrayList<>();
    while (at < readme.size() && readme.get(at).startsWith("    ")) {
      lines.add(readme.get(at++).substring(4));
    }
    return lines;
  }

  @Test
  void theAwsCliSessionRunsAsWrittenOnAMachineWithNoAwsConfiguration(@TempDir Path home) throws Exception {
    if (!Files.isExecutable(Path.of("/usr/bin/aws"))) {
      System.err.println("ReadmeQuickStartTest SKIPPED: the AWS CLI is not installed at /usr/bin/aws;"
          + " install it with `sudo apt-get install -y awscli` (as .ci/run does)");
      Assumptions.abort("the AWS CLI is not installed");
    }
    List<String> lines = sessionLines();
    assertTrue(lines.size() >= 4 && lines.get(lines.size() - 1).startsWith("aws dynamodb get-item"), lines.toString());
    try (ServerProcess server = ServerProcess.serve("--in-memory")) {
      String endpoint = server.endpoint.toString().replaceAll("/$", "");
      Path script = home.resolve("session.sh");
      Files.writeString(script, "set -e\n" + String.join("\n", lines).replace("http://127.0.0.1:8000", endpoint) + "\n");
      ProcessBuilder pb = new ProcessBuilder("bash", script.toString()).redirectErrorStream(true);
      pb.environment().clear(); // a fresh machine: nothing but a path and an empty home
      pb.environment().put("PATH", "/usr/local/bin:/usr/bin:/bin");
      pb.environment().put("HOME", home.toString());
      Process p = pb.start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the session did not finish");
      assertEquals(0, p.exitValue(), out);
      assertTrue(out.contains("alice@example.com"), "get-item did not answer the item:\n" + out);
    }
  }
}
