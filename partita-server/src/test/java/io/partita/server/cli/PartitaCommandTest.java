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
      "warmup", "help");

  @Test
  void eachNameIsItsCommandsOwn() {
    assertEquals(ALL, List.copyOf(PartitaCommand.SUBCOMMANDS.keySet()));
    PartitaCommand.SUBCOMMANDS.forEach((name, command) ->
        assertEquals(name, new CommandLine(command).getCommandName(), "the @Command name of " + name));
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
    for (String name : List.of("serve", "demo", "seed", "export", "import", "hot-keys", "snapshot", "help")) {
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

    CommandRun typo = CommandRun.run("serv");
    assertEquals(2, typo.code());
    assertTrue(typo.err().contains("Did you mean: partita serve or partita seed?"), typo.err());
  }
}
