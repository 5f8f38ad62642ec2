package io.partita.embedded.oracle.model;

import software.amazon.awssdk.services.dynamodb.model.*;

/** TransactWriteItems and TransactGetItems. */
final class Transactions {
  private final ModelDynamoDb db;

  Transactions(ModelDynamoDb db) {
    this.db = db;
  }

  TransactWriteItemsResponse write(TransactWriteItemsRequest r) {
    throw new UnsupportedOperationException();
  }

  TransactGetItemsResponse get(TransactGetItemsRequest r) {
    throw new UnsupportedOperationException();
  }
}
