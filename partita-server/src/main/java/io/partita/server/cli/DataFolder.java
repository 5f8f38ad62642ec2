package io.partita.server.cli;

import io.partita.engine.Partita;
import io.partita.engine.TransferProgress;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The options of the commands that move data in and out of a data folder ({@code export},
 * {@code import}), and how they open it: one definition, so each says and does the same.
 */
public final class DataFolder {
  @Option(names = "--data", paramLabel = "DIR", defaultValue = "partita-data",
      description = "Data folder (default: ./${DEFAULT-VALUE}); must not be in use by a running server.")
  Path data;

  @Option(names = "--s3-root", paramLabel = "DIR", description = "The directory standing for S3 (default: s3 in the data folder).")
  Path s3Root;

  /** Opens the data folder, telling {@code progress} how transfers go. */
  Partita open(TransferProgress progress) {
    Partita.Options options = Partita.with().transferProgress(progress);
    if (s3Root != null) {
      options.s3Root(s3Root);
    }
    return options.open(data);
  }
}
