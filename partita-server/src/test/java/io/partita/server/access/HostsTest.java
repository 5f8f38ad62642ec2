package io.partita.server.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Host names a server answers (the guard against DNS rebinding) and the CORS origins it lets call. */
class HostsTest {
  private static InetAddress address(String a) throws Exception {
    return InetAddress.getByName(a);
  }

  @Test
  void aLoopbackServerAnswersLoopbackNamesOnly() throws Exception {
    Hosts hosts = new Hosts(address("127.0.0.1"), List.of());
    for (String ok : List.of("localhost", "localhost:8000", "LocalHost:1", "localhost.:8000", "api.localhost:3000",
        "127.0.0.1", "127.0.0.1:8000", "127.255.0.9:1", "[::1]", "[::1]:8000", "0.0.0.0:8000", "[::]:8000")) {
      assertTrue(hosts.allows(ok), ok);
    }
    for (String refused : List.of("evil.example", "evil.example:8000", "localhost.evil.example", "127.0.0.1.nip.io",
        "192.168.1.5:8000", "[fe80::1]:8000", "localhost:port", "localhost:99999999", "", " ",
        "[::1", "a b", "::1", "localhost..", "2130706433", "0177.0.0.1", "[::ffff:7f00:1]")) {
      assertFalse(hosts.allows(refused), refused);
    }
    assertTrue(hosts.allows(null), "HTTP/1.0 sends no Host; a browser always does");
    assertTrue(hosts.refusal("evil.example:8000").contains("--allowed-host evil.example"));
  }

  @Test
  void aServerBoundWideAnswersAnyAddressAndNamedHosts() throws Exception {
    Hosts hosts = new Hosts(address("0.0.0.0"), List.of("partita", "Dynamo.Internal."));
    for (String ok : List.of("10.1.2.3:8000", "[fd00::5]:8000", "localhost:8000", "partita:8000", "dynamo.internal")) {
      assertTrue(hosts.allows(ok), ok);
    }
    for (String refused : List.of("evil.example", "partita.evil.example", "10.1.2.3.evil.example", "256.1.1.1")) {
      assertFalse(hosts.allows(refused), refused);
    }
  }

  /** The token is a secret: a configuration printed in a log shows only that there is one. */
  @Test
  void theMetricsTokenIsNotPrinted() {
    String shown = Access.DEFAULTS.withMetricsToken("s3cret-token").toString();
    assertFalse(shown.contains("s3cret-token"), shown);
    assertTrue(shown.contains("metricsToken=(set)"), shown);
  }

  @Test
  void anyHostOnlyByName() throws Exception {
    Hosts any = new Hosts(address("127.0.0.1"), List.of("*"));
    assertTrue(any.any());
    assertTrue(any.allows("evil.example"));
    assertThrows(IllegalArgumentException.class, () -> new Hosts(address("127.0.0.1"), List.of("*", "a")));
    assertThrows(IllegalArgumentException.class, () -> new Hosts(address("127.0.0.1"), List.of("partita:8000")));
    assertThrows(IllegalArgumentException.class, () -> new Hosts(address("127.0.0.1"), List.of("")));
    assertThrows(IllegalArgumentException.class, () -> new Hosts(address("127.0.0.1"), List.of("http://partita")));
  }

  @Test
  void corsAllowsLoopbackPagesAndNamedOrigins() {
    Cors cors = Cors.LOOPBACK;
    for (String ok : List.of("http://localhost:3000", "http://localhost", "https://localhost:8443",
        "http://127.0.0.1:5173", "http://[::1]:8080", "http://app.localhost:3000", "HTTP://LOCALHOST:3000")) {
      assertEquals(ok, cors.allowOrigin(ok), ok);
    }
    for (String refused : List.of("http://evil.example", "http://localhost.evil.example", "null", "file://",
        "ftp://localhost", "http://localhost:3000/", "http://user@localhost", "http://192.168.1.5:3000",
        "http://localhost:abc")) {
      assertEquals(null, cors.allowOrigin(refused), refused);
    }
    assertEquals("http://0.0.0.0:5173", cors.allowOrigin("http://0.0.0.0:5173"), "a front end opened at 0.0.0.0");
    Cors named = Cors.loopbackAnd(List.of("http://app.test:8080"));
    assertEquals("http://app.test:8080", named.allowOrigin("http://app.test:8080"));
    assertEquals("http://localhost:1", named.allowOrigin("http://localhost:1"));
    assertEquals("*", Cors.loopbackAnd(List.of("*")).allowOrigin("http://evil.example"));
    // a trailing slash or a path would never match what a browser sends: refused when given
    assertThrows(IllegalArgumentException.class, () -> Cors.loopbackAnd(List.of("http://localhost:3000/")));
    assertThrows(IllegalArgumentException.class, () -> Cors.loopbackAnd(List.of("localhost:3000")));
    assertThrows(IllegalArgumentException.class, () -> Cors.loopbackAnd(List.of("*", "http://a.test")));
  }
}
