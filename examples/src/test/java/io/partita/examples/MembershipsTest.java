package io.partita.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.partita.examples.memberships.Memberships;
import io.partita.examples.memberships.Memberships.Role;
import io.partita.model.AlreadyExistsException;
import io.partita.model.Key;
import io.partita.model.TransactionCanceledException;

/** Many-to-many memberships on both backends, queried in both directions. */
class MembershipsTest {

  @ParameterizedTest
  @EnumSource(Backend.class)
  void membershipsQueriedBothWays(Backend backend) {
    Memberships m = new Memberships(backend.client(), Backend.freshTable("Groups"));
    m.db.createTable();
    m.seed();
    m.join("alice", "developers", Role.MEMBER);
    m.join("alice", "admins", Role.ADMIN);
    m.join("bob", "developers", Role.MEMBER);
    m.join("carol", "designers", Role.MEMBER);
    m.join("carol", "developers", Role.MEMBER);

    assertEquals(List.of("admins", "developers"), m.groupsOf("alice"), "the table, in the user's partition");
    assertEquals(List.of("alice", "bob", "carol"), m.membersOf("developers"), "the inverted index");
    assertEquals(List.of("carol"), m.membersOf("designers"));

    // joining twice, or a group that does not exist, is refused as a whole
    TransactionCanceledException twice = assertThrows(TransactionCanceledException.class,
        () -> m.join("alice", "developers", Role.MEMBER));
    assertTrue(twice.failures().get(0).error() instanceof AlreadyExistsException);
    TransactionCanceledException noGroup = assertThrows(TransactionCanceledException.class,
        () -> m.join("bob", "nope", Role.MEMBER));
    assertEquals(List.of("None", "ConditionalCheckFailed", "None"),
        noGroup.reasons().stream().map(r -> r.code()).toList());

    assertEquals(Role.ADMIN, m.promote("bob", "developers").role());
    assertEquals(Role.ADMIN, m.db.query(m.membersOfGroup).partition(Key.of("groupName", "developers")).all()
        .get(1).role(), "the index entry carries the new role");
    m.leave("alice", "developers");
    assertEquals(List.of("bob", "carol"), m.membersOf("developers"));
    assertEquals(List.of("admins"), m.groupsOf("alice"));
  }

  @Test
  void mainRuns() {
    Memberships.main(new String[0]);
  }
}
