package io.partita.model.geo;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Geohashes, the single-table guides' way to find things near a point: a cell of the earth as a
 * short base-32 text ({@code u4pru} is a cell about 4.9 km × 4.9 km in Denmark), stored in a key
 * ({@code CELL#u4pru}) so that one Query reads one cell. Longer texts are smaller cells inside the
 * shorter ones. A "near" search reads the cells {@link #covering} a circle and keeps what lies within
 * it ({@link #distanceMeters}); {@link Nearby} does both over an access pattern.
 */
public final class Geohash {
  private static final String BASE32 = "0123456789bcdefghjkmnpqrstuvwxyz";
  /** Mean earth radius (IUGG), meters: what the haversine distance uses. */
  static final double EARTH_RADIUS_METERS = 6_371_008.8;
  /** At most this many cells in a covering: a wider circle wants a shorter geohash. */
  static final int MAX_CELLS = 64;

  private Geohash() {}

  /** A cell's bounds, in degrees. */
  public record Box(double minLat, double maxLat, double minLon, double maxLon) {
    public double centerLat() {
      return (minLat + maxLat) / 2;
    }

    public double centerLon() {
      return (minLon + maxLon) / 2;
    }

    public boolean contains(double lat, double lon) {
      return lat >= minLat && lat < maxLat && lon >= minLon && lon < maxLon;
    }
  }

  /** The geohash of {@code precision} characters (1 to 12) of the cell holding the point. */
  public static String encode(double lat, double lon, int precision) {
    checkPoint(lat, lon);
    if (precision < 1 || precision > 12) {
      throw new IllegalArgumentException("a geohash has 1 to 12 characters, not " + precision);
    }
    double[] latRange = {-90, 90};
    double[] lonRange = {-180, 180};
    StringBuilder out = new StringBuilder(precision);
    boolean lonBit = true; // bits alternate, longitude first
    int bits = 0;
    int value = 0;
    while (out.length() < precision) {
      double[] range = lonBit ? lonRange : latRange;
      double v = lonBit ? lon : lat;
      double mid = (range[0] + range[1]) / 2;
      value <<= 1;
      if (v >= mid) {
        value |= 1;
        range[0] = mid;
      } else {
        range[1] = mid;
      }
      lonBit = !lonBit;
      if (++bits == 5) {
        out.append(BASE32.charAt(value));
        bits = 0;
        value = 0;
      }
    }
    return out.toString();
  }

  /** The bounds of the cell {@code hash} names. */
  public static Box decode(String hash) {
    if (hash == null || hash.isEmpty() || hash.length() > 12) {
      throw new IllegalArgumentException("a geohash has 1 to 12 characters: '" + hash + "'");
    }
    double minLat = -90;
    double maxLat = 90;
    double minLon = -180;
    double maxLon = 180;
    boolean lonBit = true;
    for (int i = 0; i < hash.length(); i++) {
      int value = BASE32.indexOf(Character.toLowerCase(hash.charAt(i)));
      if (value < 0) {
        throw new IllegalArgumentException("'" + hash.charAt(i) + "' is not a geohash character (in '" + hash + "')");
      }
      for (int bit = 4; bit >= 0; bit--) {
        boolean one = ((value >> bit) & 1) == 1;
        if (lonBit) {
          double mid = (minLon + maxLon) / 2;
          if (one) {
            minLon = mid;
          } else {
            maxLon = mid;
          }
        } else {
          double mid = (minLat + maxLat) / 2;
          if (one) {
            minLat = mid;
          } else {
            maxLat = mid;
          }
        }
        lonBit = !lonBit;
      }
    }
    return new Box(minLat, maxLat, minLon, maxLon);
  }

  /**
   * The eight cells around {@code hash}, of its length, clockwise from north (fewer at a pole,
   * where the cells north or south of it do not exist); the date line wraps.
   */
  public static List<String> neighbours(String hash) {
    Box b = decode(hash);
    double h = b.maxLat() - b.minLat();
    double w = b.maxLon() - b.minLon();
    Set<String> out = new LinkedHashSet<>();
    double[][] steps = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    for (double[] s : steps) {
      double lat = b.centerLat() + s[0] * h;
      if (lat <= -90 || lat >= 90) {
        continue;
      }
      out.add(encode(lat, wrap(b.centerLon() + s[1] * w), hash.length()));
    }
    out.remove(hash);
    return new ArrayList<>(out);
  }

  /**
   * The cells of {@code precision} characters that a circle of {@code radiusMeters} around the point
   * touches, the point's own first: reading them all finds everything within the circle.
   *
   * @throws IllegalArgumentException when more than {@value #MAX_CELLS} cells would be needed (use
   *     a shorter geohash for a wider circle)
   */
  public static List<String> covering(double lat, double lon, double radiusMeters, int precision) {
    checkPoint(lat, lon);
    if (!(radiusMeters >= 0)) {
      throw new IllegalArgumentException("the radius must be zero or more meters, not " + radiusMeters);
    }
    Box cell = decode(encode(lat, lon, precision));
    double cellH = cell.maxLat() - cell.minLat();
    double cellW = cell.maxLon() - cell.minLon();
    double dLat = Math.toDegrees(radiusMeters / EARTH_RADIUS_METERS);
    double minLat = Math.max(-90, lat - dLat);
    double maxLat = Math.min(90, lat + dLat);
    // the widest longitude span of the circle is at its latitude nearest a pole
    double farLat = Math.min(89.999_999, Math.max(Math.abs(minLat), Math.abs(maxLat)));
    double dLon = Math.min(180, dLat / Math.cos(Math.toRadians(farLat)));
    long rows = (long) Math.ceil((maxLat - minLat) / cellH) + 2;
    long cols = (long) Math.ceil(2 * dLon / cellW) + 2;
    if (rows * cols > 4L * MAX_CELLS) {
      throw tooMany(radiusMeters, precision);
    }
    Set<String> out = new LinkedHashSet<>();
    out.add(encode(lat, lon, precision));
    // a grid of points half a cell apart lands in every cell the circle's bounding box touches
    for (double y = minLat; ; y = Math.min(maxLat, y + cellH / 2)) {
      for (double x = lon - dLon; ; x = Math.min(lon + dLon, x + cellW / 2)) {
        String h = encode(Math.min(y, 89.999_999_999), wrap(x), precision);
        if (!out.contains(h) && distanceToBox(lat, lon, decode(h)) <= radiusMeters) {
          out.add(h);
          if (out.size() > MAX_CELLS) {
            throw tooMany(radiusMeters, precision);
          }
        }
        if (x >= lon + dLon) {
          break;
        }
      }
      if (y >= maxLat) {
        break;
      }
    }
    return new ArrayList<>(out);
  }

  /** The great-circle distance between two points (haversine, on a sphere of the mean earth radius), in meters. */
  public static double distanceMeters(double lat1, double lon1, double lat2, double lon2) {
    double p1 = Math.toRadians(lat1);
    double p2 = Math.toRadians(lat2);
    double dp = p2 - p1;
    double dl = Math.toRadians(lon2 - lon1);
    double a = Math.sin(dp / 2) * Math.sin(dp / 2) + Math.cos(p1) * Math.cos(p2) * Math.sin(dl / 2) * Math.sin(dl / 2);
    return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(a)));
  }

  /** The distance from a point to the nearest point of a cell (zero inside it), in meters. */
  static double distanceToBox(double lat, double lon, Box b) {
    double nearLat = Math.max(b.minLat(), Math.min(lat, b.maxLat()));
    double nearLon = lon;
    if (lon < b.minLon() || lon > b.maxLon()) {
      // the nearer of the two edges, across the date line too
      double toMin = Math.abs(wrap(b.minLon() - lon));
      double toMax = Math.abs(wrap(b.maxLon() - lon));
      nearLon = toMin < toMax ? b.minLon() : b.maxLon();
    }
    return distanceMeters(lat, lon, nearLat, nearLon);
  }

  private static IllegalArgumentException tooMany(double radiusMeters, int precision) {
    return new IllegalArgumentException("a circle of " + radiusMeters + " m needs more than " + MAX_CELLS
        + " geohash cells of " + precision + " characters: use fewer characters for so wide a search");
  }

  private static double wrap(double lon) {
    double l = ((lon + 180) % 360 + 360) % 360 - 180;
    return l == 180 ? -180 : l;
  }

  private static void checkPoint(double lat, double lon) {
    if (!(lat >= -90 && lat <= 90) || !(lon >= -180 && lon <= 180)) {
      throw new IllegalArgumentException("not a point on the earth: latitude " + lat + ", longitude " + lon);
    }
  }
}
