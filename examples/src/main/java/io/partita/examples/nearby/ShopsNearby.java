package io.partita.examples.nearby;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.model.AccessPattern;
import io.partita.model.Entity;
import io.partita.model.Key;
import io.partita.model.Model;
import io.partita.model.ModelClient;
import io.partita.model.TableSchema;
import io.partita.model.geo.Geohash;
import io.partita.model.geo.Nearby;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Shops near a point, the single-table notes' geohash pattern: each shop is indexed on gsi1 by the
 * geohash cell of its location, a search reads the cell of the point and the cells around it that a
 * circle touches (in parallel), and keeps the shops within the circle by great-circle distance.
 *
 * <pre>
 * Shop   pk SHOP#{id}   sk SHOP#{id}    gsi1: CELL#{cell} / CATEGORY#{category}#SHOP#{id}
 *
 *        SHOP#s01       SHOP#s01        CELL#u33dc1 / CATEGORY#bakery#SHOP#s01     (52.5208, 13.4094)
 * </pre>
 *
 * <ul>
 *   <li>Get a shop: GetItem by id.
 *   <li>Shops in a cell, optionally of one category: Query gsi1, {@code begins_with(gsi1sk, CATEGORY#{category}#)}.
 *   <li>Shops within R meters of a point: the cells {@link Geohash#covering} the circle, one Query each, then the
 *       distance filter ({@link Nearby}).
 * </ul>
 *
 * <p>Why 6 characters: a cell is about 0.75 km × 0.6 km here, so a walking-distance search reads a handful of cells
 * (500 m: 6, 1 km: 14; 2.5 km already 60, near the 64 a search may read); 5 characters (cells of about 3 km × 5 km)
 * would read fewer cells but many more shops that the distance filter then throws away. A shop that moves changes its cell: the update rewrites its gsi1 key.
 */
public final class ShopsNearby {
  /** Geohash characters of the cell a shop is indexed by. */
  public static final int PRECISION = 6;

  public record Shop(String id, String name, String category, double lat, double lon, String cell) {
    /** A shop at a point, with the point's cell. */
    public static Shop at(String id, String name, String category, double lat, double lon) {
      return new Shop(id, name, category, lat, lon, Geohash.encode(lat, lon, PRECISION));
    }
  }

  public final Entity<Shop> shop = Entity.of(Shop.class).key("SHOP#{id}", "SHOP#{id}")
      .index("gsi1", "CELL#{cell}", "CATEGORY#{category}#SHOP#{id}");

  public final AccessPattern<Shop> getShop = AccessPattern.of("Get a shop", shop)
      .partition("SHOP#{id}").sortEq("SHOP#{id}").frequency("high").latency("< 10 ms").build();
  public final AccessPattern<Shop> shopsInCell = AccessPattern.of("Shops in a geohash cell", shop).index("gsi1")
      .partition("CELL#{cell}").sortBeginsWith("CATEGORY#{category}#").entry("Shop")
      .range("one cell, optionally one category").frequency("high").latency("< 20 ms per cell").build();

  public final Model model;
  public final ModelClient db;
  private final Nearby<Shop> nearby;

  public ShopsNearby(DynamoDbClient dynamo, String table) {
    model = Model.builder(TableSchema.named(table).globalIndex("gsi1", "gsi1pk", "gsi1sk"))
        .entities(shop).patterns(getShop, shopsInCell).build();
    db = ModelClient.create(model, dynamo);
    nearby = Nearby.of(shopsInCell, "cell", PRECISION, Shop::lat, Shop::lon);
  }

  public Shop add(Shop s) {
    return db.entity(shop).create(s);
  }

  public Optional<Shop> get(String id) {
    return db.entity(shop).get(Key.of("id", id));
  }

  /** The shops within {@code meters} of the point, nearest first, the cells read on {@code pool}. */
  public List<Nearby.Near<Shop>> near(double lat, double lon, double meters, ExecutorService pool) {
    return nearby.search(db, lat, lon, meters, pool);
  }

  /** The bakeries of one cell: the category narrows the cell's Query on the index. */
  public List<Shop> inCell(String cell, String category) {
    return db.query(shopsInCell).partition(Key.of("cell", cell)).sort(Key.of("category", category)).all();
  }

  /** A few shops around Alexanderplatz, Berlin. */
  public void seed() {
    add(Shop.at("s01", "Kiez Bakery", "bakery", 52.5208, 13.4094));
    add(Shop.at("s02", "Spree Books", "books", 52.5186, 13.4081));
    add(Shop.at("s03", "Mitte Coffee", "coffee", 52.5244, 13.4105));
    add(Shop.at("s04", "Hackescher Bakery", "bakery", 52.5226, 13.4020));
    add(Shop.at("s05", "Museum Island Books", "books", 52.5169, 13.4019));
    add(Shop.at("s06", "Prenzlauer Coffee", "coffee", 52.5388, 13.4244));
    add(Shop.at("s07", "Kreuzberg Bakery", "bakery", 52.4986, 13.4030));
    add(Shop.at("s08", "Potsdamer Books", "books", 52.5096, 13.3759));
  }

  /** Runs the example on Partita embedded, in memory, and prints what it does. */
  public static void main(String[] args) {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try (DynamoDbClient dynamo = PartitaDynamoDb.inMemory()) {
      ShopsNearby s = new ShopsNearby(dynamo, "Shops");
      System.out.println(s.model.worksheet());
      s.db.createTable();
      s.seed();
      double lat = 52.5219;
      double lon = 13.4132; // Alexanderplatz
      for (double meters : new double[] {500, 1_000, 2_500}) {
        System.out.println("within " + (int) meters + " m of Alexanderplatz (" + Geohash.covering(lat, lon, meters, PRECISION).size()
            + " cells read):");
        for (Nearby.Near<Shop> n : s.near(lat, lon, meters, pool)) {
          System.out.printf("  %-22s %-7s %5.0f m%n", n.item().name(), n.item().category(), n.meters());
        }
      }
      String cell = Geohash.encode(52.5208, 13.4094, PRECISION);
      System.out.println("bakeries in cell " + cell + ": " + s.inCell(cell, "bakery").stream().map(Shop::name).toList());
    } finally {
      pool.shutdownNow();
    }
  }
}
