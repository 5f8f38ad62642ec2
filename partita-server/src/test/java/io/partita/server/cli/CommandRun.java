package io.partita.server.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** One run of the {@code partita} command line in process: exit code, standard output and standard error. */
record CommandRun(int code, String out, String err) {
  static CommandRun run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cmd = PartitaCommand.commandLine(args); // as main builds it: only the subcommand named
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    int code = cmd.execute(args);
    return new CommandRun(code, out.toString(), err.toString());
  }
}
