package io.partita.engine.internal.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.function.Executable;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

final class Fixtures {
  private Fixtures() {}

  static AttributeValue s(String v) {
    return AttributeValue.fromS(v);
  }

  static AttributeValue n(String v) {
    return AttributeValue.fromN(v);
  }

  static AttributeValue b(int... bytes) {
    byte[] out = new byte[bytes.length];
    for (int i = 0; i < bytes.length; i++) {
      out[i] = (byte) bytes[i];
    }
    return AttributeValue.fromB(SdkBytes.fromByteArray(out));
  }

  static AttributeValue ss(String... v) {
    return AttributeValue.fromSs(Arrays.asList(v));
  }

  static AttributeValue ns(String... v) {
    return AttributeValue.fromNs(Arrays.asList(v));
  }

  static AttributeValue l(AttributeValue... v) {
    return AttributeValue.fromL(Arrays.asList(v));
  }

  static AttributeValue bool(boolean v) {
    return AttributeValue.fromBool(v);
  }

  static AttributeValue nul() {
    return AttributeValue.fromNul(true);
  }

  /** A map from alternating keys and values. */
  static Map<String, AttributeValue> item(Object... kv) {
    Map<String, AttributeValue> out = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      out.put((String) kv[i], (AttributeValue) kv[i + 1]);
    }
    return out;
  }

  static AttributeValue m(Object... kv) {
    return AttributeValue.fromM(item(kv));
  }

  static Map<String, String> names(String... kv) {
    Map<String, String> out = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      out.put(kv[i], kv[i + 1]);
    }
    return out;
  }

  static void assertValidation(String message, Executable action) {
    PartitaException e = assertThrows(PartitaException.class, action);
    assertEquals(ErrorCode.ValidationException, e.code());
    assertEquals(message, e.getMessage());
  }

  static Condition cond(String expression, Map<String, AttributeValue> values) {
    return new ExpressionContext(null, values).condition(expression, "ConditionExpression");
  }

  static boolean test(String expression, Map<String, AttributeValue> values, Map<String, AttributeValue> item) {
    return cond(expression, values).test(item);
  }

  static Update update(String expression, Map<String, AttributeValue> values) {
    return new ExpressionContext(null, values).update(expression);
  }

  static Update update(String expression, Map<String, String> names, Map<String, AttributeValue> values) {
    return new ExpressionContext(names, values).update(expression);
  }

  static List<AttributeValue> list(AttributeValue v) {
    return v.l();
  }
}
