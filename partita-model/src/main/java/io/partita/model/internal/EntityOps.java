package io.partita.model.internal;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import io.partita.model.AlreadyExistsException;
import io.partita.model.Condition;
import io.partita.model.ConditionFailedException;
import io.partita.model.Key;
import io.partita.model.ValidationException;
import io.partita.model.VersionConflictException;
import io.partita.model.internal.EntityModel.KeyTemplates;
import io.partita.model.internal.RecordMapper.Field;
import io.partita.model.internal.UpdateSpec.Action;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The writes and reads of one entity. Every write is first built as a {@link WriteCommand} (item or update expression,
 * key, condition through placeholders), which is sent on its own here or as one action of a transaction; a refused
 * condition becomes the typed exception a caller can act on. Thread-safe.
 */
public final class EntityOps<T> {
  /** Attempts of an update whose derived keys were built from values read first, when those values keep changing. */
  static final int STALE_READ_ATTEMPTS = 5;

  private final EntityModel<T> entity;
  private final Dynamo db;
  private final String tableName;
  private final String partitionKey;
  private final Clock clock;
  private final boolean returnCurrent;
  private final Recognition recognition;
  private final Refusals refusals;

  public EntityOps(EntityModel<T> entity, Dynamo db, String tableName, String partitionKey, Clock clock,
      boolean returnCurrent, Recognition recognition) {
    this.recognition = recognition;
    this.entity = entity;
    this.db = db;
    this.tableName = tableName;
    this.partitionKey = partitionKey;
    this.clock = clock;
    this.returnCurrent = returnCurrent;
    this.refusals = new Refusals(entity, returnCurrent);
  }

  public EntityOps<T> returningCurrent() {
    return new EntityOps<>(entity, db, tableName, partitionKey, clock, true, recognition);
  }

  /** Whether a refused write brings the item as it is (ALL_OLD), to explain it and hand it to the caller. */
  public boolean returnsCurrent() {
    return returnCurrent;
  }

  public EntityModel<T> entity() {
    return entity;
  }

  /** Whether requests complete on the caller's thread (the synchronous client). */
  public boolean blocking() {
    return db.blocking();
  }

  // ---- reads

  public CompletableFuture<Optional<T>> get(Key key, boolean consistentRead) {
    return Futures.call(() -> db.getItem(GetItemRequest.builder().tableName(tableName).key(entity.key(key))
        .consistentRead(consistentRead).build()))
        .thenApply(response -> decodeOwn(response.hasItem() ? response.item() : null));
  }

  /** This entity's item decoded; empty for none or another entity's. An unrecognised item: see Recognition. */
  public Optional<T> decodeOwn(Map<String, AttributeValue> item) {
    if (item == null || item.isEmpty()) {
      return Optional.empty();
    }
    return Optional.ofNullable(entity.type().cast(recognition.decode(item, e -> e == entity, false)));
  }

  /** Refuses a {@code changed} record whose table key is not {@code current}'s. */
  public void checkSameKey(T current, T changed) {
    Map<String, AttributeValue> before = entity.key(entity.mapper().values(current));
    Map<String, AttributeValue> after = entity.key(entity.mapper().values(changed));
    if (!before.equals(after)) {
      throw new ValidationException("Entity " + entity.name() + ": the change moves the item from key " + before
          + " to " + after + "; the table key cannot change", entity.name(), null);
    }
  }

  // ---- single writes

  /** Writes a new item; fails with {@link AlreadyExistsException} when the key is taken. */
  public CompletableFuture<T> create(T record) {
    return planned(reads -> planCreate(record)).thenCompose(this::put);
  }

  /**
   * Writes the item, replacing any item at its key. With a version field, the write holds only if the stored
   * version is the record's (or there is no item, for version null/0), and writes the next version.
   */
  public CompletableFuture<T> put(T record, Condition condition) {
    return planned(reads -> planPut(record, condition, reads)).thenCompose(this::put);
  }

  private CompletableFuture<T> put(WriteCommand p) {
    PutItemRequest request = p instanceof CreateCommand c ? c.request(tableName, returnCurrent)
        : ((PutCommand) p).request(tableName, returnCurrent);
    return db.putItem(request).handle((r, e) -> {
      if (e != null) {
        throw refused(p, e);
      }
      return entity.type().cast(p.written());
    });
  }

  /** A refused condition as the typed exception {@link #failure} explains; any other failure as it is. */
  private RuntimeException refused(WriteCommand p, Throwable e) {
    if (Futures.unwrap(e) instanceof ConditionalCheckFailedException c) {
      return refusals.failure(p, c.hasItem() ? c.item() : null, returnCurrent, c);
    }
    throw Futures.rethrow(e);
  }

  public CompletableFuture<Optional<T>> delete(Key key, Condition condition) {
    return Futures.call(() -> delete(planDelete(key, condition)));
  }

  /** Deletes the record's item; with a version field, only if the stored version is still the record's. */
  public CompletableFuture<Optional<T>> delete(T record, Condition condition) {
    return Futures.call(() -> delete(planDelete(record, condition)));
  }

  private CompletableFuture<Optional<T>> delete(DeleteCommand p) {
    return db.deleteItem(p.request(tableName, returnCurrent)).handle((response, e) -> {
      if (e != null) {
        throw refused(p, e);
      }
      return decodeOwn(response.hasAttributes() ? response.attributes() : null);
    });
  }

  /**
   * Applies an update and returns the item as it is afterwards. When derived keys needed values the update did not
   * give, they were read first and the write is conditioned on them; if another writer changed them in between, the
   * update is planned again from a new read (a few times at most).
   */
  public CompletableFuture<T> update(UpdateSpec spec) {
    return update(spec, 1);
  }

  private CompletableFuture<T> update(UpdateSpec spec, int attempt) {
    return planned(reads -> planUpdate(spec, reads)).thenCompose(p -> execute(p).handle((written, e) -> {
      if (e == null) {
        return CompletableFuture.completedFuture(written);
      }
      if (!(Futures.unwrap(e) instanceof Refusals.StaleReadException stale)) {
        throw Futures.rethrow(e);
      }
      if (attempt >= STALE_READ_ATTEMPTS) {
        // other writers kept coming first: a conflict, which retryOnConflict takes
        throw new VersionConflictException("Entity " + entity.name() + ": item " + refusals.describe(p.key()) + ": the"
            + " fields its index keys are built from kept changing during " + attempt + " attempts",
            entity.name(), null, null, stale.getCause());
      }
      return update(spec, attempt + 1);
    }).thenCompose(Function.identity()));
  }

  /** Puts the record, keeping the createdAt of an item already there; returns the item as it is afterwards. */
  public CompletableFuture<T> upsert(T record) {
    return planned(reads -> planUpsert(record, reads)).thenCompose(this::execute);
  }

  private CompletableFuture<T> execute(WriteCommand p) {
    UpdateItemRequest request = p instanceof UpdateCommand u ? u.request(tableName, returnCurrent)
        : ((UpsertCommand) p).request(tableName, returnCurrent);
    return db.updateItem(request).handle((response, e) -> {
      if (e == null) {
        return CompletableFuture.completedFuture(entity.decode(response.attributes(), false));
      }
      if (!(Futures.unwrap(e) instanceof ConditionalCheckFailedException c)) {
        throw Futures.rethrow(e);
      }
      // to tell "no item", "another version", "a derived-key input changed" and "the caller's condition" apart, the
      // failure is explained from the item as it is: the one DynamoDB returned, or a consistent read of it
      CompletableFuture<Map<String, AttributeValue>> current = returnCurrent
          ? CompletableFuture.completedFuture(c.hasItem() ? c.item() : null) : readItem(p.key());
      return current.<T>thenApply(item -> {
        throw refusals.failure(p, item, true, c);
      });
    }).thenCompose(Function.identity());
  }

  // ---- reads a plan needs

  /** What planning reads from the stored item: {@code fields} (and the type attribute), strongly consistent. */
  @FunctionalInterface
  public interface Reads {
    /** The item's projection, or null when there is no item. */
    Map<String, AttributeValue> fields(Map<String, AttributeValue> key, Set<String> fields);
  }

  /** A plan asked for a read not yet made. */
  private static final class NeedsRead extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final transient Map<String, AttributeValue> key;
    final transient Set<String> fields;

    NeedsRead(Map<String, AttributeValue> key, Set<String> fields) {
      super(null, null, false, false);
      this.key = key;
      this.fields = fields;
    }
  }

  /**
   * Makes a plan whose planning may read the stored item ({@link Reads}), on either client without blocking: planning
   * is pure and cheap, so a planner that asks for a read not made yet stops, the read is sent, and the planner runs
   * again with the answer at hand. Answers are given in the order they were asked: a planner asks the same reads in
   * the same order each run (only generated ids and timestamps differ, and a generated key is a new item anyway).
   */
  public <C extends WriteCommand> CompletableFuture<C> planned(Function<Reads, C> planner) {
    return planned(planner, new ArrayList<>());
  }

  private <C extends WriteCommand> CompletableFuture<C> planned(Function<Reads, C> planner,
      List<Optional<Map<String, AttributeValue>>> answers) {
    int[] asked = {0};
    Reads reads = (key, fields) -> {
      if (asked[0] < answers.size()) {
        return answers.get(asked[0]++).orElse(null);
      }
      throw new NeedsRead(key, new LinkedHashSet<>(fields));
    };
    try {
      return CompletableFuture.completedFuture(planner.apply(reads));
    } catch (NeedsRead n) {
      return readFields(n.key, n.fields).thenCompose(item -> {
        answers.add(Optional.ofNullable(item));
        return planned(planner, answers);
      });
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  // ---- plans

  public CreateCommand planCreate(T record) {
    Object[] values = entity.prepare(record, clock.instant());
    if (entity.version() != null) {
      entity.withVersion(values, 1);
    }
    Map<String, AttributeValue> item = entity.item(values);
    Expressions x = new Expressions();
    String condition = "attribute_not_exists(" + x.name(partitionKey) + ")";
    return new CreateCommand(this, entity.key(values), item, condition, x, entity.construct(values));
  }

  /**
   * The item a batch writes for {@code record}: built as a put builds it, but unconditional (BatchWriteItem takes
   * no conditions), so the version is incremented without a check.
   */
  public PutCommand planBatchPut(T record, Reads reads) {
    Object[] values = entity.prepareReplacing(record, clock.instant(), "batch put");
    checkReadOnly(values, reads);
    if (entity.version() != null) {
      Long v = entity.currentVersion(values);
      entity.withVersion(values, v == null ? 1 : v + 1);
    }
    return new PutCommand(this, entity.key(values), entity.item(values), null, new Expressions(), false, null, false,
        entity.construct(values));
  }

  public PutCommand planPut(T record, Condition condition, Reads reads) {
    Object[] values = entity.prepareReplacing(record, clock.instant(), "put");
    checkReadOnly(values, reads);
    Expressions x = new Expressions();
    String expression = condition == null ? null : x.condition(condition, List.of(entity), partitionKey);
    Long expected = null;
    boolean versioned = entity.version() != null;
    if (versioned) {
      expected = entity.currentVersion(values);
      String check = versionCheck(x, expected);
      expression = expression == null ? check : Expressions.group(check) + " AND " + Expressions.group(expression);
      entity.withVersion(values, expected == null ? 1 : expected + 1);
    }
    Map<String, AttributeValue> item = entity.item(values);
    return new PutCommand(this, entity.key(values), item, expression, x, versioned, expected, condition != null,
        entity.construct(values));
  }

  public DeleteCommand planDelete(Key key, Condition condition) {
    return planDelete(entity.key(key), condition, false, null);
  }

  public DeleteCommand planDelete(T record, Condition condition) {
    Object[] values = entity.mapper().values(record);
    boolean versioned = entity.version() != null && entity.currentVersion(values) != null;
    return planDelete(entity.key(values), condition, versioned, versioned ? entity.currentVersion(values) : null);
  }

  private DeleteCommand planDelete(Map<String, AttributeValue> key, Condition condition, boolean versioned,
      Long expected) {
    Expressions x = new Expressions();
    String expression = condition == null ? null : x.condition(condition, List.of(entity), partitionKey);
    if (versioned) {
      String check = versionCheck(x, expected);
      expression = expression == null ? check : Expressions.group(check) + " AND " + Expressions.group(expression);
    }
    return new DeleteCommand(this, key, expression, x, versioned, expected, condition != null);
  }

  /** A condition check of a transaction: {@code condition} on the item at {@code key}. */
  public CheckCommand planCheck(Key key, Condition condition) {
    Objects.requireNonNull(condition, "condition");
    Expressions x = new Expressions();
    String expression = x.condition(condition, List.of(entity), partitionKey);
    return new CheckCommand(this, entity.key(key), expression, x);
  }

  private String versionCheck(Expressions x, Long expected) {
    Field v = entity.version();
    if (expected == null) {
      return "attribute_not_exists(" + x.name(partitionKey) + ")";
    }
    return x.name(v.stored()) + " = " + x.value(AttributeValue.fromN(Long.toString(expected)));
  }

  /**
   * Builds the UpdateItem of {@code spec}. Derived keys: table key fields cannot change (refused); for each index
   * whose template uses a changed field, the index key is rendered again from the new values, the table key's
   * values, the caller's {@code assuming} values and, for fields none of these give, values read from the item
   * (consistently) on which the write is then conditioned. A template that can no longer be built (an Optional
   * removed) removes the index key attributes.
   */
  public UpdateCommand planUpdate(UpdateSpec spec, Reads reads) {
    String name = entity.name();
    if (spec.actions().isEmpty()) {
      throw new ValidationException("Entity " + name + ": an update needs at least one change", name, null);
    }
    Map<String, AttributeValue> key = entity.key(spec.key());
    Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
    Expressions x = new Expressions();
    Clauses c = new Clauses();
    List<DocPath> paths = new ArrayList<>();
    Map<String, Object> known = new HashMap<>(); // top-level field -> its new value (null: absent)
    Set<String> opaque = new HashSet<>(); // top-level fields changed to a value only the database will know
    Map<String, BigDecimal> counters = new HashMap<>(); // top-level numbers added to or subtracted from: the change
    Set<String> touched = new LinkedHashSet<>();
    Set<String> tableKeyFields = entity.tableKeyFields();
    List<String> ruleGuards = new ArrayList<>();
    for (Action a : spec.actions()) {
      DocPath p = DocPath.resolve(entity, a.path());
      for (DocPath q : paths) {
        if (q.overlaps(p)) {
          throw new ValidationException("Entity " + name + ": update paths '" + q + "' and '" + p + "' overlap;"
              + " one update changes each path once", name, p.top().name());
        }
      }
      paths.add(p);
      Field top = p.top();
      if (tableKeyFields.contains(top.name())) {
        throw new ValidationException("Entity " + name + ", field " + top.name() + ": it is part of the table key ("
            + ModelCompiler.describe(entity.tableKey()) + "), which cannot change; delete the item and create it anew",
            name, top.name());
      }
      if (top == entity.version()) {
        throw new ValidationException("Entity " + name + ", field " + top.name() + ": the version is maintained by"
            + " every write; use ifVersion(v) to check it", name, top.name());
      }
      touched.add(top.name());
      String path = p.render(x);
      Object v = a.value() instanceof Optional<?> o ? o.orElse(null) : a.value();
      ruleChecks(p, a, v, path, x, ruleGuards);
      boolean exact = p.isTopLevel();
      switch (a.kind()) {
        case SET: {
          AttributeValue av = v == null ? null : encode(p, v, a);
          if (av == null) {
            requireRemovable(p, a);
            c.remove.add(path);
            v = null;
          } else {
            c.set.add(path + " = " + x.value(av));
          }
          break;
        }
        case REMOVE:
          requireRemovable(p, a);
          c.remove.add(path);
          v = null;
          break;
        case ADD:
        case SUBTRACT: {
          exact = false;
          if (p.codec() instanceof Codecs.SetCodec && a.kind() == UpdateSpec.Kind.ADD) {
            c.add.add(path + " " + x.value(nonEmptySet(p, v, a)));
          } else if (p.codec() instanceof Codecs.NumberCodec) {
            String zero = x.value(AttributeValue.fromN("0"));
            c.set.add(path + " = if_not_exists(" + path + ", " + zero + ") "
                + (a.kind() == UpdateSpec.Kind.ADD ? "+ " : "- ") + x.value(encode(p, required(v, p, a), a)));
            if (p.isTopLevel()) {
              BigDecimal delta = Numbers.exact((Number) v);
              counters.put(top.name(), a.kind() == UpdateSpec.Kind.ADD ? delta : delta.negate());
            }
          } else {
            throw invalid(p, a, "works on numbers" + (a.kind() == UpdateSpec.Kind.ADD ? " and sets" : "")
                + ", not on a " + p.codec().javaType().getSimpleName());
          }
          break;
        }
        case APPEND:
        case PREPEND: {
          exact = false;
          if (!(p.codec() instanceof Codecs.ListCodec)) {
            throw invalid(p, a, "works on lists, not on a " + p.codec().javaType().getSimpleName());
          }
          String list = x.value(encode(p, required(v, p, a), a));
          String existing = "if_not_exists(" + path + ", " + x.value(AttributeValue.fromL(List.of())) + ")";
          c.set.add(path + " = list_append(" + (a.kind() == UpdateSpec.Kind.APPEND ? existing + ", " + list
              : list + ", " + existing) + ")");
          break;
        }
        case DELETE_FROM_SET:
          exact = false;
          if (!(p.codec() instanceof Codecs.SetCodec)) {
            throw invalid(p, a, "works on sets, not on a " + p.codec().javaType().getSimpleName());
          }
          c.delete.add(path + " " + x.value(nonEmptySet(p, v, a)));
          break;
        default: // SET_IF_NOT_EXISTS
          exact = false;
          c.set.add(path + " = if_not_exists(" + path + ", " + x.value(encode(p, required(v, p, a), a)) + ")");
      }
      if (exact) {
        known.put(top.name(), v);
      } else {
        opaque.add(top.name());
      }
    }

    Field updatedAt = entity.updatedAt();
    if (updatedAt != null && !touched.contains(updatedAt.name()) && !tableKeyFields.contains(updatedAt.name())) {
      c.set.add(x.name(updatedAt.stored()) + " = " + x.value(updatedAt.codec().encode(now)));
      touched.add(updatedAt.name());
      known.put(updatedAt.name(), now);
    }

    List<String> conditions = new ArrayList<>();
    conditions.add(x.name(entity.typeAttribute()) + " = " + x.value(entity.typeValue()));
    Long expected = spec.expectedVersion();
    Field version = entity.version();
    if (version != null) {
      String vp = x.name(version.stored());
      if (expected != null) {
        conditions.add(vp + " = " + x.value(AttributeValue.fromN(Long.toString(expected))));
        c.set.add(vp + " = " + x.value(AttributeValue.fromN(Long.toString(expected + 1))));
        known.put(version.name(), version.valueType() == Integer.class ? (Object) Math.toIntExact(expected + 1)
            : (Object) (expected + 1));
      } else {
        c.set.add(vp + " = if_not_exists(" + vp + ", " + x.value(AttributeValue.fromN("0")) + ") + "
            + x.value(AttributeValue.fromN("1")));
        opaque.add(version.name());
      }
      touched.add(version.name());
    } else if (expected != null) {
      throw new ValidationException("Entity " + name + ": ifVersion needs a version field, and the entity has"
          + " none", name, null);
    }

    // derived index keys
    Map<String, String> texts = new HashMap<>(); // field -> key text, null when absent
    Set<String> unknown = new LinkedHashSet<>();
    Map<String, AttributeValue> guards = new LinkedHashMap<>();
    List<KeyTemplates> affected = new ArrayList<>();
    for (Map.Entry<String, Object> e : spec.assumed().entrySet()) {
      Field f = entity.mapper().field(e.getKey());
      if (f == null || touched.contains(f.name()) || tableKeyFields.contains(f.name())) {
        throw new ValidationException("Entity " + name + ", field " + e.getKey() + ": assuming(field, value) is for"
            + " a field of the entity that the update neither changes nor takes from the key", name, e.getKey());
      }
    }
    for (KeyTemplates k : entity.indexKeys()) {
      List<String> fields = EntityModel.fieldsOf(k);
      if (fields.stream().noneMatch(touched::contains)) {
        continue;
      }
      affected.add(k);
      for (String f : fields) {
        if (opaque.contains(f) && counters.containsKey(f)) {
          // a counter that feeds an index key: its stored value is read and the key rendered from that value plus
          // the change; the write is conditioned on the value read, so it is still an atomic change (planned again
          // from a new read when another writer came first)
          unknown.add(f);
          continue;
        }
        if (opaque.contains(f)) {
          throw new ValidationException("Entity " + name + ", field " + f + ": it feeds the key of index "
              + k.shape().index() + " (" + ModelCompiler.describe(k) + "), so the update must give its new value: use"
              + " set(" + f + ", value)" + (entity.version() != null && f.equals(entity.version().name())
              ? ", and for the version ifVersion(v)" : "") + " rather than an operation only the database"
              + " resolves", name, f);
        }
        if (texts.containsKey(f) || unknown.contains(f)) {
          continue;
        }
        if (known.containsKey(f)) {
          Object v = known.get(f);
          texts.put(f, v == null ? null : entity.mapper().field(f).codec().keyText(v));
        } else if (spec.key().values().containsKey(f)) {
          texts.put(f, entity.keyText(f, spec.key().values().get(f)));
        } else if (spec.assumed().containsKey(f)) {
          Field field = entity.mapper().field(f);
          Object v = spec.assumed().get(f);
          v = v instanceof Optional<?> o ? o.orElse(null) : v;
          if (v == null && !field.optional()) {
            throw new ValidationException("Entity " + name + ", field " + f + ": assumed absent, but it is"
                + " required", name, f);
          }
          texts.put(f, v == null ? null : entity.keyText(f, v));
          guards.put(field.stored(), v == null ? null : field.codec().encode(v));
        } else {
          unknown.add(f);
        }
      }
    }
    Set<String> readGuards = new HashSet<>();
    if (!unknown.isEmpty()) {
      Map<String, AttributeValue> current = reads.fields(key, unknown);
      if (current == null || !entity.owns(current)) {
        throw new ConditionFailedException("Entity " + name + ": there is no item of this entity at "
            + refusals.describe(key) + " to update", name, null, null);
      }
      for (String f : unknown) {
        Field field = entity.mapper().field(f);
        AttributeValue av = current.get(field.stored());
        if (counters.containsKey(f)) {
          BigDecimal after = (av == null ? BigDecimal.ZERO : new BigDecimal(av.n())).add(counters.get(f));
          texts.put(f, field.codec().keyText(counterValue(field, after, key)));
        } else {
          texts.put(f, av == null ? null : field.codec().keyText(field.codec().decode(av)));
        }
        guards.put(field.stored(), av);
        readGuards.add(field.stored());
      }
    }
    for (KeyTemplates k : affected) {
      c.indexKey(k, entity.renderKey(k, texts::get), x);
    }
    for (Map.Entry<String, AttributeValue> g : guards.entrySet()) {
      String n = x.name(g.getKey());
      conditions.add(g.getValue() == null ? "attribute_not_exists(" + n + ")" : n + " = " + x.value(g.getValue()));
    }
    conditions.addAll(ruleGuards);
    if (spec.condition() != null) {
      conditions.add(x.condition(spec.condition(), List.of(entity), partitionKey));
    }
    String guardedBy = null;
    if (!ruleGuards.isEmpty()) {
      List<String> guarded = new ArrayList<>();
      for (Action a : spec.actions()) {
        Field top = DocPath.resolve(entity, a.path()).top();
        entity.rules(top).forEach(r -> guarded.add(top.name() + " '" + r + "'"));
      }
      guardedBy = String.join(", ", guarded);
    }
    return new UpdateCommand(this, key, c.render(), and(conditions), x, expected, spec.condition() != null, guards,
        readGuards, guardedBy);
  }

  /**
   * The value a counter that feeds an index key will have, from the value read: refused as the write's own
   * condition would refuse it when it breaks a {@code min}/{@code max} rule (the write is conditioned on the value
   * read, so this is what the database would answer), and as a {@link ValidationException} when it leaves the field's
   * type. A value the key's format cannot hold (a padded number below zero) is refused when the key is rendered.
   */
  private Object counterValue(Field field, BigDecimal after, Map<String, AttributeValue> key) {
    for (io.partita.model.Rule r : entity.rules(field)) {
      boolean min = r.kind() == io.partita.model.Rule.Kind.MIN;
      if ((min || r.kind() == io.partita.model.Rule.Kind.MAX)
          && (min ? after.compareTo((BigDecimal) r.bound()) < 0 : after.compareTo((BigDecimal) r.bound()) > 0)) {
        throw new ConditionFailedException("Entity " + entity.name() + ": item " + refusals.describe(key) + ": field "
            + field.name() + " would be " + after.toPlainString() + ", which breaks rule '" + r + "'; nothing was"
            + " written", entity.name(), null, null);
      }
    }
    try {
      return Numbers.convert(after, field.valueType());
    } catch (IllegalArgumentException e) {
      throw new ValidationException("Entity " + entity.name() + ", field " + field.name() + ": the change makes it "
          + after.toPlainString() + ", which " + e.getMessage(), entity.name(), field.name());
    }
  }

  /** The UpdateItem that writes {@code record} whole but keeps createdAt when the item exists. */
  public UpsertCommand planUpsert(T record, Reads reads) {
    Object[] values = entity.prepareReplacing(record, clock.instant(), "upsert");
    checkReadOnly(values, reads);
    Long expected = entity.version() == null ? null : entity.currentVersion(values);
    if (entity.version() != null) {
      entity.withVersion(values, expected == null ? 1 : expected + 1); // not written from here: see below
    }
    Map<String, AttributeValue> fields = entity.fieldValues(values);
    Map<String, AttributeValue> key = entity.key(values);
    Expressions x = new Expressions();
    Clauses c = new Clauses();
    for (Field f : entity.mapper().fields()) {
      if (f == entity.version()) {
        continue;
      }
      AttributeValue av = fields.get(f.stored());
      String n = x.name(f.stored());
      if (f == entity.createdAt() && av != null) {
        c.set.add(n + " = if_not_exists(" + n + ", " + x.value(av) + ")");
      } else if (av == null) {
        c.remove.add(n);
      } else {
        c.set.add(n + " = " + x.value(av));
      }
    }
    c.set.add(x.name(entity.typeAttribute()) + " = " + x.value(entity.typeValue()));
    Map.Entry<String, AttributeValue> stamp = entity.schemaStamp();
    if (stamp != null) {
      c.set.add(x.name(stamp.getKey()) + " = " + x.value(stamp.getValue()));
    }
    for (KeyTemplates k : entity.indexKeys()) {
      c.indexKey(k, entity.indexKey(k, values), x);
    }
    List<String> conditions = new ArrayList<>();
    String typeName = x.name(entity.typeAttribute());
    conditions.add("attribute_not_exists(" + x.name(partitionKey) + ") OR " + typeName + " = "
        + x.value(entity.typeValue()));
    if (entity.version() != null) {
      String vp = x.name(entity.version().stored());
      if (expected != null) {
        conditions.add(vp + " = " + x.value(AttributeValue.fromN(Long.toString(expected))));
        c.set.add(vp + " = " + x.value(AttributeValue.fromN(Long.toString(expected + 1))));
      } else {
        c.set.add(vp + " = if_not_exists(" + vp + ", " + x.value(AttributeValue.fromN("0")) + ") + "
            + x.value(AttributeValue.fromN("1")));
      }
    }
    return new UpsertCommand(this, key, c.render(), and(conditions), x, expected);
  }

  /** SET, REMOVE, ADD and DELETE clauses of one update expression. */
  private static final class Clauses {
    final List<String> set = new ArrayList<>();
    final List<String> remove = new ArrayList<>();
    final List<String> add = new ArrayList<>();
    final List<String> delete = new ArrayList<>();

    /** Sets an index's key attributes to {@code indexKey}, or removes them when it is null (a sparse index). */
    void indexKey(KeyTemplates k, Map<String, AttributeValue> indexKey, Expressions x) {
      boolean local = k.shape().local(); // a local index's partition key is the table's: never set nor removed
      if (indexKey == null) {
        if (!local) {
          k.shape().partitionKeys().forEach(a -> remove.add(x.name(a)));
        }
        k.shape().sortKeys().forEach(a -> remove.add(x.name(a)));
      } else {
        indexKey.forEach((attr, av) -> {
          if (!local || !attr.equals(k.shape().partitionKey())) {
            set.add(x.name(attr) + " = " + x.value(av));
          }
        });
      }
    }

    String render() {
      StringBuilder out = new StringBuilder();
      clause(out, "SET", set);
      clause(out, "REMOVE", remove);
      clause(out, "ADD", add);
      clause(out, "DELETE", delete);
      return out.toString();
    }

    private static void clause(StringBuilder out, String keyword, List<String> parts) {
      if (!parts.isEmpty()) {
        out.append(out.length() == 0 ? "" : " ").append(keyword).append(' ').append(String.join(", ", parts));
      }
    }
  }

  private static String and(List<String> conditions) {
    if (conditions.size() == 1) {
      return conditions.get(0);
    }
    StringBuilder out = new StringBuilder();
    for (String c : conditions) {
      out.append(out.length() == 0 ? "" : " AND ").append(Expressions.group(c));
    }
    return out.toString();
  }

  private CompletableFuture<Map<String, AttributeValue>> readFields(Map<String, AttributeValue> key,
      Set<String> fields) {
    Expressions x = new Expressions();
    List<String> projected = new ArrayList<>();
    projected.add(x.name(entity.typeAttribute()));
    for (String f : fields) {
      projected.add(x.name(entity.mapper().field(f).stored()));
    }
    return db.getItem(GetItemRequest.builder().tableName(tableName).key(key).consistentRead(true)
        .projectionExpression(String.join(", ", projected)).expressionAttributeNames(x.names()).build())
        .thenApply(r -> r.hasItem() && !r.item().isEmpty() ? r.item() : null);
  }

  private CompletableFuture<Map<String, AttributeValue>> readItem(Map<String, AttributeValue> key) {
    return db.getItem(GetItemRequest.builder().tableName(tableName).key(key).consistentRead(true).build())
        .thenApply(r -> r.hasItem() && !r.item().isEmpty() ? r.item() : null);
  }

  /**
   * The declared rules of the field an update action changes. A read-only field is never changed by an update. A
   * whole value set is checked here; an add or subtract on a number with a min or max is guarded by a condition
   * (the result is known only to the database: {@code old >= min - delta}); any other change whose result only the
   * database knows (a nested path, append, a set operation) is refused on a field with rules, which check whole
   * values.
   */
  private void ruleChecks(DocPath p, Action a, Object v, String path, Expressions x, List<String> guards) {
    Field top = p.top();
    List<io.partita.model.Rule> rules = entity.rules(top);
    if (rules.isEmpty()) {
      return;
    }
    for (io.partita.model.Rule r : rules) {
      if (r.kind() == io.partita.model.Rule.Kind.READ_ONLY) {
        throw new ValidationException("Entity " + entity.name() + ", field " + top.name() + ": it breaks rule '" + r
            + "': an update cannot change it", entity.name(), top.name(), r);
      }
    }
    boolean whole = p.isTopLevel() && (a.kind() == UpdateSpec.Kind.SET || a.kind() == UpdateSpec.Kind.SET_IF_NOT_EXISTS
        || a.kind() == UpdateSpec.Kind.REMOVE);
    if (whole) {
      if (v != null) {
        Object converted;
        try {
          converted = Numbers.convert(v, top.valueType());
        } catch (IllegalArgumentException e) {
          return; // encode() refuses it with its own message
        }
        entity.validate(top, converted);
      }
      return;
    }
    boolean counter = p.isTopLevel() && p.codec() instanceof Codecs.NumberCodec && v instanceof Number
        && (a.kind() == UpdateSpec.Kind.ADD || a.kind() == UpdateSpec.Kind.SUBTRACT);
    for (io.partita.model.Rule r : rules) {
      boolean bound = r.kind() == io.partita.model.Rule.Kind.MIN || r.kind() == io.partita.model.Rule.Kind.MAX;
      if (!counter || !bound) {
        throw invalid(p, a, "field " + top.name() + " has rule '" + r + "', which checks whole values; set the whole"
            + " value instead");
      }
      BigDecimal delta = Numbers.exact((Number) v);
      if (a.kind() == UpdateSpec.Kind.SUBTRACT) {
        delta = delta.negate();
      }
      BigDecimal limit = ((BigDecimal) r.bound()).subtract(delta); // old + delta within the bound
      boolean min = r.kind() == io.partita.model.Rule.Kind.MIN;
      String check = path + (min ? " >= " : " <= ") + x.value(AttributeValue.fromN(limit.toPlainString()));
      boolean absentOk = min ? delta.compareTo((BigDecimal) r.bound()) >= 0 : delta.compareTo((BigDecimal) r.bound()) <= 0;
      guards.add(absentOk ? "attribute_not_exists(" + path + ") OR " + check : check);
    }
  }

  /**
   * Refuses a put or upsert that would change a read-only field of the stored item: the stored values are read
   * (consistently, projecting only those fields) and compared with the record's. Two requests: a writer between them
   * goes unnoticed unless the entity is versioned, when the write's version check refuses it.
   */
  private void checkReadOnly(Object[] values, Reads reads) {
    List<Field> readOnly = entity.readOnlyFields();
    if (readOnly.isEmpty()) {
      return;
    }
    Set<String> names = new LinkedHashSet<>();
    readOnly.forEach(f -> names.add(f.name()));
    Map<String, AttributeValue> current = reads.fields(entity.key(values), names);
    if (current == null || !entity.owns(current)) {
      return; // a new item: nothing to keep
    }
    Map<String, AttributeValue> written = entity.fieldValues(values);
    for (Field f : readOnly) {
      AttributeValue before = current.get(f.stored());
      if (!Objects.equals(before, written.get(f.stored()))) {
        io.partita.model.Rule r = entity.rules(f).stream()
            .filter(x -> x.kind() == io.partita.model.Rule.Kind.READ_ONLY).findFirst().orElseThrow();
        throw entity.refused(f, r, EntityModel.unwrap(f, values[f.index()]), ": the stored value is "
            + (before == null ? "absent" : describeValue(f, before)));
      }
    }
  }

  private static String describeValue(Field f, AttributeValue av) {
    try {
      return String.valueOf(f.codec().decode(av));
    } catch (RuntimeException e) {
      return av.toString();
    }
  }

  private void requireRemovable(DocPath p, Action a) {
    if (!p.removable()) {
      throw invalid(p, a, "cannot remove it: it is required (only Optional fields, sets, map entries and list"
          + " elements can be removed)");
    }
  }

  private ValidationException invalid(DocPath p, Action a, String message) {
    String op = a.kind().name().toLowerCase(java.util.Locale.ROOT);
    return new ValidationException("Entity " + entity.name() + ", update path '" + p + "' (" + op + "): " + message,
        entity.name(), p.top().name());
  }

  private Object required(Object v, DocPath p, Action a) {
    if (v == null) {
      throw invalid(p, a, "needs a value");
    }
    return v;
  }

  private AttributeValue nonEmptySet(DocPath p, Object v, Action a) {
    AttributeValue av = encode(p, required(v, p, a), a);
    if (av == null) {
      throw invalid(p, a, "needs at least one element");
    }
    return av;
  }

  /** Encodes {@code v} for the path's type; numbers of another Java type are converted when they fit. */
  private AttributeValue encode(DocPath p, Object v, Action a) {
    Codec codec = p.codec();
    try {
      v = Numbers.convert(v, codec.javaType());
    } catch (IllegalArgumentException e) {
      throw invalid(p, a, e.getMessage());
    }
    if (!codec.javaType().isInstance(v)) {
      throw invalid(p, a, "expected a " + codec.javaType().getSimpleName() + ", got "
          + v.getClass().getSimpleName() + " " + v);
    }
    try {
      return codec.encode(v);
    } catch (RuntimeException e) {
      throw invalid(p, a, String.valueOf(e.getMessage()));
    }
  }
}
