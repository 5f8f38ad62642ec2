package io.partita.engine.internal.ops.read;

import io.partita.engine.internal.answer.StoredItem;
import io.partita.engine.internal.expr.Projection;
import io.partita.engine.internal.ops.request.Capacity;
import io.partita.engine.internal.ops.request.ItemKey;
import io.partita.engine.internal.ops.request.Keys;
import io.partita.engine.internal.storage.Reads;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.value.ItemCodec;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One item read by its primary key, checked: GetItem's command, and each key of a BatchGetItem or a
 * TransactGetItems, so the three read one item the same way. Nothing in it is checked again.
 *
 * @param named the table as the request named it (its name or ARN), as ConsumedCapacity answers it
 * @param key the validated key and its storage key
 * @param projection the ProjectionExpression or AttributesToGet, bound; null for the whole item
 * @param consistent whether the read is strongly consistent (a transaction's always is)
 */
public record KeyRead(String named, ItemKey key, Projection projection, boolean consistent) {
  /** The read of {@code key} in the table {@code def}, checking the key against the table's schema and limits. */
  public static KeyRead of(String named, TableDef def, Map<String, AttributeValue> key, Projection projection,
      boolean consistent) {
    return new KeyRead(named, Keys.ofKey(def, key), projection, consistent);
  }

  /** The item's stored bytes in {@code source}, or null when there is none. */
  public byte[] read(Reads source) {
    return source.get(key.storageKey());
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
