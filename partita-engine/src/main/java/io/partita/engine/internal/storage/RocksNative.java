package io.partita.engine.internal.storage;

import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.jar.JarFile;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.zip.ZipEntry;
import org.rocksdb.RocksDB;
import org.rocksdb.util.Environment;

/**
 * Loads RocksDB's native library from a per-user cache instead of RocksJava's default, which
 * inflates the 15 MB library from its jar into a new temporary file on every start: a quarter of
 * a second of every cold open, paid by every test JVM and every embedded application.
 *
 * <p>The cached copy is named by the jar entry's CRC-32 and size (read from the jar's directory,
 * without inflating anything), so a RocksJava upgrade gets a new file and a stale or foreign file is
 * never loaded under the wrong name. It is written to a temporary file and moved into place
 * atomically, so concurrent first starts, or a start killed mid-copy, never leave a partial
 * library under the final name. Anything unusual (no cache directory, a read-only home, a library
 * not in a jar) falls back to RocksJava's own loading.
 *
 * <p>The cache directory is {@code -Dpartita.native.dir}, else {@code $XDG_CACHE_HOME/partita},
 * else {@code ~/.cache/partita}.
 */
final class RocksNative {
  private RocksNative() {}

  static void load() {
    try {
      Path root = cacheRoot();
      Path cached = root == null ? null : cachedCopy(root);
      if (cached != null) {
        RocksDB.loadLibrary(List.of(cached.getParent().toString()));
        return;
      }
    } catch (IOException | RuntimeException | UnsatisfiedLinkError e) {
      // the logger only here: starting java.util.logging costs a cold start tens of milliseconds
      Logger.getLogger(RocksNative.class.getName())
          .log(Level.FINE, "loading RocksDB's native library the default way: " + e, e);
    }
    RocksDB.loadLibrary();
  }

  /** The copy of this platform's library under {@code cacheRoot}, made if missing; null when it cannot be. */
  static Path cachedCopy(Path cacheRoot) throws IOException {
    String name = Environment.getJniLibraryFileName("rocksdb");
    // RocksDB.loadLibrary(paths) looks for getJniLibraryFileName("rocksdbjni") in each path
    // ("librocksdbjnijni-linux64.so" in 9.8), not for the jar's entry name, so the copy takes the
    // name that method will ask for, whatever it is
    String loadedName = Environment.getJniLibraryFileName("rocksdbjni");
    URL resource = RocksDB.class.getClassLoader().getResource(name);
    if (resource == null) {
      return null;
    }
    URLConnection connection = resource.openConnection();
    if (!(connection instanceof JarURLConnection jar)) {
      return null;
    }
    // a JarFile of our own (not the JDK's shared one), closed on every path out
    connection.setUseCaches(false);
    try (JarFile jarFile = jar.getJarFile()) {
      ZipEntry entry = jarFile.getEntry(jar.getEntryName());
      if (entry == null || entry.getCrc() < 0 || entry.getSize() < 0) {
        return null;
      }
      Path dir = cacheRoot.resolve(String.format("rocksdbjni-%08x-%d", entry.getCrc(), entry.getSize()));
      Path library = dir.resolve(loadedName);
      if (Files.isRegularFile(library) && Files.size(library) == entry.getSize()) {
        return library;
      }
      Files.createDirectories(dir);
      Path partial = Files.createTempFile(dir, name, ".partial");
      try (InputStream in = jarFile.getInputStream(entry)) {
        Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
        Files.move(partial, library, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } finally {
        Files.deleteIfExists(partial);
      }
      return library;
    }
  }

  private static Path cacheRoot() {
    String configured = System.getProperty("partita.native.dir");
    if (configured != null && !configured.isBlank()) {
      return Path.of(configured);
    }
    String xdg = System.getenv("XDG_CACHE_HOME");
    if (xdg != null && !xdg.isBlank()) {
      return Path.of(xdg, "partita");
    }
    String home = System.getProperty("user.home");
    return home == null || home.isBlank() || home.equals("?") ? null : Path.of(home, ".cache", "partita");
  }
}
