package io.partita.embedded.oracle.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Query and Scan, naively: every candidate (table item or index entry, derived from the table by a linear scan) is
 * listed in key order, then walked from the start key on until Limit items were evaluated or 1 MB was read
 * (Developer Guide, "Paginating table query results" and "... scan results").
 */
final class Reads {
  static final long PAGE_BYTES = 1024 * 1024;

  private final ModelDynamoDb db;

  Reads(ModelDynamoDb db) {
    this.db = db;
  }

  /** One candidate: its position in the read order, what the table or index holds for it, the table's item. */
  record Row(List<AttributeValue> order, Map<String, AttributeValue> visible, Map<String, AttributeValue> item, long size) {}

  private static List<Row> rows(Table t, Table.Index ix) {
    List<Row> rows = new ArrayList<>();
    for (Map<String, AttributeValue> item : t.items.values()) {
      if (ix == null) {
        rows.add(new Row(t.keyOf(item), item, item, Vals.size(item)));
      } else {
        Map<String, AttributeValue> e = t.entry(ix, item);
        if (e != null) rows.add(new Row(t.indexOrderKey(ix, e), e, item, Vals.size(e)));
      }
    }
    rows.sort((a, b) -> Table.compareKeys(a.order(), b.order()));
    return rows;
  }

  private static RuntimeException invalid(String m) {
    return Err.validation(m);
  }

  /**
   * Limit at least 1: Query's check is worded by the service's newer validation (no value, the
   * request's member name: recorded 2026, issue 34), Scan's still by the older.
   */
  private static void checkLimit(Integer limit, boolean query) {
    if (limit != null && limit < 1) {
      throw invalid("1 validation error detected: Value " + (query ? "" : "'" + limit + "' ") + "at '"
          + (query ? "Limit" : "limit") + "' failed to satisfy constraint: Member must have value greater than or equal to 1");
    }
  }

  private static Table.Index index(Table t, String name) {
    if (name == null) return null;
    Table.Index ix = t.index(name);
    if (ix == null) throw invalid("The table does not have the specified index: " + name);
    return ix;
  }

  /**
   * Select against the projection and the index; true for COUNT. {@code projectionParam} names the parameter that
   * projects (ProjectionExpression or AttributesToGet), null if none: the sentences name the one given.
   */
  private static boolean checkSelect(String select, String projectionParam, Table t, Table.Index ix) {
    return checkSelect(select, projectionParam, t, ix, true);
  }

  /** As above; without {@code indexChecks}, what Select asks of the index is left to {@link #checkIndexSelect}. */
  private static boolean checkSelect(String select, String projectionParam, Table t, Table.Index ix, boolean indexChecks) {
    if (select == null) return false;
    boolean projection = projectionParam != null;
    switch (select) {
      case "COUNT":
        if (projection) throw invalid("Cannot specify the " + projectionParam + " when choosing to get only the Count");
        return true;
      case "SPECIFIC_ATTRIBUTES":
        if (!projection) throw invalid("Must specify the ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES");
        return false;
      case "ALL_ATTRIBUTES":
        if (projection) throw invalid("Cannot specify the " + projectionParam + " when choosing to get ALL_ATTRIBUTES");
        if (indexChecks) checkIndexSelect(select, ix);
        return false;
      case "ALL_PROJECTED_ATTRIBUTES":
        if (projection) throw invalid("Cannot specify the " + projectionParam + " when choosing to get ALL_PROJECTED_ATTRIBUTES");
        if (ix == null) throw invalid("ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName");
        return false;
      default:
        throw invalid("1 validation error detected: Value '" + select + "' at 'select' failed to satisfy constraint: Member "
            + "must satisfy enum value set: [SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]");
    }
  }

  /** Select ALL_ATTRIBUTES on a global index that does not project all attributes. */
  private static void checkIndexSelect(String select, Table.Index ix) {
    if ("ALL_ATTRIBUTES".equals(select) && ix != null && ix.global() && !ix.projection().equals("ALL")) {
      throw invalid("One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for global "
          + "secondary index " + ix.name() + " because its projection type is not ALL");
    }
  }

  /** A GSI read may only name attributes the index projects (it cannot fetch from the table). */
  private static void checkGlobalProjection(Table t, Table.Index ix, List<Expr.Path> projection) {
    if (ix == null || !ix.global() || projection == null) return;
    Set<String> projected = t.projected(ix);
    if (projected == null) return;
    java.util.TreeSet<String> missing = new java.util.TreeSet<>();
    for (Expr.Path p : projection) {
      if (!projected.contains(p.top())) missing.add(p.top());
    }
    // the service's words, quoted in localstack issue 478: "Global secondary index my_index does not project [table_column]"
    if (!missing.isEmpty()) {
      throw invalid("One or more parameter values were invalid: Global secondary index " + ix.name() + " does not project "
          + missing);
    }
  }

  /** What a read outputs for a row, and the units of any fetch of the table's item (an LSI read beyond its projection). */
  private static final class Output {
    final Table t;
    final Table.Index ix;
    final List<Expr.Path> projection;
    final boolean all;
    final boolean consistent;
    double fetchUnits;

    Output(Table t, Table.Index ix, List<Expr.Path> projection, String select, boolean consistent) {
      this.t = t;
      this.ix = ix;
      this.projection = projection;
      this.all = "ALL_ATTRIBUTES".equals(select);
      this.consistent = consistent;
    }

    /** Whether a read of an LSI needs the table's items: attributes asked for that the index does not project. */
    boolean fetches() {
      if (ix == null || ix.global()) return false;
      Set<String> projected = t.projected(ix);
      return projected != null
          && (all || (projection != null && projection.stream().anyMatch(p -> !projected.contains(p.top()))));
    }

    /**
     * A row as read: an LSI entry completed from the table's item when the read needs it, each fetch charged its own
     * read units (Developer Guide, "Local secondary indexes", read capacity: a fetch from the table for each item
     * read). A filter applies after the read, so every row read is fetched, whether it passes the filter or not.
     */
    Map<String, AttributeValue> read(Row row) {
      if (!fetches()) return row.visible();
      fetchUnits += ModelDynamoDb.readUnits(Vals.size(row.item()), consistent);
      return row.item();
    }

    Map<String, AttributeValue> of(Row row, Map<String, AttributeValue> read) {
      if (ix == null) return projection == null ? row.item() : ModelDynamoDb.project(row.item(), projection);
      return projection == null ? read : ModelDynamoDb.project(read, projection);
    }
  }

  // ------------------------------------------------------------------ Query

  /** A key condition taken apart: the partition key's value, and the sort key's operator and values (or none). */
  record KeyCond(String hash, AttributeValue hashValue, String range, String op, AttributeValue v1, AttributeValue v2) {
    boolean sortMatches(AttributeValue v) {
      if (op == null) return true;
      if (v == null || !Vals.type(v).equals(Vals.type(v1))) return false;
      int c = Vals.compare(v, v1);
      return switch (op) {
        case "=" -> c == 0;
        case "<" -> c < 0;
        case "<=" -> c <= 0;
        case ">" -> c > 0;
        case ">=" -> c >= 0;
        case "BETWEEN" -> c >= 0 && Vals.compare(v, v2) <= 0;
        default -> Vals.type(v).equals("S") ? v.s().startsWith(v1.s())
            : startsWith(v.b().asByteArray(), v1.b().asByteArray());
      };
    }

    /**
     * The inclusive bound at which the condition closes the range in this direction ({@code <=} and BETWEEN's upper
     * bound forward, {@code >=} and BETWEEN's lower bound backward), or null.
     */
    AttributeValue closedEnd(boolean forward) {
      if (op == null) return null;
      return switch (op) {
        case "<=" -> forward ? v1 : null;
        case ">=" -> forward ? null : v1;
        case "BETWEEN" -> forward ? v2 : v1;
        default -> null;
      };
    }
  }

  private static boolean startsWith(byte[] a, byte[] p) {
    if (a.length < p.length) return false;
    for (int i = 0; i < p.length; i++) if (a[i] != p[i]) return false;
    return true;
  }

  private static void flatten(Expr.Cond c, List<Expr.Cond> out) {
    if (c instanceof Expr.And a) {
      flatten(a.left(), out);
      flatten(a.right(), out);
    } else {
      out.add(c);
    }
  }

  private static final String KEY_INVALID = "Invalid KeyConditionExpression: ";

  static KeyCond keyCondition(Expr.Cond cond, Table t, String hash, String range, boolean index) {
    List<Expr.Cond> parts = new ArrayList<>();
    flatten(cond, parts);
    Map<String, Object[]> byName = new LinkedHashMap<>();
    for (Expr.Cond c : parts) {
      String name;
      String op;
      AttributeValue v1, v2 = null;
      if (c instanceof Expr.Or) throw invalid("Invalid operator used in KeyConditionExpression: OR");
      if (c instanceof Expr.Not) throw invalid("Invalid operator used in KeyConditionExpression: NOT");
      if (c instanceof Expr.In) throw invalid("Invalid operator used in KeyConditionExpression: IN");
      if (c instanceof Expr.Cmp cmp) {
        op = cmp.op();
        if (op.equals("<>")) throw invalid("Invalid operator used in KeyConditionExpression: <>");
        Expr.Op l = cmp.left(), r = cmp.right();
        if (r instanceof Expr.PathOp && l instanceof Expr.ValOp) {
          Expr.Op x = l; l = r; r = x;
          op = switch (op) { case "<" -> ">"; case "<=" -> ">="; case ">" -> "<"; case ">=" -> "<="; default -> op; };
        }
        if (!(l instanceof Expr.PathOp p) || !(r instanceof Expr.ValOp v)) {
          throw invalid("Invalid condition in KeyConditionExpression: " + op + " operator must have the key attribute as its first operand");
        }
        if (p.path().elements().size() > 1) throw invalid(KEY_INVALID + "KeyConditionExpressions cannot have conditions on nested attributes");
        name = p.path().top();
        v1 = v.value();
      } else if (c instanceof Expr.Between b) {
        op = "BETWEEN";
        if (!(b.x() instanceof Expr.PathOp p) || !(b.lo() instanceof Expr.ValOp lo) || !(b.hi() instanceof Expr.ValOp hi)) {
          throw invalid("Invalid condition in KeyConditionExpression: BETWEEN operator must have the key attribute as its first operand");
        }
        if (p.path().elements().size() > 1) throw invalid(KEY_INVALID + "KeyConditionExpressions cannot have conditions on nested attributes");
        name = p.path().top();
        v1 = lo.value();
        v2 = hi.value();
      } else {
        Expr.Fn f = (Expr.Fn) c;
        if (!f.fn().equals("begins_with")) throw invalid("Invalid operator used in KeyConditionExpression: " + f.fn());
        if (!(f.args().get(0) instanceof Expr.PathOp p) || !(f.args().get(1) instanceof Expr.ValOp v)) {
          throw invalid("Invalid condition in KeyConditionExpression: begins_with operator must have the key attribute as its first operand");
        }
        if (p.path().elements().size() > 1) throw invalid(KEY_INVALID + "KeyConditionExpressions cannot have conditions on nested attributes");
        op = "begins_with";
        name = p.path().top();
        v1 = v.value();
      }
      if (byName.containsKey(name)) throw invalid(KEY_INVALID + "KeyConditionExpressions must only contain one condition per key");
      byName.put(name, new Object[] {op, v1, v2});
    }
    int keys = range == null ? 1 : 2;
    // on an index, a condition on an attribute that is none of its keys, before the count (issue 34)
    for (String n : byName.keySet()) {
      if (index && !n.equals(hash) && !n.equals(range)) throw invalid("Query key condition not supported");
    }
    if (byName.size() > keys) {
      throw invalid("The number of query conditions (" + byName.size() + ") exceeds the number of key attributes defined in the schema (" + keys + ")");
    }
    if (!byName.containsKey(hash)) throw invalid("Query condition missed key schema element: " + hash);
    for (String n : byName.keySet()) {
      if (!n.equals(hash) && !n.equals(range)) throw invalid("Query condition missed key schema element: " + range);
    }
    Object[] h = byName.get(hash);
    if (!h[0].equals("=")) throw invalid("Query key condition not supported");
    String mismatch = "One or more parameter values were invalid: Condition parameter type does not match schema type";
    if (!t.types.get(hash).equals(Vals.type((AttributeValue) h[1]))) throw invalid(mismatch);
    Object[] s = range == null ? null : byName.get(range);
    if (s == null) return new KeyCond(hash, (AttributeValue) h[1], range, null, null, null);
    String type = t.types.get(range);
    if (s[0].equals("begins_with") && type.equals("N")) {
      throw invalid(KEY_INVALID + "Incorrect operand type for operator or function; operator or function: begins_with, operand type: N");
    }
    if (!type.equals(Vals.type((AttributeValue) s[1])) || (s[2] != null && !type.equals(Vals.type((AttributeValue) s[2])))) {
      throw invalid(mismatch);
    }
    return new KeyCond(hash, (AttributeValue) h[1], range, (String) s[0], (AttributeValue) s[1], (AttributeValue) s[2]);
  }

  /** ExclusiveStartKey: exactly the key attributes of the table (and of the index), of their types. */
  private static void checkStartKey(Table t, Table.Index ix, Map<String, AttributeValue> start, String message) {
    List<String> names = ix == null ? t.keyNames() : t.indexKeyNames(ix);
    if (start.size() != names.size()) throw invalid(message);
    for (String n : names) {
      AttributeValue v = start.get(n);
      if (v == null || !t.types.get(n).equals(Vals.type(v))) throw invalid(message);
    }
  }

  private static Map<String, AttributeValue> lastKey(Table t, Table.Index ix, Row row) {
    Map<String, AttributeValue> k = new LinkedHashMap<>();
    for (String n : ix == null ? t.keyNames() : t.indexKeyNames(ix)) k.put(n, row.visible().get(n));
    return k;
  }

  QueryResponse query(QueryRequest r) {
    String co = r.conditionalOperatorAsString();
    Map<String, software.amazon.awssdk.services.dynamodb.model.Condition> queryFilter = r.hasQueryFilter() ? r.queryFilter() : null;
    Map<String, software.amazon.awssdk.services.dynamodb.model.Condition> keyConditions = r.hasKeyConditions() ? r.keyConditions() : null;
    Legacy.modeled(co, "queryFilter", queryFilter, null);
    Legacy.modeled(null, "keyConditions", keyConditions, null);
    boolean keyExpression = r.keyConditionExpression() != null;
    // KeyConditions counts as mixing only beside a KeyConditionExpression (docs/legacy-parameters.md §2)
    Legacy.mixing(Legacy.given("AttributesToGet", r.hasAttributesToGet(), "QueryFilter", queryFilter != null,
        "ConditionalOperator", co != null, "KeyConditions", keyConditions != null && keyExpression),
        Legacy.given("ProjectionExpression", r.projectionExpression() != null, "FilterExpression", r.filterExpression() != null,
            "KeyConditionExpression", keyExpression));
    checkLimit(r.limit(), true);
    Table t = db.table(r.tableName());
    String mode = ModelDynamoDb.mode(r.returnConsumedCapacityAsString());
    Table.Index ix = index(t, r.indexName());
    // names and values without an expression right after the mixing check (docs/legacy-parameters.md §2, §5); values
    // only serve the key condition and the filter: a ProjectionExpression beside KeyConditions takes names only
    boolean anyExpression = keyExpression || r.filterExpression() != null || r.projectionExpression() != null;
    Expr.Ctx ctx = ModelDynamoDb.ctx(r.expressionAttributeNames(), r.expressionAttributeValues(), anyExpression,
        keyExpression || r.filterExpression() != null, "FilterExpression and KeyConditionExpression are null",
        r.hasExpressionAttributeNames(), r.hasExpressionAttributeValues());
    // §7: QueryFilter's entries (with ConditionalOperator, whose map it is), AttributesToGet, the Either rule, the
    // expressions, then KeyConditions' entries
    Legacy.Test legacyFilter = queryFilter == null && co == null ? null
        : Legacy.filter(queryFilter == null ? Map.of() : queryFilter, co);
    List<Expr.Path> attributesToGet = r.hasAttributesToGet() ? Legacy.attributesToGet(r.attributesToGet()) : null;
    if (!keyExpression && keyConditions == null) {
      throw invalid("Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.");
    }
    boolean countOnly = checkSelect(r.selectAsString(), r.hasAttributesToGet() ? "AttributesToGet"
        : r.projectionExpression() != null ? "ProjectionExpression" : null, t, ix, false);
    Expr.Cond key = keyExpression ? Expr.parseCondition("KeyConditionExpression", r.keyConditionExpression(), ctx) : null;
    Expr.Cond filter = r.filterExpression() == null ? null : Expr.parseCondition("FilterExpression", r.filterExpression(), ctx);
    List<Expr.Path> projection = r.projectionExpression() == null ? attributesToGet : Expr.parseProjection(r.projectionExpression(), ctx);
    ctx.checkAllUsed();
    if (!keyExpression) Legacy.checkKeyConditions(keyConditions);
    String hash = ix == null ? t.hash : ix.hash();
    String range = ix == null ? t.range : ix.range();
    KeyCond kc = keyExpression ? keyCondition(key, t, hash, range, ix != null)
        : Legacy.keyConditions(keyConditions, t, hash, range);
    boolean consistent = Boolean.TRUE.equals(r.consistentRead());
    if (ix != null && ix.global() && consistent) throw invalid("Consistent reads are not supported on global secondary indexes");
    if (filter != null) {
      List<Expr.Path> used = new ArrayList<>();
      Expr.paths(filter, used);
      List<String> keyNames = ix == null ? t.keyNames() : ix.keyNames();
      for (Expr.Path p : used) {
        if (keyNames.contains(p.top())) {
          throw invalid("Filter Expression can only contain non-primary key attributes: Primary key attribute: " + p.top());
        }
      }
    }
    checkGlobalProjection(t, ix, projection);
    boolean forward = !Boolean.FALSE.equals(r.scanIndexForward());
    List<Row> rows = new ArrayList<>();
    for (Row row : rows(t, ix)) {
      if (Vals.equal(row.visible().get(hash), kc.hashValue()) && kc.sortMatches(range == null ? null : row.visible().get(range))) {
        rows.add(row);
      }
    }
    if (!forward) Collections.reverse(rows);
    AttributeValue closedEnd = ix == null ? kc.closedEnd(forward) : null;
    if (r.hasExclusiveStartKey()) {
      Map<String, AttributeValue> start = r.exclusiveStartKey();
      checkStartKey(t, ix, start, "The provided starting key is invalid");
      if (!Vals.equal(start.get(hash), kc.hashValue())) {
        throw invalid("The provided starting key is invalid: The provided key element does not match the schema");
      }
      AttributeValue sortValue = range == null ? null : start.get(range);
      // a start key outside the sort key condition, or on the inclusive bound it ends with in this direction, is
      // refused (Amazon DynamoDB, reported in aws/aws-sdk-ruby#2456 for >= read backward)
      if ((range != null && !kc.sortMatches(sortValue)) || (closedEnd != null && Vals.compare(sortValue, closedEnd) == 0)) {
        throw invalid("The provided starting key does not match the range key predicate");
      }
      List<AttributeValue> at = ix == null ? t.keyOf(start) : t.indexOrderKey(ix, start);
      rows.removeIf(row -> forward ? Table.compareKeys(row.order(), at) <= 0 : Table.compareKeys(row.order(), at) >= 0);
    }
    if (queryFilter != null) {
      // after the key condition and the start key (dynalite's actions/query.js order; the message is
      // FilterExpression's with the parameter's name, docs/legacy-parameters.md §9)
      for (String n : queryFilter.keySet()) {
        if (ix == null ? t.keyNames().contains(n) : ix.keyNames().contains(n)) {
          throw invalid("QueryFilter can only contain non-primary key attributes: Primary key attribute: " + n);
        }
      }
    }
    // what Select asks of the index: after the key condition, the start key and QueryFilter (dynalite's
    // actions/query.js, docs/legacy-parameters.md §7)
    checkIndexSelect(r.selectAsString(), ix);
    Output out = new Output(t, ix, projection, r.selectAsString(), consistent);
    Page page = page(rows, r.limit(), filter != null ? test(filter) : legacyFilter, out, countOnly);
    Map<String, AttributeValue> last = page.last == null ? null : lastKey(t, ix, page.last);
    if (last != null && ix == null) {
      // the page ended on the inclusive bound the key condition closes with: nothing can follow, no key is given
      // (the start key it would be is refused, above); a hash-only table's Query selects one item at most
      if (t.range == null || (closedEnd != null && Vals.compare(last.get(t.range), closedEnd) == 0)) last = null;
    }
    QueryResponse.Builder b = QueryResponse.builder().count(page.count).scannedCount(page.scanned);
    if (!countOnly) b.items(page.items);
    if (last != null) b.lastEvaluatedKey(last);
    b.consumedCapacity(pageCapacity(t, ix, out, page, consistent, mode));
    return b.build();
  }

  // ------------------------------------------------------------------ paging

  private static final class Page {
    final List<Map<String, AttributeValue>> items = new ArrayList<>();
    int count;
    int scanned;
    long bytes;
    Row last;
  }

  /** Walks the rows until Limit rows were evaluated or 1 MB was read; the last row read names the page's end. */
  /** An expression's condition as the test a page applies. */
  private static Legacy.Test test(Expr.Cond c) {
    return item -> Expr.test(c, item);
  }

  private static Page page(List<Row> rows, Integer limit, Legacy.Test filter, Output out, boolean countOnly) {
    Page p = new Page();
    for (Row row : rows) {
      p.scanned++;
      p.bytes += row.size();
      Map<String, AttributeValue> read = countOnly ? row.visible() : out.read(row);
      if (filter == null || filter.test(row.visible())) {
        p.count++;
        if (!countOnly) p.items.add(out.of(row, read));
      }
      if ((limit != null && p.scanned >= limit) || p.bytes >= PAGE_BYTES) {
        p.last = row;
        break;
      }
    }
    return p;
  }

  // ------------------------------------------------------------------ Scan

  /** The segment of a parallel scan a partition key value falls in: a hash of its value, modulo TotalSegments. */
  static int segmentOf(AttributeValue partition, int total) {
    String text = switch (Vals.type(partition)) {
      case "N" -> Vals.num(partition.n()).stripTrailingZeros().toString();
      case "S" -> "S" + partition.s();
      default -> "B" + java.util.Base64.getEncoder().encodeToString(partition.b().asByteArray());
    };
    return Math.floorMod(text.hashCode() * 31 + 7, total);
  }

  ScanResponse scan(ScanRequest r) {
    String co = r.conditionalOperatorAsString();
    Map<String, software.amazon.awssdk.services.dynamodb.model.Condition> scanFilter = r.hasScanFilter() ? r.scanFilter() : null;
    Legacy.modeled(co, "scanFilter", scanFilter, null);
    Legacy.mixing(Legacy.given("AttributesToGet", r.hasAttributesToGet(), "ScanFilter", scanFilter != null,
        "ConditionalOperator", co != null),
        Legacy.given("ProjectionExpression", r.projectionExpression() != null, "FilterExpression", r.filterExpression() != null));
    checkLimit(r.limit(), false);
    Integer total = r.totalSegments(), segment = r.segment();
    if (total != null && (total < 1 || total > 1_000_000)) {
      throw invalid("1 validation error detected: Value '" + total + "' at 'totalSegments' failed to satisfy constraint: "
          + "Member must have value " + (total < 1 ? "greater than or equal to 1" : "less than or equal to 1000000"));
    }
    if (segment != null && segment < 0) {
      throw invalid("1 validation error detected: Value '" + segment + "' at 'segment' failed to satisfy constraint: "
          + "Member must have value greater than or equal to 0");
    }
    if (segment != null && total == null) {
      throw invalid("The TotalSegments parameter is required but was not present in the request when Segment parameter is present");
    }
    if (total != null && segment == null) {
      throw invalid("The Segment parameter is required but was not present in the request when parameter TotalSegments is present");
    }
    if (total != null && segment >= total) {
      throw invalid("The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: " + segment
          + " is not less than TotalSegments: " + total);
    }
    Table t = db.table(r.tableName());
    String mode = ModelDynamoDb.mode(r.returnConsumedCapacityAsString());
    Table.Index ix = index(t, r.indexName());
    // names and values without an expression right after the mixing check (§2); then §10: AttributesToGet
    // duplicates, then the ScanFilter's entries (with ConditionalOperator, whose map it is)
    Expr.Ctx ctx = ModelDynamoDb.ctx(r.expressionAttributeNames(), r.expressionAttributeValues(),
        r.filterExpression() != null || r.projectionExpression() != null, r.filterExpression() != null,
        "FilterExpression is null", r.hasExpressionAttributeNames(), r.hasExpressionAttributeValues());
    List<Expr.Path> attributesToGet = r.hasAttributesToGet() ? Legacy.attributesToGet(r.attributesToGet()) : null;
    Legacy.Test legacyFilter = scanFilter == null && co == null ? null
        : Legacy.filter(scanFilter == null ? Map.of() : scanFilter, co);
    boolean countOnly = checkSelect(r.selectAsString(), r.hasAttributesToGet() ? "AttributesToGet"
        : r.projectionExpression() != null ? "ProjectionExpression" : null, t, ix);
    Expr.Cond filter = r.filterExpression() == null ? null : Expr.parseCondition("FilterExpression", r.filterExpression(), ctx);
    List<Expr.Path> projection = r.projectionExpression() == null ? attributesToGet : Expr.parseProjection(r.projectionExpression(), ctx);
    ctx.checkAllUsed();
    boolean consistent = Boolean.TRUE.equals(r.consistentRead());
    if (ix != null && ix.global() && consistent) throw invalid("Consistent reads are not supported on global secondary indexes");
    checkGlobalProjection(t, ix, projection);
    String partitionName = ix == null ? t.hash : ix.hash();
    List<Row> rows = rows(t, ix);
    if (total != null) rows.removeIf(row -> segmentOf(row.visible().get(partitionName), total) != segment);
    if (r.hasExclusiveStartKey()) {
      Map<String, AttributeValue> start = r.exclusiveStartKey();
      checkStartKey(t, ix, start, "The provided starting key is invalid: The provided key element does not match the schema");
      if (total != null && segmentOf(start.get(partitionName), total) != segment) {
        throw invalid("The provided starting key is invalid: Invalid ExclusiveStartKey. Please use ExclusiveStartKey with "
            + "correct Segment. TotalSegments: " + total + " Segment: " + segment);
      }
      List<AttributeValue> at = ix == null ? t.keyOf(start) : t.indexOrderKey(ix, start);
      rows.removeIf(row -> Table.compareKeys(row.order(), at) <= 0);
    }
    Output out = new Output(t, ix, projection, r.selectAsString(), consistent);
    Page page = page(rows, r.limit(), filter != null ? test(filter) : legacyFilter, out, countOnly);
    ScanResponse.Builder b = ScanResponse.builder().count(page.count).scannedCount(page.scanned);
    if (!countOnly) b.items(page.items);
    if (page.last != null) b.lastEvaluatedKey(lastKey(t, ix, page.last));
    b.consumedCapacity(pageCapacity(t, ix, out, page, consistent, mode));
    return b.build();
  }

  /** A page's capacity: its bytes as one read, charged to the index read (and the table's fetches to the table). */
  private static ConsumedCapacity pageCapacity(Table t, Table.Index ix,
      Output out, Page page, boolean consistent, String mode) {
    ModelDynamoDb.Units u = new ModelDynamoDb.Units();
    double units = ModelDynamoDb.readUnits(page.bytes, consistent);
    if (ix == null) {
      u.table = units;
    } else {
      u.table = out.fetchUnits;
      (ix.global() ? u.global : u.local).put(ix.name(), units);
    }
    return u.report(mode, t.name, false);
  }
}
