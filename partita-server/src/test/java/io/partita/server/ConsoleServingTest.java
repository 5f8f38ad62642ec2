package io.partita.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The web console's files as {@code partita serve} serves them (docs/console.md), without a browser:
 * content types, every module the page loads, 404s, traversal refused, HEAD, and the switches that
 * turn it off. Requests go over a raw socket so the paths reach the server exactly as written.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ConsoleServingTest {
  private Partita db;
  private PartitaServer server;

  @BeforeAll
  void start() throws Exception {
    db = Partita.inMemory();
    server = PartitaServer.start(db, ServerConfig.defaults().withPort(0));
  }

  @AfterAll
  void stop() throws Exception {
    server.close();
    db.close();
  }

  /** A raw HTTP/1.1 answer: status, headers (names lower-cased), body. */
  record Answer(int status, java.util.Map<String, String> headers, String body) {
    String header(String name) {
      return headers.get(name.toLowerCase(java.util.Locale.ROOT));
    }
  }

  static Answer request(URI endpoint, String method, String rawPath) throws IOException {
    try (Socket s = new Socket(endpoint.getHost(), endpoint.getPort())) {
      s.setSoTimeout(10_000);
      OutputStream out = s.getOutputStream();
      out.write((method + " " + rawPath + " HTTP/1.1\r\nHost: " + endpoint.getAuthority()
          + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
      InputStream in = s.getInputStream();
      String all = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      int end = all.indexOf("\r\n\r\n");
      String[] lines = all.substring(0, end).split("\r\n");
      java.util.Map<String, String> headers = new java.util.HashMap<>();
      for (int i = 1; i < lines.length; i++) {
        int colon = lines[i].indexOf(':');
        headers.put(lines[i].substring(0, colon).trim().toLowerCase(java.util.Locale.ROOT), lines[i].substring(colon + 1).trim());
      }
      return new Answer(Integer.parseInt(lines[0].split(" ")[1]), headers, all.substring(end + 4));
    }
  }

  private Answer get(String path) throws IOException {
    return request(server.endpoint(), "GET", path);
  }

  @Test
  void theIndexPageIsServedAtConsoleWithAStrictPolicy() throws Exception {
    for (String path : List.of("/console", "/console/", "/console/index.html")) {
      Answer a = get(path);
      assertEquals(200, a.status(), path);
      assertEquals("text/html; charset=utf-8", a.header("content-type"), path);
      assertTrue(a.body().contains("<script type=\"module\" src=\"/console/app.js\">"), a.body());
      assertEquals("nosniff", a.header("x-content-type-options"));
      assertTrue(a.header("content-security-policy").contains("script-src 'self'"), a.header("content-security-policy"));
      assertTrue(a.header("content-security-policy").contains("frame-ancestors 'none'"));
      assertEquals("no-cache", a.header("cache-control"));
    }
    assertEquals("http://127.0.0.1:" + server.port() + "/console", server.consoleUrl().toString());
  }

  /** Every file the page and its modules name is in the jar, with its content type: nothing is fetched elsewhere. */
  @Test
  void everyModuleAndAssetThePageLoadsIsServedWithItsType() throws Exception {
    Pattern refs = Pattern.compile("(?:src|href)=\"(/console/[^\"]+)\"|from '\\./([^']+)'");
    ArrayDeque<String> todo = new ArrayDeque<>(List.of("/console/index.html"));
    Set<String> seen = new HashSet<>();
    while (!todo.isEmpty()) {
      String path = todo.poll();
      if (!seen.add(path)) {
        continue;
      }
      Answer a = get(path);
      assertEquals(200, a.status(), path);
      String type = a.header("content-type");
      String expected = path.endsWith(".js") ? "text/javascript; charset=utf-8" : path.endsWith(".css")
          ? "text/css; charset=utf-8" : path.endsWith(".svg") ? "image/svg+xml" : "text/html; charset=utf-8";
      assertEquals(expected, type, path);
      assertEquals(a.body().getBytes(StandardCharsets.UTF_8).length, Integer.parseInt(a.header("content-length")), path);
      Matcher m = refs.matcher(a.body());
      while (m.find()) {
        todo.add(m.group(1) != null ? m.group(1) : "/console/" + m.group(2));
      }
    }
    assertTrue(seen.containsAll(List.of("/console/app.js", "/console/api.js", "/console/items.js",
        "/console/collection.js", "/console/partiql.js", "/console/activity.js", "/console/tables.js", "/console/vectors.js",
        "/console/console.css", "/console/icon.svg")), seen.toString());
    // no module reaches outside the server: no http(s) URL in any file the page loads
    for (String path : seen) {
      assertTrue(!get(path).body().matches("(?s).*https?://(?!www\\.w3\\.org/2000/svg).*"), path + " names a remote URL");
    }
  }

  @Test
  void unknownFilesAre404() throws Exception {
    for (String path : List.of("/console/nope.js", "/console/app.jsx", "/console/index", "/console/app.js.map",
        "/console/App.js", "/console/sub/app.js", "/consoles", "/console/")) {
      Answer a = get(path);
      if (path.equals("/console/")) {
        assertEquals(200, a.status());
        continue;
      }
      if (path.equals("/consoles")) {
        // not the console's: the API's answer to any GET that is not the health page
        assertEquals(400, a.status(), path);
        continue;
      }
      assertEquals(404, a.status(), path);
      assertEquals("text/plain; charset=utf-8", a.header("content-type"), path);
    }
  }

  /** No path can leave the console's resource folder: not with dots, escapes, backslashes or doubled slashes. */
  @Test
  void traversalIsRefused() throws Exception {
    for (String path : List.of("/console/../pom.xml", "/console/../../../../etc/passwd", "/console/%2e%2e/%2e%2e/logback.xml",
        "/console/..%2flogback.xml", "/console/%2e%2e%2f..%2fhttp%2fConsoleAssets.class", "/console/..\\logback.xml",
        "/console//etc/passwd.txt", "/console/./app.js", "/console/.%2e/logback.xml", "/console/../http/Responses.class",
        "/console/%61pp.js", "/console/app.js%00.html", "/console/../../io/partita/server/console/app.js")) {
      Answer a = get(path);
      assertEquals(404, a.status(), path);
      assertTrue(!a.body().contains("<configuration") && !a.body().contains("import "), path);
    }
  }

  @Test
  void headAnswersTheHeadersWithoutTheBody() throws Exception {
    Answer full = get("/console/app.js");
    Answer head = request(server.endpoint(), "HEAD", "/console/app.js");
    assertEquals(200, head.status());
    assertEquals(full.header("content-type"), head.header("content-type"));
    assertEquals(full.header("content-length"), head.header("content-length"));
    assertEquals("", head.body());
    assertEquals(404, request(server.endpoint(), "HEAD", "/console/nope.js").status());
  }

  @Test
  void theConsoleCanBeTurnedOff() throws Exception {
    try (Partita other = Partita.inMemory();
         PartitaServer off = PartitaServer.start(other, ServerConfig.defaults().withPort(0).withConsole(false))) {
      Answer a = request(off.endpoint(), "GET", "/console");
      assertEquals(404, a.status());
      assertEquals("the console is off: start the server with --console\n", a.body());
      assertEquals(404, request(off.endpoint(), "GET", "/console/app.js").status());
    }
  }

  /** {@code partita serve}: on by default on loopback, off by --no-console and by default on another address. */
  @Test
  void theServeCommandTurnsItOnForLoopbackOnly() throws Exception {
    String help = ServerProcess.run("serve", "--help");
    assertTrue(help.contains("--[no-]console"), help);
    assertTrue(help.contains("on when listening on loopback"), help);
    record Case(int status, String... args) {}
    for (Case c : List.of(new Case(200), new Case(404, "--no-console"), new Case(404, "--host", "0.0.0.0"),
        new Case(200, "--host", "0.0.0.0", "--console"))) {
      List<String> args = new java.util.ArrayList<>(List.of("--in-memory"));
      args.addAll(List.of(c.args()));
      try (ServerProcess p = ServerProcess.serve(args.toArray(String[]::new))) {
        assertEquals(c.status(), request(p.endpoint, "GET", "/console").status(), String.join(" ", c.args()));
      }
    }
  }
}
