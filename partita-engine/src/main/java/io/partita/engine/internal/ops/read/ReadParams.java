package io.partita.engine.internal.ops.read;

import io.partita.engine.PartitaException;
import software.amazon.awssdk.services.dynamodb.model.Select;

/** The parameters Query and Scan share: Select and Limit (IndexName is ReadSource's, the projection RequestParams'). */
final class ReadParams {
  private ReadParams() {}

  /**
   * Whether Select asks for the count only, after DynamoDB's checks of Select against the
   * projection (Partita makes them after the expressions and ExclusiveStartKey). {@code
   * projectionParameter} names the projection given, {@code ProjectionExpression} or {@code
   * AttributesToGet}, or is null; the messages name it (dynalite's record of the service).
   */
  static boolean countOnly(Select select, String selectRaw, String projectionParameter, String indexName) {
    if (select == null) {
      return false;
    }
    boolean projected = projectionParameter != null;
    switch (select) {
      case COUNT -> {
        if (projected) {
          throw PartitaException.validation("Cannot specify the " + projectionParameter
              + " when choosing to get only the Count");
        }
        return true;
      }
      case ALL_ATTRIBUTES -> {
        if (projected) {
          throw PartitaException.validation("Cannot specify the " + projectionParameter
              + " when choosing to get ALL_ATTRIBUTES");
        }
      }
      case SPECIFIC_ATTRIBUTES -> {
        if (!projected) {
          throw PartitaException.validation(
              "Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES");
        }
      }
      case ALL_PROJECTED_ATTRIBUTES -> {
        if (indexName == null) {
          throw PartitaException.validation("ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName");
        }
      }
      default -> throw new IllegalStateException("unhandled Select " + select);
    }
    return false;
  }

  /** {@code Limit}: at least 1; absent means no limit but DynamoDB's 1 MB page. */
  static int limit(Integer limit) {
    if (limit == null) {
      return Integer.MAX_VALUE;
    }
    if (limit < 1) {
      throw PartitaException.validation("Limit must be greater than or equal to 1");
    }
    return limit;
  }

  /** Which projection parameter a read gave, for Select's messages; null for none. */
  static String projectionParameter(String projectionExpression, boolean hasAttributesToGet) {
    return hasAttributesToGet ? "AttributesToGet" : projectionExpression != null ? "ProjectionExpression" : null;
  }
}
