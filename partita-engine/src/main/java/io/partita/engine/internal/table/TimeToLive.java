package io.partita.engine.internal.table;

/**
 * A table's Time to Live setting: which attribute holds each item's expiry (epoch seconds), whether
 * expiry is on, whether the items written before it was turned on are still being entered in the
 * expiry index, and when a request last changed it (the service refuses a second change within a
 * while).
 *
 * @param attributeName the attribute last named by UpdateTimeToLive
 * @param changedMillis when UpdateTimeToLive last changed it, by the engine's clock
 */
public record TimeToLive(String attributeName, boolean enabled, boolean indexing, long changedMillis) {
  /** Whether writes keep the table's expiry index: from the moment expiry is turned on. */
  public static boolean maintained(TimeToLive ttl) {
    return ttl != null && ttl.enabled;
  }

  /** This setting with its expiry index complete. */
  public TimeToLive indexed() {
    return new TimeToLive(attributeName, enabled, false, changedMillis);
  }
}
