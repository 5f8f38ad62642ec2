package io.partita.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.examples.nearby.ShopsNearby;
import io.partita.examples.nearby.ShopsNearby.Shop;
import io.partita.model.geo.Geohash;
import io.partita.model.geo.Nearby;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Shops near a point on both backends: the nearest first, exactly those within the circle, a category per cell. */
class ShopsNearbyTest {
  @ParameterizedTest
  @EnumSource(Backend.class)
  void shopsWithinACircleNearestFirst(Backend backend) {
    ShopsNearby s = new ShopsNearby(backend.client(), Backend.freshTable("Shops"));
    s.db.createTable();
    s.seed();
    ExecutorService pool = Executors.newFixedThreadPool(3);
    try {
      List<Nearby.Near<Shop>> near = s.near(52.5219, 13.4132, 1_000, pool);
      // worked out apart (haversine): Kiez Bakery 285 m, Mitte Coffee 333 m, Spree Books 504 m, Hackescher
      // Bakery 762 m, Museum Island Books 945 m; Prenzlauer Coffee 2,026 m, Kreuzberg Bakery 2,681 m, Potsdamer Books 2,871 m
      assertEquals(List.of("s01", "s03", "s02", "s04", "s05"), near.stream().map(n -> n.item().id()).toList());
      for (Nearby.Near<Shop> n : near) {
        assertEquals(Geohash.distanceMeters(52.5219, 13.4132, n.item().lat(), n.item().lon()), n.meters(), 1e-6);
        assertTrue(n.meters() <= 1_000);
      }
      assertEquals(List.of("s01"), s.near(52.5219, 13.4132, 300, pool).stream().map(n -> n.item().id()).toList());
      assertEquals(List.of("s01", "s03", "s02", "s04", "s05", "s06"),
          s.near(52.5219, 13.4132, 2_500, pool).stream().map(n -> n.item().id()).toList());
    } finally {
      pool.shutdownNow();
    }
    String cell = Geohash.encode(52.5208, 13.4094, ShopsNearby.PRECISION);
    assertTrue(s.inCell(cell, "bakery").stream().allMatch(x -> x.category().equals("bakery")));
    assertTrue(s.inCell(cell, "bakery").stream().anyMatch(x -> x.id().equals("s01")));
    assertEquals("Kiez Bakery", s.get("s01").orElseThrow().name());
  }
}
