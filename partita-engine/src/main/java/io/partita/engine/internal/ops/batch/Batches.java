package io.partita.engine.internal.ops.batch;

import io.partita.engine.PartitaException;
import io.partita.engine.internal.ops.request.ApiConstraints;

/** What BatchGetItem and BatchWriteItem share: their request-level checks. */
final class Batches {
  static final String DUPLICATES = "Provided list of item keys contains duplicates";

  private Batches() {}

  /**
   * A table name or ARN of RequestItems. Partita's own message: Amazon DynamoDB reports a map-key
   * constraint of {@code requestItems} that quotes the whole request map, which cannot be
   * reproduced faithfully.
   */
  static void checkTableName(String name) {
    if (name != null && ApiConstraints.isTableArn(name)) {
      // a table's ARN, as RequestItems' keys may be (the model's TableArn): judged when the table is looked up
      if (name.length() > ApiConstraints.MAX_TABLE_ARN) {
        throw PartitaException.validation("Invalid table ARN: a table ARN has at most " + ApiConstraints.MAX_TABLE_ARN
            + " characters");
      }
      return;
    }
    if (name == null || name.length() < 3 || name.length() > 255 || !ApiConstraints.isNameText(name)) {
      throw PartitaException.validation("Invalid table/index name.  Table/index names must be between 3 and 255 "
          + "characters long, and may contain only the characters a-z, A-Z, 0-9, '_', '-', and '.'");
    }
  }
}
