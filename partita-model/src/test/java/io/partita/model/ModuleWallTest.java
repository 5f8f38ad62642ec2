package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The library's public surface is a wall the compiler keeps (module-info.java): a modular
 * application that requires {@code io.partita.model} compiles against its exported packages and is
 * refused {@code io.partita.model.internal}, whatever is public in it.
 */
class ModuleWallTest {
  @TempDir
  Path dir;

  @Test
  void aModularApplicationSeesTheApiAndNotTheInternals() throws IOException {
    String api = "import io.partita.model.Model;\n";
    assertEquals("", compile(api + "class App { Model m; }"), "the API compiles");
    String inside = compile("import io.partita.model.internal.Template;\nclass App { Template t; }");
    assertTrue(inside.contains("io.partita.model.internal") && inside.contains("not visible"), inside);
  }

  /** Compiles {@code app} as module {@code app} requiring the library; answers javac's errors ("" when none). */
  private String compile(String app) throws IOException {
    Path src = Files.createDirectories(dir.resolve("src" + System.nanoTime()).resolve("app"));
    Files.writeString(src.resolve("module-info.java"), "module app { requires io.partita.model; }");
    Files.createDirectories(src.resolve("app"));
    Files.writeString(src.resolve("app/App.java"), "package app;\n" + app);
    // the library's classes and its dependencies, as Maven put them on this test's class path
    List<String> path = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (entry.endsWith(Path.of("target", "classes").toString()) || entry.contains("awssdk")
          || entry.contains("reactive-streams") || entry.contains("slf4j")) {
        path.add(entry);
      }
    }
    // the JDK's javac as a process (the tests are compiled inside the library's module, which does not
    // read java.compiler)
    Process javac = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "javac").toString(),
        "-d", dir.resolve("out").toString(), "--module-path", String.join(File.pathSeparator, path), "-proc:none",
        src.resolve("module-info.java").toString(), src.resolve("app/App.java").toString())
        .redirectErrorStream(true).start();
    String output = new String(javac.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    try {
      return javac.waitFor() == 0 ? "" : output;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
  }
}
