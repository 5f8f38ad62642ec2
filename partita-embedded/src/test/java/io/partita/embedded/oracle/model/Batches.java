package io.partita.embedded.oracle.model;

import software.amazon.awssdk.services.dynamodb.model.*;

/** BatchGetItem and BatchWriteItem. */
final class Batches {
  private final ModelDynamoDb db;

  Batches(ModelDynamoDb db) {
    this.db = db;
  }

  BatchGetItemResponse get(BatchGetItemRequest r) {
    throw new UnsupportedOperationException();
  }

  BatchWriteItemResponse write(BatchWriteItemRequest r) {
    throw new UnsupportedOperationException();
  }
}
