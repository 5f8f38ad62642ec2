package io.partita.model;

import io.partita.model.internal.Dynamo;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The settings both clients share ({@link ModelClient.Builder}, {@link AsyncModelClient.Builder}): one place for
 * them, since a setting added to one client belongs to the other too.
 *
 * @param <B> the builder itself, so each setting returns it
 */
abstract class ClientBuilder<B extends ClientBuilder<B>> {
  final Model model;
  private Clock clock = Clock.systemUTC();
  private byte[] cursorKey;
  private RetryPolicy retry = RetryPolicy.defaults();
  private final List<ModelListener> listeners = new ArrayList<>();
  private boolean skipForeignItems;

  ClientBuilder(Model model) {
    this.model = Objects.requireNonNull(model, "model");
  }

  abstract B self();

  /** The clock for createdAt and updatedAt. */
  public B clock(Clock clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
    return self();
  }

  /**
   * The HMAC-SHA256 key cursors are signed with (at least 16 bytes). Give every instance of a service the same
   * key so a cursor from one is accepted by another (a ModelClient's and an AsyncModelClient's alike); without
   * one, a random key is made per client.
   */
  public B cursorKey(byte[] key) {
    this.cursorKey = ClientCore.cursorKey(key);
    return self();
  }

  /** How batches retry unprocessed keys and items ({@link RetryPolicy#defaults()} unless given). */
  public B batchRetry(RetryPolicy retry) {
    this.retry = Objects.requireNonNull(retry, "retry");
    return self();
  }

  /**
   * Adds a listener told before and after every request the client sends (operation, access pattern, consumed
   * capacity, latency, error); see {@link ModelListener}. Listeners run in the order added.
   */
  public B listener(ModelListener listener) {
    listeners.add(Objects.requireNonNull(listener, "listener"));
    return self();
  }

  /**
   * Reads skip items the model did not write instead of refusing them: an item with no type attribute, or whose type
   * names no entity of the model, is left out of a query or scan page (counted in {@link Page#skipped()}) and is
   * absent from a get. For a table shared with other writers, or a rolling deployment in which newer code writes a
   * new entity into an item collection older code reads. Without it such an item is an {@link
   * UnrecognizedItemException}. An item that names an entity of the model and does not decode as it is an error
   * either way.
   */
  public B skipForeignItems() {
    this.skipForeignItems = true;
    return self();
  }

  /** The client's core over {@code dynamo}, with these settings. */
  ClientCore core(Dynamo dynamo) {
    return new ClientCore(model, dynamo, clock, cursorKey, retry, List.copyOf(listeners),
        model.recognition().skippingForeign(skipForeignItems));
  }
}
