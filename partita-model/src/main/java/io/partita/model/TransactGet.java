package io.partita.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.partita.model.internal.EntityModel;
import io.partita.model.internal.EntityOps;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ItemResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;

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
  private final ModelClient client;
  private final DynamoDbClient dynamo;
  private final List<EntityOps<?>> entities = new ArrayList<>();
  private final List<Map<String, AttributeValue>> keys = new ArrayList<>();

  TransactGet(ModelClient client, DynamoDbClient dynamo) {
    this.client = client;
    this.dynamo = dynamo;
  }

  public <T extends Record> TransactGet get(Entity<T> entity, Key key) {
    EntityOps<T> ops = client.ops(entity);
    keys.add(ops.entity().key(key));
    entities.add(ops);
    return this;
  }

  /** Reads every item; one absent or of another entity is absent from the result. */
  public Items execute() {
    if (keys.isEmpty()) {
      throw new ValidationException("a transactional get needs at least one key", null, null);
    }
    String table = client.model().table().name();
    List<TransactGetItem> items = new ArrayList<>();
    for (Map<String, AttributeValue> k : keys) {
      items.add(TransactGetItem.builder().get(g -> g.tableName(table).key(k)).build());
    }
    List<ItemResponse> responses = dynamo.transactGetItems(b -> b.transactItems(items)).responses();
    List<Items.Entry> entries = new ArrayList<>();
    for (int i = 0; i < keys.size(); i++) {
      ItemResponse r = i < responses.size() ? responses.get(i) : null;
      Map<String, AttributeValue> item = r == null || !r.hasItem() ? null : r.item();
      EntityOps<?> ops = entities.get(i);
      EntityModel<?> e = ops.entity();
      entries.add(new Items.Entry(e, keys.get(i), ops.decodeOwn(item).orElse(null)));
    }
    return new Items(client.model(), entries, List.of());
  }
}
