package io.partita.server.cli;

import io.partita.engine.DataDirectoryInUseException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code partita} command line. */
@Command(name = "partita",
    mixinStandardHelpOptions = true,
    versionProvider = PartitaCommand.Version.class,
    description = "Partita: DynamoDB's data model and wire protocol on one machine, for tests, laptops and small"
        + " services.",
    subcommands = {ServeCommand.class, DemoCommand.class, SeedCommand.class, ExportCommand.class, ImportCommand.class,
        HotKeysCommand.class, SnapshotCommand.class, WarmupCommand.class, CommandLine.HelpCommand.class})
public final class PartitaCommand implements Runnable {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /**
   * The command line, with the one answer every command gives to a data folder another process has
   * open (a running server holds RocksDB's LOCK): one line naming the folder and what to do, exit 1,
   * instead of the storage's trace. Any other failure is picocli's to report.
   */
  static CommandLine commandLine() {
    return new CommandLine(new PartitaCommand()).setExecutionExceptionHandler((e, cmd, parsed) -> {
      if (e instanceof DataDirectoryInUseException inUse) {
        cmd.getErr().println("partita " + cmd.getCommandName() + ": the data folder " + inUse.directory()
            + " is in use by another process (a running server?); stop it or use --data DIR");
        return 1;
      }
      throw e;
    });
  }

  @Override
  public void run() {
    // no subcommand: say what there is to run
    spec.commandLine().usage(System.out);
  }

  /**
   * The version Maven built: {@code version.properties} beside this class, filtered from the pom, so
   * the answer is the same from the jar, the distribution and a checkout's classes (the
   * {@code ./partita} script runs classes and jars on a class path, where no manifest names a
   * version).
   */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"Partita " + version()};
    }
  }

  /** The version this build of Partita was made from, such as {@code 0.1.0}. */
  public static String version() {
    try (InputStream in = PartitaCommand.class.getResourceAsStream("version.properties")) {
      if (in != null) {
        Properties p = new Properties();
        p.load(in);
        String v = p.getProperty("version", "");
        if (!v.isBlank() && !v.startsWith("${")) {
          return v;
        }
      }
    } catch (IOException e) {
      // fall through to the manifest
    }
    String v = PartitaCommand.class.getPackage().getImplementationVersion();
    // only a build that bypassed Maven (an IDE's own compiler) gets here; say so rather than fail
    return v != null ? v : "(unknown version: built without Maven's resource filtering)";
  }
}
