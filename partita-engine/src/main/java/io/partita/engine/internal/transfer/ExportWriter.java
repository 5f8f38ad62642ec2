package io.partita.engine.internal.transfer;

import io.partita.engine.TransferProgress;
import com.fasterxml.jackson.core.JsonGenerator;
import io.partita.engine.internal.value.ItemSize;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.zip.GZIPOutputStream;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ExportDescription;
import software.amazon.awssdk.services.dynamodb.model.ExportFormat;
import software.amazon.awssdk.services.dynamodb.model.ExportType;
import software.amazon.awssdk.services.dynamodb.model.ExportViewType;

/**
 * Writes one export in DynamoDB's layout (Developer Guide, "DynamoDB table export output format"),
 * under {@code <bucket>/<prefix>/AWSDynamoDB/<ExportId>/}: an empty {@code _started} first; the
 * items in {@code data/<random>.json.gz} (DYNAMODB_JSON: one {@code {"Item":{...}}} a line) or
 * {@code data/<random>.ion.gz} (ION: {@code $ion_1_0}, then one {@code {Item:{...}}} a line),
 * gzip'd; then {@code manifest-files.json} (one line per data file: itemCount, md5Checksum, etag,
 * dataFileS3Key) and {@code manifest-summary.json} last, each with a {@code .checksum} file holding
 * its MD5 in hex. DynamoDB writes at least one data file per partition; Partita's table is one
 * partition, so one file. An incremental export ({@link #incremental}) writes one line per changed item
 * to the {@code <bucket>/<prefix>/AWSDynamoDB/data/} folder its exports share, and its summary has
 * exportFromTime, exportToTime, outputView and exportType instead of exportTime.
 */
final class ExportWriter {
  /** What was written: the item count and their size (the export's ItemCount and BilledSizeBytes). */
  record Written(long items, long bytes) {}

  /** One line of a data file (without its newline) and the size it counts for. */
  record Row(String line, long size) {}

  /** The lines of an export's data, read once. */
  interface Rows {
    /** The next line, or null after the last. */
    Row next();
  }

  /** A full export's lines: one {@code Item} a line, in {@code format}. */
  static Rows full(PointInTime.Items items, ExportFormat format) {
    return () -> {
      Map<String, AttributeValue> item = items.next();
      return item == null ? null
          : new Row(format == ExportFormat.ION ? IonItems.itemLine(item) : DynamoJson.itemLine(item), ItemSize.of(item));
    };
  }

  /**
   * An incremental export's lines (DYNAMODB_JSON): one a changed item, {@code {"Metadata":{"WriteTimestampMicros":
   * {"N":...}},"Keys":{...},"OldImage":{...},"NewImage":{...}}}, OldImage only in the NEW_AND_OLD_IMAGES view and
   * when the item existed at the window's start, NewImage only when it exists at its end. The size counted is
   * that of the images written.
   */
  static Rows incremental(List<PointInTime.Change> changes, ExportViewType view) {
    Iterator<PointInTime.Change> it = changes.iterator();
    boolean old = view != ExportViewType.NEW_IMAGE;
    return () -> {
      if (!it.hasNext()) {
        return null;
      }
      PointInTime.Change c = it.next();
      long size = 0;
      StringWriter out = new StringWriter();
      try (JsonGenerator g = DynamoJson.FACTORY.createGenerator(out)) {
        g.writeStartObject();
        g.writeObjectFieldStart("Metadata");
        g.writeObjectFieldStart("WriteTimestampMicros");
        g.writeStringField("N", Long.toString(c.writeMillis() * 1000));
        g.writeEndObject();
        g.writeEndObject();
        g.writeFieldName("Keys");
        DynamoJson.writeItem(g, c.keys());
        if (old && c.oldImage() != null) {
          g.writeFieldName("OldImage");
          DynamoJson.writeItem(g, c.oldImage());
          size += ItemSize.of(c.oldImage());
        }
        if (c.newImage() != null) {
          g.writeFieldName("NewImage");
          DynamoJson.writeItem(g, c.newImage());
          size += ItemSize.of(c.newImage());
        }
        g.writeEndObject();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return new Row(out.toString(), size);
    };
  }

  private final S3Directories dirs;
  private final String bucket;
  private final String exportDir;
  private final ExportFormat format;
  private final TransferProgress progress;
  private final String what;
  private final long expectedItems;

  ExportWriter(S3Directories dirs, String bucket, String exportDir, ExportFormat format, TransferProgress progress,
      String what, long expectedItems) {
    this.dirs = dirs;
    this.bucket = bucket;
    this.exportDir = exportDir;
    this.format = format;
    this.progress = progress;
    this.what = what;
    this.expectedItems = expectedItems;
  }

  Written write(Rows rows, ExportDescription export, Clock clock) throws IOException {
    write(exportDir + "/_started", "");
    boolean incremental = export.exportType() == ExportType.INCREMENTAL_EXPORT;
    // an incremental export's data files go to the data folder its exports share (docs/export-import.md)
    String dataDir = incremental ? exportDir.substring(0, exportDir.lastIndexOf('/')) + "/data/" : exportDir + "/data/";
    String dataKey = dataDir + randomName() + (format == ExportFormat.ION ? ".ion.gz" : ".json.gz");
    Path data = dirs.object(bucket, dataKey);
    Files.createDirectories(data.getParent());
    MessageDigest md5 = md5();
    long count = 0;
    long bytes = 0;
    try (OutputStream file = new DigestOutputStream(Files.newOutputStream(data), md5);
        Writer out = new BufferedWriter(new OutputStreamWriter(new GZIPOutputStream(file, 1 << 16), StandardCharsets.UTF_8))) {
      if (format == ExportFormat.ION) {
        out.write("$ion_1_0\n");
      }
      Row row;
      while ((row = rows.next()) != null) {
        out.write(row.line());
        out.write('\n');
        count++;
        bytes += row.size();
        if (count % 1000 == 0) {
          progress.update(what, count, expectedItems);
        }
      }
    }
    progress.update(what, count, count);
    byte[] digest = md5.digest();
    String filesKey = exportDir + "/manifest-files.json";
    long itemCount = count;
    long billed = bytes;
    write(filesKey, json(g -> {
      g.writeStartObject();
      g.writeNumberField("itemCount", itemCount);
      g.writeStringField("md5Checksum", Base64.getEncoder().encodeToString(digest));
      g.writeStringField("etag", HexFormat.of().formatHex(digest));
      g.writeStringField("dataFileS3Key", dataKey);
      g.writeEndObject();
    }) + "\n");
    write(exportDir + "/manifest-summary.json", json(g -> {
      g.writeStartObject();
      g.writeStringField("version", "2020-06-30");
      g.writeStringField("exportArn", export.exportArn());
      g.writeStringField("startTime", export.startTime().toString());
      g.writeStringField("endTime", clock.instant().toString());
      g.writeStringField("tableArn", export.tableArn());
      g.writeStringField("tableId", export.tableId());
      if (incremental) {
        g.writeStringField("exportFromTime", export.incrementalExportSpecification().exportFromTime().toString());
        g.writeStringField("exportToTime", export.incrementalExportSpecification().exportToTime().toString());
      } else {
        g.writeStringField("exportTime", export.exportTime().toString());
      }
      g.writeStringField("s3Bucket", export.s3Bucket());
      g.writeStringField("s3Prefix", export.s3Prefix());
      g.writeStringField("s3SseAlgorithm", export.s3SseAlgorithmAsString());
      g.writeNullField("s3SseKmsKeyId");
      g.writeStringField("manifestFilesS3Key", filesKey);
      g.writeNumberField("billedSizeBytes", billed);
      g.writeNumberField("itemCount", itemCount);
      g.writeStringField("outputFormat", export.exportFormatAsString());
      if (incremental) {
        g.writeStringField("outputView", export.incrementalExportSpecification().exportViewTypeAsString());
        g.writeStringField("exportType", export.exportTypeAsString());
      }
      g.writeEndObject();
    }));
    return new Written(count, bytes);
  }

  /** Writes a small object, and for a manifest its {@code .checksum} (the MD5 of its content, in hex). */
  private void write(String key, String content) throws IOException {
    Path file = dirs.object(bucket, key);
    Files.createDirectories(file.getParent());
    byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
    Files.write(file, bytes);
    if (key.endsWith(".json")) {
      Path checksum = dirs.object(bucket, key.substring(0, key.length() - ".json".length()) + ".checksum");
      Files.writeString(checksum, HexFormat.of().formatHex(md5().digest(bytes)));
    }
  }

  private interface JsonBody {
    void write(JsonGenerator g) throws IOException;
  }

  private static String json(JsonBody body) throws IOException {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = DynamoJson.FACTORY.createGenerator(out)) {
      body.write(g);
    }
    return out.toString();
  }

  /** A data file's name: 26 random characters of [a-z0-9], as the service's look. */
  private static String randomName() {
    String chars = "abcdefghijklmnopqrstuvwxyz0123456789";
    StringBuilder b = new StringBuilder(26);
    for (int i = 0; i < 26; i++) {
      b.append(chars.charAt(ThreadLocalRandom.current().nextInt(chars.length())));
    }
    return b.toString();
  }

  private static MessageDigest md5() {
    try {
      return MessageDigest.getInstance("MD5");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
