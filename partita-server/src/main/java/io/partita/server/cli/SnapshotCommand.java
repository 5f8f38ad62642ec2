package io.partita.server.cli;

import java.io.PrintWriter;
import java.net.http.HttpResponse;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code partita snapshot save|restore|delete NAME}, {@code partita snapshot list} and {@code partita
 * snapshot reset}: a running server's database saved and restored by name, or emptied and seeded
 * again, through its admin API ({@code /partita/snapshots}, {@code /partita/reset}).
 */
@Command(name = "snapshot", mixinStandardHelpOptions = true,
    description = "Saves, restores, lists or deletes snapshots of a running server's database by name, or resets it"
        + " (empties it and loads its --seed files again).")
public final class SnapshotCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "ACTION", description = "save, restore, delete, list or reset.")
  String action;

  @Parameters(index = "1", arity = "0..1", paramLabel = "NAME",
      description = "The snapshot's name (letters, digits, _ - .), for save, restore and delete.")
  String name;

  @Mixin AdminCall server;


  @Override
  public Integer call() throws InterruptedException {
    String bad = server.checkEndpoint();
    if (bad != null) {
      return fail(bad);
    }
    boolean named = action.equals("save") || action.equals("restore") || action.equals("delete");
    if (!named && !action.equals("list") && !action.equals("reset")) {
      return fail("the action is save, restore, delete, list or reset, not '" + action + "'");
    }
    if (named != (name != null)) {
      return fail(named ? "partita snapshot " + action + " takes the snapshot's NAME"
          : "partita snapshot " + action + " takes no NAME");
    }
    String path = switch (action) {
      case "list" -> "/partita/snapshots";
      case "reset" -> "/partita/reset";
      case "restore" -> "/partita/snapshots/" + name + "/restore";
      default -> "/partita/snapshots/" + name;
    };
    String method = action.equals("list") ? "GET" : action.equals("delete") ? "DELETE" : "POST";
    HttpResponse<String> answer;
    try {
      answer = server.send(method, path, "partita serve");
    } catch (AdminCall.NoAnswer e) {
      return fail(e.getMessage());
    }
    String body = answer.body().strip();
    if (answer.statusCode() != 200) {
      return fail(server.endpoint + " answered " + answer.statusCode() + ": " + body.replaceAll("\\s+", " "));
    }
    PrintWriter out = spec.commandLine().getOut();
    out.println(body);
    out.flush();
    return 0;
  }

  private int fail(String message) {
    spec.commandLine().getErr().println("partita snapshot: " + message);
    return 1;
  }
}
