package io.partita.engine.internal.storage;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.CRC32C;
import java.util.zip.CheckedInputStream;
import java.util.zip.CheckedOutputStream;

/**
 * Whole images of a store by name (the engine's snapshots): held in memory for an in-memory
 * database, and as one file each in a data folder's {@code snapshots/} directory, so a data folder's
 * snapshots outlive the process that took them.
 *
 * <p>A file is written beside its final name and moved there once complete and on the disk, so a
 * process killed while saving leaves the previous image of that name (and a temporary file that the
 * next open deletes), never a torn one. The file ends with the count of its entries and a CRC32C of
 * everything before it; an image that fails either is refused whole when restored, before anything
 * is written. Names are checked by the caller to be plain words ({@code [A-Za-z0-9_.-]}, not
 * starting with a dot), so a name never reaches outside the directory.
 *
 * <p>Why files of entries rather than RocksDB checkpoints: a restore must swap the data under an
 * open database in one atomic write, which a batch of entries does on both stores alike, while a
 * checkpoint is a directory of its own that the database would have to be closed and reopened on.
 */
public abstract sealed class StoreImages {
  private StoreImages() {}

  /** Images held in memory, for as long as the database is open. */
  public static StoreImages inMemory() {
    return new Held();
  }

  /** Images as files in {@code dir}, created when the first is saved. */
  public static StoreImages inDirectory(Path dir) {
    return new InFiles(dir);
  }

  /** Saves the entries {@code cursor} walks as image {@code name}, replacing one of that name. */
  public abstract void save(String name, Store.Cursor cursor);

  /** Image {@code name}'s entries in key order, or null when there is none. */
  public abstract List<Store.Entry> load(String name);

  /** The names of the images, sorted. */
  public abstract List<String> names();

  /** Deletes image {@code name}; answers whether there was one. */
  public abstract boolean delete(String name);

  private static final class Held extends StoreImages {
    private final Map<String, List<Store.Entry>> images = new ConcurrentHashMap<>();

    @Override
    public void save(String name, Store.Cursor cursor) {
      List<Store.Entry> entries = new ArrayList<>();
      while (cursor.next()) {
        entries.add(new Store.Entry(cursor.key(), cursor.value()));
      }
      images.put(name, List.copyOf(entries));
    }

    @Override
    public List<Store.Entry> load(String name) {
      return images.get(name);
    }

    @Override
    public List<String> names() {
      return images.keySet().stream().sorted().toList();
    }

    @Override
    public boolean delete(String name) {
      return images.remove(name) != null;
    }
  }

  private static final class InFiles extends StoreImages {
    private static final String SUFFIX = ".snapshot";
    private static final String TEMPORARY = ".partial";
    /** The file's first bytes: what it is and its layout's version. */
    private static final byte[] MAGIC = {'P', 'S', 'N', 'P', 0, 0, 0, 1};
    private static final int END = -1;

    private final Path dir;

    InFiles(Path dir) {
      this.dir = dir;
      // what a process killed while saving left behind
      try (DirectoryStream<Path> left = Files.newDirectoryStream(dir, "*" + TEMPORARY)) {
        for (Path p : left) {
          Files.deleteIfExists(p);
        }
      } catch (NoSuchFileException e) {
        // no image saved yet
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read the snapshots in " + dir, e);
      }
    }

    private Path file(String name) {
      return dir.resolve(name + SUFFIX);
    }

    @Override
    public void save(String name, Store.Cursor cursor) {
      Path target = file(name);
      // a name of its own, so two saves of one name at once each write a whole file and the last move wins
      Path partial = dir.resolve(name + SUFFIX + "." + Long.toHexString(System.nanoTime())
          + Integer.toHexString(java.util.concurrent.ThreadLocalRandom.current().nextInt()) + TEMPORARY);
      try {
        Files.createDirectories(dir);
        try (FileOutputStream file = new FileOutputStream(partial.toFile())) {
          CRC32C crc = new CRC32C();
          DataOutputStream out = new DataOutputStream(new CheckedOutputStream(
              new BufferedOutputStream(file, 64 * 1024), crc));
          out.write(MAGIC);
          long count = 0;
          while (cursor.next()) {
            writeBytes(out, cursor.key());
            writeBytes(out, cursor.value());
            count++;
          }
          out.writeInt(END);
          out.writeLong(count);
          out.flush();
          // the checksum is of everything before it, so it is written past the checked stream
          new DataOutputStream(file).writeInt((int) crc.getValue());
          file.getFD().sync();
        }
        Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        syncDirectory();
      } catch (IOException e) {
        try {
          Files.deleteIfExists(partial);
        } catch (IOException ignored) {
          // the next open deletes it
        }
        throw new UncheckedIOException("cannot save snapshot '" + name + "' in " + dir + ": " + e.getMessage(), e);
      }
    }

    @Override
    public List<Store.Entry> load(String name) {
      Path file = file(name);
      CRC32C crc = new CRC32C();
      try (InputStream raw = new BufferedInputStream(Files.newInputStream(file), 64 * 1024)) {
        DataInputStream in = new DataInputStream(new CheckedInputStream(raw, crc));
        byte[] magic = in.readNBytes(MAGIC.length);
        if (!Arrays.equals(magic, MAGIC)) {
          throw damaged(file, "it is not a Partita snapshot of a layout this version reads");
        }
        List<Store.Entry> entries = new ArrayList<>();
        for (int length = in.readInt(); length != END; length = in.readInt()) {
          byte[] key = readBytes(in, length, file);
          byte[] value = readBytes(in, in.readInt(), file);
          entries.add(new Store.Entry(key, value));
        }
        long count = in.readLong();
        int expected = new DataInputStream(raw).readInt();
        if (count != entries.size() || expected != (int) crc.getValue() || raw.read() != -1) {
          throw damaged(file, "its checksum or length does not match its contents");
        }
        return entries;
      } catch (NoSuchFileException e) {
        return null;
      } catch (EOFException e) {
        throw damaged(file, "it ends early");
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read snapshot '" + name + "' from " + file + ": " + e.getMessage(), e);
      }
    }

    @Override
    public List<String> names() {
      List<String> names = new ArrayList<>();
      try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*" + SUFFIX)) {
        for (Path p : files) {
          String f = p.getFileName().toString();
          names.add(f.substring(0, f.length() - SUFFIX.length()));
        }
      } catch (NoSuchFileException e) {
        return List.of();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot list the snapshots in " + dir, e);
      }
      names.sort(null);
      return names;
    }

    @Override
    public boolean delete(String name) {
      try {
        boolean deleted = Files.deleteIfExists(file(name));
        if (deleted) {
          syncDirectory();
        }
        return deleted;
      } catch (IOException e) {
        throw new UncheckedIOException("cannot delete snapshot '" + name + "' in " + dir, e);
      }
    }

    private static void writeBytes(DataOutputStream out, byte[] bytes) throws IOException {
      out.writeInt(bytes.length);
      out.write(bytes);
    }

    private static byte[] readBytes(DataInputStream in, int length, Path file) throws IOException {
      // a length the file cannot hold is damage, not an allocation to attempt
      if (length < 0 || length > 64 * 1024 * 1024) {
        throw damaged(file, "an entry's length is out of bounds");
      }
      byte[] bytes = in.readNBytes(length);
      if (bytes.length != length) {
        throw new EOFException();
      }
      return bytes;
    }

    private static IllegalStateException damaged(Path file, String why) {
      return new IllegalStateException("snapshot file " + file + " is damaged (" + why
          + "); nothing was restored. Delete it, or save the snapshot again");
    }

    /** Makes the move of a file into the directory durable (a no-op where directories cannot be opened). */
    private void syncDirectory() {
      try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
        d.force(true);
      } catch (IOException e) {
        // Windows opens no directory; its moves are durable through the file system's journal
      }
    }
  }
}
