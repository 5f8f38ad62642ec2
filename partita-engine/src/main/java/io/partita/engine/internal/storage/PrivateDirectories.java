package io.partita.engine.internal.storage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * The folders Partita makes for data (a data folder, an S3 root) are its user's alone: on a shared
 * machine (a CI host, a multi-user box) another user could otherwise read every item, export and
 * snapshot, since the files inside are made with the process's umask (docs/SECURITY.md). A folder
 * that exists already is left as its owner set it.
 */
public final class PrivateDirectories {
  private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");

  private PrivateDirectories() {}

  /**
   * {@code dir}, made readable by its owner only if it does not exist (its missing parents are made as
   * usual); a file system without POSIX permissions makes it as it makes any folder.
   */
  public static Path create(Path dir) {
    if (Files.isDirectory(dir)) {
      return dir;
    }
    try {
      Path parent = dir.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      if (dir.getFileSystem().supportedFileAttributeViews().contains("posix")) {
        Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
        // the umask may have taken some away, never given more: set what was asked exactly
        Files.setPosixFilePermissions(dir, OWNER_ONLY);
      } else {
        Files.createDirectory(dir);
      }
      return dir;
    } catch (FileAlreadyExistsException e) {
      if (Files.isDirectory(dir)) {
        return dir; // made meanwhile by another thread or process
      }
      throw new UncheckedIOException("cannot make the folder " + dir + ": a file of that name is in the way", e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot make the folder " + dir + ": " + e.getMessage(), e);
    }
  }

  /**
   * Whether users other than its owner may list or read {@code dir}: what {@link #create} keeps them
   * from, for a folder it did not make. False where the file system has no POSIX permissions.
   */
  public static boolean othersCanRead(Path dir) {
    try {
      Set<PosixFilePermission> p = Files.getPosixFilePermissions(dir);
      return p.contains(PosixFilePermission.GROUP_READ) || p.contains(PosixFilePermission.GROUP_EXECUTE)
          || p.contains(PosixFilePermission.OTHERS_READ) || p.contains(PosixFilePermission.OTHERS_EXECUTE);
    } catch (UnsupportedOperationException | IOException e) {
      return false;
    }
  }
}
