package io.partita.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import io.partita.model.Entity;
import io.partita.model.Key;
import io.partita.model.Model;
import io.partita.model.ModelClient;
import io.partita.model.TableSchema;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

// README: "The database's clock stands still"
@ModelTest
class ClockExampleTest {
  record Session(String id, Instant expiresAt) {}

  static final Entity<Session> SESSION = Entity.of(Session.class).key("SESSION#{id}", "SESSION").ttl("expiresAt");

  @TestModel
  static final Model MODEL = Model.builder(TableSchema.named("Sessions")).entities(SESSION).build();

  @Test
  void anItemExpiresWhenTheTestMovesTheClockPastItsTimeToLive(ModelClient db, Switches switches, Partita partita) {
    Instant inAnHour = Instant.now().plus(Duration.ofHours(1));
    db.entity(SESSION).put(new Session("s1", inAnHour));

    assertEquals(0, partita.expireNow()); // the database's clock has not moved: not due
    assertTrue(db.entity(SESSION).get(Key.of("id", "s1")).isPresent());

    switches.advanceClock(Duration.ofHours(2));
    assertEquals(1, partita.expireNow());
    assertEquals(Optional.empty(), db.entity(SESSION).get(Key.of("id", "s1")));
  }
}
