package io.partita.engine.answer;

import com.fasterxml.jackson.core.JsonGenerator;
import io.partita.engine.internal.expr.Projection;
import io.partita.engine.internal.value.ItemCodec;
import io.partita.engine.internal.value.ItemJson;
import io.partita.engine.internal.value.ItemSize;
import java.io.IOException;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One item of an answer, kept in its stored encoding with the projection still to apply, until the
 * caller asks for it in its own form: {@link #map()} decodes it (once), {@link #writeJson} writes
 * it from the encoding. A projection that keeps whole attributes ({@link
 * Projection#wholeAttributes()}) is applied by skipping the others; one that reaches into documents
 * is applied at once, and the item is kept decoded.
 *
 * <p>Not thread-safe: an answer is converted on the thread that asked for it (the embedded client's
 * caller, the server's event loop or worker), and the decoded map is cached without synchronization.
 */
public final class StoredItem {
  private final byte[] stored;
  private final Set<String> only;
  private Map<String, AttributeValue> decoded;

  private StoredItem(byte[] stored, Set<String> only, Map<String, AttributeValue> decoded) {
    this.stored = stored;
    this.only = only;
    this.decoded = decoded;
  }

  /** The item {@code stored} encodes, with {@code projection} (null: the whole item). */
  public static StoredItem of(byte[] stored, Projection projection) {
    if (projection == null) {
      return new StoredItem(stored, null, null);
    }
    Set<String> whole = projection.wholeAttributes();
    return whole != null ? new StoredItem(stored, whole, null)
        : new StoredItem(null, null, projection.apply(ItemCodec.decode(stored)));
  }

  /** An item already decoded, as it is answered. */
  public static StoredItem of(Map<String, AttributeValue> item) {
    return new StoredItem(null, null, item);
  }

  /** The item as the SDK's model holds it, decoded on the first call. */
  public Map<String, AttributeValue> map() {
    Map<String, AttributeValue> m = decoded;
    if (m == null) {
      m = only == null ? ItemCodec.decode(stored) : ItemCodec.decode(stored, only);
      decoded = m;
    }
    return m;
  }

  /** The size of the item answered, by DynamoDB's rules. */
  public long size() {
    return stored != null ? ItemCodec.size(stored, only) : ItemSize.of(decoded);
  }

  /** Writes the item as DynamoDB JSON. */
  public void writeJson(JsonGenerator g) throws IOException {
    if (stored != null) {
      ItemJson.write(stored, only, g);
    } else {
      ItemJson.write(decoded, g);
    }
  }
}
