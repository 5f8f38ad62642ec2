package io.partita.model;

import java.time.Clock;
import java.util.UUID;

import io.partita.model.internal.UlidGenerator;
import io.partita.model.internal.UuidV7Generator;

/**
 * Generated ids that sort by creation time, for {@link Entity#generatedId}. Both are monotonic within a
 * millisecond: ids from this process are strictly increasing, as text too. Neither contains '#', so they are safe
 * inside key templates.
 */
public enum Ids {
  /** 26 Crockford base-32 characters, e.g. {@code 01HMQ8Z3N5K2V7B9C4D6E8F0G1}. */
  ULID,
  /** A version 7 UUID, e.g. {@code 0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b}; for String or UUID fields. */
  UUID_V7;

  private static final UlidGenerator ULIDS = new UlidGenerator(Clock.systemUTC());
  private static final UuidV7Generator UUIDS = new UuidV7Generator(Clock.systemUTC());

  /** A new id of this kind as text. */
  public String next() {
    return this == ULID ? ulid() : uuidV7().toString();
  }

  /** A new ULID. */
  public static String ulid() {
    return ULIDS.next();
  }

  /** A new version 7 UUID. */
  public static UUID uuidV7() {
    return UUIDS.next();
  }
}
