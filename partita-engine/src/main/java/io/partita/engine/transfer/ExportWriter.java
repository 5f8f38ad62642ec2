package io.partita.engine.transfer;

import com.fasterxml.jackson.core.JsonGenerator;
import io.partita.engine.value.ItemSize;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.StringWriter;
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
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.zip.GZIPOutputStream;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ExportDescription;
import software.amazon.awssdk.services.dynamodb.model.ExportFormat;

/**
 * Writes one export in DynamoDB's layout (Developer Guide, "DynamoDB table export output format"),
 * under {@code <bucket>/<prefix>/AWSDynamoDB/<ExportId>/}: an empty {@code _started} first; the
 * items in {@code data/<random>.json.gz} (DYNAMODB_JSON: one {@code {"Item":{...}}} a line) or
 * {@code data/<random>.ion.gz} (ION: {@code $ion_1_0}, then one {@code {Item:{...}}} a line),
 * gzip'd; then {@code manifest-files.json} (one line per data file: itemCount, md5Checksum, etag,
 * dataFileS3Key) and {@code manifest-summary.json} last, each with a {@code .checksum} file holding
 * its MD5 in hex. DynamoDB writes at least one data file per partition; Partita's table is one
 * partition, so one file.
 */
final class ExportWriter {
  /** What was written: the item count and their size (the export's ItemCount and BilledSizeBytes). */
  record Written(long items, long bytes) {}

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

  Written write(PointInTime.Items items, ExportDescription export, Clock clock) throws IOException {
    write(exportDir + "/_started", "");
    String dataKey = exportDir + "/data/" + randomName() + (format == ExportFormat.ION ? ".ion.gz" : ".json.gz");
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
      Map<String, AttributeValue> item;
      while ((item = items.next()) != null) {
        out.write(format == ExportFormat.ION ? IonItems.itemLine(item) : DynamoJson.itemLine(item));
        out.write('\n');
        count++;
        bytes += ItemSize.of(item);
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
      g.writeStringField("exportTime", export.exportTime().toString());
      g.writeStringField("s3Bucket", export.s3Bucket());
      g.writeStringField("s3Prefix", export.s3Prefix());
      g.writeStringField("s3SseAlgorithm", export.s3SseAlgorithmAsString());
      g.writeNullField("s3SseKmsKeyId");
      g.writeStringField("manifestFilesS3Key", filesKey);
      g.writeNumberField("billedSizeBytes", billed);
      g.writeNumberField("itemCount", itemCount);
      g.writeStringField("outputFormat", export.exportFormatAsString());
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
