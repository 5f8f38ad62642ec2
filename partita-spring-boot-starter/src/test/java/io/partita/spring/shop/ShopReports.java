package io.partita.spring.shop;

import java.time.Clock;

import org.springframework.stereotype.Component;

/**
 * A part of the application that has nothing to do with the data layer and needs a bean only the full application
 * defines (a Clock, from {@link ShopClock}): @PartitaTest must leave it out, or the slice would not start.
 */
@Component
public class ShopReports {
  private final Clock clock;

  public ShopReports(Clock clock) {
    this.clock = clock;
  }

  public Clock clock() {
    return clock;
  }
}
