package io.partita.server.wire;

import com.fasterxml.jackson.core.JsonGenerator;
import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.engine.answer.JsonItems;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ThrottlingReason;

/**
 * DynamoDB's error body: {@code {"__type": "<namespace>#<Code>", "message": "..."}} plus the payload
 * some errors carry. Clients read the code after the {@code #}; the namespace is the one Amazon
 * DynamoDB sends for that code (the request validator, the service front end, or DynamoDB itself),
 * so logs and strict parsers see what they would in production.
 */
public final class WireErrors {
  private static final String DYNAMODB = "com.amazonaws.dynamodb.v20120810#";
  private static final String CORAL_SERVICE = "com.amazon.coral.service#";
  private static final String CORAL_VALIDATE = "com.amazon.coral.validate#";

  private WireErrors() {}

  public static String type(ErrorCode code) {
    return switch (code) {
      case ValidationException -> CORAL_VALIDATE + code.name();
      case SerializationException, UnknownOperationException, AccessDeniedException -> CORAL_SERVICE + code.name();
      default -> DYNAMODB + code.name();
    };
  }

  /** The authentication errors are the service front end's; a body over the limit is DynamoDB's. */
  public static String type(FrontEndRefusal.Code code) {
    return switch (code) {
      case RequestEntityTooLargeException -> DYNAMODB + code.name();
      default -> CORAL_SERVICE + code.name();
    };
  }

  public static void write(FrontEndRefusal e, JsonGenerator g) throws IOException {
    g.writeStartObject();
    g.writeStringField("__type", type(e.code()));
    g.writeStringField("message", e.getMessage());
    g.writeEndObject();
  }

  public static void write(PartitaException e, JsonGenerator g) throws IOException {
    g.writeStartObject();
    g.writeStringField("__type", type(e.code()));
    g.writeStringField("message", e.getMessage());
    Map<String, AttributeValue> item = e.item();
    if (item != null) {
      g.writeFieldName("Item");
      JsonItems.writeItem(item, g); // an item the engine read: one type per value
    }
    List<CancellationReason> reasons = e.cancellationReasons();
    if (reasons != null) {
      g.writeArrayFieldStart("CancellationReasons");
      for (CancellationReason r : reasons) {
        g.writeStartObject();
        g.writeStringField("Code", r.code());
        if (r.message() != null) {
          g.writeStringField("Message", r.message());
        }
        if (r.hasItem()) {
          g.writeFieldName("Item");
          JsonItems.writeItem(r.item(), g);
        }
        g.writeEndObject();
      }
      g.writeEndArray();
    }
    List<ThrottlingReason> throttling = e.throttlingReasons();
    if (throttling != null) {
      // member names as the service's model spells them: lower case inside the list
      g.writeArrayFieldStart("ThrottlingReasons");
      for (ThrottlingReason r : throttling) {
        g.writeStartObject();
        g.writeStringField("reason", r.reason());
        g.writeStringField("resource", r.resource());
        g.writeEndObject();
      }
      g.writeEndArray();
    }
    g.writeEndObject();
  }
}
