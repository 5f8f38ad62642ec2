package io.partita.bench;

import io.partita.engine.internal.value.ItemCodec;
import io.partita.engine.internal.value.ItemSize;
import java.util.Map;
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
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Whole-item encoding of the ~1 KB mixed-type fixture item. */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class ItemCodecBench {
  Map<String, AttributeValue> item;
  byte[] encoded;

  @Setup
  public void setup() {
    item = Fixtures.item("order#1");
    encoded = ItemCodec.encode(item);
    if (!ItemCodec.decode(encoded).equals(item)) {
      throw new IllegalStateException("round trip");
    }
    System.out.println("\nfixture item: " + ItemSize.of(item) + " bytes by DynamoDB's rules, "
        + encoded.length + " bytes encoded, " + item.size() + " top-level attributes");
  }

  @Benchmark
  public byte[] encode() {
    return ItemCodec.encode(item);
  }

  @Benchmark
  public Map<String, AttributeValue> decode() {
    return ItemCodec.decode(encoded);
  }
}
