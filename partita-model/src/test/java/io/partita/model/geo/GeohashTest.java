package io.partita.model.geo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Geohash encoding, cells, neighbours and coverings, against published values and brute force. */
class GeohashTest {
  @Test
  void encodesAndDecodesThePublishedExamples() {
    // the examples of the geohash article (Wikipedia, "Geohash") and of geohash.org's u4pruydqqvj
    assertEquals("ezs42", Geohash.encode(42.6, -5.6, 5));
    assertEquals("u4pruydqqvj", Geohash.encode(57.64911, 10.40744, 11));
    Geohash.Box b = Geohash.decode("ezs42");
    assertTrue(b.contains(42.6, -5.6));
    assertEquals(42.605, b.centerLat(), 0.001);
    assertEquals(-5.603, b.centerLon(), 0.001);
    assertEquals("u4pru", Geohash.encode(57.64911, 10.40744, 5));
    assertThrows(IllegalArgumentException.class, () -> Geohash.decode("a1")); // 'a' is not in the alphabet
    assertThrows(IllegalArgumentException.class, () -> Geohash.encode(91, 0, 5));
    assertThrows(IllegalArgumentException.class, () -> Geohash.encode(0, 0, 13));
  }

  @Test
  void aCellsEightNeighboursTouchItAndWrapTheDateLine() {
    for (String hash : List.of("u4pru", "ezs42", "9q8yy", "s0000")) {
      Geohash.Box c = Geohash.decode(hash);
      List<String> around = Geohash.neighbours(hash);
      assertEquals(8, around.size(), hash);
      for (String n : around) {
        Geohash.Box b = Geohash.decode(n);
        // each neighbour has the cell's size and lies one cell away, at most, in each direction
        assertEquals(c.maxLat() - c.minLat(), b.maxLat() - b.minLat(), 1e-9);
        double rows = Math.abs(b.centerLat() - c.centerLat()) / (c.maxLat() - c.minLat());
        double cols = Math.abs(b.centerLon() - c.centerLon()) / (c.maxLon() - c.minLon());
        assertTrue(rows < 1.001 && cols < 1.001 && rows + cols > 0.999, hash + " and " + n);
      }
    }
    // across the date line: a cell touching 180° has neighbours starting at -180°
    String east = Geohash.encode(0.1, 179.99, 4);
    assertTrue(Geohash.neighbours(east).stream().anyMatch(n -> Geohash.decode(n).minLon() == -180), east);
  }

  @Test
  void distancesAreGreatCircleDistances() {
    // Paris (48.8566, 2.3522) to London (51.5074, -0.1278): about 343.6 km on the mean-radius sphere
    assertEquals(343_560, Geohash.distanceMeters(48.8566, 2.3522, 51.5074, -0.1278), 500);
    assertEquals(0, Geohash.distanceMeters(10, 20, 10, 20), 1e-9);
    // a quarter of the equator
    assertEquals(Math.PI / 2 * Geohash.EARTH_RADIUS_METERS, Geohash.distanceMeters(0, 0, 0, 90), 1e-6);
  }

  @Test
  void aCoveringHoldsTheCellOfEveryPointWithinTheCircle() {
    Random random = new Random(42);
    for (int round = 0; round < 200; round++) {
      double lat = random.nextDouble() * 160 - 80;
      double lon = random.nextDouble() * 360 - 180;
      int precision = 4 + random.nextInt(3);
      // up to two cells' sides: a cell is narrower in meters the nearer the pole
      Geohash.Box own = Geohash.decode(Geohash.encode(lat, lon, precision));
      double side = Math.min(Math.toRadians(own.maxLat() - own.minLat()),
          Math.toRadians(own.maxLon() - own.minLon()) * Math.cos(Math.toRadians(Math.abs(lat) + 1)))
          * Geohash.EARTH_RADIUS_METERS;
      double radius = random.nextDouble() * side * 2;
      List<String> covering = Geohash.covering(lat, lon, radius, precision);
      Set<String> cells = new HashSet<>(covering);
      assertEquals(Geohash.encode(lat, lon, precision), covering.get(0), "the center's own cell comes first");
      for (int i = 0; i < 300; i++) {
        // a point at a random bearing and distance up to the radius (the spherical destination formula)
        double bearing = random.nextDouble() * 2 * Math.PI;
        double d = random.nextDouble() * radius / Geohash.EARTH_RADIUS_METERS;
        double p1 = Math.toRadians(lat);
        double p2 = Math.asin(Math.sin(p1) * Math.cos(d) + Math.cos(p1) * Math.sin(d) * Math.cos(bearing));
        double l2 = Math.toRadians(lon) + Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(p1),
            Math.cos(d) - Math.sin(p1) * Math.sin(p2));
        double plat = Math.toDegrees(p2);
        double plon = ((Math.toDegrees(l2) + 540) % 360) - 180;
        if (Geohash.distanceMeters(lat, lon, plat, plon) > radius) {
          continue;
        }
        String cell = Geohash.encode(plat, plon, precision);
        assertTrue(cells.contains(cell), "point " + plat + "," + plon + " in " + cell + " is within " + radius
            + " m of " + lat + "," + lon + " but its cell is not in " + cells);
      }
    }
  }

  @Test
  void aCircleTooWideForItsPrecisionIsRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Geohash.covering(52.5, 13.4, 50_000, 7));
    assertTrue(e.getMessage().contains("use fewer characters"), e.getMessage());
    assertEquals(List.of(Geohash.encode(52.5, 13.4, 6)), Geohash.covering(52.5, 13.4, 0, 6));
  }
}
