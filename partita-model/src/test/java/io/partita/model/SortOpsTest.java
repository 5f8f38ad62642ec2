package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import io.partita.model.AccessPattern.SortOp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Per-call sort-key operators (issue 20): a pattern declares the conditions a query may pick, once; build() checks
 * the template for each; a query picks one, and an undeclared one is refused naming pattern and operator.
 */
class SortOpsTest {
  record Order(String customer, String at, String total) {}

  static final Entity<Order> ORDER = Entity.of(Order.class).key("CUSTOMER#{customer}", "ORDER#{at}");

  @ParameterizedTest
  @EnumSource(Backend.class)
  void aQueryPicksOneOfTheDeclaredOperators(Backend backend) {
    AccessPattern<Order> orders = AccessPattern.of("Orders of a customer", ORDER).partition("CUSTOMER#{customer}")
        .sortOps("ORDER#{at}", SortOp.BEGINS_WITH, SortOp.BETWEEN, SortOp.GTE, SortOp.EQ).build();
    Model model = Model.builder(TableSchema.named(Backend.freshTable("SortOps"))).entities(ORDER).patterns(orders)
        .build();
    AtomicInteger queries = new AtomicInteger();
    ModelClient db = ModelClient.create(model, Backend.countingQueries(backend.client(), queries));
    db.createTable();
    List<Order> all = new ArrayList<>();
    for (String at : List.of("2026-01-05", "2026-02-10", "2026-02-20", "2026-03-01", "2026-04-15")) {
      all.add(new Order("c1", at, "10"));
    }
    db.batchWrite().put(ORDER, all).execute();
    Key c1 = Key.of("customer", "c1");

    // the default (the first declared): begins_with, the latest N
    assertEquals(List.of(all.get(4), all.get(3)), db.query(orders).partition(c1).descending().limit(2).page().items());
    assertEquals(all.subList(1, 3), db.query(orders).partition(c1).sort(SortOp.BEGINS_WITH, Key.of("at", "2026-02"))
        .all());
    assertEquals(all.subList(1, 4), db.query(orders).partition(c1)
        .sortBetween(Key.of("at", "2026-02-01"), Key.of("at", "2026-03-31")).all());
    assertEquals(all.subList(3, 5), db.query(orders).partition(c1).sort(SortOp.GTE, Key.of("at", "2026-03-01")).all());
    int before = queries.get();
    assertEquals(all.subList(2, 3), db.query(orders).partition(c1).sort(SortOp.EQ, Key.of("at", "2026-02-20")).all());
    assertEquals(before, queries.get(), "EQ on the table's whole sort key is a GetItem, not a Query");

    ValidationException lt = assertThrows(ValidationException.class,
        () -> db.query(orders).partition(c1).sort(SortOp.LT, Key.of("at", "2026-03-01")).page());
    assertEquals("Access pattern 'Orders of a customer' does not allow sort operator LT; it declares"
        + " [BEGINS_WITH, BETWEEN, GTE, EQ]", lt.getMessage());

    assertTrue(model.worksheet().contains("Query table: pk = \"CUSTOMER#{customer}\" AND begins_with(sk,"
        + " \"ORDER#{at}\") or Query table: pk = \"CUSTOMER#{customer}\" AND sk BETWEEN \"ORDER#{at}\" AND"
        + " \"ORDER#{at}\" or Query table: pk = \"CUSTOMER#{customer}\" AND sk >= \"ORDER#{at}\" or GetItem: pk ="
        + " \"CUSTOMER#{customer}\", sk = \"ORDER#{at}\""), model.worksheet());
  }

  @Test
  void theOperatorsAreCheckedWhenTheModelIsBuilt() {
    // EQ needs the entity's whole sort template: a leading part serves the others but not EQ
    AccessPattern<Order> partial = AccessPattern.of("By month", ORDER).partition("CUSTOMER#{customer}")
        .sortOps("ORDER#", SortOp.BEGINS_WITH, SortOp.EQ).build();
    ModelException eq = assertThrows(ModelException.class,
        () -> Model.builder(TableSchema.named("Orders")).entities(ORDER).patterns(partial).build());
    assertTrue(eq.getMessage().contains("EQ sort template 'ORDER#'"), eq.getMessage());
    AccessPattern<Order> other = AccessPattern.of("Wrong prefix", ORDER).partition("CUSTOMER#{customer}")
        .sortOps("INVOICE#", SortOp.BEGINS_WITH, SortOp.LT).build();
    ModelException prefix = assertThrows(ModelException.class,
        () -> Model.builder(TableSchema.named("Orders")).entities(ORDER).patterns(other).build());
    assertTrue(prefix.getMessage().contains("Wrong prefix") && prefix.getMessage().contains("BEGINS_WITH sort"
        + " template 'INVOICE#'"), prefix.getMessage());
    assertEquals("Access pattern 'Twice' declares sort operator LT twice", assertThrows(ModelException.class,
        () -> AccessPattern.of("Twice", ORDER).sortOps("ORDER#", SortOp.LT, SortOp.GT, SortOp.LT)).getMessage());
    assertThrows(ModelException.class, () -> AccessPattern.of("None", ORDER).sortOps("ORDER#"));
  }
}
