package io.partita.model.migrate;

import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The cut-over of reads from the old tables to the single table, one access pattern at a time (guide 002 §10, steps
 * 6 and 7): each pattern is at a {@link Stage} — OLD (read the old way), SHADOW (read both, answer the old way,
 * report differences through a {@link ShadowRead}), NEW (read the new way) — kept in the table beside the migration
 * records ({@link MigrationLog}'s partition), so every instance of the application moves together and the record
 * says when each pattern moved. A pattern never set is OLD.
 *
 * <pre>{@code
 * Cutover cutover = Cutover.in(dynamo, model.table());
 * List<Order> orders = cutover.list("orders of a customer", shadow,
 *     () -> legacyOrdersOf(customer),                                   // the old tables
 *     () -> db.query(ordersOfCustomer).partition(Key.of("customerId", customer)).all());
 * cutover.set("orders of a customer", Cutover.Stage.NEW);             // when the shadow reads have been clean
 * }</pre>
 *
 * <p>Each read asks the table for its pattern's stage (one consistent GetItem), so a switch takes effect on the next
 * read everywhere. Thread-safe.
 */
public final class Cutover {
  /** Where a pattern's reads go. */
  public enum Stage { OLD, SHADOW, NEW }

  /** A pattern's stage, since when, and the stage it left. */
  public record Pattern(String pattern, Stage stage, Instant since, Optional<Stage> before) {}

  static final String TYPE = io.partita.model.internal.Recognition.CUTOVER_TYPE;
  private static final String PREFIX = "cutover#";

  private final DynamoDbClient dynamo;
  private final MigrationLog log;
  private final Clock clock;

  private Cutover(DynamoDbClient dynamo, MigrationLog log, Clock clock) {
    this.dynamo = dynamo;
    this.log = log;
    this.clock = clock;
  }

  /** The cut-over kept in {@code table}. */
  public static Cutover in(DynamoDbClient dynamo, io.partita.model.TableSchema table) {
    return new Cutover(Objects.requireNonNull(dynamo, "dynamo"), MigrationLog.in(dynamo, table), Clock.systemUTC());
  }

  /** The same, with {@code clock} for the times it records. */
  public Cutover clock(Clock clock) {
    return new Cutover(dynamo, log, Objects.requireNonNull(clock, "clock"));
  }

  /** {@code pattern}'s record; a pattern never set is OLD since the epoch. */
  public Pattern pattern(String pattern) {
    Map<String, AttributeValue> item = dynamo.getItem(g -> g.tableName(log.table().name())
        .key(log.keyOf(PREFIX + named(pattern))).consistentRead(true)).item();
    if (item == null || item.isEmpty()) {
      return new Pattern(pattern, Stage.OLD, Instant.EPOCH, Optional.empty());
    }
    return new Pattern(pattern, Stage.valueOf(item.get("stage").s()), Instant.parse(item.get("since").s()),
        Optional.ofNullable(item.get("before")).map(b -> Stage.valueOf(b.s())));
  }

  /** Moves {@code pattern}'s reads to {@code stage} (back as well as forward: a cut-over can be undone). */
  public Pattern set(String pattern, Stage stage) {
    Objects.requireNonNull(stage, "stage");
    Pattern now = pattern(pattern);
    Pattern next = new Pattern(pattern, stage, clock.instant(), Optional.of(now.stage()));
    Map<String, AttributeValue> item = new HashMap<>(log.keyOf(PREFIX + named(pattern)));
    item.put(log.table().typeAttribute(), AttributeValue.fromS(TYPE));
    item.put("pattern", AttributeValue.fromS(pattern));
    item.put("stage", AttributeValue.fromS(stage.name()));
    item.put("since", AttributeValue.fromS(next.since().toString()));
    item.put("before", AttributeValue.fromS(now.stage().name()));
    dynamo.putItem(p -> p.tableName(log.table().name()).item(item));
    return next;
  }

  /** A read of a list by {@code pattern}, the old way, both ways or the new way, as its stage says. */
  public <T> List<T> list(String pattern, ShadowRead<T> shadow, Supplier<List<T>> oldWay, Supplier<List<T>> newWay) {
    return switch (pattern(pattern).stage()) {
      case OLD -> oldWay.get();
      case SHADOW -> shadow.list(pattern, oldWay, newWay);
      case NEW -> newWay.get();
    };
  }

  /** A read of one item by {@code pattern}, as its stage says. */
  public <T> Optional<T> one(String pattern, ShadowRead<T> shadow, Supplier<Optional<T>> oldWay,
      Supplier<Optional<T>> newWay) {
    return switch (pattern(pattern).stage()) {
      case OLD -> oldWay.get();
      case SHADOW -> shadow.one(pattern, oldWay, newWay);
      case NEW -> newWay.get();
    };
  }

  private static String named(String pattern) {
    if (Objects.requireNonNull(pattern, "pattern").isEmpty()) {
      throw new IllegalArgumentException("a pattern has a name");
    }
    return pattern;
  }
}
