package io.partita.model.migrate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The shadow read of a migration: the same read done the old way (the answer the application uses) and the new way
 * (only compared), each difference reported, so the new path is trusted on production traffic before reads are cut
 * over to it. Records are compared with {@code equals} (what a record's equality is: every component).
 *
 * <pre>{@code
 * ShadowRead<Task> shadow = ShadowRead.of(Task::id, d -> log.warn("shadow read differs: {}", d));
 * List<Task> urgent = shadow.list("urgent tasks",
 *     () -> db.query(byPriority).partition(Key.of("priority", 9)).all(),      // old index: the answer
 *     () -> db.query(byStatus).partition(Key.of("status", "URGENT")).all());  // new index: compared
 * }</pre>
 *
 * <p>A failure of the shadow read is reported as a difference, never thrown: the new path must not break the
 * application while it is being tried. The old read's failure is the application's and is thrown. Thread-safe when
 * the reporter is.
 *
 * @param <T> the records read
 */
public final class ShadowRead<T> {
  private final Function<? super T, ?> identity;
  private final Consumer<Difference<T>> reporter;

  private ShadowRead(Function<? super T, ?> identity, Consumer<Difference<T>> reporter) {
    this.identity = Objects.requireNonNull(identity, "identity");
    this.reporter = Objects.requireNonNull(reporter, "reporter");
  }

  /**
   * A comparer that pairs the records of two lists by {@code identity} (their key fields, typically) and gives each
   * difference to {@code reporter}.
   */
  public static <T> ShadowRead<T> of(Function<? super T, ?> identity, Consumer<Difference<T>> reporter) {
    return new ShadowRead<>(identity, reporter);
  }

  /** A read of one item: returns {@code primary}'s answer; reports when {@code shadow}'s differs. */
  public Optional<T> one(String read, Supplier<Optional<T>> primary, Supplier<Optional<T>> shadow) {
    Optional<T> answer = primary.get();
    shadowed(read, answer.orElse(null), () -> compare(read, answer, shadow.get()));
    return answer;
  }

  private void compare(String read, Optional<T> answer, Optional<T> other) {
    if (answer.isPresent() && other.isEmpty()) {
      reporter.accept(new Difference<>(read, Difference.Kind.MISSING, identity.apply(answer.get()), answer.get(),
          null, null));
    } else if (answer.isEmpty() && other.isPresent()) {
      reporter.accept(new Difference<>(read, Difference.Kind.EXTRA, identity.apply(other.get()), null, other.get(),
          null));
    } else if (answer.isPresent() && !answer.get().equals(other.get())) {
      reporter.accept(new Difference<>(read, Difference.Kind.CHANGED, identity.apply(answer.get()), answer.get(),
          other.get(), null));
    }
  }

  /**
   * Runs the shadow read and its comparison; whatever fails in them (the shadow, an identity or equals of the
   * records, the reporter) is reported as SHADOW_FAILED and never reaches the caller, whose answer is the primary's.
   */
  private void shadowed(String read, T primaryItem, Runnable comparison) {
    try {
      comparison.run();
    } catch (RuntimeException e) {
      try {
        reporter.accept(new Difference<>(read, Difference.Kind.SHADOW_FAILED, null, primaryItem, null, e));
      } catch (RuntimeException reporterFailed) {
        // a reporter that fails is the migration's tooling failing, not the application's read
      }
    }
  }

  /**
   * A read of several items: returns {@code primary}'s list; reports each record the shadow lacks, has in excess or
   * has otherwise, and, when both hold the same records, a different order.
   */
  public List<T> list(String read, Supplier<List<T>> primary, Supplier<List<T>> shadow) {
    List<T> answer = primary.get();
    shadowed(read, null, () -> compare(read, answer, shadow.get()));
    return answer;
  }

  private void compare(String read, List<T> answer, List<T> other) {
    Map<Object, T> theirs = new LinkedHashMap<>();
    for (T t : other) {
      theirs.put(identity.apply(t), t);
    }
    boolean differs = false;
    for (T t : answer) {
      Object id = identity.apply(t);
      T match = theirs.remove(id);
      if (match == null) {
        differs = true;
        reporter.accept(new Difference<>(read, Difference.Kind.MISSING, id, t, null, null));
      } else if (!match.equals(t)) {
        differs = true;
        reporter.accept(new Difference<>(read, Difference.Kind.CHANGED, id, t, match, null));
      }
    }
    for (Map.Entry<Object, T> extra : theirs.entrySet()) {
      differs = true;
      reporter.accept(new Difference<>(read, Difference.Kind.EXTRA, extra.getKey(), null, extra.getValue(), null));
    }
    if (!differs && !answer.equals(other)) {
      reporter.accept(new Difference<>(read, Difference.Kind.ORDER, null, null, null, null));
    }
  }

  /**
   * One difference between the primary and the shadow read.
   *
   * @param read the name the caller gave the read
   * @param kind what differs
   * @param identity the record's identity (null for ORDER and SHADOW_FAILED)
   * @param primary the primary read's record (null when it has none)
   * @param shadow the shadow read's record (null when it has none)
   * @param failure the shadow read's failure, for SHADOW_FAILED
   */
  public record Difference<T>(String read, Kind kind, Object identity, T primary, T shadow, Throwable failure) {

    /** What differs. */
    public enum Kind {
      /** The shadow read lacks a record the primary returned. */
      MISSING,
      /** The shadow read returned a record the primary did not. */
      EXTRA,
      /** Both returned the record, with different values. */
      CHANGED,
      /** The same records, in another order. */
      ORDER,
      /** The shadow read threw. */
      SHADOW_FAILED
    }

    /** The changed components of a CHANGED record, by name (empty otherwise). */
    public List<String> changedFields() {
      List<String> out = new ArrayList<>();
      if (kind != Kind.CHANGED || !(primary instanceof Record)) {
        return out;
      }
      for (var c : primary.getClass().getRecordComponents()) {
        try {
          c.getAccessor().setAccessible(true);
          if (!Objects.equals(c.getAccessor().invoke(primary), c.getAccessor().invoke(shadow))) {
            out.add(c.getName());
          }
        } catch (ReflectiveOperationException | RuntimeException e) {
          out.add(c.getName());
        }
      }
      return out;
    }
  }
}
