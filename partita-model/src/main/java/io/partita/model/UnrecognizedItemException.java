package io.partita.model;

import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An item that exists but that the model cannot read as one of its entities: it has no type attribute, its type
 * names no entity of the model, or it names one and does not decode as it (a required field missing, a value of
 * the wrong DynamoDB type, a schema version newer than the code). Every read of the model raises it rather than
 * answer as if the item were not there; {@link #entity()} and {@link #field()} are set when the item names an entity.
 * A table shared with items the model did not write can skip those instead: {@code skipForeignItems()} on the
 * client builder, {@link StreamEvents#skippingForeignItems()}.
 */
public final class UnrecognizedItemException extends ModelException {
  private static final long serialVersionUID = 1L;

  private final String table;
  private final transient Map<String, AttributeValue> key;

  public UnrecognizedItemException(String message, String table, Map<String, AttributeValue> key, String entity,
      String field, Throwable cause) {
    super(message, entity, field, cause);
    this.table = table;
    this.key = key == null ? Map.of() : Map.copyOf(key);
  }

  /** The table the item was read from. */
  public String table() {
    return table;
  }

  /** The item's table key attributes (as many of them as the item holds). */
  public Map<String, AttributeValue> key() {
    return key;
  }
}
