package io.partita.engine.internal.ops.read;

import io.partita.engine.PartitaException;
import io.partita.engine.internal.expr.Projection;
import io.partita.engine.internal.ops.request.IndexEntries;
import io.partita.engine.internal.table.IndexDef;
import io.partita.engine.internal.table.TableDef;
import software.amazon.awssdk.services.dynamodb.model.Select;

/** The parameters Query and Scan share: Select, Limit and IndexName (the projection is RequestParams'). */
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

  /** The index named by {@code IndexName}, or null for none; an unknown name is refused as DynamoDB does. */
  static IndexDef index(TableDef table, String indexName) {
    if (indexName == null) {
      return null;
    }
    for (IndexDef index : IndexEntries.indexes(table)) {
      if (index.name().equals(indexName)) {
        if (index.backfilling()) {
          throw PartitaException.validation("Cannot read from backfilling global secondary index: " + indexName);
        }
        return index;
      }
    }
    throw PartitaException.validation("The table does not have the specified index: " + indexName);
  }

  /** Checks a read of an index against its kind and projection; answers whether to return only the count. */
  static void checkIndexRead(IndexDef index, Select select, boolean consistentRead, Projection projection,
      java.util.Set<String> projected) {
    if (index == null) {
      return;
    }
    if (index.global() && consistentRead) {
      throw PartitaException.validation("Consistent reads are not supported on global secondary indexes");
    }
    if (select == Select.ALL_ATTRIBUTES && projected != null && index.global()) {
      throw PartitaException.validation("One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not "
          + "supported for global secondary index " + index.name() + " because its projection type is not ALL");
    }
    if (projection != null && projected != null && index.global()) {
      java.util.List<String> missing = projection.topLevelAttributes().stream()
          .filter(a -> !projected.contains(a)).sorted().toList();
      if (!missing.isEmpty()) {
        throw PartitaException.validation("One or more parameter values were invalid: Global secondary index "
            + index.name() + " does not project " + missing);
      }
    }
  }

  /** The attributes an index holds, or null when it projects all of them. */
  static java.util.Set<String> projected(TableDef table, IndexDef index) {
    if (index == null || index.projection() == software.amazon.awssdk.services.dynamodb.model.ProjectionType.ALL) {
      return null;
    }
    java.util.Set<String> names = new java.util.HashSet<>(keyNames(table, index));
    names.addAll(index.nonKeyAttributes());
    return names;
  }

  /** The key attributes of what is read: the table's, or the index's followed by the table's. */
  static java.util.List<String> keyNames(TableDef table, IndexDef index) {
    java.util.List<String> names = new java.util.ArrayList<>();
    if (index != null) {
      IndexEntries.keys(index).forEach(k -> names.add(k.name()));
    }
    for (String n : tableKeyNames(table)) {
      if (!names.contains(n)) {
        names.add(n);
      }
    }
    return names;
  }

  static java.util.List<String> tableKeyNames(TableDef table) {
    return table.range() == null ? java.util.List.of(table.hash().name())
        : java.util.List.of(table.hash().name(), table.range().name());
  }

  /** Which projection parameter a read gave, for Select's messages; null for none. */
  static String projectionParameter(String projectionExpression, boolean hasAttributesToGet) {
    return hasAttributesToGet ? "AttributesToGet" : projectionExpression != null ? "ProjectionExpression" : null;
  }
}
