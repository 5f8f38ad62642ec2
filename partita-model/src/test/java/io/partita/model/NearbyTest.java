package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.model.geo.Geohash;
import io.partita.model.geo.Nearby;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The guides' shops-nearby pattern (issue 20): shops keyed by the geohash of their location on an
 * index, a search reading the cells a circle touches; checked against brute force over every shop,
 * on every backend.
 */
class NearbyTest {
  record Shop(String id, String name, double lat, double lon, String cell) {}

  @ParameterizedTest
  @EnumSource(Backend.class)
  void aSearchFindsExactlyTheShopsWithinTheCircleNearestFirst(Backend backend) {
    Entity<Shop> shop = Entity.of(Shop.class).key("SHOP#{id}", "SHOP#{id}").index("gsi1", "CELL#{cell}", "SHOP#{id}");
    AccessPattern<Shop> shopsInCell = AccessPattern.of("Shops in a cell", shop).index("gsi1")
        .partition("CELL#{cell}").build();
    Model model = Model.builder(TableSchema.named(Backend.freshTable("Shops")).globalIndex("gsi1", "gsi1pk", "gsi1sk"))
        .entities(shop).patterns(shopsInCell).build();
    ModelClient db = ModelClient.builder(model, backend.client()).build();
    db.createTable();

    // 300 shops scattered within about 6 km of Berlin's center, stored with 6-character cells (~1.2 × 0.6 km)
    Random random = new Random(7);
    List<Shop> shops = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      double lat = 52.52 + (random.nextDouble() - 0.5) * 0.1;
      double lon = 13.40 + (random.nextDouble() - 0.5) * 0.16;
      shops.add(new Shop(String.format("%03d", i), "shop " + i, lat, lon, Geohash.encode(lat, lon, 6)));
    }
    db.batchWrite().put(shop, shops).execute();

    Nearby<Shop> nearby = Nearby.of(shopsInCell, "cell", 6, Shop::lat, Shop::lon);
    for (double radius : new double[] {0, 300, 1_000, 1_800}) {
      List<Nearby.Near<Shop>> found = nearby.search(db, 52.521, 13.401, radius);
      List<String> expected = shops.stream()
          .filter(s -> Geohash.distanceMeters(52.521, 13.401, s.lat(), s.lon()) <= radius)
          .sorted(Comparator.comparingDouble(s -> Geohash.distanceMeters(52.521, 13.401, s.lat(), s.lon())))
          .map(Shop::id).toList();
      assertEquals(expected, found.stream().map(n -> n.item().id()).toList(), "within " + radius + " m");
      for (Nearby.Near<Shop> n : found) {
        assertTrue(n.meters() <= radius);
      }
    }
    assertTrue(nearby.search(db, 52.521, 13.401, 1_800).size() > 20, "the widest circle finds a good many");
    // the cells read in parallel answer the same
    java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
    try {
      assertEquals(nearby.search(db, 52.521, 13.401, 1_800), nearby.search(db, 52.521, 13.401, 1_800, pool));
    } finally {
      pool.shutdownNow();
    }
  }
}
