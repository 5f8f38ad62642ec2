package io.partita.server.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The web console's files (docs/console.md), served at {@code GET /console} and {@code /console/...}
 * from the jar's own resources under {@value #ROOT}: nothing is read from the disk or the network.
 *
 * <p>A path is served only if it is made of plain names ({@code [a-z0-9][a-z0-9_-]*}, separated by
 * {@code /}) ending in a file name with a known extension: {@code ..}, {@code %}-escapes, backslashes
 * and anything else a traversal needs cannot pass, so the lookup can never leave the console's folder,
 * and a folder is never "served". Files are read once and kept; a name that is not a resource is 404.
 */
final class ConsoleAssets {
  /** Where the console lives: the path prefix and the resource folder. */
  static final String PATH = "/console";
  private static final String ROOT = "io/partita/server/console/";

  private static final Pattern SAFE = Pattern.compile("(?:[a-z0-9][a-z0-9_-]*/)*[a-z0-9][a-z0-9_-]*\\.[a-z0-9]+");

  /** Content types by extension: only these are served. */
  private static final Map<String, String> TYPES = Map.of(
      "html", "text/html; charset=utf-8",
      "css", "text/css; charset=utf-8",
      "js", "text/javascript; charset=utf-8",
      "json", "application/json",
      "svg", "image/svg+xml",
      "png", "image/png",
      "ico", "image/x-icon",
      "txt", "text/plain; charset=utf-8");

  /** A file found: its bytes and content type. */
  record Asset(byte[] bytes, String contentType) {}

  private final Map<String, Asset> cache = new ConcurrentHashMap<>();

  /** Whether a request path is the console's (so answered here, found or not). */
  static boolean owns(String rawPath) {
    return rawPath.equals(PATH) || rawPath.startsWith(PATH + "/");
  }

  /**
   * The file a console path names ({@code /console} and {@code /console/} are its index page), or
   * null when there is none or the path is not a plain file name under the console.
   */
  Asset find(String rawPath) {
    String name = rawPath.equals(PATH) || rawPath.equals(PATH + "/") ? "index.html"
        : rawPath.substring(PATH.length() + 1);
    if (!SAFE.matcher(name).matches()) {
      return null;
    }
    String type = TYPES.get(name.substring(name.lastIndexOf('.') + 1));
    if (type == null) {
      return null;
    }
    Asset asset = cache.get(name);
    if (asset == null) {
      // misses are not kept: made-up names must not grow the cache
      asset = load(name, type);
      if (asset != null) {
        cache.put(name, asset);
      }
    }
    return asset;
  }

  private static Asset load(String name, String type) {
    try (InputStream in = ConsoleAssets.class.getClassLoader().getResourceAsStream(ROOT + name)) {
      return in == null ? null : new Asset(in.readAllBytes(), type);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
