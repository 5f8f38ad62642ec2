package io.partita.engine.internal.ops.read;

import io.partita.engine.answer.ItemsAnswer;
import io.partita.engine.answer.StoredItem;
import io.partita.engine.internal.expr.Projection;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.request.Capacity;
import io.partita.engine.internal.ops.request.ItemKey;
import io.partita.engine.internal.ops.request.Keys;
import io.partita.engine.internal.storage.Reads;
import io.partita.engine.internal.storage.Store;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.value.ItemCodec;
import io.partita.engine.served.Served;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * One item read by its primary key, checked: GetItem's command, and each key of a BatchGetItem or a
 * TransactGetItems, so the three read one item the same way. Nothing in it is checked again.
 *
 * @param named the table as the request named it (its name or ARN), as ConsumedCapacity answers it
 * @param table the table read
 * @param key the validated key and its storage key
 * @param projection the ProjectionExpression or AttributesToGet, bound; null for the whole item
 * @param consistent whether the read is strongly consistent (a transaction's always is)
 */
public record KeyRead(String named, TableDef table, ItemKey key, Projection projection, boolean consistent) {
  /** The read of {@code key} in the table {@code def}, checking the key against the table's schema and limits. */
  public static KeyRead of(String named, TableDef def, Map<String, AttributeValue> key, Projection projection,
      boolean consistent) {
    return new KeyRead(named, def, Keys.ofKey(def, key), projection, consistent);
  }

  /**
   * Reads the item alone, as GetItem does (on a past snapshot when an eventually consistent read
   * lags): GetItem's answer, its ConsumedCapacity as {@code capacity} asks.
   */
  public ItemsAnswer run(EngineContext ctx, ReturnConsumedCapacity capacity) {
    Served.admit(table.name(), null, false);
    byte[] stored;
    try (Store.View past = ctx.pastView(consistent)) {
      stored = read(past != null ? past : ctx.store());
    }
    GetItemResponse.Builder out = GetItemResponse.builder();
    if (Capacity.counted(capacity)) {
      out.consumedCapacity(Capacity.Units.reads(units(stored)).report(capacity, named, table.name()));
      Served.items(stored == null ? 0 : 1);
    }
    return ItemsAnswer.item(out.build(), answer(stored));
  }

  /** The item's stored bytes in {@code source}, or null when there is none. */
  public byte[] read(Reads source) {
    if (Served.countsKeys()) {
      counted();
    }
    return source.get(key.storageKey());
  }

  /** Counts this read's partition key among the request's facts (a transaction reads its items apart). */
  public void counted() {
    Served.key(table.name(), key.attributes().get(table.hash().name()), false);
  }

  /** The answer for an item read as {@code stored} (null: no item). */
  public StoredItem answer(byte[] stored) {
    return stored == null ? null : StoredItem.of(stored, projection);
  }

  /**
   * The read units of an item of {@code storedSize} bytes (0: no item, which costs the minimum),
   * rounded up to 4 KB on its own, as DynamoDB bills GetItem and each key of a batch.
   */
  public double units(long storedSize) {
    return Capacity.readUnits(storedSize, consistent);
  }

  /** The read units of the item read as {@code stored} (null: no item), measured from its encoding. */
  public double units(byte[] stored) {
    return units(stored == null ? 0 : ItemCodec.size(stored));
  }
}
