package io.partita.model.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** The fast paths of number and Instant text give exactly what the slow, obviously right ones give. */
class CodecTextTest {

  @Test
  void doublesAsBigDecimalPlainText() {
    SplittableRandom r = new SplittableRandom(7);
    double[] special = {0.0, -0.0, 1.0, -1.0, 4.75, 1e-7, 1e7, 1e21, 1.5e300, -2.5e-300, Double.MIN_VALUE,
        Double.MAX_VALUE, 123456789.125, 0.1, 1e-3, 9.999999999999999e22};
    for (double d : special) {
      assertEquals(BigDecimal.valueOf(d).toPlainString(), Codecs.finite(d), "double " + d);
    }
    for (int i = 0; i < 100_000; i++) {
      double d = Double.longBitsToDouble(r.nextLong());
      if (Double.isFinite(d)) {
        assertEquals(BigDecimal.valueOf(d).toPlainString(), Codecs.finite(d), "double " + d);
      }
      double e = r.nextDouble(-1e9, 1e9);
      assertEquals(BigDecimal.valueOf(e).toPlainString(), Codecs.finite(e), "double " + e);
      float f = Float.intBitsToFloat(r.nextInt());
      if (Float.isFinite(f)) {
        assertEquals(new BigDecimal(Float.toString(f)).toPlainString(), Codecs.finiteFloat(f), "float " + f);
      }
    }
  }

  @Test
  void instantsAsTheFormatterWritesThem() {
    SplittableRandom r = new SplittableRandom(11);
    Instant[] special = {Instant.EPOCH, Instant.parse("2026-11-21T10:15:30Z"),
        Instant.parse("2026-11-21T10:15:30.1Z"), Instant.parse("2026-11-21T10:15:30.123456789Z"),
        Instant.parse("0000-01-01T00:00:00Z"), Instant.parse("9999-12-31T23:59:59.999Z"),
        Instant.parse("+10000-01-01T00:00:00Z"), Instant.parse("-0001-12-31T23:59:59.5Z")};
    for (Instant t : special) {
      assertEquals(Codecs.INSTANT_MILLIS.format(t.truncatedTo(ChronoUnit.MILLIS)), Codecs.instantText(t), t.toString());
    }
    for (int i = 0; i < 100_000; i++) {
      Instant t = Instant.ofEpochSecond(r.nextLong(-70_000_000_000L, 260_000_000_000L), r.nextInt(1_000_000_000));
      if (i % 3 == 0) {
        t = t.truncatedTo(ChronoUnit.SECONDS);
      }
      assertEquals(Codecs.INSTANT_MILLIS.format(t.truncatedTo(ChronoUnit.MILLIS)), Codecs.instantText(t), t.toString());
    }
  }
}
