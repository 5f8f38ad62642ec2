package io.partita.server.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code partita} command line. */
@Command(name = "partita",
    mixinStandardHelpOptions = true,
    versionProvider = PartitaCommand.Version.class,
    description = "Partita: DynamoDB's data model and wire protocol on one machine, for tests, laptops and small"
        + " services.",
    subcommands = {ServeCommand.class, DemoCommand.class, SeedCommand.class, ExportCommand.class, ImportCommand.class,
        WarmupCommand.class, CommandLine.HelpCommand.class})
public final class PartitaCommand implements Runnable {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    System.exit(new CommandLine(new PartitaCommand()).execute(args));
  }

  @Override
  public void run() {
    // no subcommand: say what there is to run
    spec.commandLine().usage(System.out);
  }

  /** The version from the jar's manifest, or "development" when run from classes. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String v = PartitaCommand.class.getPackage().getImplementationVersion();
      return new String[] {"Partita " + (v == null ? "(development build)" : v)};
    }
  }
}
