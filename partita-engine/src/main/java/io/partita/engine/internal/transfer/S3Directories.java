package io.partita.engine.internal.transfer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Where the S3 buckets of exports and imports are on the local disk: bucket {@code B} is the
 * directory {@code ROOT/B}, and object key {@code K} the file {@code ROOT/B/K} ({@code /} in a key
 * separates directories). The root is {@code Partita.with().s3Root(dir)}, by default {@code s3} in
 * the data directory (a temporary directory for an in-memory database), made when first used.
 * A key cannot leave its bucket: a key with a {@code ..} or empty segment is refused.
 */
public final class S3Directories {
  private final Supplier<Path> root;
  private volatile Path made;

  S3Directories(Supplier<Path> root) {
    this.root = root;
  }

  /** The root directory, made when first asked for. */
  public synchronized Path root() {
    if (made == null) {
      made = root.get();
    }
    return made;
  }

  /** The directory of a bucket (existing or not). */
  Path bucket(String bucket) {
    return root().resolve(bucket);
  }

  /** The file of an object key in a bucket. */
  Path object(String bucket, String key) {
    Path p = bucket(bucket);
    for (String segment : key.split("/", -1)) {
      if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
        throw new IllegalArgumentException("the S3 key '" + key + "' has an empty or relative segment");
      }
      p = p.resolve(segment);
    }
    return p;
  }

  /**
   * The keys of the bucket's objects that start with {@code prefix} (S3's prefix: a plain string
   * prefix, not only a directory), in key order; none when the bucket does not exist.
   */
  List<String> keys(String bucket, String prefix) {
    Path dir = bucket(bucket);
    List<String> keys = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return keys;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      files.filter(Files::isRegularFile).forEach(f -> {
        String key = dir.relativize(f).toString().replace(f.getFileSystem().getSeparator(), "/");
        if (prefix == null || key.startsWith(prefix)) {
          keys.add(key);
        }
      });
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    keys.sort(null);
    return keys;
  }

  /** A key under a prefix as S3 joins them: the prefix as given, then the rest. */
  static String key(String prefix, String rest) {
    if (prefix == null || prefix.isEmpty()) {
      return rest;
    }
    return prefix.endsWith("/") ? prefix + rest : prefix + "/" + rest;
  }
}
