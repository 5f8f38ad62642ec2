package io.partita.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import io.partita.model.internal.EntityOps;
import io.partita.model.internal.UpdateSpec;
import io.partita.model.internal.UpdateSpec.Action;
import io.partita.model.internal.UpdateSpec.Kind;

/**
 * A typed UpdateItem on one item of an entity: {@code db.entity(post).update(key)}. Each change names a path:
 * a record component ({@code "title"}), a component of a nested record ({@code "address.city"}, by Java names;
 * stored names and {@code @Attr} are applied), a key of a {@code Map<String, X>} component ({@code "prefs.theme"}) or
 * a list element ({@code "lines[2].qty"}). Paths are checked against the record types and values encoded by the
 * component's own mapping before anything is sent.
 *
 * <pre>{@code
 * Post after = db.entity(post).update(Key.of("username", "alice", "postId", id))
 *     .set("title", "New title")
 *     .set("published", true)          // gsi1sk STATUS#{published}#{postId} is rewritten in the same UpdateItem
 *     .add("views", 1)
 *     .ifVersion(3)                    // or leave it out: the version is incremented either way
 *     .condition(Condition.exists("content"))
 *     .execute();                      // the item as it is afterwards
 * }</pre>
 *
 * <p><b>Derived keys.</b> A field of the table key cannot change: it identifies the item ({@link ValidationException}
 * naming the field; delete and create instead). When a changed field feeds an index key template, the index key
 * attributes are rendered again in the same UpdateItem, or removed when the template can no longer be built (an
 * Optional field removed: the item leaves the sparse index). The other fields of that template come from, in order:
 * the update itself, the table key given to {@code update(key)}, {@link #assuming(String, Object)}, and otherwise a
 * consistent read of just those fields made before the write; the write is then conditioned on the assumed or read
 * values being still there, so a key is never rendered from stale values. A read value that changed before the write
 * makes the update plan again from a new read (up to 5 attempts, then a {@link VersionConflictException}, which
 * {@code retryOnConflict} retries); a wrong {@code assuming} value is a {@link ConditionFailedException}. A number
 * that feeds an index key may still be changed by {@code add} or {@code subtract}: its stored value is read, the key
 * rendered from that value plus the change, and the write conditioned on the value read, so a counter feeding an
 * index (a stock level in a low-stock index) changes atomically. Other changes whose result only the database knows
 * ({@code setIfNotExists}, {@code append}, nested paths) are refused on a field that feeds an index key.
 *
 * <p><b>Maintained fields.</b> The item must exist and be of this entity (the update never creates a partial item);
 * otherwise a {@link ConditionFailedException}. {@code updatedAt} is set to now unless the update sets it; the
 * version is incremented, and with {@link #ifVersion(long)} the write also requires the stored version
 * ({@link VersionConflictException} when another write came first).
 *
 * <p>Not thread-safe while being built; {@link #execute()} may be called again (it plans a new request each time).
 */
public final class Update<T extends Record> {
  private final EntityOps<T> ops;
  private final Key key;
  private final List<Action> actions = new ArrayList<>();
  private final Map<String, Object> assumed = new LinkedHashMap<>();
  private Condition condition;
  private Long expectedVersion;

  Update(EntityOps<T> ops, Key key) {
    this.ops = ops;
    this.key = Objects.requireNonNull(key, "key");
  }

  private Update<T> action(Kind kind, String path, Object value) {
    actions.add(new Action(kind, Objects.requireNonNull(path, "path"), value));
    return this;
  }

  /**
   * Sets the value at {@code path}. An empty {@code Optional} (or null) on an Optional component removes it, and so
   * does an empty set; a required component cannot be set to nothing.
   */
  public Update<T> set(String path, Object value) {
    return action(Kind.SET, path, value);
  }

  /** Removes the attribute at {@code path}: an Optional component, a map entry or a list element. */
  public Update<T> remove(String path) {
    return action(Kind.REMOVE, path, null);
  }

  /**
   * Adds to a number (absent counts as 0; any {@link Number} that fits the component's type), or adds the elements of
   * a {@link Set} to a set component.
   */
  public Update<T> add(String path, Object numberOrSet) {
    return action(Kind.ADD, path, Objects.requireNonNull(numberOrSet, "numberOrSet"));
  }

  /** Subtracts from a number (absent counts as 0). */
  public Update<T> subtract(String path, Number amount) {
    return action(Kind.SUBTRACT, path, Objects.requireNonNull(amount, "amount"));
  }

  /** Appends elements to the end of a list (an absent list counts as empty). */
  public Update<T> append(String path, List<?> elements) {
    return action(Kind.APPEND, path, Objects.requireNonNull(elements, "elements"));
  }

  /** Puts elements before the start of a list (an absent list counts as empty). */
  public Update<T> prepend(String path, List<?> elements) {
    return action(Kind.PREPEND, path, Objects.requireNonNull(elements, "elements"));
  }

  /** Removes elements from a set component. */
  public Update<T> deleteFromSet(String path, Set<?> elements) {
    return action(Kind.DELETE_FROM_SET, path, Objects.requireNonNull(elements, "elements"));
  }

  /** Sets the value at {@code path} only if there is none yet ({@code if_not_exists}). */
  public Update<T> setIfNotExists(String path, Object value) {
    return action(Kind.SET_IF_NOT_EXISTS, path, Objects.requireNonNull(value, "value"));
  }

  /** {@link #set(String, Object)} of a top-level field named by its accessor: {@code set(Post::title, "Hello")}. */
  public <V> Update<T> set(Field<T, V> field, V value) {
    return set(field.name(), value);
  }

  /** {@link #remove(String)} of a top-level field named by its accessor. */
  public Update<T> remove(Field<T, ?> field) {
    return remove(field.name());
  }

  /** {@link #add(String, Object)} to a number field named by its accessor. */
  public <N extends Number> Update<T> add(Field<T, N> field, N amount) {
    return add(field.name(), amount);
  }

  /** {@link #add(String, Object)} of elements to a set field named by its accessor. */
  public <E> Update<T> addToSet(Field<T, ? extends Set<E>> field, Set<E> elements) {
    return add(field.name(), elements);
  }

  /** {@link #subtract(String, Number)} from a number field named by its accessor. */
  public <N extends Number> Update<T> subtract(Field<T, N> field, N amount) {
    return subtract(field.name(), amount);
  }

  /** {@link #append(String, List)} to a list field named by its accessor. */
  public <E> Update<T> append(Field<T, ? extends List<E>> field, List<E> elements) {
    return append(field.name(), elements);
  }

  /** {@link #prepend(String, List)} to a list field named by its accessor. */
  public <E> Update<T> prepend(Field<T, ? extends List<E>> field, List<E> elements) {
    return prepend(field.name(), elements);
  }

  /** {@link #deleteFromSet(String, Set)} of a set field named by its accessor. */
  public <E> Update<T> deleteFromSet(Field<T, ? extends Set<E>> field, Set<E> elements) {
    return deleteFromSet(field.name(), elements);
  }

  /** {@link #setIfNotExists(String, Object)} of a field named by its accessor. */
  public <V> Update<T> setIfNotExists(Field<T, V> field, V value) {
    return setIfNotExists(field.name(), value);
  }

  /** Writes only if {@code condition} holds on the stored item ({@link ConditionFailedException} otherwise). */
  public Update<T> condition(Condition condition) {
    this.condition = Objects.requireNonNull(condition, "condition");
    return this;
  }

  /** Writes only if the stored version is {@code version}; writes {@code version + 1}. */
  public Update<T> ifVersion(long version) {
    this.expectedVersion = version;
    return this;
  }

  /**
   * Declares the stored value of a field the update does not change, for index key templates that need it: no read
   * is made, and the write requires the field to hold {@code value} ({@code Optional.empty()}: to be absent).
   */
  public Update<T> assuming(String field, Object value) {
    assumed.put(Objects.requireNonNull(field, "field"), Objects.requireNonNull(value, "value"));
    return this;
  }

  /**
   * Sends the UpdateItem and returns the item as it is afterwards ({@code ReturnValues = ALL_NEW}), decoded.
   *
   * @throws ValidationException for a path, value or key change that does not fit the model
   * @throws VersionConflictException when {@link #ifVersion} did not match
   * @throws ConditionFailedException when the item does not exist or the condition does not hold
   */
  public T execute() {
    return io.partita.model.internal.Futures.join(ops.update(spec()));
  }

  /**
   * {@link #execute()} without waiting: on an {@link AsyncModelClient}'s handle nothing blocks (a derived-key input
   * the update must read is read asynchronously too); the future fails with the exceptions {@code execute} throws.
   */
  public java.util.concurrent.CompletableFuture<T> executeAsync() {
    return io.partita.model.internal.Futures.call(() -> ops.update(spec()));
  }

  UpdateSpec spec() {
    return new UpdateSpec(key, actions, condition, expectedVersion, assumed);
  }

  EntityOps<T> ops() {
    return ops;
  }
}
