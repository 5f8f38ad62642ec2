package io.partita.engine.internal.transfer;

import com.amazon.ion.IonException;
import io.partita.engine.internal.value.ScalarType;
import java.io.BufferedReader;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.InputFormat;

/**
 * The items of an import's source: every object under the bucket and key prefix, in key order,
 * uncompressed and parsed in the InputFormat. A record that cannot be an item is handed on as an
 * error naming its object and line (Ion: the number of the value in the object); a source that
 * cannot be read at all (no objects, broken compression) throws {@link Unreadable}.
 */
final class ImportSource {
  /** One record of the source: an item, or what is wrong with it. */
  record Record(String key, long line, Map<String, AttributeValue> item, String error) {
    static Record error(String key, long line, String error) {
      return new Record(key, line, null, error);
    }

    /** Where the record is, as an error report names it: {@code imp/data.json line 3}. */
    String where() {
      return key + (line > 0 ? " line " + line : "");
    }
  }

  /** Receives the records in order. */
  interface Sink {
    void accept(Record record);
  }

  /** The source cannot be read at all: the import fails with this code and message. */
  static final class Unreadable extends Exception {
    final String code;

    Unreadable(String code, String message) {
      super(message);
      this.code = code;
    }
  }

  private final S3Directories dirs;
  private final String bucket;
  private final String prefix;
  private final InputFormat format;
  private final Compression compression;
  private final char delimiter;
  private final List<String> headerList;
  /** The types of the table's key attributes, which CSV fields take; other CSV fields are strings. */
  private final Map<String, ScalarType> keyTypes;
  /** Uncompressed bytes read so far: the import's ProcessedSizeBytes. */
  private long processedBytes;

  ImportSource(S3Directories dirs, String bucket, String prefix, InputFormat format, Compression compression,
      Character delimiter, List<String> headerList, Map<String, ScalarType> keyTypes) {
    this.dirs = dirs;
    this.bucket = bucket;
    this.prefix = prefix;
    this.format = format;
    this.compression = compression;
    this.delimiter = delimiter == null ? ',' : delimiter;
    this.headerList = headerList == null || headerList.isEmpty() ? null : headerList;
    this.keyTypes = keyTypes;
  }

  /** File bytes read so far, compressed as they are: what progress is measured in. */
  private long fileBytes;

  long processedBytes() {
    return processedBytes;
  }

  long fileBytes() {
    return fileBytes;
  }

  /** The total size of the objects, for progress. */
  long totalFileBytes(List<String> keys) {
    long total = 0;
    for (String key : keys) {
      try {
        total += Files.size(dirs.object(bucket, key));
      } catch (IOException e) {
        // read() reports it
      }
    }
    return total;
  }

  /** The keys of the objects the import reads, or {@link Unreadable} when there are none. */
  List<String> keys() throws Unreadable {
    List<String> keys = dirs.keys(bucket, prefix);
    if (keys.isEmpty()) {
      throw new Unreadable("NoSourceObjects", "No objects were found in bucket " + bucket
          + (prefix == null ? "" : " under the key prefix " + prefix));
    }
    return keys;
  }

  /** Reads every object under the prefix, handing each record to {@code sink}. */
  void read(List<String> keys, Sink sink) throws Unreadable {
    for (String key : keys) {
      Path file = dirs.object(bucket, key);
      try (InputStream raw = Files.newInputStream(file);
          InputStream in = new Counting(compression.open(new Counting(raw, n -> fileBytes += n)), n -> processedBytes += n);
          BufferedReader text = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16)) {
        switch (format) {
          case DYNAMODB_JSON -> readJsonLines(key, text, sink);
          case ION -> readIon(key, text, sink);
          case CSV -> readCsv(key, text, sink);
          default -> throw new Unreadable("InvalidInputFormat", "Unknown InputFormat " + format);
        }
      } catch (IOException | java.io.UncheckedIOException e) {
        // a file that is not in the compression it is said to be, or cannot be read
        throw new Unreadable("UnreadableSourceObject", "The object " + key + " in bucket " + bucket
            + " cannot be read as " + compression + "-compressed " + format + ": " + why(e));
      }
    }
  }

  /**
   * What a failed read says of its cause: the exception's message (GZIP's "Not in GZIP format",
   * zstd's "Unknown frame descriptor"), or where there is none (an EOFException: a file empty or cut
   * short before its compression's header or end) what the exception's kind means, never "null".
   */
  private static String why(Exception e) {
    Throwable cause = e instanceof java.io.UncheckedIOException u ? u.getCause() : e;
    if (cause.getMessage() != null && !cause.getMessage().isBlank()) {
      return DynamoJson.firstLine(cause.getMessage());
    }
    return cause instanceof java.io.EOFException ? "the file ends too early (it is empty or cut short)"
        : cause.getClass().getSimpleName();
  }

  private void readJsonLines(String key, BufferedReader text, Sink sink) throws IOException {
    String line;
    long n = 0;
    while ((line = text.readLine()) != null) {
      n++;
      if (line.isBlank()) {
        continue;
      }
      try {
        sink.accept(new Record(key, n, DynamoJson.parseItemLine(line), null));
      } catch (IllegalArgumentException e) {
        sink.accept(Record.error(key, n, e.getMessage()));
      }
    }
  }

  /** Ion values have no line numbers here: a record is named by its value's ordinal in the object. */
  private void readIon(String key, BufferedReader text, Sink sink) {
    long n = 0;
    try (IonItems.ItemReader reader = new IonItems.ItemReader(text)) {
      while (true) {
        n++;
        Map<String, AttributeValue> item;
        try {
          item = reader.next();
        } catch (IllegalArgumentException e) {
          sink.accept(Record.error(key + " value", n, e.getMessage()));
          continue;
        }
        if (item == null) {
          return;
        }
        sink.accept(new Record(key + " value", n, item, null));
      }
    } catch (IonException e) {
      if (e.getCause() instanceof java.io.IOException unreadable) {
        // the object cannot be read (its compression broken, say): not a malformed record, and as for
        // the other formats the import fails saying why
        throw new java.io.UncheckedIOException(unreadable);
      }
      // as DynamoDB may skip the rest of a malformed object (Developer Guide, "Import format quotas and validation")
      sink.accept(Record.error(key + " value", n, "not Ion, the rest of the object is skipped: "
          + DynamoJson.firstLine(e.getMessage())));
    }
  }

  private void readCsv(String key, BufferedReader text, Sink sink) throws IOException {
    CsvRecords records = new CsvRecords(text, delimiter);
    List<String> header = headerList;
    try {
      List<String> fields;
      while ((fields = records.next()) != null) {
        if (header == null) {
          header = fields; // without a HeaderList, each object's first line names its columns
          continue;
        }
        long line = records.recordLine();
        if (fields.size() != header.size()) {
          sink.accept(Record.error(key, line, "the line has " + fields.size() + " fields, the header "
              + header.size()));
          continue;
        }
        try {
          sink.accept(new Record(key, line, csvItem(header, fields), null));
        } catch (IllegalArgumentException e) {
          sink.accept(Record.error(key, line, e.getMessage()));
        }
      }
    } catch (IllegalArgumentException e) {
      sink.accept(Record.error(key, records.recordLine(), e.getMessage()));
    }
  }

  /** A CSV record as an item: key attributes take their defined type, the others are strings; empty fields are left out. */
  private Map<String, AttributeValue> csvItem(List<String> header, List<String> fields) {
    Map<String, AttributeValue> item = new LinkedHashMap<>();
    for (int i = 0; i < header.size(); i++) {
      String name = header.get(i);
      String value = fields.get(i);
      ScalarType type = keyTypes.get(name);
      if (value.isEmpty() && type == null) {
        continue;
      }
      item.put(name, type == null || type == ScalarType.S ? AttributeValue.fromS(value)
          : type == ScalarType.N ? AttributeValue.fromN(value) : AttributeValue.fromB(base64(name, value)));
    }
    return item;
  }

  private static SdkBytes base64(String name, String value) {
    try {
      return SdkBytes.fromByteArrayUnsafe(Base64.getDecoder().decode(value));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("the binary key attribute '" + name + "' is not base64");
    }
  }

  /**
   * Counts the bytes read through it: once uncompressed for ProcessedSizeBytes (DynamoDB bills an
   * import by the uncompressed size, Developer Guide "How it works"), and as stored for progress.
   */
  private static final class Counting extends FilterInputStream {
    private final java.util.function.LongConsumer count;

    Counting(InputStream in, java.util.function.LongConsumer count) {
      super(in);
      this.count = count;
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b >= 0) {
        count.accept(1);
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = super.read(b, off, len);
      if (n > 0) {
        count.accept(n);
      }
      return n;
    }
  }
}
