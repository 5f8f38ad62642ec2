package io.partita.server.isolation;

import io.partita.engine.DataDirectoryInUseException;
import io.partita.engine.ErrorCode;
import io.partita.engine.Partita;
import io.partita.engine.PartitaException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * The databases of an isolating server, one a {@link Namespace}, each opened on its first request: in
 * memory, or under the data folder in {@code namespaces/}{@link Namespace#folder()} (a name derived from
 * the namespace, never a client's string), with its exports' and imports' S3 directory its own. At most
 * {@link Isolation#maxNamespaces()} are opened; one more is refused with DynamoDB's
 * LimitExceededException, saying how to allow more. Thread-safe; closing closes every database.
 */
public final class Namespaces implements AutoCloseable {
  /** The folder under the data folder that holds the namespaces' folders. */
  public static final String FOLDER = "namespaces";

  private final Isolation isolation;
  private final String serverRegion;
  private final Supplier<Partita.Options> options;
  /** The folder of the namespaces' folders, or null in memory. */
  private final Path root;
  /** The S3 directory whose sub-folders the namespaces' are, or null for each database's default. */
  private final Path s3Root;
  private final FileChannel lockFile;
  private final FileLock lock;
  private final Map<Namespace, Partita> open = new ConcurrentHashMap<>();
  private final List<BiConsumer<Namespace, Partita>> opening = new CopyOnWriteArrayList<>();
  private boolean closed;

  private Namespaces(Isolation isolation, String serverRegion, Supplier<Partita.Options> options, Path dataFolder,
      Path s3Root) {
    if (isolation.shared()) {
      throw new IllegalArgumentException("a shared server has one database, not namespaces");
    }
    this.isolation = isolation;
    this.serverRegion = serverRegion;
    this.options = options;
    this.root = dataFolder == null ? null : dataFolder.resolve(FOLDER);
    this.s3Root = s3Root;
    if (root == null) {
      lockFile = null;
      lock = null;
      return;
    }
    // one server at a time on a data folder's namespaces, as RocksDB's own lock allows for one database
    try {
      // the data folder made as the engine makes one, its user's alone: the namespaces' folders name their keys
      io.partita.engine.internal.storage.PrivateDirectories.create(dataFolder);
      Files.createDirectories(root);
      lockFile = FileChannel.open(root.resolve("LOCK"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      FileLock held;
      try {
        held = lockFile.tryLock();
      } catch (java.nio.channels.OverlappingFileLockException e) {
        held = null;
      }
      if (held == null) {
        lockFile.close();
        throw new DataDirectoryInUseException(dataFolder.toString(), "the data folder " + dataFolder
            + " is in use by another Partita server", null);
      }
      lock = held;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open the namespaces of " + dataFolder + ": " + e.getMessage(), e);
    }
  }

  /** Namespaces held in memory, gone when closed; {@code options} makes each database's settings anew. */
  public static Namespaces inMemory(Isolation isolation, String serverRegion, Supplier<Partita.Options> options,
      Path s3Root) {
    return new Namespaces(isolation, serverRegion, options, null, s3Root);
  }

  /** Namespaces kept under {@code dataFolder}, each in its own folder, reopened as they were. */
  public static Namespaces in(Path dataFolder, Isolation isolation, String serverRegion,
      Supplier<Partita.Options> options, Path s3Root) {
    return new Namespaces(isolation, serverRegion, options, dataFolder, s3Root);
  }

  /** Whether the databases are on disk, where a write waits for its log's sync. */
  public boolean durable() {
    return root != null;
  }

  public Isolation isolation() {
    return isolation;
  }

  /** The region a namespace's database names when the namespace does not choose one. */
  public String serverRegion() {
    return serverRegion;
  }

  /**
   * Runs {@code action} on each database as it is opened, before it serves a request (and on those open
   * already): the server advertises its endpoint, the metrics watch it, the tables and seed given at
   * start are made in it. A failure closes the database and refuses the request that opened it.
   */
  public void onOpen(BiConsumer<Namespace, Partita> action) {
    synchronized (this) {
      opening.add(action);
      open.forEach(action);
    }
  }

  /** The namespaces open now, with their databases. */
  public Map<Namespace, Partita> opened() {
    return Map.copyOf(open);
  }

  /**
   * The database of {@code ns}, opened now if it is not yet.
   *
   * @throws PartitaException LimitExceededException when {@link Isolation#maxNamespaces()} are open
   */
  public Partita get(Namespace ns) {
    Partita p = open.get(ns);
    return p != null ? p : opened(ns);
  }

  private synchronized Partita opened(Namespace ns) {
    Partita p = open.get(ns);
    if (p != null) {
      return p;
    }
    if (closed) {
      throw new PartitaException(ErrorCode.InternalServerError, "The server is shutting down");
    }
    if (open.size() >= isolation.maxNamespaces()) {
      throw new PartitaException(ErrorCode.LimitExceededException, "This server holds at most "
          + isolation.maxNamespaces() + " namespaces (--isolate " + isolation + "), all open; " + ns.label()
          + " would be one more. Start it with a larger --max-namespaces, or sign with a key and region in use.");
    }
    Partita.Options o = isolation.options(ns, options.get(), serverRegion);
    if (s3Root != null) {
      o.s3Root(s3Root.resolve(ns.folder()));
    }
    p = root == null ? o.inMemory() : o.open(root.resolve(ns.folder()));
    try {
      for (BiConsumer<Namespace, Partita> action : opening) {
        action.accept(ns, p);
      }
    } catch (RuntimeException e) {
      p.close();
      throw e;
    }
    open.put(ns, p);
    return p;
  }

  /** Closes every database, then lets another server open the data folder's namespaces. */
  @Override
  public void close() {
    synchronized (this) {
      closed = true;
    }
    RuntimeException failed = null;
    for (Partita p : open.values()) {
      try {
        p.close();
      } catch (RuntimeException e) {
        failed = failed == null ? e : failed;
      }
    }
    open.clear();
    try {
      if (lock != null) {
        lock.release();
        lockFile.close();
      }
    } catch (IOException e) {
      // the lock goes with the process anyway
    }
    if (failed != null) {
      throw failed;
    }
  }
}
