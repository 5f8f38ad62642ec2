package io.partita.model;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A named way the application reads the table, declared with the model and checked when it is built: it must be
 * served by the table's key or a global index — the partition template must be the partition key template of
 * every entity it returns on that index, and the sort template a leading part of their sort key templates. Never a
 * Scan. {@code R} is the type of the results: the entity's record, or a (sealed) interface the records of several
 * entities implement, for item-collection queries.
 *
 * <pre>{@code
 * AccessPattern<Post> postsByUser = AccessPattern.of("Get all posts by user", post)
 *     .partition("USER#{username}").sortBeginsWith("POST#")
 *     .order("newest first").frequency("high").latency("< 30 ms")
 *     .build();
 * AccessPattern<BlogItem> userPage = AccessPattern.collection("User page", BlogItem.class, user, post)
 *     .partition("USER#{username}").build();
 * }</pre>
 *
 * <p>The worksheet columns (range, order, frequency, latency) are free text for {@link Model#worksheet()}.
 * Immutable.
 */
public final class AccessPattern<R> {

  /** The sort key condition a pattern uses. */
  public enum SortOp {
    EQ, BEGINS_WITH, BETWEEN, GT, GTE, LT, LTE
  }

  private final String name;
  private final Class<R> resultType;
  private final List<Entity<?>> entities;
  private final String index;
  private final List<String> partitions;
  private final SortOp sortOp;
  private final List<SortOp> sortOps;
  private final List<String> sortTemplates;
  private final String entry;
  private final String range;
  private final String order;
  private final String frequency;
  private final String latency;

  private AccessPattern(Builder<R> b) {
    this.name = b.name;
    this.resultType = b.resultType;
    this.entities = List.copyOf(b.entities);
    this.index = b.index;
    this.partitions = b.partitions;
    this.sortOp = b.sortOps.isEmpty() ? null : b.sortOps.get(0);
    this.sortOps = List.copyOf(b.sortOps);
    this.sortTemplates = b.sortTemplates;
    this.entry = b.entry;
    this.range = b.range;
    this.order = b.order;
    this.frequency = b.frequency;
    this.latency = b.latency;
  }

  /** A pattern returning items of one entity. */
  public static <T extends Record> Builder<T> of(String name, Entity<T> entity) {
    return new Builder<>(name, entity.type(), List.of(entity));
  }

  /**
   * A pattern returning several entities from one item collection, decoded as {@code type} (typically a sealed
   * interface the entities' records implement, to {@code switch} over). Each entity's record must be a {@code R};
   * {@link Model.Builder#build()} checks it.
   */
  public static <R> Builder<R> collection(String name, Class<R> type, Entity<?>... entities) {
    return new Builder<>(name, type, List.of(entities));
  }

  public String name() {
    return name;
  }

  public Class<R> resultType() {
    return resultType;
  }

  public List<Entity<?>> entities() {
    return entities;
  }

  /** The global index serving the pattern; empty for the table itself. */
  public Optional<String> index() {
    return Optional.ofNullable(index);
  }

  /** The partition template (the first, for a multi-attribute key). */
  public String partition() {
    return partitions.get(0);
  }

  /** One partition template per partition key attribute (several for a multi-attribute GSI key). */
  public List<String> partitionTemplates() {
    return partitions;
  }

  /** The sort key condition a query uses unless it picks another of {@link #sortOps()}. */
  public Optional<SortOp> sortOp() {
    return Optional.ofNullable(sortOp);
  }

  /** Every sort key condition a query may pick ({@code Query.sort(op, values)}), the default first. */
  public List<SortOp> sortOps() {
    return sortOps;
  }

  /** The sort template the condition applies to (the last, for a multi-attribute key). */
  public Optional<String> sortTemplate() {
    return sortTemplates.isEmpty() ? Optional.empty() : Optional.of(sortTemplates.get(sortTemplates.size() - 1));
  }

  /**
   * The sort templates, one per sort key attribute used, left to right (several for a multi-attribute GSI key: all
   * but the last compared with {@code =}, the last with the condition).
   */
  public List<String> sortTemplates() {
    return sortTemplates;
  }

  /** The worksheet's "Entry Entity"; the returned entities' names unless set. */
  public String entry() {
    if (entry != null) {
      return entry;
    }
    StringBuilder out = new StringBuilder();
    for (Entity<?> e : entities) {
      out.append(out.length() == 0 ? "" : ", ").append(e.name());
    }
    return out.toString();
  }

  public String range() {
    return range;
  }

  public String order() {
    return order;
  }

  public String frequency() {
    return frequency;
  }

  public String latency() {
    return latency;
  }

  @Override
  public String toString() {
    return "AccessPattern[" + name + "]";
  }

  /** Builds an {@link AccessPattern}. */
  public static final class Builder<R> {
    private final String name;
    private final Class<R> resultType;
    private final List<Entity<?>> entities;
    private String index;
    private List<String> partitions;
    private List<SortOp> sortOps = List.of();
    private List<String> sortTemplates = List.of();
    private String entry;
    private String range = "";
    private String order = "";
    private String frequency = "";
    private String latency = "";

    private Builder(String name, Class<R> resultType, List<Entity<?>> entities) {
      this.name = Objects.requireNonNull(name, "name");
      this.resultType = Objects.requireNonNull(resultType, "resultType");
      this.entities = entities;
    }

    /** Serve the pattern from global index {@code index} rather than the table. */
    public Builder<R> index(String index) {
      this.index = Objects.requireNonNull(index, "index");
      return this;
    }

    /** The partition key template; a query gives values for its placeholders. */
    public Builder<R> partition(String template) {
      this.partitions = List.of(Objects.requireNonNull(template, "template"));
      return this;
    }

    /**
     * The partition templates of a multi-attribute GSI key ({@link TableSchema#globalIndex(String, List, List)}): one
     * per partition key attribute, each the entity's template for it. A query gives every one a value (DynamoDB
     * compares each partition attribute with {@code =}).
     */
    public Builder<R> partition(List<String> templates) {
      this.partitions = List.copyOf(templates);
      return this;
    }

    /**
     * The sort key condition. For {@link SortOp#BEGINS_WITH} the query's values fill the template up to the first
     * placeholder without a value, so {@code POST#} needs none and {@code STATUS#{published}#} needs one. For
     * {@link SortOp#EQ} on the table the pattern is served by GetItem.
     */
    public Builder<R> sort(SortOp op, String template) {
      return sortOps(template, Objects.requireNonNull(op, "op"));
    }

    /**
     * The sort template and the conditions a query may choose from, declared once: "the latest N" and "the last 30
     * days" of one collection are one pattern with {@code BEGINS_WITH} and {@code BETWEEN}. The first is the
     * default; a query picks another with {@code Query.sort(op, values)} (or {@code sortBetween}), and one not
     * declared here is refused, naming the pattern and the operator. {@link Model.Builder#build()} checks the
     * template for every operator (EQ needs the entity's whole sort template, the others a leading part of it).
     *
     * <pre>{@code
     * AccessPattern.of("Orders of a customer", order).partition("CUSTOMER#{customerId}")
     *     .sortOps("ORDER#{orderedAt}", SortOp.BEGINS_WITH, SortOp.BETWEEN, SortOp.GTE).build();
     * }</pre>
     */
    public Builder<R> sortOps(String template, SortOp... ops) {
      return sortOps(List.of(Objects.requireNonNull(template, "template")), ops);
    }

    /**
     * The sort templates of a multi-attribute GSI key, left to right (the first one, two, three or four sort key
     * attributes), and the conditions a query may choose for the last; the ones before it are compared with
     * {@code =}, as DynamoDB requires (a condition only on the last sort attribute used).
     *
     * <pre>{@code
     * AccessPattern.of("Matches of a round", match).index("byRound").partition(List.of("{tournament}", "{region}"))
     *     .sortOps(List.of("{round}", "{bracket}"), SortOp.EQ, SortOp.BEGINS_WITH).build();
     * }</pre>
     */
    public Builder<R> sortOps(List<String> templates, SortOp... ops) {
      if (templates.isEmpty()) {
        throw new ModelException("Access pattern '" + name + "': a sort condition needs a template");
      }
      this.sortTemplates = List.copyOf(templates);
      if (ops.length == 0) {
        throw new ModelException("Access pattern '" + name + "': declare at least one sort operator");
      }
      java.util.LinkedHashSet<SortOp> distinct = new java.util.LinkedHashSet<>();
      for (SortOp op : ops) {
        if (!distinct.add(Objects.requireNonNull(op, "op"))) {
          throw new ModelException("Access pattern '" + name + "' declares sort operator " + op + " twice");
        }
      }
      this.sortOps = List.copyOf(distinct);
      return this;
    }

    public Builder<R> sortBeginsWith(String template) {
      return sort(SortOp.BEGINS_WITH, template);
    }

    public Builder<R> sortEq(String template) {
      return sort(SortOp.EQ, template);
    }

    /** Worksheet: the entity the pattern starts from, when not the returned ones. */
    public Builder<R> entry(String text) {
      this.entry = Objects.requireNonNull(text, "text");
      return this;
    }

    /** Worksheet: filters or range, e.g. {@code last 30 days}. */
    public Builder<R> range(String text) {
      this.range = Objects.requireNonNull(text, "text");
      return this;
    }

    /** Worksheet: sort direction, e.g. {@code newest first}. */
    public Builder<R> order(String text) {
      this.order = Objects.requireNonNull(text, "text");
      return this;
    }

    /** Worksheet: how often, e.g. {@code very high}. */
    public Builder<R> frequency(String text) {
      this.frequency = Objects.requireNonNull(text, "text");
      return this;
    }

    /** Worksheet: latency budget, e.g. {@code < 10 ms}. */
    public Builder<R> latency(String text) {
      this.latency = Objects.requireNonNull(text, "text");
      return this;
    }

    /** The pattern; it is checked against the table and entities by {@link Model.Builder#build()}. */
    public AccessPattern<R> build() {
      if (partitions == null || partitions.isEmpty()) {
        throw new ModelException("Access pattern '" + name + "' has no partition template");
      }
      if (entities.isEmpty()) {
        throw new ModelException("Access pattern '" + name + "' returns no entity");
      }
      return new AccessPattern<>(this);
    }
  }
}
