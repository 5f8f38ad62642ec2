package io.partita.engine.ops;

import io.partita.engine.PartitaException;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/** What BatchGetItem and BatchWriteItem share: their request-level checks. */
final class Batches {
  private static final Pattern TABLE_NAME = Pattern.compile("[a-zA-Z0-9_.-]{3,255}");

  static final String DUPLICATES = "Provided list of item keys contains duplicates";

  private Batches() {}

  /**
   * A table name of RequestItems. Partita's own message: Amazon DynamoDB reports a map-key
   * constraint of {@code requestItems} that quotes the whole request map, which cannot be
   * reproduced faithfully.
   */
  static void checkTableName(String name) {
    if (name == null || !TABLE_NAME.matcher(name).matches()) {
      throw PartitaException.validation("Invalid table/index name.  Table/index names must be between 3 and 255 "
          + "characters long, and may contain only the characters a-z, A-Z, 0-9, '_', '-', and '.'");
    }
  }

  static boolean capacityAsked(ReturnConsumedCapacity mode) {
    return mode != null && mode != ReturnConsumedCapacity.NONE;
  }
}
