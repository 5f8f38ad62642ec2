package io.partita.embedded.oracle;

import io.partita.embedded.PartitaDynamoDb;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Where the differential tests get their two clients from. */
final class Subjects {
  private Subjects() {}

  /** The system under test. */
  static DynamoDbClient partita() {
    return PartitaDynamoDb.inMemory();
  }

  /** The reference: not yet written (the reference model replaces DynamoDB Local here). */
  static DynamoDbClient oracle() {
    org.junit.jupiter.api.Assumptions.abort("the reference model is not written yet");
    return null;
  }
}
