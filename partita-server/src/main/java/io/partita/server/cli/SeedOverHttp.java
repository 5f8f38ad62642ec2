package io.partita.server.cli;

import io.partita.engine.internal.transfer.ItemFiles;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.function.LongConsumer;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProviderChain;
import software.amazon.awssdk.auth.credentials.EnvironmentVariableCredentialsProvider;
import software.amazon.awssdk.auth.credentials.ProfileCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.auth.credentials.SystemPropertyCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * {@code partita seed --endpoint URL}: the same items into a running server, through the AWS SDK's DynamoDbClient
 * as any client sends them (BatchWriteItem, 25 at a time, what comes back unprocessed sent again), signed with the
 * credentials given (--access-key/--secret-key), else the environment's (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY,
 * or the AWS profile), else placeholder ones that a server without credentials accepts.
 */
final class SeedOverHttp implements AutoCloseable {
  private static final int MAX_UNPROCESSED_ROUNDS = 20;
  private final DynamoDbClient dynamo;

  SeedOverHttp(URI endpoint, String region, String accessKey, String secretKey) {
    this.dynamo = DynamoDbClient.builder().endpointOverride(endpoint).region(Region.of(region))
        .credentialsProvider(credentials(accessKey, secretKey))
        .httpClient(UrlConnectionHttpClient.builder().connectionTimeout(Duration.ofSeconds(5))
            .socketTimeout(Duration.ofMinutes(2)).build())
        .build();
  }

  static String region(String given) {
    if (given != null) {
      return given;
    }
    String env = System.getenv("AWS_REGION");
    if (env == null || env.isBlank()) {
      env = System.getenv("AWS_DEFAULT_REGION");
    }
    return env == null || env.isBlank() ? "us-east-1" : env;
  }

  private static AwsCredentialsProvider credentials(String accessKey, String secretKey) {
    if (accessKey != null) {
      return StaticCredentialsProvider.create(AwsBasicCredentials.create(accessKey, secretKey));
    }
    try (var chain = AwsCredentialsProviderChain.builder().reuseLastProviderEnabled(false)
        .credentialsProviders(SystemPropertyCredentialsProvider.create(), EnvironmentVariableCredentialsProvider.create(),
            ProfileCredentialsProvider.create()).build()) {
      return StaticCredentialsProvider.create(chain.resolveCredentials());
    } catch (RuntimeException e) {
      // none in the environment: a server started without credentials accepts any signature
      return StaticCredentialsProvider.create(AwsBasicCredentials.create("partita", "partita"));
    }
  }

  /** Whether the table is there; else it is created when {@code key} is given, and waited for. */
  void createIfMissing(String table, KeyAttribute key, KeyAttribute sort, URI endpoint) throws InterruptedException {
    try {
      dynamo.describeTable(b -> b.tableName(table));
      return;
    } catch (ResourceNotFoundException e) {
      if (key == null) {
        throw new IllegalStateException("There is no table " + table + " at " + endpoint
            + "; give --key NAME:TYPE (and --sort) to create it");
      }
    }
    List<KeySchemaElement> keys = new java.util.ArrayList<>();
    List<AttributeDefinition> definitions = new java.util.ArrayList<>();
    keys.add(KeySchemaElement.builder().attributeName(key.name()).keyType(KeyType.HASH).build());
    definitions.add(key.definition());
    if (sort != null) {
      keys.add(KeySchemaElement.builder().attributeName(sort.name()).keyType(KeyType.RANGE).build());
      definitions.add(sort.definition());
    }
    dynamo.createTable(b -> b.tableName(table).keySchema(keys).attributeDefinitions(definitions)
        .billingMode(BillingMode.PAY_PER_REQUEST));
    // Partita's table is ACTIVE at once; another endpoint's may take a moment
    for (int i = 0; i < 600; i++) {
      if (dynamo.describeTable(b -> b.tableName(table)).table().tableStatus() == TableStatus.ACTIVE) {
        return;
      }
      Thread.sleep(100);
    }
    throw new IllegalStateException("table " + table + " was created at " + endpoint + " but is not ACTIVE after a minute");
  }

  long seed(String table, InputStream in, LongConsumer written) throws IOException {
    return ItemFiles.seed(this::write, table, in, written);
  }

  /** One batch, and again what the server leaves unprocessed (throttled), backing off a little more each round. */
  private void write(BatchWriteItemRequest request) {
    BatchWriteItemRequest next = request;
    for (int round = 0; ; round++) {
      BatchWriteItemResponse r = dynamo.batchWriteItem(next);
      if (!r.hasUnprocessedItems() || r.unprocessedItems().isEmpty()) {
        return;
      }
      if (round == MAX_UNPROCESSED_ROUNDS) {
        throw new IllegalStateException("the server left items unprocessed " + MAX_UNPROCESSED_ROUNDS
            + " times in a row (throttled?); try again later");
      }
      try {
        Thread.sleep(Math.min(2000, 50L << Math.min(round, 6)));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted");
      }
      next = BatchWriteItemRequest.builder().requestItems(r.unprocessedItems()).build();
    }
  }

  @Override
  public void close() {
    dynamo.close();
  }
}
