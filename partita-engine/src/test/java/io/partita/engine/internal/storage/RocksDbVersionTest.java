package io.partita.engine.internal.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The dependency a missing RocksDB's message names is the one the build uses (the parent pom's rocksdb.version). */
class RocksDbVersionTest {
  @Test
  void theMessageNamesTheBuildsRocksDb() throws Exception {
    Matcher m = Pattern.compile("<rocksdb.version>([^<]+)</rocksdb.version>").matcher(Files.readString(Path.of("../pom.xml")));
    m.find();
    assertEquals("org.rocksdb:rocksdbjni:" + m.group(1), Store.ROCKSDB);
  }
}
