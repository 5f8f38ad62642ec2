package io.partita.model.stream;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.partita.model.ModelException;
import io.partita.model.internal.JsonText;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Identity;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.StreamRecord;

/**
 * The event a Lambda function triggered by a DynamoDB stream receives, as the AWS SDK's stream {@link Record}s, so
 * the same decoding serves Lambda, DynamoDB Streams read by hand and Partita's in-process listener. Takes the event as
 * the Java runtime hands it to a {@code RequestHandler<Map<String, Object>, ...>} (maps, lists, strings, numbers,
 * booleans) or as its JSON text (a {@code RequestStreamHandler}), without a dependency on {@code
 * aws-lambda-java-events}: {@code {"Records": [{"eventID", "eventName", "eventVersion", "eventSource", "awsRegion",
 * "dynamodb": {"Keys", "NewImage", "OldImage", "SequenceNumber", "SizeBytes", "StreamViewType",
 * "ApproximateCreationDateTime"}, "userIdentity": {"type", "principalId"}}]}}, images in DynamoDB's JSON form
 * ({@code {"S": "x"}}, {@code {"N": "1"}}, {@code {"M": {...}}}, ...).
 */
public final class LambdaStreamEvent {
  private LambdaStreamEvent() {}

  /** The records of an event given as its JSON text. */
  public static List<Record> records(String json) {
    return records(JsonText.parse(json));
  }

  /** The records of an event given as the Java runtime's map. */
  public static List<Record> records(Map<String, ?> event) {
    Object records = event.get("Records");
    if (!(records instanceof List<?> list)) {
      throw new ModelException("Not a DynamoDB stream event: no Records list");
    }
    List<Record> out = new ArrayList<>(list.size());
    for (Object r : list) {
      out.add(record(map(r, "a record")));
    }
    return out;
  }

  private static Record record(Map<String, ?> r) {
    Record.Builder b = Record.builder().eventID(text(r.get("eventID"))).eventName(text(r.get("eventName")))
        .eventVersion(text(r.get("eventVersion"))).eventSource(text(r.get("eventSource")))
        .awsRegion(text(r.get("awsRegion")));
    if (r.get("dynamodb") != null) {
      Map<String, ?> d = map(r.get("dynamodb"), "dynamodb");
      StreamRecord.Builder s = StreamRecord.builder().sequenceNumber(text(d.get("SequenceNumber")))
          .streamViewType(text(d.get("StreamViewType")));
      if (d.get("Keys") != null) {
        s.keys(image(d.get("Keys")));
      }
      if (d.get("NewImage") != null) {
        s.newImage(image(d.get("NewImage")));
      }
      if (d.get("OldImage") != null) {
        s.oldImage(image(d.get("OldImage")));
      }
      if (d.get("SizeBytes") instanceof Number n) {
        s.sizeBytes(n.longValue());
      }
      if (d.get("ApproximateCreationDateTime") instanceof Number n) {
        // epoch seconds, possibly with a fraction
        BigDecimal seconds = new BigDecimal(n.toString());
        s.approximateCreationDateTime(Instant.ofEpochSecond(seconds.longValue(),
            seconds.remainder(BigDecimal.ONE).movePointRight(9).longValue()));
      }
      b.dynamodb(s.build());
    }
    if (r.get("userIdentity") != null) {
      Map<String, ?> u = map(r.get("userIdentity"), "userIdentity");
      b.userIdentity(Identity.builder().type(text(u.get("type"))).principalId(text(u.get("principalId"))).build());
    }
    return b.build();
  }

  private static Map<String, AttributeValue> image(Object v) {
    Map<String, AttributeValue> out = new LinkedHashMap<>();
    map(v, "an image").forEach((k, x) -> out.put(k, value(x)));
    return out;
  }

  /** One attribute value in DynamoDB's JSON form: a single type key and its value. */
  private static AttributeValue value(Object v) {
    Map<String, ?> m = map(v, "an attribute value");
    if (m.size() != 1) {
      throw new ModelException("An attribute value has one type key (S, N, B, BOOL, NULL, M, L, SS, NS, BS), not "
          + m.keySet());
    }
    Map.Entry<String, ?> e = m.entrySet().iterator().next();
    Object x = e.getValue();
    return switch (e.getKey()) {
      case "S" -> AttributeValue.fromS(text(x));
      case "N" -> AttributeValue.fromN(text(x));
      case "B" -> AttributeValue.fromB(SdkBytes.fromByteArray(Base64.getDecoder().decode(text(x))));
      case "BOOL" -> AttributeValue.fromBool(Boolean.TRUE.equals(x) || "true".equals(x));
      case "NULL" -> AttributeValue.fromNul(Boolean.TRUE);
      case "M" -> AttributeValue.fromM(image(x));
      case "L" -> AttributeValue.fromL(list(x).stream().map(LambdaStreamEvent::value).toList());
      case "SS" -> AttributeValue.fromSs(list(x).stream().map(LambdaStreamEvent::text).toList());
      case "NS" -> AttributeValue.fromNs(list(x).stream().map(LambdaStreamEvent::text).toList());
      case "BS" -> AttributeValue.fromBs(list(x).stream()
          .map(s -> SdkBytes.fromByteArray(Base64.getDecoder().decode(text(s)))).toList());
      default -> throw new ModelException("Unknown attribute value type " + e.getKey());
    };
  }

  private static String text(Object v) {
    if (v == null) {
      return null;
    }
    return v instanceof BigDecimal d ? d.toPlainString() : v.toString();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, ?> map(Object v, String what) {
    if (!(v instanceof Map<?, ?>)) {
      throw new ModelException("In a DynamoDB stream event, " + what + " is " + v + ", not an object");
    }
    return (Map<String, ?>) v;
  }

  private static List<?> list(Object v) {
    if (!(v instanceof List<?> l)) {
      throw new ModelException("In a DynamoDB stream event, " + v + " is not a list");
    }
    return l;
  }
}
