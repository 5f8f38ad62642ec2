package io.partita.engine.ops;

import io.partita.engine.PartitaException;
import io.partita.engine.expr.ExpressionContext;
import io.partita.engine.expr.Projection;
import io.partita.engine.table.IndexDef;
import io.partita.engine.table.TableDef;
import software.amazon.awssdk.services.dynamodb.model.Select;

/** The parameters Query and Scan share: Select, Limit, IndexName and ProjectionExpression. */
final class ReadParams {
  private ReadParams() {}

  /** Select must name one of DynamoDB's values (a constraint, checked with the request's other constraints). */
  static void checkSelectName(Select select, String selectRaw) {
    if (select == Select.UNKNOWN_TO_SDK_VERSION) {
      Constraints.check().oneOf(selectRaw, true, "select",
          "[SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]").done();
    }
  }

  /**
   * Whether Select asks for the count only, after DynamoDB's checks of Select against the
   * projection (DynamoDB Local makes them after the expressions and ExclusiveStartKey).
   */
  static boolean countOnly(Select select, String selectRaw, String projectionExpression, String indexName) {
    checkSelectName(select, selectRaw);
    if (select == null) {
      return false;
    }
    boolean projected = projectionExpression != null;
    switch (select) {
      case COUNT -> {
        if (projected) {
          throw PartitaException.validation("Cannot specify the ProjectionExpression when choosing to get only the Count");
        }
        return true;
      }
      case ALL_ATTRIBUTES -> {
        if (projected) {
          throw PartitaException.validation("Cannot specify the ProjectionExpression when choosing to get ALL_ATTRIBUTES");
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

  /**
   * Refuses {@code IndexName}: an unknown index as DynamoDB does, and a known one because indexes are
   * stored and described but not maintained yet, so a read of one would answer wrongly.
   */
  static void refuseIndex(TableDef table, String indexName) {
    if (indexName == null) {
      return;
    }
    boolean known = table.globalIndexes().stream().map(IndexDef::name).anyMatch(indexName::equals)
        || table.localIndexes().stream().map(IndexDef::name).anyMatch(indexName::equals);
    if (!known) {
      throw PartitaException.validation("The table does not have the specified index: " + indexName);
    }
    throw PartitaException.validation("Partita does not maintain secondary indexes yet, so index " + indexName
        + " cannot be read; query the table itself");
  }

  static Projection projection(ExpressionContext expressions, String projectionExpression) {
    return projectionExpression == null ? null : expressions.projection(projectionExpression);
  }
}
