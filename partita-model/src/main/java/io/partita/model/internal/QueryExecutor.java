package io.partita.model.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;

import io.partita.model.AccessPattern.SortOp;
import io.partita.model.Key;
import io.partita.model.ValidationException;
import io.partita.model.internal.RecordMapper.Field;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * Runs one access pattern with one set of values: builds the GetItem or Query request once (key condition,
 * filter, projection, all through placeholders), then reads pages on demand. Items are decoded through {@link
 * Recognition}: items of the model's entities the query does not return are skipped and counted, never decoded as
 * something else; an item of no entity is Recognition's error (or skipped and counted when the client skips foreign
 * items).
 */
public final class QueryExecutor<R> {

  /** One page: the decoded items, how many items were skipped, and where to continue (null at the end). */
  public record Result<R>(List<R> items, int skipped, Map<String, AttributeValue> next) {}

  private final PatternModel pattern;
  private final Class<R> type;
  private final QuerySettings settings;
  private final Dynamo db;
  private final String tableName;
  private final Recognition recognition;
  private final Map<String, EntityModel<?>> byTypeName;
  private final boolean lenient;
  private final List<String> keyAttributes = new ArrayList<>();
  private final QueryRequest query;
  private final GetItemRequest get;
  private final String identity;

  public QueryExecutor(PatternModel pattern, Class<R> type, QuerySettings settings, Dynamo db,
      String tableName, String tablePartitionKey, String tableSortKey, Recognition recognition) {
    this.pattern = pattern;
    this.type = type;
    this.settings = settings;
    this.db = db;
    this.tableName = tableName;
    this.recognition = recognition;
    String typeAttribute = recognition.typeAttribute();
    this.byTypeName = pattern.byTypeName();
    this.lenient = !settings.projection().isEmpty();
    EntityModel<?> keys = pattern.keyEntity();
    KeyShape shape = pattern.shape();
    String label = "Access pattern '" + pattern.name() + "'";
    SortOp op = checkSettings(label, keys, shape);
    keys.keyAttributes(keyAttributes);
    if (!keyAttributes.contains(tablePartitionKey)) {
      keyAttributes.add(tablePartitionKey);
    }
    if (tableSortKey != null && !keyAttributes.contains(tableSortKey)) {
      keyAttributes.add(tableSortKey);
    }
    Expressions x = new Expressions();
    String projection = settings.projection().isEmpty() ? null
        : projection(x, shape, typeAttribute, tablePartitionKey, tableSortKey);
    String pkText = keys.render(pattern.partition(), settings.partition(), false);
    // a sort template may repeat a partition field (USER#{username} / USER#{username}): one value serves both
    Key sortValues = merge(settings.partition(), settings.sort());
    Key sortHigh = settings.sortHigh() == null ? null : merge(settings.partition(), settings.sortHigh());
    if (PatternModel.getItem(shape, op)) {
      if (settings.filter() != null) {
        throw new ValidationException(label + " is served by GetItem, which takes no filter", null, null);
      }
      Map<String, AttributeValue> key = new LinkedHashMap<>();
      key.put(shape.partitionKey(), AttributeValue.fromS(pkText));
      if (op == SortOp.EQ) {
        key.put(shape.sortKey(), AttributeValue.fromS(keys.render(pattern.sort(), sortValues, false)));
      }
      GetItemRequest.Builder b = GetItemRequest.builder().tableName(tableName).key(key)
          .consistentRead(settings.consistentRead());
      if (projection != null) {
        b.projectionExpression(projection).expressionAttributeNames(x.names());
      }
      this.get = b.build();
      this.query = null;
      this.identity = "get\n" + pattern.name() + "\n" + new TreeMap<>(key) + "\n" + projection;
      return;
    }
    String keyCondition = keyCondition(x, keys, shape, op, pkText, sortValues, sortHigh);
    String filter = settings.filter() == null ? null
        : x.condition(settings.filter(), pattern.entities(), tablePartitionKey);
    this.query = queryRequest(x, shape, keyCondition, filter, projection);
    this.get = null;
    // the limit is not part of the identity: a caller may change the page size between pages
    this.identity = "query\n" + pattern.name() + "\n" + shape.label() + "\n" + keyCondition + "\n" + filter + "\n"
        + projection + "\n" + new TreeMap<>(x.names()) + "\n" + new TreeMap<>(x.values()) + "\n"
        + settings.descending();
  }

  /** The settings checked against the pattern; the sort condition this query uses (null: none). */
  private SortOp checkSettings(String label, EntityModel<?> keys, KeyShape shape) {
    if (settings.consistentRead() && !shape.isTable() && !shape.local()) {
      throw new ValidationException(label + ": consistent reads are not supported on global index "
          + shape.index(), null, null);
    }
    keys.checkKeyFields(settings.partition(), new HashSet<>(pattern.partitionFields()),
        "partition template" + (pattern.partitions().size() > 1 ? "s " + pattern.partitions() : " '"
        + pattern.partition() + "'") + " of access pattern '" + pattern.name() + "'");
    Set<String> sortFields = new HashSet<>(pattern.sortFields());
    if (settings.sort() != null) {
      keys.checkKeyFields(settings.sort(), sortFields, "sort template of access pattern '" + pattern.name() + "'");
    }
    if (settings.sortHigh() != null) {
      keys.checkKeyFields(settings.sortHigh(), sortFields,
          "sort template of access pattern '" + pattern.name() + "'");
    }
    boolean between = settings.sortHigh() != null;
    // the condition this query uses: the one it picked (sortBetween picks BETWEEN), else the pattern's default
    SortOp op = pattern.sortOp(settings.sortOp() != null ? settings.sortOp() : between ? SortOp.BETWEEN : null);
    if (between != (op == SortOp.BETWEEN)) {
      throw new ValidationException(label + " has sort condition " + op + "; "
          + (between ? "sortBetween does not apply" : "give both bounds with sortBetween(low, high)"), null, null);
    }
    if (op == null && settings.sort() != null) {
      throw new ValidationException(label + " has no sort key condition; sort values do not apply", null, null);
    }
    return op;
  }

  /** The projection: the fields asked for, the type attribute to decode by, and the keys a cursor is made of. */
  private String projection(Expressions x, KeyShape shape, String typeAttribute, String tablePartitionKey,
      String tableSortKey) {
    Set<String> attributes = new java.util.LinkedHashSet<>();
    for (String fieldName : settings.projection()) {
      attributes.add(projected(fieldName));
    }
    attributes.add(typeAttribute);
    for (EntityModel<?> e : pattern.entities()) {
      if (e.schemaStamp() != null) {
        attributes.add(e.schemaStamp().getKey()); // the version the upgrade steps start from
      }
    }
    attributes.addAll(shape.partitionKeys());
    attributes.addAll(shape.sortKeys());
    attributes.add(tablePartitionKey);
    if (tableSortKey != null) {
      attributes.add(tableSortKey);
    }
    StringBuilder p = new StringBuilder();
    for (String a : attributes) {
      p.append(p.length() == 0 ? "" : ", ").append(x.name(a));
    }
    return p.toString();
  }

  /** The key condition: = on the partition attributes (and leading sort attributes), then the sort condition. */
  private String keyCondition(Expressions x, EntityModel<?> keys, KeyShape shape, SortOp op, String pkText,
      Key sortValues, Key sortHigh) {
    StringBuilder keyCondition = new StringBuilder();
    keyCondition.append(x.name(shape.partitionKey())).append(" = ").append(x.value(AttributeValue.fromS(pkText)));
    // a multi-attribute key: = on every other partition attribute, and on each sort attribute before the last used
    for (int i = 1; i < pattern.partitions().size(); i++) {
      keyCondition.append(" AND ").append(x.name(shape.partitionKeys().get(i))).append(" = ").append(x.value(
          AttributeValue.fromS(keys.render(pattern.partitions().get(i), settings.partition(), false))));
    }
    for (int i = 0; op != null && i < pattern.sorts().size() - 1; i++) {
      keyCondition.append(" AND ").append(x.name(shape.sortKeys().get(i))).append(" = ").append(x.value(
          AttributeValue.fromS(keys.render(pattern.sorts().get(i), sortValues, false))));
    }
    // the attribute the sort condition applies to: the last sort attribute the pattern uses
    String sortAttribute = pattern.sorts().isEmpty() ? null : shape.sortKeys().get(pattern.sorts().size() - 1);
    if (op != null) {
      Key sortKey = sortValues;
      switch (op) {
        case BEGINS_WITH: {
          // a template that starts with a value not given ({at}) has no prefix: the whole partition,
          // and no name for the sort key (DynamoDB refuses a name the expressions do not use)
          String prefix = keys.render(pattern.sort(), sortKey, true);
          if (!prefix.isEmpty()) {
            keyCondition.append(" AND begins_with(").append(x.name(sortAttribute)).append(", ")
                .append(x.value(AttributeValue.fromS(prefix))).append(')');
          }
          break;
        }
        case BETWEEN:
          keyCondition.append(" AND ").append(x.name(sortAttribute)).append(" BETWEEN ")
              .append(x.value(AttributeValue.fromS(keys.render(pattern.sort(), sortKey, false)))).append(" AND ")
              .append(x.value(AttributeValue.fromS(keys.render(pattern.sort(), sortHigh, false))));
          break;
        default:
          keyCondition.append(" AND ").append(x.name(sortAttribute)).append(' ').append(symbol(op)).append(' ')
              .append(x.value(AttributeValue.fromS(keys.render(pattern.sort(), sortKey, false))));
      }
    }
    return keyCondition.toString();
  }

  private QueryRequest queryRequest(Expressions x, KeyShape shape, String keyCondition, String filter,
      String projection) {
    QueryRequest.Builder b = QueryRequest.builder().tableName(tableName)
        .keyConditionExpression(keyCondition)
        .expressionAttributeNames(x.names())
        .expressionAttributeValues(x.values())
        .scanIndexForward(!settings.descending())
        .consistentRead(settings.consistentRead());
    if (!shape.isTable()) {
      b.indexName(shape.index());
    }
    if (filter != null) {
      b.filterExpression(filter);
    }
    if (projection != null) {
      b.projectionExpression(projection);
    }
    if (settings.limit() != null) {
      b.limit(settings.limit());
    }
    return b.build();
  }

  private static Key merge(Key base, Key extra) {
    Key out = base;
    if (extra != null) {
      for (Map.Entry<String, Object> e : extra.values().entrySet()) {
        out = out.and(e.getKey(), e.getValue());
      }
    }
    return out;
  }

  private String projected(String fieldName) {
    for (EntityModel<?> e : pattern.entities()) {
      Field f = e.mapper().field(fieldName);
      if (f != null) {
        return f.stored();
      }
    }
    throw new ValidationException("Projection field " + fieldName + " is not a field of the entities of access"
        + " pattern '" + pattern.name() + "'", null, fieldName);
  }

  private static String symbol(SortOp op) {
    switch (op) {
      case EQ:
        return "=";
      case GT:
        return ">";
      case GTE:
        return ">=";
      case LT:
        return "<";
      default:
        return "<=";
    }
  }

  /** What a cursor is bound to. */
  public String identity() {
    return identity;
  }

  /**
   * Reads from {@code start} (null: the beginning) until the limit is reached, the data ends, or the request budget
   * is spent. When the limit is reached inside a DynamoDB page, {@code next} is the key of the last item taken, so
   * nothing is lost or read twice.
   */
  public CompletableFuture<Result<R>> fetch(Map<String, AttributeValue> start) {
    if (get != null) {
      if (start != null) {
        return CompletableFuture.completedFuture(new Result<>(new ArrayList<>(), 0, null));
      }
      return db.getItem(get).thenApply(response -> {
        List<R> items = new ArrayList<>();
        int skipped = 0;
        if (response.hasItem() && !response.item().isEmpty()) {
          R decoded = decode(response.item());
          if (decoded == null) {
            skipped++;
          } else {
            items.add(decoded);
          }
        }
        return new Result<>(items, skipped, null);
      });
    }
    return Paging.fetch(start, settings.limit(), settings.maxRequests(), from -> db.query(from == null ? query
        : query.toBuilder().exclusiveStartKey(from).build())
        .thenApply(r -> Paging.Response.of(r.items(), r.hasLastEvaluatedKey(), r.lastEvaluatedKey())),
        this::decode, this::keyOf);
  }

  private Map<String, AttributeValue> keyOf(Map<String, AttributeValue> item) {
    Map<String, AttributeValue> key = new LinkedHashMap<>();
    KeyShape shape = pattern.shape();
    for (String k : keyAttributes) {
      AttributeValue v = item.get(k);
      if (v != null && (shape.partitionKeys().contains(k) || shape.sortKeys().contains(k) || isTableKey(k))) {
        key.put(k, v);
      }
    }
    return key;
  }

  private boolean isTableKey(String attribute) {
    TemplateKey t = pattern.keyEntity().tableKey();
    return attribute.equals(t.shape().partitionKey()) || attribute.equals(t.shape().sortKey());
  }

  private R decode(Map<String, AttributeValue> item) {
    // an item of an entity this pattern does not return is skipped; one of no entity is recognition's to judge
    return type.cast(recognition.decode(item, e -> byTypeName.get(e.name()) == e, lenient));
  }

  public String tableName() {
    return tableName;
  }
}
