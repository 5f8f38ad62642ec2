package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Every supported Java type, written and read back, and the DynamoDB types it is stored as. */
class MappingTest {
  enum Color { RED, GREEN }

  record Address(String street, @Attr("zip") String postalCode, Optional<String> unit) {}

  record Everything(
      String id,
      int i, long l, short s, byte b, double d, float f,
      Integer boxedInt, Long boxedLong, Double boxedDouble,
      BigDecimal big, BigInteger huge,
      boolean flag, Boolean boxedFlag,
      Color color,
      Instant at, Instant expiresAt, Instant seen, LocalDate day, UUID uuid,
      byte[] bytes, SdkBytes blob,
      List<String> tags, List<Address> history,
      Set<String> labels, Set<Integer> numbers, Set<BigDecimal> decimals, Set<SdkBytes> blobs,
      Map<String, Integer> counts, Map<String, Address> places,
      Address home,
      Optional<String> nickname, Optional<Address> work, Optional<Integer> rank,
      @Attr("renamed") String original, String other,
      Optional<String> category) {}

  private static final Entity<Everything> THING = Entity.of(Everything.class)
      .key("THING#{id}", "THING")
      .index("gsi1", "CAT#{category}", "THING#{id}")
      .ttl("expiresAt")
      .epochSeconds("seen")
      .storedAs("other", "o");

  private static Everything full(String id, Optional<String> category) {
    return new Everything(id,
        -42, Long.MAX_VALUE, (short) -7, (byte) 127, 0.1, 1.5f,
        Integer.MIN_VALUE, 9_007_199_254_740_993L, -2.5e-10,
        new BigDecimal("1234567890123456789012345678901234.5678"),  // 38 digits
        new BigInteger("-12345678901234567890123456789012345678"),
        true, false,
        Color.GREEN,
        // the expiry lies far ahead: the server deletes items whose TTL has passed (it was 2026-07-01, and once the
        // clock passed it the server's TTL sweep removed items under the test, on that backend only)
        Instant.parse("2026-04-26T10:15:00.123Z"), Instant.parse("2099-07-01T00:00:00Z"),
        Instant.parse("2026-04-26T10:15:07Z"), LocalDate.of(2026, 4, 26),
        UUID.fromString("0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"),
        new byte[] {0, 1, 2, (byte) 255}, SdkBytes.fromUtf8String("blob"),
        List.of("a", "b", "a"), List.of(new Address("Main St 1", "12345", Optional.of("4B")),
            new Address("Side St 2", "54321", Optional.empty())),
        new LinkedHashSet<>(List.of("x", "y")), Set.of(1, 2, 3),
        Set.of(new BigDecimal("0.000000000000000000000000000000000001"), new BigDecimal("99999999999999999999")),
        Set.of(SdkBytes.fromUtf8String("one"), SdkBytes.fromUtf8String("two")),
        Map.of("likes", 3, "shares", 0), Map.of("home", new Address("Main St 1", "12345", Optional.empty())),
        new Address("Main St 1", "12345", Optional.of("4B")),
        Optional.of("Ev"), Optional.of(new Address("Work St", "99999", Optional.empty())), Optional.of(1),
        "original", "other",
        category);
  }

  private static Everything sparse(String id) {
    return new Everything(id, 0, 0, (short) 0, (byte) 0, 0, 0, 0, 0L, 0.0, BigDecimal.ZERO, BigInteger.ZERO,
        false, true, Color.RED, Instant.EPOCH, Instant.EPOCH, Instant.EPOCH, LocalDate.EPOCH, new UUID(0, 0),
        new byte[0], SdkBytes.fromUtf8String(""), List.of(), List.of(), Set.of(), Set.of(), Set.of(), Set.of(),
        Map.of(), Map.of(), new Address("s", "z", Optional.empty()), Optional.empty(), Optional.empty(),
        Optional.empty(), "", "", Optional.empty());
  }

  private static void assertSameRecord(Everything expected, Everything actual) {
    for (RecordComponent c : Everything.class.getRecordComponents()) {
      try {
        Object e = c.getAccessor().invoke(expected);
        Object a = c.getAccessor().invoke(actual);
        if (e instanceof byte[] eb) {
          assertArrayEquals(eb, (byte[]) a, c.getName());
        } else if (e instanceof BigDecimal ed) {
          assertEquals(0, ed.compareTo((BigDecimal) a), c.getName() + ": " + ed + " vs " + a);
        } else if (c.getName().equals("decimals")) {
          assertEquals(((Set<?>) e).size(), ((Set<?>) a).size());
          for (Object x : (Set<?>) e) {
            assertTrue(((Set<?>) a).stream().anyMatch(y -> ((BigDecimal) y).compareTo((BigDecimal) x) == 0), c
                .getName() + " holds " + x);
          }
        } else {
          assertEquals(e, a, c.getName());
        }
      } catch (ReflectiveOperationException ex) {
        throw new AssertionError(ex);
      }
    }
  }

  private static ModelClient client(Backend backend, String table) {
    Model model = Model.builder(TableSchema.named(table).globalIndex("gsi1", "gsi1pk", "gsi1sk"))
        .entities(THING).build();
    ModelClient db = ModelClient.create(model, backend.client());
    db.createTable();
    return db;
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void everyTypeRoundTrips(Backend backend) {
    String table = Backend.freshTable("Mapping");
    ModelClient db = client(backend, table);
    EntityClient<Everything> things = db.entity(THING);
    Everything written = full("t1", Optional.of("tools"));
    assertSameRecord(written, things.put(written));
    assertSameRecord(written, things.get(Key.of("id", "t1"), true).orElseThrow());

    Everything empty = sparse("t2");
    things.put(empty);
    Everything read = things.get(Key.of("id", "t2"), true).orElseThrow();
    assertSameRecord(empty, read);
    assertEquals(Set.of(), read.labels(), "an empty set reads back empty");
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void storedTypesAndNames(Backend backend) {
    String table = Backend.freshTable("Mapping");
    ModelClient db = client(backend, table);
    DynamoDbClient dynamo = backend.client();
    db.entity(THING).put(full("t1", Optional.of("tools")));
    db.entity(THING).put(sparse("t2"));
    Map<String, AttributeValue> item = raw(dynamo, table, "t1");
    assertEquals("Everything", item.get("_type").s());
    assertEquals("THING#t1", item.get("pk").s());
    assertEquals("THING", item.get("sk").s());
    assertEquals("CAT#tools", item.get("gsi1pk").s());
    assertEquals("-42", item.get("i").n());
    assertEquals(Long.toString(Long.MAX_VALUE), item.get("l").n());
    assertEquals("9007199254740993", item.get("boxedLong").n(), "no detour through double");
    assertEquals(0, new BigDecimal("1234567890123456789012345678901234.5678").compareTo(
        new BigDecimal(item.get("big").n())));
    assertEquals(Boolean.TRUE, item.get("flag").bool());
    assertEquals("GREEN", item.get("color").s());
    assertEquals("2026-04-26T10:15:00.123Z", item.get("at").s());
    assertEquals(Long.toString(Instant.parse("2099-07-01T00:00:00Z").getEpochSecond()), item.get("expiresAt").n(),
        "TTL as epoch seconds");
    assertEquals(Long.toString(Instant.parse("2026-04-26T10:15:07Z").getEpochSecond()), item.get("seen").n());
    assertEquals("2026-04-26", item.get("day").s());
    assertEquals("0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", item.get("uuid").s());
    assertArrayEquals(new byte[] {0, 1, 2, (byte) 255}, item.get("bytes").b().asByteArray());
    assertEquals(3, item.get("tags").l().size());
    assertEquals(Set.of("x", "y"), Set.copyOf(item.get("labels").ss()));
    assertEquals(3, item.get("numbers").ns().size());
    assertEquals(2, item.get("blobs").bs().size());
    assertEquals("12345", item.get("home").m().get("zip").s(), "@Attr in a nested record");
    assertFalse(item.get("home").m().containsKey("postalCode"));
    assertEquals("original", item.get("renamed").s(), "@Attr");
    assertEquals("other", item.get("o").s(), "storedAs");
    assertFalse(item.containsKey("original"));

    Map<String, AttributeValue> sparse = raw(dynamo, table, "t2");
    for (String absent : List.of("labels", "numbers", "decimals", "blobs", "nickname", "work", "rank", "category",
        "gsi1pk", "gsi1sk")) {
      assertFalse(sparse.containsKey(absent), absent + " is left out");
    }
    assertTrue(sparse.get("tags").hasL() && sparse.get("tags").l().isEmpty(), "an empty list is kept");
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void anOptionalIndexKeyMakesTheIndexSparse(Backend backend) {
    String table = Backend.freshTable("Mapping");
    AccessPattern<Everything> byCategory = AccessPattern.of("Things by category", THING).index("gsi1")
        .partition("CAT#{category}").build();
    Model model = Model.builder(TableSchema.named(table).globalIndex("gsi1", "gsi1pk", "gsi1sk"))
        .entities(THING).patterns(byCategory).build();
    ModelClient db = ModelClient.create(model, backend.client());
    db.createTable();
    db.entity(THING).put(full("a", Optional.of("tools")));
    db.entity(THING).put(full("b", Optional.empty()));
    db.entity(THING).put(full("c", Optional.of("tools")));
    List<Everything> tools = db.query(byCategory).partition(Key.of("category", "tools")).all();
    assertEquals(List.of("a", "c"), tools.stream().map(Everything::id).toList());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void nullInARequiredFieldIsRefused(Backend backend) {
    ModelClient db = client(backend, Backend.freshTable("Mapping"));
    Everything e = full("t", Optional.empty());
    Everything missingList = new Everything(e.id(), e.i(), e.l(), e.s(), e.b(), e.d(), e.f(), e.boxedInt(),
        e.boxedLong(), e.boxedDouble(), e.big(), e.huge(), e.flag(), e.boxedFlag(), e.color(), e.at(),
        e.expiresAt(), e.seen(), e.day(), e.uuid(), e.bytes(), e.blob(), null, e.history(), e.labels(),
        e.numbers(), e.decimals(), e.blobs(), e.counts(), e.places(), e.home(), e.nickname(), e.work(), e.rank(),
        e.original(), e.other(), e.category());
    ValidationException v = assertThrows(ValidationException.class, () -> db.entity(THING).put(missingList));
    assertEquals("Everything", v.entity());
    assertEquals("tags", v.field());
    Everything nan = new Everything(e.id(), e.i(), e.l(), e.s(), e.b(), Double.NaN, e.f(), e.boxedInt(),
        e.boxedLong(), e.boxedDouble(), e.big(), e.huge(), e.flag(), e.boxedFlag(), e.color(), e.at(),
        e.expiresAt(), e.seen(), e.day(), e.uuid(), e.bytes(), e.blob(), e.tags(), e.history(), e.labels(),
        e.numbers(), e.decimals(), e.blobs(), e.counts(), e.places(), e.home(), e.nickname(), e.work(), e.rank(),
        e.original(), e.other(), e.category());
    assertEquals("d", assertThrows(ValidationException.class, () -> db.entity(THING).put(nan)).field());
    assertNull(db.entity(THING).get(Key.of("id", "t")).orElse(null));
  }

  private static Map<String, AttributeValue> raw(DynamoDbClient dynamo, String table, String id) {
    return dynamo.getItem(b -> b.tableName(table).consistentRead(true).key(Map.of(
        "pk", AttributeValue.fromS("THING#" + id), "sk", AttributeValue.fromS("THING")))).item();
  }
}
