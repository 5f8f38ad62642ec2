package io.partita.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import io.partita.model.internal.EntityModel;
import io.partita.model.internal.EntityOps;
import io.partita.model.internal.Futures;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ItemResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;

/**
 * A TransactGetItems over entities: items of several entities read as one serializable snapshot, decoded. Not
 * thread-safe.
 *
 * <pre>{@code
 * Items items = db.transactGet().get(order, orderKey).get(product, productKey).execute();
 * Order o = items.get(0, order).orElseThrow();
 * }</pre>
 */
public final class TransactGet {
  private final ClientCore client;
  private final List<EntityOps<?>> entities = new ArrayList<>();
  private final List<Map<String, AttributeValue>> keys = new ArrayList<>();

  TransactGet(ClientCore client) {
    this.client = client;
  }

  public <T extends Record> TransactGet get(Entity<T> entity, Key key) {
    EntityOps<T> ops = client.ops(entity);
    keys.add(ops.entity().key(key));
    entities.add(ops);
    return this;
  }

  /**
   * Reads every item; one absent or of another entity is absent from the result.
   *
   * @throws UnrecognizedItemException when an item is of no entity of the model, or does not decode as its entity
   */
  public Items execute() {
    return Futures.join(executeAsync());
  }

  /** {@link #execute()} without waiting. */
  public CompletableFuture<Items> executeAsync() {
    if (keys.isEmpty()) {
      return CompletableFuture.failedFuture(new ValidationException("a transactional get needs at least one key",
          null, null));
    }
    String table = client.model.table().name();
    List<TransactGetItem> items = new ArrayList<>();
    for (Map<String, AttributeValue> k : keys) {
      items.add(TransactGetItem.builder().get(g -> g.tableName(table).key(k)).build());
    }
    return client.dynamo.transactGetItems(TransactGetItemsRequest.builder().transactItems(items).build())
        .thenApply(answer -> {
          List<ItemResponse> responses = answer.responses();
          List<Items.Entry> entries = new ArrayList<>();
          for (int i = 0; i < keys.size(); i++) {
            ItemResponse r = i < responses.size() ? responses.get(i) : null;
            Map<String, AttributeValue> item = r == null || !r.hasItem() ? null : r.item();
            EntityOps<?> ops = entities.get(i);
            EntityModel<?> e = ops.entity();
            entries.add(new Items.Entry(e, keys.get(i), ops.decodeOwn(item).orElse(null)));
          }
          return new Items(client.model, entries, List.of());
        });
  }
}
