package io.partita.engine.internal.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@link Store} contract on RocksDB on a data directory. */
class RocksDiskStoreTest extends StoreContract {
  @TempDir Path dir;

  @Override
  protected Store open(Store.Settings settings) {
    Store s = Store.open(dir, settings);
    org.junit.jupiter.api.Assertions.assertInstanceOf(RocksStore.class, s);
    return s;
  }

  /**
   * RocksDB writes the options a database runs with into its OPTIONS file: the bound on a
   * counter's merge entries is there, strict (RocksOptions.MAX_SUCCESSIVE_MERGES says why).
   */
  @Test
  void theBoundOnACountersMergesIsStrict() throws IOException {
    String options = optionsFile();
    assertTrue(options.contains("\n  max_successive_merges=" + RocksOptions.MAX_SUCCESSIVE_MERGES + "\n"), options);
    assertTrue(options.contains("\n  strict_max_successive_merges=true\n"), options);
  }

  /** Files and memtables carry whole-key Bloom filters (RocksOptions.BLOOM_BITS_PER_KEY says why). */
  @Test
  void keysAreFilteredInFilesAndMemtables() throws IOException {
    String options = optionsFile();
    assertTrue(options.contains("\n  filter_policy=bloomfilter:" + (int) RocksOptions.BLOOM_BITS_PER_KEY + ":false\n"), options);
    assertTrue(options.contains("\n  whole_key_filtering=true\n"), options);
    assertTrue(options.contains("\n  memtable_whole_key_filtering=true\n"), options);
    assertTrue(options.contains("\n  memtable_prefix_bloom_size_ratio=" + String.format("%.6f", RocksOptions.MEMTABLE_FILTER_RATIO) + "\n"),
        options);
  }

  private String optionsFile() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      List<Path> found = files.filter(f -> f.getFileName().toString().startsWith("OPTIONS-")).sorted().toList();
      assertTrue(!found.isEmpty(), "RocksDB wrote its OPTIONS file");
      return Files.readString(found.get(found.size() - 1));
    }
  }

  @Test
  void aCounterAddedToAcrossReopensIsTheSumOfItsDeltas() {
    long sum = 0;
    for (int round = 0; round < 3; round++) {
      for (int i = 1; i <= 100; i++) {
        int delta = i % 7 == 0 ? -i : i;
        sum += delta;
        try (Store.Batch batch = store.batch()) {
          store.write(batch.addToCounter(new byte[] {9}, delta));
        }
      }
      assertEquals(sum, store.counter(new byte[] {9}));
      // reopened, the log's entries are flushed to a file: later merges fold over a value there
      store.close();
      store = open(new Store.Settings(Store.Settings.MIN_MEMORY_BYTES, clock, null));
      assertEquals(sum, store.counter(new byte[] {9}));
    }
  }
}
