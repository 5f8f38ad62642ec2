package io.partita.model.geo;

import io.partita.model.AccessPattern;
import io.partita.model.AsyncModelClient;
import io.partita.model.Key;
import io.partita.model.ModelClient;
import io.partita.model.fanout.FanOut;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.ToDoubleFunction;

/**
 * "What is near here", the guides' shops-nearby pattern: items carry the geohash of their location
 * in a key ({@code CELL#{cell}} on an index, say), and a search reads every cell a circle touches
 * with the access pattern that serves one cell, keeps the items within the circle and sorts them by
 * distance.
 *
 * <pre>{@code
 * record Shop(String id, String name, double lat, double lon, String cell) {}
 * Entity<Shop> shop = Entity.of(Shop.class).key("SHOP#{id}", "SHOP#{id}").index("gsi1", "CELL#{cell}", "SHOP#{id}");
 * AccessPattern<Shop> shopsInCell = AccessPattern.of("Shops in a cell", shop).index("gsi1").partition("CELL#{cell}").build();
 * // writing: new Shop(id, name, lat, lon, Geohash.encode(lat, lon, 5))
 * List<Nearby.Near<Shop>> near = Nearby.of(shopsInCell, "cell", 5, Shop::lat, Shop::lon).search(db, 52.52, 13.40, 1_500);
 * }</pre>
 *
 * <p>The cells are read one after another, or in parallel on an executor (a Query each, {@link
 * FanOut}); the precision decides the trade: a
 * 5-character cell is about 4.9 km wide, a 6-character one about 1.2 km (fewer items read a cell,
 * more cells a circle). {@link Geohash#covering} refuses a circle that needs more than 64 cells.
 *
 * @param <T> the items' type
 */
public final class Nearby<T> {
  /** One item found, and its distance from the search's center in meters. */
  public record Near<T>(T item, double meters) {}

  private final AccessPattern<T> byCell;
  private final String cellField;
  private final int precision;
  private final ToDoubleFunction<T> latitude;
  private final ToDoubleFunction<T> longitude;

  private Nearby(AccessPattern<T> byCell, String cellField, int precision, ToDoubleFunction<T> latitude,
      ToDoubleFunction<T> longitude) {
    this.byCell = Objects.requireNonNull(byCell, "byCell");
    this.cellField = Objects.requireNonNull(cellField, "cellField");
    Geohash.encode(0, 0, precision); // checks it
    this.precision = precision;
    this.latitude = Objects.requireNonNull(latitude, "latitude");
    this.longitude = Objects.requireNonNull(longitude, "longitude");
  }

  /**
   * A search over {@code byCell}, the access pattern whose partition is one cell, filled from the
   * field {@code cellField} that holds each item's geohash of {@code precision} characters.
   */
  public static <T> Nearby<T> of(AccessPattern<T> byCell, String cellField, int precision,
      ToDoubleFunction<T> latitude, ToDoubleFunction<T> longitude) {
    return new Nearby<>(byCell, cellField, precision, latitude, longitude);
  }

  /** The items within {@code radiusMeters} of the point, nearest first; the cells read one after another. */
  public List<Near<T>> search(ModelClient db, double lat, double lon, double radiusMeters) {
    return search(db, lat, lon, radiusMeters, null);
  }

  /**
   * The items within {@code radiusMeters} of the point, nearest first, the cells read in parallel on
   * {@code executor} (a pool of the application's; null: one after another).
   */
  public List<Near<T>> search(ModelClient db, double lat, double lon, double radiusMeters, Executor executor) {
    return near(FanOut.query(db, byCell, cells(lat, lon, radiusMeters), null, executor), lat, lon, radiusMeters);
  }

  /** {@link #search(ModelClient, double, double, double)} on the asynchronous client: every cell asked at once. */
  public CompletableFuture<List<Near<T>>> search(AsyncModelClient db, double lat, double lon, double radiusMeters) {
    List<Key> cells;
    try {
      cells = cells(lat, lon, radiusMeters);
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
    return FanOut.query(db, byCell, cells, null).thenApply(items -> near(items, lat, lon, radiusMeters));
  }

  private List<Key> cells(double lat, double lon, double radiusMeters) {
    return Geohash.covering(lat, lon, radiusMeters, precision).stream().map(cell -> Key.of(cellField, cell)).toList();
  }

  /** The distance post-filter: the items within the circle, nearest first. */
  private List<Near<T>> near(List<T> items, double lat, double lon, double radiusMeters) {
    List<Near<T>> out = new ArrayList<>();
    for (T item : items) {
      double meters = Geohash.distanceMeters(lat, lon, latitude.applyAsDouble(item), longitude.applyAsDouble(item));
      if (meters <= radiusMeters) {
        out.add(new Near<>(item, meters));
      }
    }
    out.sort(Comparator.comparingDouble(Near::meters));
    return out;
  }
}
