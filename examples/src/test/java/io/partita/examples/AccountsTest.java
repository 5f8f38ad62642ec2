package io.partita.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.partita.examples.accounts.Accounts;
import io.partita.examples.accounts.Accounts.AccountItem;
import io.partita.examples.accounts.Accounts.Address;
import io.partita.examples.accounts.Accounts.Order;
import io.partita.examples.accounts.Accounts.OrderStatus;
import io.partita.examples.accounts.Accounts.User;
import io.partita.model.Page;
import io.partita.model.VersionConflictException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The guide's pattern 1 (P1 profile, P2 addresses, P3 latest orders) and its production essentials on both backends,
 * with keys declared by {@code @KeyTemplates} and checked by the processor when the example compiled.
 */
class AccountsTest {

  /** A clock moved by hand: orders are placed on chosen days. */
  private static final class DayClock extends Clock {
    Instant now = Instant.parse("2026-04-01T12:00:00Z");

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void theUsersPartitionServesProfileAddressesAndOrders(Backend backend) {
    DayClock clock = new DayClock();
    String table = Backend.freshTable("Accounts");
    Accounts a = new Accounts(backend.client(), table, clock);
    a.db.createTable();

    // an idempotent insert: the second registration returns the first and changes nothing
    User alice = a.register("u_001", "Alice", "alice@example.com");
    assertEquals(alice, a.register("u_001", "Alice again", "other@example.com"));
    assertEquals("alice@example.com", a.profile("u_001").orElseThrow().email(), "P1 reads the first profile");
    a.register("u_002", "Bob", "bob@example.com");

    a.addAddress(new Address("u_001", "work", "2 Office Rd", "Springfield", "12346"));
    a.addAddress(new Address("u_001", "home", "1 Main St", "Springfield", "12345"));
    a.addAddress(new Address("u_002", "home", "9 Elm St", "Shelbyville", "54321"));
    assertEquals(List.of("home", "work"), a.addresses("u_001").stream().map(Address::label).toList(),
        "P2: only u_001's addresses, in sort-key order");

    // 40 orders, one every day from 2026-04-01, two on the last day; u_002 has one too
    List<Order> placed = new ArrayList<>();
    for (int day = 0; day < 39; day++) {
      clock.now = Instant.parse("2026-04-01T12:00:00Z").plus(Duration.ofDays(day));
      placed.add(a.placeOrder("u_001", BigDecimal.valueOf(day + 1)));
    }
    placed.add(a.placeOrder("u_001", new BigDecimal("100")));
    a.placeOrder("u_002", BigDecimal.ONE);
    LocalDate today = LocalDate.parse("2026-05-09");

    // P3: the latest 10, newest first: the order sort key embeds the date, so this is the SK order reversed
    List<Order> latest = a.latestOrders("u_001", 10);
    assertEquals(reversed(placed.subList(30, 40)), latest);
    assertEquals(new BigDecimal("100"), latest.get(0).total(), "placed last on the last day: the ULID orders it");

    // the worksheet's "last 30 days": today and the 29 days before it, half-open at tomorrow
    List<Order> recent = a.recentOrders("u_001", 30);
    assertEquals(31, recent.size(), "30 days, two orders on the last");
    assertTrue(recent.stream().allMatch(o -> !o.placedOn().isBefore(today.minusDays(29))
        && !o.placedOn().isAfter(today)), "only orders placed in the window");
    assertEquals(reversed(placed.subList(9, 40)), recent);

    // paging P3 with opaque cursors: 40 orders in pages of 15, nothing lost or repeated
    List<Order> paged = new ArrayList<>();
    String cursor = null;
    int pages = 0;
    do {
      Page<Order> p = a.ordersPage("u_001", 15, cursor);
      paged.addAll(p.items());
      cursor = p.cursor().orElse(null);
      pages++;
    } while (cursor != null);
    assertEquals(reversed(placed), paged);
    assertTrue(pages >= 3, "three pages at least: " + pages);

    // the whole item collection in one Query: addresses, orders, then the profile (SK order: ADDR#, ORDER#, PROFILE)
    List<AccountItem> all = a.account("u_001");
    assertEquals(2 + 40 + 1, all.size());
    assertTrue(all.get(0) instanceof Address && all.get(2) instanceof Order && all.get(42) instanceof User,
        all.toString());

    // optimistic locking: shipping from a stale read is refused, from a fresh one accepted
    Order first = latest.get(0);
    Order shipped = a.ship(first);
    assertEquals(OrderStatus.SHIPPED, shipped.status());
    assertEquals(first.version() + 1, shipped.version());
    assertThrows(VersionConflictException.class, () -> a.ship(first));

    // what is stored is the guide's layout: generic PK/SK, the Type attribute, the date in the sort key
    Map<String, AttributeValue> item = backend.client().getItem(b -> b.tableName(table).key(Map.of(
        "PK", AttributeValue.fromS("USER#u_001"), "SK", AttributeValue.fromS("ORDER#2026-05-09#"
            + first.orderId())))).item();
    assertEquals("ORDER", item.get("Type").s());
    assertEquals("SHIPPED", item.get("status").s());
    assertEquals("PROFILE", backend.client().getItem(b -> b.tableName(table).key(Map.of(
        "PK", AttributeValue.fromS("USER#u_001"), "SK", AttributeValue.fromS("PROFILE")))).item().get("SK").s());
  }

  private static <T> List<T> reversed(List<T> list) {
    List<T> copy = new ArrayList<>(list);
    java.util.Collections.reverse(copy);
    return copy;
  }

  @Test
  void mainRuns() {
    Accounts.main(new String[0]);
  }
}
