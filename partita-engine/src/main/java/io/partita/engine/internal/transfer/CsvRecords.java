package io.partita.engine.internal.transfer;

import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;

/**
 * The records of a CSV text (RFC 4180): fields split by one delimiter character, a field in double
 * quotes may hold the delimiter, line breaks and {@code ""} for a quote; records end at LF or CRLF.
 */
final class CsvRecords {
  private final Reader in;
  private final char delimiter;
  private int pushed = -2;
  private long line = 1;
  private long recordLine;

  CsvRecords(Reader in, char delimiter) {
    this.in = in;
    this.delimiter = delimiter;
  }

  /** The line the last record returned began on (1-based). */
  long recordLine() {
    return recordLine;
  }

  /**
   * The fields of the next non-empty record, or null at the end.
   *
   * @throws IllegalArgumentException for a quote left open at the end (nothing more can be read)
   */
  List<String> next() throws IOException {
    int c = read();
    while (c == '\n' || c == '\r') {
      c = read();
    }
    if (c < 0) {
      return null;
    }
    recordLine = line;
    List<String> fields = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    boolean quoted = false;
    boolean wasQuoted = false;
    while (true) {
      if (quoted) {
        if (c < 0) {
          throw new IllegalArgumentException("a quoted field opened on line " + recordLine + " is never closed");
        }
        if (c == '"') {
          int n = read();
          if (n == '"') {
            field.append('"');
          } else {
            quoted = false;
            c = n;
            continue;
          }
        } else {
          field.append((char) c);
        }
      } else if (c < 0 || c == '\n' || c == '\r') {
        if (c == '\r') {
          int n = read();
          if (n != '\n') {
            unread(n);
          }
        }
        fields.add(field.toString());
        return fields;
      } else if (c == delimiter) {
        fields.add(field.toString());
        field.setLength(0);
        wasQuoted = false;
      } else if (c == '"' && field.length() == 0 && !wasQuoted) {
        quoted = true;
        wasQuoted = true;
      } else {
        field.append((char) c);
      }
      c = read();
    }
  }

  private int read() throws IOException {
    int c;
    if (pushed != -2) {
      c = pushed;
      pushed = -2;
    } else {
      c = in.read();
    }
    if (c == '\n') {
      line++;
    }
    return c;
  }

  private void unread(int c) {
    if (c == '\n') {
      line--;
    }
    pushed = c;
  }
}
