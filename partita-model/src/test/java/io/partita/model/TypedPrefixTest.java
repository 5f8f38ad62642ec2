package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.time.LocalDate;
import java.time.Year;
import java.time.YearMonth;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 35, "typed prefixes": a BEGINS_WITH sort condition on a typed field takes a typed prefix (a YearMonth, Year or
 * LocalDate on an Instant field, a Year or YearMonth on a LocalDate, the leading digits of a zero-padded number),
 * rendered exactly as the key renders the field; a prefix of the wrong type, or outside BEGINS_WITH, is refused.
 */
class TypedPrefixTest {

  record Order(String customerId, String orderId, Instant createdAt, String note) {}

  record Score(String board, int rank, String player) {}

  record Event(String calendar, LocalDate day, String eventId) {}

  private static final Entity<Order> ORDER = Entity.of(Order.class)
      .key("CUSTOMER#{customerId}", "ORDER#{createdAt}#{orderId}");
  private static final AccessPattern<Order> ORDERS_FROM = AccessPattern.of("Orders from a period", ORDER)
      .partition("CUSTOMER#{customerId}").sortOps("ORDER#{createdAt}", AccessPattern.SortOp.BEGINS_WITH,
          AccessPattern.SortOp.GTE).build();
  private static final AccessPattern<Order> ORDER_NOTES = AccessPattern.of("Orders by note", ORDER)
      .partition("CUSTOMER#{customerId}").sortBeginsWith("ORDER#{createdAt}#{orderId}").build();
  private static final Entity<Score> SCORE = Entity.of(Score.class).key("BOARD#{board}", "RANK#{rank:06d}");
  private static final AccessPattern<Score> RANKS = AccessPattern.of("Ranks", SCORE).partition("BOARD#{board}")
      .sortBeginsWith("RANK#{rank:06d}").build();
  private static final Entity<Event> EVENT = Entity.of(Event.class).key("CAL#{calendar}", "DAY#{day}#{eventId}");
  private static final AccessPattern<Event> DAYS = AccessPattern.of("Days", EVENT).partition("CAL#{calendar}")
      .sortBeginsWith("DAY#{day}").build();

  private static ModelClient shop(Backend backend) {
    Model model = Model.builder(TableSchema.named(Backend.freshTable("Prefix"))).entities(ORDER, SCORE, EVENT)
        .patterns(ORDERS_FROM, ORDER_NOTES, RANKS, DAYS).build();
    ModelClient db = ModelClient.create(model, backend.client());
    db.createTable();
    String[] times = {"2025-12-31T23:59:59.999Z", "2026-03-31T23:59:59.999Z", "2026-04-01T00:00:00Z",
        "2026-04-15T12:00:00Z", "2026-04-30T23:59:59.999Z", "2026-05-01T00:00:00Z"};
    for (int i = 0; i < times.length; i++) {
      db.entity(ORDER).create(new Order("c1", "o" + i, Instant.parse(times[i]), "n" + i));
    }
    for (int rank : new int[] {12, 99, 1200, 1299, 12345, 120000}) {
      db.entity(SCORE).create(new Score("b", rank, "p" + rank));
    }
    for (String day : new String[] {"2026-03-31", "2026-04-01", "2026-04-30", "2027-04-01"}) {
      db.entity(EVENT).create(new Event("cal", LocalDate.parse(day), "e"));
    }
    return db;
  }

  private static List<String> orders(ModelClient db, Object prefix) {
    return db.query(ORDERS_FROM).partition(Key.of("customerId", "c1")).sort(Key.of("createdAt", prefix)).all()
        .stream().map(Order::orderId).toList();
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void dateAndNumberPrefixesAreRenderedAsTheKeyRendersTheField(Backend backend) {
    ModelClient db = shop(backend);
    assertEquals(List.of("o2", "o3", "o4"), orders(db, YearMonth.of(2026, 4)), "April 2026, UTC, both ends in");
    assertEquals(List.of("o1", "o2", "o3", "o4", "o5"), orders(db, Year.of(2026)));
    assertEquals(List.of("o3"), orders(db, LocalDate.of(2026, 4, 15)));
    assertEquals(List.of("o0"), orders(db, YearMonth.of(2025, 12)));
    // a whole Instant is still a whole value: the exact order
    assertEquals(List.of("o3"), orders(db, Instant.parse("2026-04-15T12:00:00Z")));

    List<Integer> ranks = db.query(RANKS).partition(Key.of("board", "b"))
        .sort(Key.of("rank", new LeadingDigits("0012"))).all().stream().map(Score::rank).toList();
    assertEquals(List.of(1200, 1299), ranks, "RANK#0012...: 1200 to 1299, not 12 (000012) nor 12345 (012345)");
    assertEquals(List.of(new Score("b", 120000, "p120000")), db.query(RANKS).partition(Key.of("board", "b"))
        .sort(Key.of("rank", new LeadingDigits("1"))).all(), "padded, only 120000 begins with 1");

    List<LocalDate> days = db.query(DAYS).partition(Key.of("calendar", "cal")).sort(Key.of("day",
        YearMonth.of(2026, 4))).all().stream().map(Event::day).toList();
    assertEquals(List.of(LocalDate.of(2026, 4, 1), LocalDate.of(2026, 4, 30)), days);
    assertEquals(3, db.query(DAYS).partition(Key.of("calendar", "cal")).sort(Key.of("day", Year.of(2026))).all()
        .size());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void aPrefixOfTheWrongTypeOrOutsideBeginsWithIsRefused(Backend backend) {
    ModelClient db = shop(backend);
    ValidationException ranked = assertThrows(ValidationException.class, () -> db.query(RANKS)
        .partition(Key.of("board", "b")).sort(Key.of("rank", YearMonth.of(2026, 4))).page());
    assertEquals("Entity Score, field rank: a YearMonth prefix is for an Instant (ISO-8601) or LocalDate field, and"
        + " this field is a Integer", ranked.getMessage());
    ValidationException digits = assertThrows(ValidationException.class, () -> orders(db, new LeadingDigits("20")));
    assertEquals("Entity Order, field createdAt: leading digits 20 line up only with a zero-padded number"
        + " ({createdAt:0Nd}), and this placeholder is {createdAt} of a Instant", digits.getMessage());
    ValidationException wide = assertThrows(ValidationException.class, () -> db.query(RANKS)
        .partition(Key.of("board", "b")).sort(Key.of("rank", new LeadingDigits("1234567"))).page());
    assertEquals("Entity Score, field rank: leading digits 1234567 are more than the field's 6 digits",
        wide.getMessage());
    ValidationException day = assertThrows(ValidationException.class, () -> db.query(DAYS)
        .partition(Key.of("calendar", "cal")).sort(Key.of("day", Instant.EPOCH)).page());
    assertEquals("Entity Event, field day: expected a LocalDate value, got Instant 1970-01-01T00:00:00Z",
        day.getMessage());
    ValidationException notBegins = assertThrows(ValidationException.class, () -> db.query(ORDERS_FROM)
        .partition(Key.of("customerId", "c1")).sort(AccessPattern.SortOp.GTE, Key.of("createdAt",
            YearMonth.of(2026, 4))).page());
    assertEquals("Entity Order, field createdAt: a YearMonth stands for the start of the key text, so only a"
        + " BEGINS_WITH sort condition takes it; give a Instant", notBegins.getMessage());
    ValidationException followed = assertThrows(ValidationException.class, () -> db.query(ORDER_NOTES)
        .partition(Key.of("customerId", "c1")).sort(Key.of("createdAt", YearMonth.of(2026, 4), "orderId", "o2"))
        .page());
    assertEquals("Entity Order, field createdAt: a prefix value ends the key text, so no value may follow it;"
        + " orderId has one (template ORDER#{createdAt}#{orderId})", followed.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new LeadingDigits("1a"));
    assertEquals(List.of(), orders(db, Year.of(2024)), "a prefix nothing begins with: an empty answer, not an error");
  }
}
