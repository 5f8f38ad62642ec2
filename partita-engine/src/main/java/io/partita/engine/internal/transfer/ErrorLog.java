package io.partita.engine.internal.transfer;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * An import's list of bad records, Partita's stand-in for the CloudWatch log DynamoDB writes one
 * entry to per error (Developer Guide, "Import format quotas and validation"): one line each,
 * {@code <object key> line <n>: <why>}, in {@code <s3 root>/.imports/<ImportId>/errors.log}. The file
 * is made at the first error only.
 */
final class ErrorLog implements AutoCloseable {
  private final Path file;
  private BufferedWriter out;

  ErrorLog(Path file) {
    this.file = file;
  }

  void add(String where, String why) {
    try {
      if (out == null) {
        Files.createDirectories(file.getParent());
        out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
      }
      out.write(where + ": " + why.replace('\n', ' '));
      out.newLine();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The file, or null when there was no error. */
  Path path() {
    return out == null ? null : file;
  }

  @Override
  public void close() {
    if (out != null) {
      try {
        out.close();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
