package io.partita.server;

import static org.junit.jupiter.api.Assertions.fail;

import io.partita.engine.Partita;
import io.partita.server.auth.Credentials;
import io.partita.server.auth.SigV4Verifier;
import java.time.Clock;
import java.util.Map;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The web console end to end (docs/console.md): {@code clients/console/e2e.mjs} drives it in headless
 * Debian chromium with playwright-core against a fresh in-memory server (metrics and hot keys on):
 * creates a table, adds items, queries and pages forward and back, sees a stale edit refused, views
 * a collection grouped by entity, runs a PartiQL statement; it fails on any browser console error
 * and writes a screenshot of each screen to {@code partita-server/target/console-screenshots/}.
 *
 * <p>Without chromium or the script's node_modules the test is skipped, visibly; with {@code
 * PARTITA_REQUIRE_CLIENTS=1} (as {@code .ci/run} sets) it fails instead.
 */
class ConsoleE2eTest {
  private static final boolean REQUIRED = "1".equals(System.getenv("PARTITA_REQUIRE_CLIENTS"));
  private static final Path CHROMIUM = Path.of(System.getenv().getOrDefault("CHROMIUM", "/usr/bin/chromium"));

  @Test
  void theConsoleWorksInABrowser() throws Exception {
    try (Partita db = Partita.with().trackHotKeys(true).inMemory();
         PartitaServer server = PartitaServer.start(db, ServerConfig.defaults().withPort(0).withMetrics(true))) {
      run(server, Map.of());
    }
  }

  /**
   * With signatures checked, the console asks for keys and signs every request itself (WebCrypto):
   * the API's, and its GETs of the metrics, hot keys and schemas, which then need a signature too.
   */
  @Test
  void theConsoleSignsItsRequestsWhenTheServerChecksSignatures() throws Exception {
    Authenticator sigV4 = new SigV4Verifier(Credentials.of(Map.of("AKIDCONSOLE", "console-secret")), "us-east-1",
        Clock.systemUTC())::verify;
    try (Partita db = Partita.with().trackHotKeys(true).inMemory();
         PartitaServer server = PartitaServer.start(db, ServerConfig.defaults().withPort(0).withAuthenticator(sigV4)
             .withMetrics(true))) {
      run(server, Map.of("E2E_ACCESS_KEY", "AKIDCONSOLE", "E2E_SECRET_KEY", "console-secret"));
    }
  }

  /**
   * On a server that keeps a database per access key ({@code --isolate keys}), the console names the
   * namespace it shows (the answers' {@code X-Partita-Namespace}) and shows another key's when asked.
   */
  @Test
  void theConsoleShowsAndSwitchesTheNamespaceOfAnIsolatingServer() throws Exception {
    try (io.partita.server.isolation.Namespaces namespaces = io.partita.server.isolation.Namespaces.inMemory(
            io.partita.server.isolation.Isolation.parse("keys"), "us-east-1", Partita::with, null);
        PartitaServer server = PartitaServer.start(namespaces, ServerConfig.defaults().withPort(0), p -> { }, false)) {
      run(server, Map.of("E2E_ONLY", "namespaces"));
    }
  }

  /**
   * The folder of the browser scripts ({@code clients/console}), once chromium and playwright-core
   * are found; skips the test, visibly, or fails it under PARTITA_REQUIRE_CLIENTS=1, when not.
   */
  static Path browserScripts() {
    Path script = ServerProcess.root().resolve("clients/console");
    if (!Files.isExecutable(CHROMIUM)) {
      missing("chromium at " + CHROMIUM + " (Debian package chromium)");
    }
    if (!Files.isDirectory(script.resolve("node_modules/playwright-core"))) {
      missing("playwright-core (run: npm ci --prefix clients/console)");
    }
    return script;
  }

  private static void run(PartitaServer server, Map<String, String> env) throws Exception {
    Path script = browserScripts();
    Path shots = Path.of("target", "console-screenshots").toAbsolutePath();
    {
      ProcessBuilder b = new ProcessBuilder("node", script.resolve("e2e.mjs").toString(), server.endpoint().toString(),
          shots.toString()).redirectErrorStream(true);
      b.environment().putAll(env);
      Process p = b.start();
      String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(5, TimeUnit.MINUTES)) {
        p.destroyForcibly();
        fail("e2e.mjs did not finish:\n" + output);
      }
      System.out.println(output);
      String[] lines = output.strip().split("\n");
      if (p.exitValue() != 0 || !lines[lines.length - 1].equals("E2E OK")) {
        fail("the console's end-to-end run failed (exit " + p.exitValue() + "):\n" + output);
      }
    }
  }

  private static void missing(String what) {
    if (REQUIRED) {
      fail(what + " is not installed, and PARTITA_REQUIRE_CLIENTS=1 (.ci/run installs it)");
    }
    System.err.println("ConsoleE2eTest SKIPPED: " + what + " is not installed. Install it with"
        + " `sudo apt-get install -y chromium && npm ci --prefix clients/console` (as .ci/run does)");
    Assumptions.abort(what + " is not installed; .ci/run installs it");
  }
}
