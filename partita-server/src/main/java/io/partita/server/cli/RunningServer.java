package io.partita.server.cli;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The options of the commands that work on a data folder or, given {@code --endpoint URL}, on a
 * running server instead ({@code seed}, {@code export}, {@code import}): a picocli mixin, so each
 * says and checks the same. The server is reached through the AWS SDK's DynamoDbClient as any client
 * reaches it, signed with the keys given, else the environment's AWS credentials, else placeholder
 * ones that a server without credentials accepts.
 */
final class RunningServer {
  @Option(names = "--endpoint", paramLabel = "URL",
      description = "Work on a running server at URL (e.g. http://127.0.0.1:8000) instead of a data folder, through"
          + " the AWS SDK: requests signed with --access-key/--secret-key, else the environment's AWS credentials,"
          + " else placeholder ones that a server without credentials accepts.")
  URI endpoint;

  @Option(names = "--region", paramLabel = "REGION",
      description = "With --endpoint: the region to sign for (default: AWS_REGION, AWS_DEFAULT_REGION or us-east-1).")
  String region;

  @Option(names = "--access-key", paramLabel = "ID", description = "With --endpoint: the access key id to sign with.")
  String accessKey;

  @Option(names = "--secret-key", paramLabel = "SECRET", description = "With --endpoint: the secret of --access-key.")
  String secretKey;

  /** Whether any of these options was given: the command is to work on a server. */
  boolean chosen() {
    return endpoint != null || region != null || accessKey != null || secretKey != null;
  }

  /**
   * What is wrong with the options given, in one line, or null: {@code --data} or {@code --s3-root}
   * (options of {@code spec}'s command) and {@code --endpoint} name two places to work on.
   */
  private String misuse(CommandSpec spec) {
    if (endpoint == null) {
      return "--region, --access-key and --secret-key go with --endpoint URL";
    }
    for (String local : new String[] {"--data", "--s3-root"}) {
      if (spec.commandLine().getParseResult().hasMatchedOption(local)) {
        return local + " and --endpoint cannot be given together: " + spec.name() + " a data folder, or a running"
            + " server";
      }
    }
    if (!("http".equals(endpoint.getScheme()) || "https".equals(endpoint.getScheme())) || endpoint.getHost() == null) {
      return "--endpoint must be a URL such as http://127.0.0.1:8000, not '" + endpoint + "'";
    }
    if ((accessKey == null) != (secretKey == null)) {
      return "--access-key and --secret-key must be given together";
    }
    return null;
  }

  /** A client of the server at {@code --endpoint}; the caller closes it. */
  private DynamoDbClient client() {
    return DynamoDbClient.builder().endpointOverride(endpoint).region(Region.of(AwsEnvironment.region(region)))
        .credentialsProvider(credentials())
        .httpClient(UrlConnectionHttpClient.builder().connectionTimeout(Duration.ofSeconds(5))
            .socketTimeout(Duration.ofMinutes(2)).build())
        .build();
  }

  /** A command's work on a server's client. */
  interface Work {
    int run(DynamoDbClient dynamo) throws IOException, InterruptedException;
  }

  /**
   * Runs {@code work} on a client of the server, answering its exit code; options that do not go
   * together, and a server that does not answer, are said in one line ({@code partita COMMAND: ...},
   * exit 1).
   */
  int run(CommandSpec spec, ProgressBar bar, Work work) throws IOException, InterruptedException {
    String misuse = misuse(spec);
    if (misuse != null) {
      return fail(spec, bar, misuse);
    }
    try (DynamoDbClient dynamo = client()) {
      return work.run(dynamo);
    } catch (SdkClientException e) {
      return fail(spec, bar, "no answer from " + endpoint + " (is `partita serve` running there?): " + e.getMessage());
    }
  }

  /** Says {@code message} as {@code spec}'s command's one line of failure; answers its exit code, 1. */
  static int fail(CommandSpec spec, ProgressBar bar, String message) {
    bar.finish();
    spec.commandLine().getErr().println("partita " + spec.name() + ": " + message);
    return 1;
  }

  private AwsCredentialsProvider credentials() {
    if (accessKey != null) {
      return StaticCredentialsProvider.create(AwsBasicCredentials.create(accessKey, secretKey));
    }
    AwsCredentials environment = AwsEnvironment.credentials();
    // none in the environment: a server started without credentials accepts any signature
    return StaticCredentialsProvider.create(environment != null ? environment
        : AwsBasicCredentials.create("partita", "partita"));
  }
}
