package io.partita.engine.internal.transfer;

import io.partita.engine.internal.storage.StorageException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.SdkField;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.core.protocol.MarshallingType;
import software.amazon.awssdk.core.traits.DefaultValueTrait;
import software.amazon.awssdk.core.traits.ListTrait;
import software.amazon.awssdk.core.traits.MapTrait;
import software.amazon.awssdk.core.util.SdkAutoConstructList;
import software.amazon.awssdk.core.util.SdkAutoConstructMap;
import software.amazon.awssdk.services.dynamodb.model.ExportDescription;
import software.amazon.awssdk.services.dynamodb.model.ExportTableToPointInTimeRequest;
import software.amazon.awssdk.services.dynamodb.model.ImportTableDescription;
import software.amazon.awssdk.services.dynamodb.model.ImportTableRequest;
import software.amazon.awssdk.utils.builder.SdkBuilder;

/**
 * Binary form of an export's or an import's {@link Transfers.Job} in the store: its request and its
 * description are the SDK's own model objects, written member by member from the SDK's field
 * metadata (so every member DescribeImport and DescribeExport answer, TableCreationParameters
 * included, comes back as it was), each member by name, so a reordered model still reads. Starts
 * with its own version byte, as the table definitions do.
 */
final class JobCodec {
  private static final int VERSION = 1;
  private static final byte IMPORT = 'I';
  private static final byte EXPORT = 'E';

  private JobCodec() {}

  /** The record of {@code job} with {@code description} (its description as it is to be stored). */
  static byte[] encode(Transfers.Job<?> job, Object description) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(1024);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeByte(VERSION);
      out.writeByte(description instanceof ImportTableDescription ? IMPORT : EXPORT);
      writeString(out, job.clientToken == null ? "" : job.clientToken);
      out.writeLong(job.startMillis);
      writeString(out, job.errorLog == null ? "" : job.errorLog.toString());
      writePojo(out, (SdkPojo) job.request);
      writePojo(out, (SdkPojo) description);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    return bytes.toByteArray();
  }

  static Transfers.Job<?> decode(byte[] bytes) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
      int version = in.readUnsignedByte();
      if (version != VERSION) {
        throw new StorageException("unknown transfer record version " + version);
      }
      boolean isImport = in.readByte() == IMPORT;
      String token = readString(in);
      long start = in.readLong();
      String log = readString(in);
      Transfers.Job<?> job = isImport
          ? new Transfers.Job<>(readPojo(in, ImportTableRequest::builder), token.isEmpty() ? null : token, start,
              (ImportTableDescription) readPojo(in, ImportTableDescription::builder))
          : new Transfers.Job<>(readPojo(in, ExportTableToPointInTimeRequest::builder), token.isEmpty() ? null : token,
              start, (ExportDescription) readPojo(in, ExportDescription::builder));
      job.errorLog = log.isEmpty() ? null : Path.of(log);
      return job;
    } catch (IOException | RuntimeException e) {
      throw new StorageException("corrupt transfer record: " + e, e);
    }
  }

  /** The members that are set, each as its name and value; an empty name ends the structure. */
  private static void writePojo(DataOutputStream out, SdkPojo pojo) throws IOException {
    for (SdkField<?> field : pojo.sdkFields()) {
      if (field.containsTrait(DefaultValueTrait.class)) {
        // a request's ClientToken, kept apart by the job: unset, getValueOrDefault would make one up
        continue;
      }
      Object value = field.getValueOrDefault(pojo);
      // never-set lists and maps are the SDK's auto-construct types: left unset, as they were
      if (value != null && !(value instanceof SdkAutoConstructList) && !(value instanceof SdkAutoConstructMap)) {
        writeString(out, field.memberName());
        writeValue(out, field, value);
      }
    }
    writeString(out, "");
  }

  private static void writeValue(DataOutputStream out, SdkField<?> field, Object value) throws IOException {
    MarshallingType<?> type = field.marshallingType();
    if (type == MarshallingType.SDK_POJO) {
      writePojo(out, (SdkPojo) value);
    } else if (type == MarshallingType.LIST) {
      SdkField<?> member = field.getRequiredTrait(ListTrait.class).memberFieldInfo();
      out.writeInt(((List<?>) value).size());
      for (Object element : (List<?>) value) {
        writeValue(out, member, element);
      }
    } else if (type == MarshallingType.MAP) {
      SdkField<?> member = field.getRequiredTrait(MapTrait.class).valueFieldInfo();
      out.writeInt(((Map<?, ?>) value).size());
      for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
        writeString(out, (String) e.getKey());
        writeValue(out, member, e.getValue());
      }
    } else if (value instanceof String s) {
      writeString(out, s);
    } else if (value instanceof Boolean b) {
      out.writeBoolean(b);
    } else if (value instanceof Integer i) {
      out.writeInt(i);
    } else if (value instanceof Long l) {
      out.writeLong(l);
    } else if (value instanceof Double d) {
      out.writeDouble(d);
    } else if (value instanceof BigDecimal d) {
      writeString(out, d.toString());
    } else if (value instanceof Instant t) {
      out.writeLong(t.getEpochSecond());
      out.writeInt(t.getNano());
    } else if (value instanceof SdkBytes b) {
      out.writeInt(b.asByteArrayUnsafe().length);
      out.write(b.asByteArrayUnsafe());
    } else {
      throw new IllegalStateException("no stored form for " + field.memberName() + " of " + value.getClass());
    }
  }

  private static Object readPojo(DataInputStream in, Supplier<? extends SdkPojo> newBuilder) throws IOException {
    SdkPojo builder = newBuilder.get();
    Map<String, SdkField<?>> fields = new LinkedHashMap<>();
    builder.sdkFields().forEach(f -> fields.put(f.memberName(), f));
    for (String name = readString(in); !name.isEmpty(); name = readString(in)) {
      SdkField<?> field = fields.get(name);
      if (field == null) {
        throw new StorageException("the stored member " + name + " is unknown to this SDK");
      }
      field.set(builder, readValue(in, field));
    }
    return ((SdkBuilder<?, ?>) builder).build();
  }

  private static Object readValue(DataInputStream in, SdkField<?> field) throws IOException {
    MarshallingType<?> type = field.marshallingType();
    if (type == MarshallingType.SDK_POJO) {
      return readPojo(in, field.constructor());
    }
    if (type == MarshallingType.LIST) {
      SdkField<?> member = field.getRequiredTrait(ListTrait.class).memberFieldInfo();
      int n = in.readInt();
      List<Object> list = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        list.add(readValue(in, member));
      }
      return list;
    }
    if (type == MarshallingType.MAP) {
      SdkField<?> member = field.getRequiredTrait(MapTrait.class).valueFieldInfo();
      int n = in.readInt();
      Map<String, Object> map = new LinkedHashMap<>();
      for (int i = 0; i < n; i++) {
        map.put(readString(in), readValue(in, member));
      }
      return map;
    }
    if (type == MarshallingType.STRING) {
      return readString(in);
    }
    if (type == MarshallingType.BOOLEAN) {
      return in.readBoolean();
    }
    if (type == MarshallingType.INTEGER) {
      return in.readInt();
    }
    if (type == MarshallingType.LONG) {
      return in.readLong();
    }
    if (type == MarshallingType.DOUBLE) {
      return in.readDouble();
    }
    if (type == MarshallingType.BIG_DECIMAL) {
      return new BigDecimal(readString(in));
    }
    if (type == MarshallingType.INSTANT) {
      return Instant.ofEpochSecond(in.readLong(), in.readInt());
    }
    if (type == MarshallingType.SDK_BYTES) {
      byte[] b = new byte[in.readInt()];
      in.readFully(b);
      return SdkBytes.fromByteArrayUnsafe(b);
    }
    throw new StorageException("no stored form for " + field.memberName());
  }

  /** Length and UTF-8 bytes: a failure message or a header list may pass writeUTF's 64 KB. */
  private static void writeString(DataOutputStream out, String s) throws IOException {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    out.writeInt(b.length);
    out.write(b);
  }

  private static String readString(DataInputStream in) throws IOException {
    byte[] b = new byte[in.readInt()];
    in.readFully(b);
    return new String(b, StandardCharsets.UTF_8);
  }
}
