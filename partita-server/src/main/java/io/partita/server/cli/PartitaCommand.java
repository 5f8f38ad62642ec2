package io.partita.server.cli;

import io.partita.engine.DataDirectoryInUseException;
import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code partita} command line. */
@Command(name = "partita",
    mixinStandardHelpOptions = true,
    versionProvider = PartitaCommand.Version.class,
    description = "Partita: DynamoDB's data model and wire protocol on one machine, for tests, laptops and small"
        + " services.")
public final class PartitaCommand implements Runnable {
  /**
   * The subcommands by name, in the order the usage lists them. Not in {@code @Command(subcommands)}:
   * picocli reads a command's annotations by reflection when it is added, and every start paid for all
   * nine (docs/distribution.md, "Where a start's time goes"); {@link #commandLine(String...)} adds
   * only the one a command line names. Each name is its class's {@code @Command(name)}
   * (PartitaCommandTest checks).
   */
  static final Map<String, Class<?>> SUBCOMMANDS = subcommands();

  // classes, not constructor references: picocli makes each (CommandLine.addSubcommand), and Java 25.0.3's
  // ahead-of-time cache failed to be written (a VM assertion in its heap writer) with lambdas kept here
  private static Map<String, Class<?>> subcommands() {
    Map<String, Class<?>> all = new LinkedHashMap<>();
    all.put("serve", ServeCommand.class);
    all.put("demo", DemoCommand.class);
    all.put("seed", SeedCommand.class);
    all.put("export", ExportCommand.class);
    all.put("import", ImportCommand.class);
    all.put("hot-keys", HotKeysCommand.class);
    all.put("snapshot", SnapshotCommand.class);
    all.put("mcp", McpCommand.class);
    all.put("warmup", WarmupCommand.class);
    all.put("help", CommandLine.HelpCommand.class);
    return java.util.Collections.unmodifiableMap(all);
  }

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    StartupTrace.mark("main");
    Preload.startFor(args);
    System.exit(commandLine(args).execute(args));
  }

  /** The whole command line, every subcommand in it. */
  static CommandLine commandLine() {
    return commandLine(new String[0]);
  }

  /**
   * The command line, with the one answer every command gives to a data folder another process has
   * open (a running server holds RocksDB's LOCK): one line naming the folder and what to do, exit 1,
   * instead of the storage's trace. Any other failure is picocli's to report.
   *
   * <p>When {@code args} starts with a subcommand's name (other than {@code help}, which may name any
   * of them), only that subcommand is added: what runs, and what is said on a wrong option, is the
   * same as with all of them. Any other command line (none, {@code --help}, a mistyped name) gets them
   * all, so the usage and picocli's suggestions name every one.
   */
  static CommandLine commandLine(String... args) {
    CommandLine line = new CommandLine(new PartitaCommand());
    String first = args.length > 0 ? args[0] : "";
    boolean one = SUBCOMMANDS.containsKey(first) && !first.equals("help");
    for (Map.Entry<String, Class<?>> command : SUBCOMMANDS.entrySet()) {
      if (!one || command.getKey().equals(first)) {
        line.addSubcommand(command.getKey(), command.getValue());
      }
    }
    // a wrong option or value: its one line (and picocli's suggestions for a misspelt name), then where the options
    // are, rather than picocli's default of the whole usage (some 140 lines for serve) burying that line
    line.setParameterExceptionHandler((e, given) -> {
      CommandLine cmd = e.getCommandLine();
      cmd.getErr().println(e.getMessage());
      if (!CommandLine.UnmatchedArgumentException.printSuggestions(e, cmd.getErr())) {
        cmd.getErr().println("See '" + cmd.getCommandSpec().qualifiedName() + " --help' for the options.");
      }
      return cmd.getCommandSpec().exitCodeOnInvalidInput();
    });
    return line.setExecutionExceptionHandler((e, cmd, parsed) -> {
      if (e instanceof DataDirectoryInUseException inUse) {
        // a command that can do its work through the running server says how
        cmd.getErr().println("partita " + cmd.getCommandName() + ": the data folder " + inUse.directory()
            + " is in use by another process (a running server?); " + (cmd.getCommandSpec().findOption("--endpoint") != null
                ? "stop it, use --data DIR, or send this to the running server with --endpoint URL"
                : "stop it or use --data DIR"));
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
