package io.partita.spring;

import io.partita.engine.Partita;

/**
 * Changes the options of the embedded engine the starter opens ({@code partita.mode=embedded}) before it is opened:
 * the region its ARNs name, Time to Live's sweep interval, a consistency lag, throttling, injected faults, a clock.
 * Every bean of this type is applied, in {@code @Order}. An application that defines its own {@link Partita} bean
 * gets that engine wrapped instead, and these are not called.
 */
@FunctionalInterface
public interface PartitaEngineCustomizer {
  void customize(Partita.Options options);
}
