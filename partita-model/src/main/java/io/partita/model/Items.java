package io.partita.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.partita.model.internal.EntityModel;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Items read by key, of one or several entities: the result of {@link ModelClient#transactGet()} and
 * {@link ModelClient#batchGet()}. An item that does not exist, or that belongs to another entity, is absent; an item no
 * entity of the model is recognised in made the read fail ({@link UnrecognizedItemException}) unless the client skips
 * foreign items.
 * Immutable.
 */
public final class Items {

  record Entry(EntityModel<?> entity, Map<String, AttributeValue> key, Object item) {}

  private final Model model;
  private final List<Entry> entries;
  private final Map<EntityModel<?>, Map<Map<String, AttributeValue>, Object>> byKey = new HashMap<>();
  private final List<ItemKey> unprocessed;

  Items(Model model, List<Entry> entries, List<ItemKey> unprocessed) {
    this.model = model;
    this.entries = List.copyOf(entries);
    this.unprocessed = List.copyOf(unprocessed);
    for (Entry e : entries) {
      if (e.item() != null) {
        byKey.computeIfAbsent(e.entity(), x -> new HashMap<>()).put(e.key(), e.item());
      }
    }
  }

  /** The number of keys asked for. */
  public int size() {
    return entries.size();
  }

  /** The item of the {@code index}-th key asked for, if found and of {@code entity}. */
  public <T extends Record> Optional<T> get(int index, Entity<T> entity) {
    Object item = entries.get(index).item();
    return entity.type().isInstance(item) ? Optional.of(entity.type().cast(item)) : Optional.empty();
  }

  /** The item of {@code entity} at {@code key}, if it was asked for and found. */
  public <T extends Record> Optional<T> get(Entity<T> entity, Key key) {
    EntityModel<T> e = model.entityModel(entity);
    Object item = byKey.getOrDefault(e, Map.of()).get(e.key(key));
    return Optional.ofNullable(item).map(entity.type()::cast);
  }

  /** The items found of {@code entity}, in the order their keys were asked for. */
  public <T extends Record> List<T> all(Entity<T> entity) {
    List<T> out = new ArrayList<>();
    for (Entry e : entries) {
      if (entity.type().isInstance(e.item())) {
        out.add(entity.type().cast(e.item()));
      }
    }
    return Collections.unmodifiableList(out);
  }

  /** Every item found, in the order the keys were asked for. */
  public List<Object> found() {
    List<Object> out = new ArrayList<>();
    for (Entry e : entries) {
      if (e.item() != null) {
        out.add(e.item());
      }
    }
    return Collections.unmodifiableList(out);
  }

  /** For a batch get: the keys still unread after every retry (their items are absent here). */
  public List<ItemKey> unprocessed() {
    return unprocessed;
  }
}
