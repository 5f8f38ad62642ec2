package io.partita.embedded.oracle;

import com.amazonaws.services.dynamodbv2.local.embedded.DynamoDBEmbedded;

import io.partita.embedded.PartitaDynamoDb;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Where the differential tests get their two clients from. */
final class Subjects {
  private Subjects() {}

  /** The system under test. */
  static DynamoDbClient partita() {
    return PartitaDynamoDb.inMemory();
  }

  /**
   * The reference: Amazon's DynamoDB Local 2.6.1, in-process. Known differences from Amazon DynamoDB (see
   * docs/dynamodb-messages.md): table names are effectively case-insensitive (creating `PROBE` next to `probe` fails with
   * a raw sqlite exception), numbers nested inside M and L come back in the spelling they were written in (top-level N
   * and NS are normalized), and an attribute named {@code null} comes back duplicated as {@code nul}.
   */
  static DynamoDbClient oracle() {
    return DynamoDBEmbedded.create().dynamoDbClient();
  }
}
