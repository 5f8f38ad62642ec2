package io.partita.spring;

import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/**
 * Changes the builder of the remote-mode {@code DynamoDbClient} before it is built, after the {@code partita.*}
 * properties were applied: an HTTP client of the application's choice, timeouts, retry strategy, metrics publishers.
 * Every bean of this type is applied, in {@code @Order}.
 */
@FunctionalInterface
public interface DynamoDbClientBuilderCustomizer {
  void customize(DynamoDbClientBuilder builder);
}
