package io.partita.server.tables;

import java.util.ArrayList;
import java.util.List;

/**
 * What reading one file found besides its tables: the refusals (each a line naming the file, the place in it and
 * the property; any one fails the start) and the notices (what was accepted and ignored, or decided by a documented
 * rule, such as a table named by its logical id). Nothing a file says is dropped without one or the other.
 */
final class Report {
  private final String file;
  private final List<String> refusals = new ArrayList<>();
  private final List<String> ignored = new ArrayList<>();
  private final List<String> notices = new ArrayList<>();

  Report(String file) {
    this.file = file;
  }

  String file() {
    return file;
  }

  /** {@code path} (Resources.T.Properties.X) cannot be honoured: the start fails with this line. */
  void refuse(String path, String why) {
    refusals.add(path.isEmpty() ? file + " " + why : file + ": " + path + " " + why);
  }

  /** {@code path} has no effect on a local table and is accepted: named in the one notice line of the file. */
  void ignore(String path) {
    ignored.add(path);
  }

  /** A decision worth a line of its own (a name chosen by rule, a replica of another region left aside). */
  void notice(String path, String what) {
    notices.add(path.isEmpty() ? file + " " + what : file + ": " + path + " " + what);
  }

  List<String> refusals() {
    return refusals;
  }

  /** The notices, the ignored properties last, in one line. */
  List<String> notices() {
    List<String> all = new ArrayList<>(notices);
    if (!ignored.isEmpty()) {
      all.add(file + ": accepted and ignored (no effect on a local table; docs/tables-from-infrastructure.md): "
          + String.join(", ", ignored));
    }
    return all;
  }
}
