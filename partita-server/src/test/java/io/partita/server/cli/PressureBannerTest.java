package io.partita.server.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.partita.engine.Faults;
import io.partita.engine.Partita;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The banner names the pressure switched on at start (throttling, the consistency lag, faults,
 * latency), so a client's throttling or stale reads are not a mystery to whoever forgot the option.
 */
class PressureBannerTest {
  @Test
  void pressureSwitchedOnAtStartIsNamedAndNothingWhenOff() {
    try (Partita p = Partita.with().throttling(true).consistencyLag(Duration.ofSeconds(1))
        .faults(Faults.rate(0.05, 1)).inMemory()) {
      assertEquals("throttling on; eventually consistent reads lag 1000 ms; a fraction 0.05 of requests fail;"
          + " answers delayed by 20ms", ServeCommand.pressure(p, "20ms"));
    }
    try (Partita p = Partita.inMemory()) {
      assertEquals("", ServeCommand.pressure(p, null));
    }
  }
}
