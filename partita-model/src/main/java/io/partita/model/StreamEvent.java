package io.partita.model;

/**
 * One DynamoDB stream record as a change of the model's entities, decoded by {@link StreamEvents}: an item
 * {@link Inserted}, {@link Modified}, {@link Removed} or {@link Expired} (deleted by Time to Live), with its images as
 * entity records, or an item of no entity the decoder knows ({@link Unrecognized}), reported rather than dropped.
 *
 * <p>On Java 21 a handler matches the records' patterns:
 *
 * <pre>{@code
 * switch (events.decode(record)) {
 *   case StreamEvent.Inserted(Order o) -> count(o.status(), +1);
 *   case StreamEvent.Modified(Order before, Order after) -> { count(before.status(), -1); count(after.status(), +1); }
 *   case StreamEvent.Removed(Order o) -> count(o.status(), -1);
 *   case StreamEvent.Expired(Order o) -> count(o.status(), -1);         // deleted by Time to Live
 *   case StreamEvent.Unrecognized<?> u -> log.warn("not an entity item: {}", u.record().dynamodb().keys());
 *   default -> { }  // changes of the other entities
 * }
 * }</pre>
 *
 * <p>On Java 17, with {@code instanceof} patterns, or through {@link #before()} and {@link #after()}, which every
 * event has: {@code if (event.after() instanceof Order o) ...}.
 *
 * @param <T> the type of the decoded items: {@code Object}, or the type {@link StreamEvents#of(Model, Class)} was
 *     given (a sealed interface the entities' records implement, for instance)
 */
public sealed interface StreamEvent<T> {

  /** The item before the change: null for an {@link Inserted} item and an {@link Unrecognized} one. */
  T before();

  /** The item after the change: null for a {@link Removed} item and an {@link Unrecognized} one. */
  T after();

  /** An item written where there was none ({@code INSERT}). */
  record Inserted<T>(T item) implements StreamEvent<T> {
    @Override
    public T before() {
      return null;
    }

    @Override
    public T after() {
      return item;
    }
  }

  /**
   * An item changed ({@code MODIFY}). Both images are of the same entity, since the model tells entities apart by
   * their table keys, unless something outside the model wrote an item of another entity at the key.
   */
  record Modified<T>(T before, T after) implements StreamEvent<T> {}

  /** An item deleted ({@code REMOVE}) by a write. A deletion by Time to Live is {@link Expired}. */
  record Removed<T>(T item) implements StreamEvent<T> {
    @Override
    public T before() {
      return item;
    }

    @Override
    public T after() {
      return null;
    }
  }

  /**
   * An item deleted by DynamoDB's Time to Live after it expired: a {@code REMOVE} whose {@code userIdentity} is type
   * {@code Service}, principal {@code dynamodb.amazonaws.com} (DynamoDB Streams API reference, {@code Record} and
   * {@code Identity}). Told apart from {@link Removed} because a handler usually treats them differently (an
   * expired session is not a user's deletion); {@link #before()} is the item, like a removal's.
   */
  record Expired<T>(T item) implements StreamEvent<T> {
    @Override
    public T before() {
      return item;
    }

    @Override
    public T after() {
      return null;
    }
  }

  /**
   * A change of an item that is of no entity the decoder knows: its type attribute is absent or names no entity of
   * the model (or none whose record is a {@code T}); in a {@code MODIFY}, either image. The record as it came.
   */
  record Unrecognized<T>(software.amazon.awssdk.services.dynamodb.model.Record record) implements StreamEvent<T> {
    @Override
    public T before() {
      return null;
    }

    @Override
    public T after() {
      return null;
    }
  }
}
