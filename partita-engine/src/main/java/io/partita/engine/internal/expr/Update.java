package io.partita.engine.internal.expr;

import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A bound update expression. */
public interface Update {
  /**
   * Applies the update to a copy of {@code item} (null or empty when the item does not exist) and
   * returns the new item. Throws a ValidationException for DynamoDB's runtime errors.
   */
  Map<String, AttributeValue> apply(Map<String, AttributeValue> item);

  /**
   * Whether every action of the update removes (REMOVE, DELETE): such an update makes no item of a
   * missing one, where any other update, an empty one included, creates the item (scylladb's
   * test_update_item_non_existent, run against the service).
   */
  boolean onlyRemoves();

  /** Top-level attribute names this update touches. */
  Set<String> topLevelAttributes();

  /** A projection of exactly the paths this update touches (ReturnValues UPDATED_OLD / UPDATED_NEW). */
  Projection updatedPaths();
}
