package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Transactions and transactional gets over entities, on every backend. */
class TransactionTest {

  record Account(String id, long balance, Optional<String> owner, Instant updatedAt, Long version) {}

  record Transfer(String transferId, String from, String to, long amount, Instant createdAt) {}

  private static final class Fixture {
    final Entity<Account> account = Entity.of(Account.class).key("ACCOUNT#{id}", "ACCOUNT")
        .index("gsi1", "OWNER#{owner}", "ACCOUNT#{id}").timestamps(null, "updatedAt").version("version");
    final Entity<Transfer> transfer = Entity.of(Transfer.class).key("ACCOUNT#{from}", "TRANSFER#{transferId}")
        .generatedId("transferId", Ids.ULID).timestamps("createdAt", null);
    final ModelClient db;
    final EntityClient<Account> accounts;

    Fixture(Backend backend) {
      Model model = Model.builder(TableSchema.named(Backend.freshTable("Bank")).globalIndex("gsi1", "gsi1pk",
          "gsi1sk")).entities(account, transfer).build();
      db = ModelClient.create(model, backend.client());
      db.createTable();
      accounts = db.entity(account);
      accounts.create(new Account("a", 100, Optional.of("ann"), null, null));
      accounts.create(new Account("b", 10, Optional.empty(), null, null));
    }

    long balance(String id) {
      return accounts.get(Key.of("id", id), true).orElseThrow().balance();
    }

    Transaction transfer(String from, String to, long amount) {
      return db.transaction()
          .update(account, Key.of("id", from), u -> u.subtract("balance", amount)
              .condition(Condition.ge("balance", amount)))
          .update(account, Key.of("id", to), u -> u.add("balance", amount))
          .create(transfer, new Transfer(null, from, to, amount, null));
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void allActionsApplyTogether(Backend backend) {
    Fixture f = new Fixture(backend);
    List<Object> written = f.transfer("a", "b", 30)
        .check(f.account, Key.of("id", "zzz"), Condition.itemNotExists())
        .execute();
    assertEquals(70, f.balance("a"));
    assertEquals(40, f.balance("b"));
    assertEquals(4, written.size());
    assertNull(written.get(0));
    Transfer t = (Transfer) written.get(2);
    assertEquals(26, t.transferId().length(), "the generated id is in the written record");
    assertEquals(Optional.of(t), f.db.entity(f.transfer).get(Key.of("from", "a", "transferId", t.transferId())));
    Account a = f.accounts.get(Key.of("id", "a")).orElseThrow();
    assertEquals(2L, a.version(), "updates inside a transaction increment the version");
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void oneRefusedActionCancelsAllWithAReasonPerActionInOrder(Backend backend) {
    Fixture f = new Fixture(backend);
    TransactionCanceledException e = assertThrows(TransactionCanceledException.class,
        () -> f.transfer("b", "a", 50).returningCurrentOnFailure().execute());
    assertEquals(10, f.balance("b"), "nothing applied");
    assertEquals(100, f.balance("a"));
    assertEquals(List.of("ConditionalCheckFailed", "None", "None"),
        e.reasons().stream().map(TransactionCanceledException.Reason::code).collect(Collectors.toList()));
    TransactionCanceledException.Reason first = e.reasons().get(0);
    assertEquals(0, first.index());
    assertEquals("update", first.action());
    assertEquals("Account", first.entity());
    assertTrue(first.conditionFailed());
    assertFalse(first.versionConflict());
    assertEquals(10L, ((Account) first.current().orElseThrow()).balance(), "the current item, decoded");
    assertEquals(List.of(first), e.failures());
    assertEquals("create", e.reasons().get(2).action());
    assertTrue(e.getMessage().contains("action 0 (update Account): ConditionalCheckFailed"), e.getMessage());

    // without asking, the reason has no item
    TransactionCanceledException bare = assertThrows(TransactionCanceledException.class,
        () -> f.transfer("b", "a", 50).execute());
    assertEquals(Optional.empty(), bare.reasons().get(0).current());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void versionConflictsAndDuplicatesInsideATransaction(Backend backend) {
    Fixture f = new Fixture(backend);
    Account stale = f.accounts.get(Key.of("id", "a")).orElseThrow();
    f.accounts.update(Key.of("id", "a")).add("balance", 1).execute(); // version 2 now

    TransactionCanceledException put = assertThrows(TransactionCanceledException.class,
        () -> f.db.transaction().create(f.transfer, new Transfer(null, "a", "b", 1, null))
            .put(f.account, new Account("a", 5, Optional.empty(), null, stale.version())).execute());
    assertEquals(List.of("None", "ConditionalCheckFailed"),
        put.reasons().stream().map(TransactionCanceledException.Reason::code).collect(Collectors.toList()));
    assertTrue(put.reasons().get(1).versionConflict());
    assertEquals(1L, ((VersionConflictException) put.reasons().get(1).error()).expectedVersion());

    TransactionCanceledException update = assertThrows(TransactionCanceledException.class,
        () -> f.db.transaction().update(f.account, Key.of("id", "a"), u -> u.set("balance", 0L).ifVersion(1))
            .returningCurrentOnFailure().execute());
    assertTrue(update.reasons().get(0).versionConflict());
    assertEquals(2L, ((Account) update.reasons().get(0).current().orElseThrow()).version());

    TransactionCanceledException delete = assertThrows(TransactionCanceledException.class,
        () -> f.db.transaction().delete(f.account, stale).execute());
    assertTrue(delete.reasons().get(0).versionConflict());

    TransactionCanceledException create = assertThrows(TransactionCanceledException.class,
        () -> f.db.transaction().create(f.account, new Account("b", 0, Optional.empty(), null, null)).execute());
    assertInstanceOf(AlreadyExistsException.class, create.reasons().get(0).error());
    assertEquals(101, f.balance("a"));

    // with the right version everything goes through, and the index key follows the owner
    Account current = f.accounts.get(Key.of("id", "a"), true).orElseThrow();
    f.db.transaction().put(f.account, new Account("a", 7, Optional.of("bob"), null, current.version()))
        .delete(f.account, Key.of("id", "b")).execute();
    Account after = f.accounts.get(Key.of("id", "a"), true).orElseThrow();
    assertEquals(7, after.balance());
    assertEquals(3L, after.version());
    assertEquals(Optional.empty(), f.accounts.get(Key.of("id", "b"), true));
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void aClientRequestTokenAppliesARetriedTransactionOnce(Backend backend) {
    Fixture f = new Fixture(backend);
    Transaction tx = f.transfer("a", "b", 10).clientRequestToken("transfer-0001");
    Transfer first = (Transfer) tx.execute().get(2);
    Transfer again = (Transfer) tx.execute().get(2); // the same request again: not applied twice
    assertEquals(first, again);
    assertEquals(90, f.balance("a"));
    assertEquals(20, f.balance("b"));
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void transactGetDecodesItemsOfSeveralEntities(Backend backend) {
    Fixture f = new Fixture(backend);
    Transfer t = (Transfer) f.transfer("a", "b", 5).execute().get(2);
    Items items = f.db.transactGet()
        .get(f.transfer, Key.of("from", "a", "transferId", t.transferId()))
        .get(f.account, Key.of("id", "b"))
        .get(f.account, Key.of("id", "zzz"))
        .execute();
    assertEquals(3, items.size());
    assertEquals(Optional.of(t), items.get(0, f.transfer));
    assertEquals(15, items.get(1, f.account).orElseThrow().balance());
    assertEquals(Optional.empty(), items.get(2, f.account));
    assertEquals(Optional.empty(), items.get(0, f.account), "typed: the first item is not an Account");
    assertEquals(95, items.get(f.account, Key.of("id", "a")).map(Account::balance).orElse(95L));
    assertEquals(List.of(t), items.all(f.transfer));
    assertEquals(2, items.found().size());
  }
}
