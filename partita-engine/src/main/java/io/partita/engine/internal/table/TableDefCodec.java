package io.partita.engine.internal.table;

import io.partita.engine.internal.storage.StorageException;
import io.partita.engine.internal.value.ScalarType;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.VectorDistanceFunction;

/**
 * Binary form of a {@link TableDef} in the catalog. Starts with its own version byte; enums are
 * stored by name so that reordering them cannot corrupt a catalog.
 */
public final class TableDefCodec {
  /**
   * 2 added each index's backfilling flag, 3 the table's settings ({@link TableSettings}), 4 its
   * Time to Live ({@link TimeToLive}) and streams ({@link StreamDef}), 5 point-in-time recovery
   * ({@link PointInTimeRecovery}) and the restore summary ({@link Restored}), 6 its resource-based
   * policies ({@link ResourcePolicy}), 7 the mark of an import still filling it, 8 its vector indexes
   * ({@link VectorIndexDef}); older definitions are still read.
   */
  private static final int VERSION = 8;

  private TableDefCodec() {}

  public static byte[] encode(TableDef t) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeByte(VERSION);
      out.writeLong(t.id());
      out.writeUTF(t.name());
      out.writeUTF(t.tableId());
      writeKey(out, t.hash());
      out.writeBoolean(t.range() != null);
      if (t.range() != null) {
        writeKey(out, t.range());
      }
      writeKeys(out, t.attributeDefinitions());
      out.writeUTF(t.billingMode().toString());
      out.writeLong(t.readUnits());
      out.writeLong(t.writeUnits());
      out.writeLong(t.createdMillis());
      out.writeLong(t.billingModeChangedMillis());
      writeIndexes(out, t.globalIndexes());
      writeIndexes(out, t.localIndexes());
      out.writeInt(t.tags().size());
      for (Map.Entry<String, String> e : t.tags().entrySet()) {
        out.writeUTF(e.getKey());
        out.writeUTF(e.getValue());
      }
      out.writeBoolean(t.deletionProtection());
      TableSettings s = t.settings();
      out.writeUTF(s.tableClass());
      out.writeLong(s.tableClassChangedMillis());
      out.writeBoolean(s.sseEnabled());
      out.writeUTF(s.kmsMasterKeyId() == null ? "" : s.kmsMasterKeyId());
      out.writeLong(s.maxReadRequestUnits());
      out.writeLong(s.maxWriteRequestUnits());
      out.writeLong(s.warmReadUnitsPerSecond());
      out.writeLong(s.warmWriteUnitsPerSecond());
      TimeToLive ttl = t.timeToLive();
      out.writeBoolean(ttl != null);
      if (ttl != null) {
        out.writeUTF(ttl.attributeName());
        out.writeBoolean(ttl.enabled());
        out.writeBoolean(ttl.indexing());
        out.writeLong(ttl.changedMillis());
      }
      out.writeInt(t.streams().size());
      for (StreamDef st : t.streams()) {
        out.writeUTF(st.label());
        out.writeUTF(st.viewType());
        out.writeLong(st.createdMillis());
        out.writeBoolean(st.enabled());
        out.writeInt(st.shards().size());
        for (StreamDef.Shard sh : st.shards()) {
          out.writeUTF(sh.id());
          out.writeUTF(sh.parentId() == null ? "" : sh.parentId());
          out.writeLong(sh.start());
          out.writeLong(sh.end());
          out.writeLong(sh.createdMillis());
        }
      }
      PointInTimeRecovery pitr = t.pitr();
      out.writeBoolean(pitr != null);
      if (pitr != null) {
        out.writeInt(pitr.recoveryPeriodDays());
        out.writeLong(pitr.enabledMillis());
      }
      Restored r = t.restored();
      out.writeBoolean(r != null);
      if (r != null) {
        out.writeUTF(r.sourceBackupArn() == null ? "" : r.sourceBackupArn());
        out.writeUTF(r.sourceTableArn());
        out.writeLong(r.restoreMillis());
        out.writeBoolean(r.inProgress());
      }
      out.writeInt(t.policies().size());
      for (Map.Entry<String, ResourcePolicy> e : t.policies().entrySet()) {
        out.writeUTF(e.getKey());
        writeLongUtf(out, e.getValue().document());
        out.writeUTF(e.getValue().revisionId());
      }
      out.writeBoolean(t.importing() != null);
      if (t.importing() != null) {
        out.writeUTF(t.importing());
      }
      writeVectorIndexes(out, t.vectorIndexes());
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    return bytes.toByteArray();
  }

  public static TableDef decode(byte[] bytes) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
      int version = in.readUnsignedByte();
      if (version < 1 || version > VERSION) {
        throw new StorageException("unknown table definition version " + version);
      }
      long id = in.readLong();
      String name = in.readUTF();
      String tableId = in.readUTF();
      KeyDef hash = readKey(in);
      KeyDef range = in.readBoolean() ? readKey(in) : null;
      List<KeyDef> defs = readKeys(in);
      BillingMode billing = BillingMode.fromValue(in.readUTF());
      long read = in.readLong();
      long write = in.readLong();
      long created = in.readLong();
      long billingChanged = in.readLong();
      List<IndexDef> gsis = readIndexes(in, version);
      List<IndexDef> lsis = readIndexes(in, version);
      int tagCount = in.readInt();
      Map<String, String> tags = new LinkedHashMap<>();
      for (int i = 0; i < tagCount; i++) {
        tags.put(in.readUTF(), in.readUTF());
      }
      boolean protection = in.readBoolean();
      TableSettings settings = TableSettings.DEFAULT;
      if (version >= 3) {
        String tableClass = in.readUTF();
        long classChanged = in.readLong();
        boolean sse = in.readBoolean();
        String key = in.readUTF();
        settings = new TableSettings(tableClass, classChanged, sse, key.isEmpty() ? null : key, in.readLong(),
            in.readLong(), in.readLong(), in.readLong());
      }
      TimeToLive ttl = version >= 4 && in.readBoolean()
          ? new TimeToLive(in.readUTF(), in.readBoolean(), in.readBoolean(), in.readLong()) : null;
      List<StreamDef> streams = new ArrayList<>();
      int streamCount = version >= 4 ? in.readInt() : 0;
      for (int i = 0; i < streamCount; i++) {
        String label = in.readUTF();
        String viewType = in.readUTF();
        long streamCreated = in.readLong();
        boolean enabled = in.readBoolean();
        int shardCount = in.readInt();
        List<StreamDef.Shard> shards = new ArrayList<>(shardCount);
        for (int j = 0; j < shardCount; j++) {
          String shardId = in.readUTF();
          String parent = in.readUTF();
          shards.add(new StreamDef.Shard(shardId, parent.isEmpty() ? null : parent, in.readLong(), in.readLong(),
              in.readLong()));
        }
        streams.add(new StreamDef(label, viewType, streamCreated, enabled, shards));
      }
      PointInTimeRecovery pitr = version >= 5 && in.readBoolean()
          ? new PointInTimeRecovery(in.readInt(), in.readLong()) : null;
      Restored restored = null;
      if (version >= 5 && in.readBoolean()) {
        String backup = in.readUTF();
        restored = new Restored(backup.isEmpty() ? null : backup, in.readUTF(), in.readLong(), in.readBoolean());
      }
      Map<String, ResourcePolicy> policies = new LinkedHashMap<>();
      int policyCount = version >= 6 ? in.readInt() : 0;
      for (int i = 0; i < policyCount; i++) {
        policies.put(in.readUTF(), new ResourcePolicy(readLongUtf(in), in.readUTF()));
      }
      String importing = version >= 7 && in.readBoolean() ? in.readUTF() : null;
      List<VectorIndexDef> vectors = version >= 8 ? readVectorIndexes(in) : List.of();
      return new TableDef(id, name, tableId, hash, range, defs, billing, read, write, created,
          billingChanged, gsis, lsis, tags, protection, settings, ttl, streams, pitr, restored, policies, importing,
          vectors);
    } catch (IOException e) {
      throw new StorageException("corrupt table definition: " + e.getMessage(), e);
    }
  }

  /** A string of any length (writeUTF stops at 65535 bytes; a policy may hold 20 KB of multi-byte text). */
  private static void writeLongUtf(DataOutputStream out, String s) throws IOException {
    byte[] utf8 = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    out.writeInt(utf8.length);
    out.write(utf8);
  }

  private static String readLongUtf(DataInputStream in) throws IOException {
    byte[] utf8 = new byte[in.readInt()];
    in.readFully(utf8);
    return new String(utf8, java.nio.charset.StandardCharsets.UTF_8);
  }

  private static void writeKey(DataOutputStream out, KeyDef k) throws IOException {
    out.writeUTF(k.name());
    out.writeByte(k.type().code());
  }

  private static KeyDef readKey(DataInputStream in) throws IOException {
    return new KeyDef(in.readUTF(), ScalarType.ofCode(in.readByte()));
  }

  private static void writeKeys(DataOutputStream out, List<KeyDef> keys) throws IOException {
    out.writeInt(keys.size());
    for (KeyDef k : keys) {
      writeKey(out, k);
    }
  }

  private static List<KeyDef> readKeys(DataInputStream in) throws IOException {
    int n = in.readInt();
    List<KeyDef> keys = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      keys.add(readKey(in));
    }
    return keys;
  }

  private static void writeIndexes(DataOutputStream out, List<IndexDef> indexes) throws IOException {
    out.writeInt(indexes.size());
    for (IndexDef ix : indexes) {
      out.writeUTF(ix.name());
      out.writeBoolean(ix.global());
      writeKeys(out, ix.hashKeys());
      writeKeys(out, ix.rangeKeys());
      out.writeUTF(ix.projection().toString());
      out.writeInt(ix.nonKeyAttributes().size());
      for (String a : ix.nonKeyAttributes()) {
        out.writeUTF(a);
      }
      out.writeLong(ix.readUnits());
      out.writeLong(ix.writeUnits());
      out.writeBoolean(ix.backfilling());
    }
  }

  private static List<IndexDef> readIndexes(DataInputStream in, int version) throws IOException {
    int n = in.readInt();
    List<IndexDef> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      String name = in.readUTF();
      boolean global = in.readBoolean();
      List<KeyDef> hash = readKeys(in);
      List<KeyDef> range = readKeys(in);
      ProjectionType projection = ProjectionType.fromValue(in.readUTF());
      int nk = in.readInt();
      List<String> nonKey = new ArrayList<>(nk);
      for (int j = 0; j < nk; j++) {
        nonKey.add(in.readUTF());
      }
      long read = in.readLong();
      long write = in.readLong();
      boolean backfilling = version >= 2 && in.readBoolean();
      out.add(new IndexDef(name, global, hash, range, projection, nonKey, read, write, backfilling));
    }
    return out;
  }

  private static void writeVectorIndexes(DataOutputStream out, List<VectorIndexDef> indexes) throws IOException {
    out.writeInt(indexes.size());
    for (VectorIndexDef v : indexes) {
      out.writeUTF(v.name());
      writeLongUtf(out, v.attribute());
      out.writeInt(v.dimensions());
      out.writeUTF(v.distance().toString());
      out.writeUTF(v.projection().toString());
      out.writeInt(v.nonKeyAttributes().size());
      for (String a : v.nonKeyAttributes()) {
        writeLongUtf(out, a);
      }
      out.writeInt(v.searchSchema().size());
      for (VectorIndexDef.SearchKey k : v.searchSchema()) {
        writeKey(out, k.key());
        out.writeBoolean(k.hash());
      }
      out.writeBoolean(v.backfilling());
    }
  }

  private static List<VectorIndexDef> readVectorIndexes(DataInputStream in) throws IOException {
    int n = in.readInt();
    List<VectorIndexDef> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      String name = in.readUTF();
      String attribute = readLongUtf(in);
      int dimensions = in.readInt();
      VectorDistanceFunction distance = VectorDistanceFunction.fromValue(in.readUTF());
      ProjectionType projection = ProjectionType.fromValue(in.readUTF());
      int nk = in.readInt();
      List<String> nonKey = new ArrayList<>(nk);
      for (int j = 0; j < nk; j++) {
        nonKey.add(readLongUtf(in));
      }
      int sk = in.readInt();
      List<VectorIndexDef.SearchKey> schema = new ArrayList<>(sk);
      for (int j = 0; j < sk; j++) {
        schema.add(new VectorIndexDef.SearchKey(readKey(in), in.readBoolean()));
      }
      out.add(new VectorIndexDef(name, attribute, dimensions, distance, projection, nonKey, schema, in.readBoolean()));
    }
    return out;
  }
}
