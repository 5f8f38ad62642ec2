package io.partita.bench.sidebyside;

import io.partita.embedded.PartitaDynamoDb;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The systems under test, each reached through the AWS SDK v2 {@link DynamoDbClient}. */
final class Targets {
  private Targets() {}

  /**
   * Every target, in the order they run: Partita embedded (no peer: dynalite runs in Node, not in a
   * JVM), then each Partita server target beside its dynalite counterpart.
   */
  static final List<String> ALL = List.of(
      "partita-embedded-mem", "partita-embedded-disk",
      "partita-server-mem", "dynalite-server-mem",
      "partita-server-disk", "dynalite-server-disk");

  /** The peer's name in tables and prose. */
  static final String PEER = "dynalite";

  /**
   * The target a target is compared with: a Partita server target and its dynalite counterpart,
   * both ways; an embedded target with Partita's server target of the same storage (the cost of
   * HTTP and a second process, not a peer comparison).
   */
  static String counterpart(String name) {
    if (name.startsWith("partita-embedded-")) {
      return "partita-server-" + name.substring("partita-embedded-".length());
    }
    return name.startsWith("partita-") ? PEER + "-" + name.substring("partita-".length())
        : "partita-" + name.substring(PEER.length() + 1);
  }

  static boolean isPeer(String name) {
    return name.startsWith(PEER + "-");
  }

  /** Whether a target can run TransactWriteItems (dynalite answers UnknownOperationException). */
  static boolean supportsTransactions(String name) {
    return !isPeer(name);
  }

  static String describe(String name) {
    return switch (name) {
      case "partita-embedded-mem" -> "Partita embedded, in memory (`PartitaDynamoDb.inMemory()`)";
      case "partita-embedded-disk" -> "Partita embedded, on disk (`PartitaDynamoDb.open(tempdir)`, every write synced)";
      case "partita-server-mem" -> "Partita server process, in memory (`./partita serve --in-memory`)";
      case "partita-server-disk" -> "Partita server process, on disk (`./partita serve --data tempdir`, every write synced)";
      case "dynalite-server-mem" -> "dynalite " + ServerProcess.DYNALITE_VERSION + " server process (Node), in memory "
          + "(`dynalite --port N`)";
      case "dynalite-server-disk" -> "dynalite " + ServerProcess.DYNALITE_VERSION + " server process (Node), on disk "
          + "(`dynalite --port N --path tempdir`, LevelDB; writes are not synced)";
      default -> throw new IllegalArgumentException("unknown target " + name + "; known: " + ALL);
    };
  }

  /** A running target: its client, and its server process when it has one. */
  interface Target extends AutoCloseable {
    String name();

    DynamoDbClient client();

    /** The server process, or null for an in-process target. */
    ServerProcess server();

    @Override
    void close();
  }

  static Target open(String name) throws IOException, InterruptedException {
    describe(name);
    Path dir = name.endsWith("-disk") ? Files.createTempDirectory("sidebyside-" + name + "-") : null;
    boolean disk = dir != null;
    if (name.startsWith("partita-embedded")) {
      DynamoDbClient client = disk ? PartitaDynamoDb.open(dir) : PartitaDynamoDb.inMemory();
      return target(name, client, null, client::close, dir);
    }
    ServerProcess server;
    if (name.startsWith("partita-")) {
      server = ServerProcess.partita(dir);
      server.watchAllocation(); // dynalite's is Node's: no JVM to ask
    } else {
      server = ServerProcess.dynalite(dir);
    }
    DynamoDbClient client = overHttp(server.endpoint());
    return target(name, client, server, () -> {
      client.close();
      server.close();
    }, dir);
  }

  /** The SDK over HTTP with Apache's client: one pooled keep-alive connection per client thread, no retries. */
  static DynamoDbClient overHttp(URI endpoint) {
    return DynamoDbClient.builder()
        .endpointOverride(endpoint)
        .region(Region.US_EAST_1)
        .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("bench", "bench-secret")))
        .httpClient(ApacheHttpClient.builder().maxConnections(64).connectionTimeout(Duration.ofSeconds(5))
            .socketTimeout(Duration.ofSeconds(60)).build())
        .overrideConfiguration(c -> c.retryStrategy(AwsRetryStrategy.doNotRetry()))
        .build();
  }

  private static Target target(String name, DynamoDbClient client, ServerProcess server, Runnable close, Path dir) {
    return new Target() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public DynamoDbClient client() {
        return client;
      }

      @Override
      public ServerProcess server() {
        return server;
      }

      @Override
      public void close() {
        try {
          close.run();
        } finally {
          if (dir != null) {
            deleteTree(dir);
          }
        }
      }
    };
  }

  static void deleteTree(Path dir) {
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
