/**
 * The engine in the application's own process, behind the AWS SDK's interfaces: {@code
 * PartitaDynamoDb} hands out a {@code DynamoDbClient} (and {@code PartitaDynamoDbStreams} a streams
 * client) that calls the engine directly, with DynamoDB's exceptions and HTTP statuses. Uses the
 * engine's public API only.
 */
package io.partita.embedded;
