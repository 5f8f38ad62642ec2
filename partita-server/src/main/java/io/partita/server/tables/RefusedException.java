package io.partita.server.tables;

import java.util.List;

/** The start cannot go on: one line per reason, each naming the file, the place in it and the property. */
public final class RefusedException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final List<String> lines;

  public RefusedException(List<String> lines) {
    super(String.join("\n", lines));
    this.lines = List.copyOf(lines);
  }

  public List<String> lines() {
    return lines;
  }
}
