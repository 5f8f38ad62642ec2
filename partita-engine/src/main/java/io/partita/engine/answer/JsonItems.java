package io.partita.engine.answer;

import com.fasterxml.jackson.core.JsonGenerator;
import io.partita.engine.internal.value.ItemJson;
import java.io.IOException;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Items and values written as DynamoDB JSON, the same bytes an answer's stored items are written as
 * ({@link ItemsAnswer#writeItems}): for a front end that writes the rest of an answer itself (the
 * server's JSON protocol, an error's item).
 */
public final class JsonItems {
  private JsonItems() {}

  /** Writes {@code item} as DynamoDB JSON: {@code {"name": {"S": ...}, ...}}. */
  public static void writeItem(Map<String, AttributeValue> item, JsonGenerator g) throws IOException {
    ItemJson.write(item, g);
  }

  /** Writes one value as DynamoDB JSON: {@code {"S": ...}}, {@code {"N": "1"}}, ... */
  public static void writeValue(AttributeValue value, JsonGenerator g) throws IOException {
    ItemJson.writeValue(value, g);
  }
}
