package io.partita.model.internal;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

import io.partita.model.ModelException;
import io.partita.model.TableSchema;
import io.partita.model.UnrecognizedItemException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Recognition: which entity of the model wrote a stored item, and the item decoded as that entity. Every read of the
 * model goes through here (get, batch and transactional gets, query and scan pages, stream images, {@code
 * Model.decode}), so the rule lives in one place: an item of the model's table is recognised by its type attribute.
 * Items written without one, in the tables of a design being left, are read through {@code
 * io.partita.model.migrate.LegacyTable}, which recognises them by their table or a declared rule, with the same
 * refusal of what it does not recognise.
 *
 * <p>Three outcomes, never a silent one: an entity of the model; the library's own bookkeeping (a migration record)
 * or, when the caller opted in with {@code skipForeign}, a foreign item (no type attribute, or a type naming no
 * entity), both "not an entity", which a query skips and counts; otherwise {@link UnrecognizedItemException} saying
 * which table, which key and what was wrong. An item that names an entity but does not decode as one is always an
 * error: a skip there would hide a broken item of the model's own. Immutable.
 */
public final class Recognition {
  /** The type value of a migration's record ({@code io.partita.model.migrate.MigrationLog}). Persisted: never change. */
  public static final String MIGRATION_TYPE = "_migration";
  /** The type value of a migration segment's checkpoint. Persisted: never change. */
  public static final String CHECKPOINT_TYPE = "_migration_checkpoint";
  /** The type value of an access pattern's cut-over stage ({@code io.partita.model.migrate.Cutover}). Persisted. */
  public static final String CUTOVER_TYPE = "_cutover";

  /** Type values the library itself writes into the model's table: known, never an entity. */
  static final Set<String> LIBRARY_TYPES = Set.of(MIGRATION_TYPE, CHECKPOINT_TYPE, CUTOVER_TYPE);

  private final String table;
  private final String typeAttribute;
  private final String partitionKey;
  private final String sortKey;
  private final Map<String, EntityModel<?>> byTypeName = new LinkedHashMap<>();
  private final boolean skipForeign;

  private Recognition(TableSchema table, Iterable<EntityModel<?>> entities, boolean skipForeign) {
    this.table = table.name();
    this.typeAttribute = table.typeAttribute();
    this.partitionKey = table.partitionKey();
    this.sortKey = table.sortKey().orElse(null);
    for (EntityModel<?> e : entities) {
      byTypeName.put(e.name(), e);
    }
    this.skipForeign = skipForeign;
  }

  /** Recognition of {@code model}'s entities; {@code skipForeign}: foreign items are "not an entity", not errors. */
  public static Recognition of(CompiledModel model, boolean skipForeign) {
    return new Recognition(model.table(), model.entities(), skipForeign);
  }

  public String typeAttribute() {
    return typeAttribute;
  }

  public boolean skipsForeign() {
    return skipForeign;
  }

  /** The same recognition, skipping foreign items or not. */
  public Recognition skippingForeign(boolean skip) {
    return skip == skipForeign ? this : new Recognition(this, skip);
  }

  private Recognition(Recognition base, boolean skipForeign) {
    this.table = base.table;
    this.typeAttribute = base.typeAttribute;
    this.partitionKey = base.partitionKey;
    this.sortKey = base.sortKey;
    this.byTypeName.putAll(base.byTypeName);
    this.skipForeign = skipForeign;
  }

  /**
   * The entity that wrote {@code item}, or null when the item is not an entity's (the library's own, or foreign and
   * skipped).
   *
   * @throws UnrecognizedItemException when the item has no type attribute, a type attribute that is not a string, or
   *     a type naming no entity of the model (unless foreign items are skipped)
   */
  public EntityModel<?> entityOf(Map<String, AttributeValue> item) {
    AttributeValue t = item.get(typeAttribute);
    if (t == null) {
      return foreign(item, "it has no type attribute " + typeAttribute + ", so no entity of the model is"
          + " recognised in it (an item the model did not write?)");
    }
    if (t.s() == null) {
      return foreign(item, "its type attribute " + typeAttribute + " is not a string: " + t);
    }
    EntityModel<?> e = byTypeName.get(t.s());
    if (e != null) {
      return e;
    }
    if (LIBRARY_TYPES.contains(t.s())) {
      return null;
    }
    return foreign(item, "its type attribute " + typeAttribute + " is '" + t.s() + "', which names no entity of the"
        + " model (" + String.join(", ", new TreeSet<>(byTypeName.keySet())) + ")");
  }

  /** Whether {@link #entityOf} finds {@code item} foreign (asked of the strict rule, so the rule stays one). */
  public boolean isForeign(Map<String, AttributeValue> item) {
    try {
      skippingForeign(false).entityOf(item);
      return false;
    } catch (UnrecognizedItemException e) {
      return true;
    }
  }

  private EntityModel<?> foreign(Map<String, AttributeValue> item, String why) {
    if (skipForeign) {
      return null;
    }
    throw new UnrecognizedItemException(where(item) + ": " + why + "; a table shared with items of other writers"
        + " can skip them with skipForeignItems()", table, keyOf(item), null, null, null);
  }

  /**
   * {@code item} decoded as the entity that wrote it when {@code wanted} takes that entity; null when the item is of
   * another entity or not an entity's (see {@link #entityOf}). {@code lenient} for projections: absent fields
   * decode as null or zero.
   *
   * @throws UnrecognizedItemException when the item is not recognised, or names a wanted entity and does not decode
   *     as it
   */
  public Object decode(Map<String, AttributeValue> item, Predicate<EntityModel<?>> wanted, boolean lenient) {
    EntityModel<?> e = entityOf(item);
    if (e == null || !wanted.test(e)) {
      return null;
    }
    return decodeAs(e, item, lenient);
  }

  /** {@code item}, which {@link #entityOf} gave {@code e} for, decoded as {@code e}. */
  public Object decodeAs(EntityModel<?> e, Map<String, AttributeValue> item, boolean lenient) {
    return decodeAs(e, item, lenient, null);
  }

  /** {@link #decodeAs(EntityModel, Map, boolean)}; {@code notReturned}: see {@link EntityModel#decode}. */
  public Object decodeAs(EntityModel<?> e, Map<String, AttributeValue> item, boolean lenient,
      RecordMapper.Field notReturned) {
    try {
      return e.decode(item, lenient, notReturned);
    } catch (ModelException x) {
      throw new UnrecognizedItemException(where(item) + " names entity " + e.name() + " but does not decode as one: "
          + x.getMessage(), table, keyOf(item), e.name(), x.field(), x);
    }
  }

  private String where(Map<String, AttributeValue> item) {
    return "Table " + table + ", item " + keyText(item);
  }

  private String keyText(Map<String, AttributeValue> item) {
    StringBuilder out = new StringBuilder();
    keyOf(item).forEach((k, v) -> out.append(out.length() == 0 ? "" : ", ").append(k).append('=')
        .append(v.s() != null ? v.s() : v.n() != null ? v.n() : String.valueOf(v)));
    return out.length() == 0 ? "(no table key attributes)" : "{" + out + "}";
  }

  private Map<String, AttributeValue> keyOf(Map<String, AttributeValue> item) {
    Map<String, AttributeValue> key = new LinkedHashMap<>(4);
    if (item.containsKey(partitionKey)) {
      key.put(partitionKey, item.get(partitionKey));
    }
    if (sortKey != null && item.containsKey(sortKey)) {
      key.put(sortKey, item.get(sortKey));
    }
    return key;
  }
}
