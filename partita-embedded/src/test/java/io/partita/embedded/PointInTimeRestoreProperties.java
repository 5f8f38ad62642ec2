package io.partita.embedded;

import static io.partita.embedded.BackupsTest.createTable;
import static io.partita.embedded.BackupsTest.item;
import static io.partita.embedded.BackupsTest.queryG;
import static io.partita.embedded.BackupsTest.scan;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.partita.engine.Partita;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Point-in-time recovery against a model: random puts, updates and deletes of a few items, with the
 * clock moved by hand between them (often not at all, so several writes share a millisecond); the
 * table is scanned at every instant; then the table is restored to several of those instants, and
 * each restored table must equal, item by item and in its global index, the scan of its instant.
 * 40 tries (a few seconds); jqwik reports the seed of a failure, {@code @Property(seed = "...")} replays it.
 */
class PointInTimeRestoreProperties {
  enum Kind { PUT, UPDATE, DELETE }

  /** One write: what, which item, which index key, and how far the clock moves after it (milliseconds). */
  record Op(Kind kind, int key, int g, int advance) {}

  @Provide
  Arbitrary<List<Op>> ops() {
    Arbitrary<Kind> kinds = Arbitraries.frequency(
        net.jqwik.api.Tuple.of(5, Kind.PUT), net.jqwik.api.Tuple.of(3, Kind.UPDATE), net.jqwik.api.Tuple.of(2, Kind.DELETE));
    Arbitrary<Integer> advance = Arbitraries.frequency(
        net.jqwik.api.Tuple.of(5, 0), net.jqwik.api.Tuple.of(3, 1), net.jqwik.api.Tuple.of(2, 1500));
    return Combinators.combine(kinds, Arbitraries.integers().between(0, 7), Arbitraries.integers().between(0, 2),
        advance).as(Op::new).list().ofMinSize(1).ofMaxSize(60);
  }

  @Property(tries = 40)
  void aRestoreToAnyInstantIsTheTableAsItWasThen(@ForAll("ops") List<Op> ops,
      @ForAll("picks") List<Integer> picks) {
    MutableClock clock = new MutableClock(Instant.parse("2024-05-01T10:00:00Z"));
    try (Partita partita = Partita.with().clock(clock).timeToLiveInterval(Duration.ZERO).inMemory()) {
      DynamoDbClient dynamo = PartitaDynamoDb.over(partita);
      createTable(dynamo, "src");
      dynamo.putItem(b -> b.tableName("src").item(item(0, 0, "g0", "seed")));
      dynamo.updateContinuousBackups(b -> b.tableName("src").pointInTimeRecoverySpecification(s -> s
          .pointInTimeRecoveryEnabled(true)));
      List<Instant> instants = new ArrayList<>();
      List<Map<String, Map<String, AttributeValue>>> states = new ArrayList<>();
      instants.add(clock.instant());
      states.add(scan(dynamo, "src"));
      // an instant's state is the one just before the clock leaves it: writes of the same millisecond count
      clock.advance(Duration.ofMillis(1));
      int version = 0;
      for (Op op : ops) {
        Map<String, AttributeValue> key = Map.of("pk", AttributeValue.fromS("p" + op.key() % 2),
            "sk", AttributeValue.fromS("s" + op.key()));
        String v = "v" + version++;
        switch (op.kind()) {
          case PUT -> dynamo.putItem(b -> b.tableName("src").item(item(op.key() % 2, op.key(), "g" + op.g(), v)));
          case UPDATE -> dynamo.updateItem(b -> b.tableName("src").key(key).updateExpression("SET v = :v, g = :g, l = :l")
              .expressionAttributeValues(Map.of(":v", AttributeValue.fromS(v), ":g", AttributeValue.fromS("g"
                  + op.g()), ":l", AttributeValue.fromS("l0"))));
          case DELETE -> dynamo.deleteItem(b -> b.tableName("src").key(key));
        }
        if (op.advance() > 0) {
          // the state at the instant just before the clock moves on holds every write stamped up to it
          instants.add(clock.instant());
          states.add(scan(dynamo, "src"));
          clock.advance(Duration.ofMillis(op.advance()));
        }
      }
      instants.add(clock.instant());
      states.add(scan(dynamo, "src"));
      int n = 0;
      for (int pick : picks) {
        int i = pick % instants.size();
        String target = "r" + n++ + "x";
        Instant at = instants.get(i);
        dynamo.restoreTableToPointInTime(b -> b.sourceTableName("src").targetTableName(target).restoreDateTime(at));
        assertEquals(states.get(i), scan(dynamo, target), "restored to instant " + i + " of " + instants.size());
        for (int g = 0; g < 3; g++) {
          String gv = "g" + g;
          assertEquals(states.get(i).values().stream().filter(it -> gv.equals(it.get("g").s())).count(),
              (long) queryG(dynamo, target, gv).size(), "index byG, " + gv + ", instant " + i);
        }
      }
    }
  }

  @Provide
  Arbitrary<List<Integer>> picks() {
    return Arbitraries.integers().between(0, 1000).list().ofMinSize(1).ofMaxSize(4);
  }
}
