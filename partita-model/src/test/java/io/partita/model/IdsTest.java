package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import io.partita.model.internal.UlidGenerator;
import io.partita.model.internal.UuidV7Generator;

class IdsTest {
  private static final Pattern ULID = Pattern.compile("[0-7][0-9A-HJKMNP-TV-Z]{25}");
  private static final Pattern UUID_V7 =
      Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");

  @Test
  void ulidFormatAndTime() {
    long before = System.currentTimeMillis();
    String id = Ids.ulid();
    long after = System.currentTimeMillis();
    assertTrue(ULID.matcher(id).matches(), id);
    long t = UlidGenerator.millis(id);
    assertTrue(t >= before && t <= after, id);
    // the spec's example time prefix
    assertEquals("01ARYZ6S41", new UlidGenerator(Clock.fixed(Instant.ofEpochMilli(1469918176385L),
        ZoneOffset.UTC)).next().substring(0, 10));
  }

  @Test
  void uuidV7FormatAndTime() {
    long before = System.currentTimeMillis();
    UUID id = Ids.uuidV7();
    long after = System.currentTimeMillis();
    assertTrue(UUID_V7.matcher(id.toString()).matches(), id.toString());
    assertEquals(7, id.version());
    assertEquals(2, id.variant());
    long t = UuidV7Generator.millis(id);
    assertTrue(t >= before && t <= after, id.toString());
  }

  @Test
  void tenThousandUlidsInATightLoopAreStrictlyIncreasing() {
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < 10_000; i++) {
      ids.add(Ids.ulid());
    }
    for (int i = 1; i < ids.size(); i++) {
      assertTrue(ids.get(i - 1).compareTo(ids.get(i)) < 0, ids.get(i - 1) + " then " + ids.get(i));
    }
  }

  @Test
  void tenThousandUuidV7sInATightLoopAreStrictlyIncreasing() {
    List<UUID> ids = new ArrayList<>();
    for (int i = 0; i < 10_000; i++) {
      ids.add(Ids.uuidV7());
    }
    for (int i = 1; i < ids.size(); i++) {
      // as text (what a sort key holds) and by timestamp
      assertTrue(ids.get(i - 1).toString().compareTo(ids.get(i).toString()) < 0, ids.get(i - 1) + " then "
          + ids.get(i));
      assertTrue(UuidV7Generator.millis(ids.get(i - 1)) <= UuidV7Generator.millis(ids.get(i)));
    }
    assertEquals(10_000, new HashSet<>(ids).size());
  }

  @Test
  void monotonicWithinOneMillisecondAndWhenTheClockStepsBack() {
    long[] now = {1_700_000_000_000L};
    Clock clock = new Clock() {
      @Override
      public java.time.ZoneId getZone() {
        return ZoneOffset.UTC;
      }

      @Override
      public Clock withZone(java.time.ZoneId zone) {
        return this;
      }

      @Override
      public Instant instant() {
        return Instant.ofEpochMilli(now[0]);
      }
    };
    UlidGenerator ulids = new UlidGenerator(clock);
    UuidV7Generator uuids = new UuidV7Generator(clock);
    String a = ulids.next();
    UUID x = uuids.next();
    now[0] -= 5_000; // the clock steps back
    String b = ulids.next();
    UUID y = uuids.next();
    assertTrue(a.compareTo(b) < 0);
    assertTrue(x.toString().compareTo(y.toString()) < 0);
    assertEquals(UlidGenerator.millis(a), UlidGenerator.millis(b), "the previous time is kept");
  }
}
