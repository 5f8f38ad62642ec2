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

  /** The reference: a naive model of Amazon DynamoDB's item semantics, sharing no code with the engine. */
  static DynamoDbClient oracle() {
    return new io.partita.embedded.oracle.model.ModelDynamoDb();
  }
}
