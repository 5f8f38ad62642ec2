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

  /** Every target, in the order they run; Partita's and DynamoDB Local's counterparts side by side. */
  static final List<String> ALL = List.of(
      "partita-embedded-mem", "ddblocal-embedded-mem",
      "partita-embedded-disk", "ddblocal-embedded-disk",
      "partita-server-mem", "ddblocal-server-mem",
      "partita-server-disk", "ddblocal-server-disk");

  /** The DynamoDB Local target a Partita target is compared with, and back. */
  static String counterpart(String name) {
    return name.startsWith("partita-") ? "ddblocal-" + name.substring(8) : "partita-" + name.substring(9);
  }

  static String describe(String name) {
    return switch (name) {
      case "partita-embedded-mem" -> "Partita embedded, in memory (`PartitaDynamoDb.inMemory()`)";
      case "partita-embedded-disk" -> "Partita embedded, on disk (`PartitaDynamoDb.open(tempdir)`, every write synced)";
      case "ddblocal-embedded-mem" -> "DynamoDB Local embedded, in memory (`DynamoDBEmbedded.create().dynamoDbClient()`)";
      case "ddblocal-embedded-disk" -> "DynamoDB Local embedded, on disk (`DynamoDBEmbedded.create(tempdir)`)";
      case "partita-server-mem" -> "Partita server process, in memory (`./partita serve --in-memory`)";
      case "partita-server-disk" -> "Partita server process, on disk (`./partita serve --data tempdir`)";
      case "ddblocal-server-mem" -> "DynamoDB Local server process, in memory (`ServerRunner -inMemory`)";
      case "ddblocal-server-disk" -> "DynamoDB Local server process, on disk (`ServerRunner -dbPath tempdir`)";
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
    if (name.startsWith("ddblocal-embedded")) {
      throw new UnsupportedOperationException("DynamoDB Local is no longer a target (issue 12)");
    }
    ServerProcess server = name.startsWith("partita-")
        ? ServerProcess.partita(dir) : ServerProcess.dynamoDbLocal(dir);
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
