package io.partita.engine.internal.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import java.util.zip.CheckedInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RocksNativeTest {
  @TempDir Path cache;

  @Test
  void theLibraryIsCopiedOnceWhole_andReusedUntilItIsDamaged() throws IOException {
    Path library = RocksNative.cachedCopy(cache);
    assertNotNull(library, "the RocksDB jar on the test classpath holds this platform's library");
    // the directory is named by the jar entry's CRC-32 and size: the copy must have both
    String[] crcAndSize = library.getParent().getFileName().toString().split("-");
    assertEquals(Long.parseLong(crcAndSize[2]), Files.size(library));
    assertEquals(Long.parseLong(crcAndSize[1], 16), crc(library));

    FileTime old = FileTime.fromMillis(1_000_000_000_000L);
    Files.setLastModifiedTime(library, old);
    assertEquals(library, RocksNative.cachedCopy(cache));
    assertEquals(old, Files.getLastModifiedTime(library), "an intact copy is not written again");

    Files.write(library, new byte[] {1, 2, 3});
    assertEquals(library, RocksNative.cachedCopy(cache));
    assertEquals(Long.parseLong(crcAndSize[2]), Files.size(library), "a damaged copy is replaced");
    assertEquals(Long.parseLong(crcAndSize[1], 16), crc(library));

    try (Stream<Path> files = Files.list(library.getParent())) {
      assertEquals(List.of(library), files.toList(), "no partial copy is left behind");
    }
  }

  private static long crc(Path file) throws IOException {
    CRC32 crc = new CRC32();
    try (InputStream in = new CheckedInputStream(Files.newInputStream(file), crc)) {
      in.transferTo(java.io.OutputStream.nullOutputStream());
    }
    return crc.getValue();
  }
}
