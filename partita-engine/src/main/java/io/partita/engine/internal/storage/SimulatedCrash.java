package io.partita.engine.internal.storage;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.rocksdb.MutableDBOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * A crash of the process in the middle of a write, simulated for tests ({@link
 * io.partita.engine.StorageFaults}): the batch reaches the write-ahead log unsynced, the store is dead from then on
 * (every use throws {@link #failure()}), and its close loses what a power loss would: the memtables
 * are not flushed, and each log is cut back to the length it had synced, or into the lost record
 * when the crash tears it. Reopening the directory then shows what recovery makes of it. On a
 * durable store only: in memory there is no log to cut.
 */
final class SimulatedCrash {
  /** RocksStore's logger: operators' logging configurations name it. */
  private static final Logger LOG = Logger.getLogger(RocksStore.class.getName());

  private final String location;
  private final boolean durable;
  /** Set by the crash: the log lengths to cut back to at close. */
  private volatile Map<Path, Long> syncedLogs;
  /** Whether the crash tears the record it was writing rather than losing it whole. */
  private volatile boolean tornRecord;

  SimulatedCrash(String location, boolean durable) {
    this.location = location;
    this.durable = durable;
  }

  /** Whether the store has crashed: from then on it answers nothing. */
  boolean happened() {
    return syncedLogs != null;
  }

  /** What every use of a crashed store throws. */
  static StorageException failure() {
    return new StorageUnavailableException("the storage crashed (simulated)", null);
  }

  /**
   * Crashes while writing {@code rocks}: notes the logs' synced lengths, writes the batch unsynced
   * to the database {@code handle} gives, and throws {@link #failure()}.
   */
  void crashWhileWriting(WriteBatch rocks, boolean torn, WriteOptions unsynced, Supplier<RocksDB> handle)
      throws RocksDBException {
    if (!durable) {
      throw new IllegalStateException("a crash is simulated on a durable store only");
    }
    Map<Path, Long> synced = new HashMap<>();
    try {
      for (Path f : logs()) {
        synced.put(f, Files.size(f));
      }
    } catch (IOException e) {
      throw new StorageException("simulated crash: cannot list the logs", e);
    }
    handle.get().write(unsynced, rocks);
    tornRecord = torn;
    syncedLogs = synced;
    throw failure();
  }

  /** Before the crashed database {@code d} is closed: a crashed process flushes nothing, so neither does it. */
  void beforeClose(RocksDB d) {
    if (!happened()) {
      return;
    }
    // what is only in the memtables is lost with the process
    try {
      d.setDBOptions(MutableDBOptions.builder().setAvoidFlushDuringShutdown(true).build());
    } catch (RocksDBException | RuntimeException e) {
      LOG.log(Level.FINE, "cannot set avoid_flush_during_shutdown", e);
    }
  }

  /** After the database is closed: the power loss, each log cut back to its synced length (or into the lost record). */
  void afterClose() {
    Map<Path, Long> synced = syncedLogs;
    if (synced == null) {
      return;
    }
    try {
      for (Path f : logs()) {
        long keep = synced.getOrDefault(f, 0L);
        long size = Files.size(f);
        long cut = tornRecord && size > keep ? keep + (size - keep) / 2 : keep;
        if (cut < size) {
          try (FileChannel ch = FileChannel.open(f, StandardOpenOption.WRITE)) {
            ch.truncate(cut);
          }
        }
      }
    } catch (IOException e) {
      throw new StorageException("simulated crash: cannot cut the logs back", e);
    }
  }

  /** The write-ahead logs in the data directory. */
  private List<Path> logs() throws IOException {
    try (Stream<Path> files = Files.list(Path.of(location))) {
      return files.filter(f -> f.getFileName().toString().endsWith(".log")).toList();
    }
  }
}
