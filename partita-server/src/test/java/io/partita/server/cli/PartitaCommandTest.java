package io.partita.server.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Issue 37 (start-up): the command line is built with only the subcommand it names, since picocli
 * reads each added command's annotations by reflection at start. What a user sees must not change:
 * the usage and the help command still name every subcommand, and a subcommand's own errors are
 * the same.
 */
class PartitaCommandTest {
  private static final List<String> ALL = List.of("serve", "demo", "seed", "export", "import", "hot-keys", "snapshot",
      "mcp", "warmup", "help");

  @Test
  void eachNameIsItsCommandsOwn() {
    assertEquals(ALL, List.copyOf(PartitaCommand.SUBCOMMANDS.keySet()));
    PartitaCommand.SUBCOMMANDS.forEach((name, command) ->
        assertEquals(name, new CommandLine(command).getCommandName(), "the @Command name of " + name));
  }

  /**
   * A subcommand lives in this table, no longer in {@code @Command(subcommands)}: every top-level
   * command class of this package (a {@code @Command} with a Callable or Runnable, not nested) is in it,
   * so one added without it fails here rather than going missing from {@code partita}.
   */
  @Test
  void everyCommandOfThePackageIsInTheTable() throws Exception {
    java.nio.file.Path folder = java.nio.file.Path.of(PartitaCommand.class.getResource("PartitaCommand.class").toURI())
        .getParent();
    java.util.Set<Class<?>> commands = new java.util.HashSet<>();
    try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.list(folder)) {
      for (String file : files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".class") && !f.contains("$"))
          .toList()) {
        Class<?> type = Class.forName(PartitaCommand.class.getPackageName() + "." + file.replace(".class", ""));
        if (type.isAnnotationPresent(picocli.CommandLine.Command.class) && type != PartitaCommand.class
            && (Runnable.class.isAssignableFrom(type) || java.util.concurrent.Callable.class.isAssignableFrom(type))) {
          commands.add(type);
        }
      }
    }
    assertTrue(commands.size() >= 8, commands.toString());
    java.util.Set<Class<?>> missing = new java.util.HashSet<>(commands);
    missing.removeAll(PartitaCommand.SUBCOMMANDS.values());
    assertEquals(java.util.Set.of(), missing);
  }

  @Test
  void aCommandLineNamingASubcommandHasThatOneOnly() {
    Map<String, CommandLine> subs = PartitaCommand.commandLine("serve", "--in-memory").getSubcommands();
    assertEquals(List.of("serve"), List.copyOf(subs.keySet()));
    assertEquals(List.of("hot-keys"), List.copyOf(PartitaCommand.commandLine("hot-keys").getSubcommands().keySet()));
  }

  @Test
  void anyOtherCommandLineHasThemAll() {
    for (String[] args : new String[][] {{}, {"--help"}, {"help", "serve"}, {"serv"}, {"--version"}}) {
      assertEquals(ALL, List.copyOf(PartitaCommand.commandLine(args).getSubcommands().keySet()), String.join(" ", args));
    }
  }

  @Test
  void theUsageStillListsEverySubcommand() {
    CommandRun run = CommandRun.run("--help");
    assertEquals(0, run.code());
    for (String name : List.of("serve", "demo", "seed", "export", "import", "hot-keys", "snapshot", "mcp", "help")) {
      assertTrue(run.out().contains("  " + name + " "), name + " missing from:\n" + run.out());
    }
    assertFalse(run.out().contains("warmup"), "warmup is hidden");
  }

  @Test
  void helpNamesAnySubcommand() {
    CommandRun run = CommandRun.run("help", "serve");
    assertEquals(0, run.code());
    assertTrue(run.out().contains("Usage: partita serve"), run.out());
  }

  @Test
  void aSubcommandsOwnErrorsAreAsBefore() {
    CommandRun run = CommandRun.run("serve", "--no-such-option");
    assertEquals(2, run.code());
    assertEquals("Unknown option: '--no-such-option'\nPossible solutions: --no-cors", run.err().strip());

    CommandRun value = CommandRun.run("serve", "--port", "abc");
    assertEquals(2, value.code());
    assertEquals("Invalid value for option '--port': 'abc' is not an int\nSee 'partita serve --help' for the options.",
        value.err().strip());

    CommandRun typo = CommandRun.run("serv");
    assertEquals(2, typo.code());
    assertTrue(typo.err().contains("Did you mean: partita serve or partita seed?"), typo.err());
  }
}
