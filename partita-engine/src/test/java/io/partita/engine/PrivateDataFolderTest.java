package io.partita.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A data folder and an S3 root that Partita makes are readable by their owner only, so another user
 * of a shared machine cannot read the items, exports or snapshots in them (docs/SECURITY.md); a
 * folder that exists already keeps the permissions its owner gave it.
 */
class PrivateDataFolderTest {
  @TempDir Path dir;

  @Test
  void foldersPartitaMakesAreItsUsersAlone() throws Exception {
    assumeTrue(dir.getFileSystem().supportedFileAttributeViews().contains("posix"), "a POSIX file system");
    Path data = dir.resolve("made/by/partita");
    Path s3 = dir.resolve("s3root");
    try (Partita p = Partita.with().s3Root(s3).open(data)) {
      assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(data)));
      p.s3Root();
      assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(s3)));
    }
    Path shared = Files.createDirectory(dir.resolve("shared"),
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-x---")));
    Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxr-x---"));
    try (Partita p = Partita.open(shared)) {
      assertEquals("rwxr-x---", PosixFilePermissions.toString(Files.getPosixFilePermissions(shared)),
          "a folder that exists is left as its owner set it");
    }
  }
}
