package io.partita.bench;

import io.partita.engine.internal.value.KeyCodec;
import io.partita.engine.internal.value.ScalarType;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Ordered key encoding of typical key values: a 20-char S, a 9-digit decimal N, a 16-byte B (with zero bytes, to exercise the escape). */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class KeyCodecBench {
  AttributeValue s;
  AttributeValue n;
  AttributeValue b;
  byte[] sEnc;
  byte[] nEnc;
  byte[] bEnc;

  @Setup
  public void setup() {
    s = AttributeValue.fromS("customer#00042#order");
    n = AttributeValue.fromN("1234567.89");
    byte[] raw = new byte[16];
    for (int i = 0; i < raw.length; i++) {
      raw[i] = (byte) (i % 5 == 0 ? 0 : i * 37);
    }
    b = AttributeValue.fromB(SdkBytes.fromByteArray(raw));
    sEnc = KeyCodec.encode(s);
    nEnc = KeyCodec.encode(n);
    bEnc = KeyCodec.encode(b);
    if (!KeyCodec.decode(ScalarType.N, nEnc, 0, nEnc.length).n().equals("1234567.89")) {
      throw new IllegalStateException("N round trip");
    }
  }

  @Benchmark public byte[] encodeS() { return KeyCodec.encode(s); }
  @Benchmark public byte[] encodeN() { return KeyCodec.encode(n); }
  @Benchmark public byte[] encodeB() { return KeyCodec.encode(b); }
  @Benchmark public byte[] encodeTerminatedS() { return KeyCodec.encodeTerminated(s); }
  @Benchmark public byte[] encodeTerminatedN() { return KeyCodec.encodeTerminated(n); }
  @Benchmark public byte[] encodeTerminatedB() { return KeyCodec.encodeTerminated(b); }
  @Benchmark public AttributeValue decodeS() { return KeyCodec.decode(ScalarType.S, sEnc, 0, sEnc.length); }
  @Benchmark public AttributeValue decodeN() { return KeyCodec.decode(ScalarType.N, nEnc, 0, nEnc.length); }
  @Benchmark public AttributeValue decodeB() { return KeyCodec.decode(ScalarType.B, bEnc, 0, bEnc.length); }
}
