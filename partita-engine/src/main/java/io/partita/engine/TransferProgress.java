package io.partita.engine;

/**
 * Told how a long export or import goes, after each batch of items: for {@code partita export} and
 * {@code partita import}'s progress bar. Called on the thread doing the work; must be quick.
 */
@FunctionalInterface
public interface TransferProgress {
  TransferProgress NONE = (what, done, total) -> { };

  /**
   * @param what {@code "export T"} or {@code "import T"}
   * @param done how far it is (items exported; bytes of source files read)
   * @param total where it ends in the same unit, or -1 when not known
   */
  void update(String what, long done, long total);
}
