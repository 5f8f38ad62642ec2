package io.partita.server.cli;

import io.partita.engine.internal.transfer.ItemFiles;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.LongConsumer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * {@code partita seed}'s work through a DynamoDbClient: the embedded one over a data folder, or one of a running
 * server ({@link RunningServer#client}), so both ways send the same requests as any client sends them
 * (BatchWriteItem, 25 at a time, what comes back unprocessed sent again).
 */
final class Seeding {
  private static final int MAX_UNPROCESSED_ROUNDS = 20;
  private final DynamoDbClient dynamo;
  /** Where the table is, for messages: {@code in DIR} or {@code at URL}. */
  private final String where;

  Seeding(DynamoDbClient dynamo, String where) {
    this.dynamo = dynamo;
    this.where = where;
  }

  /** Whether the table is there; else it is created when {@code key} is given, and waited for. */
  void createIfMissing(String table, KeyAttribute key, KeyAttribute sort) throws InterruptedException {
    try {
      dynamo.describeTable(b -> b.tableName(table));
      return;
    } catch (ResourceNotFoundException e) {
      if (key == null) {
        throw new IllegalStateException("There is no table " + table + " " + where
            + "; give --key NAME:TYPE (and --sort) to create it");
      }
    }
    dynamo.createTable(b -> b.tableName(table).keySchema(KeyAttribute.keySchema(key, sort))
        .attributeDefinitions(KeyAttribute.definitions(key, sort)).billingMode(BillingMode.PAY_PER_REQUEST));
    // Partita's table is ACTIVE at once; another endpoint's may take a moment
    for (int i = 0; i < 600; i++) {
      if (dynamo.describeTable(b -> b.tableName(table)).table().tableStatus() == TableStatus.ACTIVE) {
        return;
      }
      Thread.sleep(100);
    }
    throw new IllegalStateException("table " + table + " was created " + where + " but is not ACTIVE after a minute");
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
}
