package io.partita.engine.internal.backup;

import io.partita.engine.internal.storage.StorageException;
import io.partita.engine.internal.table.TableDefCodec;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;

/** Binary form of a {@link BackupRecord}; starts with its own version byte, as the table definitions do. */
final class BackupCodec {
  private static final int VERSION = 1;

  private BackupCodec() {}

  static byte[] encode(BackupRecord b) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(512);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeByte(VERSION);
      out.writeLong(b.number());
      out.writeUTF(b.arn());
      out.writeUTF(b.name());
      out.writeLong(b.createdMillis());
      out.writeUTF(b.type());
      out.writeLong(b.sizeBytes());
      out.writeLong(b.itemCount());
      byte[] def = TableDefCodec.encode(b.source());
      out.writeInt(def.length);
      out.write(def);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    return bytes.toByteArray();
  }

  static BackupRecord decode(byte[] bytes) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
      int version = in.readUnsignedByte();
      if (version != VERSION) {
        throw new StorageException("unknown backup record version " + version);
      }
      long number = in.readLong();
      String arn = in.readUTF();
      String name = in.readUTF();
      long created = in.readLong();
      String type = in.readUTF();
      long size = in.readLong();
      long count = in.readLong();
      byte[] def = new byte[in.readInt()];
      in.readFully(def);
      return new BackupRecord(number, arn, name, created, type, size, count, TableDefCodec.decode(def));
    } catch (IOException e) {
      throw new StorageException("corrupt backup record: " + e.getMessage(), e);
    }
  }
}
