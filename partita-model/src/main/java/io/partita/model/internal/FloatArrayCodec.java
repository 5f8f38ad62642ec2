package io.partita.model.internal;

import java.util.ArrayList;
import java.util.List;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code float[]} as a DynamoDB list of numbers (L of N), the form a vector index reads. Each element is written as
 * {@link Codecs#finiteFloat} writes a float field (the digits of {@code Float.toString}, in plain notation), so it
 * reads back as exactly the float written (but for a negative zero, which reads back as 0: DynamoDB's numbers have
 * no sign on zero); a value that is not a finite float (NaN, an infinity) is refused, as DynamoDB's numbers have no
 * such values. A {@code List<Float>} is the list codec over the float codec: the same
 * stored form.
 */
final class FloatArrayCodec implements Codec {
  static final FloatArrayCodec INSTANCE = new FloatArrayCodec();

  private FloatArrayCodec() {}

  @Override
  public Class<?> javaType() {
    return float[].class;
  }

  @Override
  public AttributeValue encode(Object value) {
    float[] values = (float[]) value;
    List<AttributeValue> out = new ArrayList<>(values.length);
    for (float f : values) {
      out.add(AttributeValue.fromN(Codecs.finiteFloat(f)));
    }
    return AttributeValue.fromL(out);
  }

  @Override
  public Object decode(AttributeValue value) {
    List<AttributeValue> list = Codecs.require(value.hasL() ? value.l() : null, "L", value);
    float[] out = new float[list.size()];
    for (int i = 0; i < out.length; i++) {
      AttributeValue av = list.get(i);
      // a float[] has no place for a null element: refused rather than read as 0
      out[i] = (Float) Codecs.FLOAT.decode(av);
    }
    return out;
  }

  @Override
  public Codec element() {
    return Codecs.FLOAT;
  }
}
