package io.partita.model.processor;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Java sources compiled in-process by the JDK's own compiler with {@link KeyTemplateProcessor} (javax.tools, no
 * library): the diagnostics, the generated sources and the classes, loadable.
 */
final class Compilation {

  final boolean success;
  final List<Diagnostic<? extends JavaFileObject>> diagnostics;
  final Path output;
  private final Map<String, String> sources;

  private Compilation(boolean success, List<Diagnostic<? extends JavaFileObject>> diagnostics, Path output,
      Map<String, String> sources) {
    this.success = success;
    this.diagnostics = diagnostics;
    this.output = output;
    this.sources = sources;
  }

  /** Compiles {@code sources} (binary class name to text) into a new temporary directory, with the processor. */
  static Compilation of(Map<String, String> sources) {
    return of(sources, true);
  }

  /** Compiles {@code sources}, with the processor or with no annotation processing at all. */
  static Compilation of(Map<String, String> sources, boolean process) {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> collector = new DiagnosticCollector<>();
    try {
      Path out = Files.createTempDirectory("processor-test");
      List<JavaFileObject> units = new ArrayList<>();
      sources.forEach((name, text) -> units.add(new Source(name, text)));
      try (StandardJavaFileManager files = javac.getStandardFileManager(collector, Locale.ROOT, null)) {
        List<String> options = new ArrayList<>(List.of("-d", out.toString(), "-s", out.toString(), "-classpath",
            System.getProperty("java.class.path"), "--release", "17", "-Xlint:all"));
        if (!process) {
          options.add("-proc:none");
        }
        JavaCompiler.CompilationTask task = javac.getTask(null, files, collector, options, null, units);
        if (process) {
          task.setProcessors(List.of(new KeyTemplateProcessor()));
        }
        boolean ok = task.call();
        return new Compilation(ok, collector.getDiagnostics(), out, sources);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Compilation of(String name, String text) {
    return of(Map.of(name, text));
  }

  List<Diagnostic<? extends JavaFileObject>> errors() {
    return diagnostics.stream().filter(d -> d.getKind() == Diagnostic.Kind.ERROR).collect(Collectors.toList());
  }

  List<String> errorMessages() {
    return errors().stream().map(d -> d.getMessage(Locale.ROOT)).collect(Collectors.toList());
  }

  /** The source text a diagnostic points at, from its start position: what the error is reported on. */
  String pointedAt(Diagnostic<? extends JavaFileObject> d) {
    String name = d.getSource().getName();
    for (Map.Entry<String, String> s : sources.entrySet()) {
      if (name.endsWith(s.getKey().replace('.', '/') + ".java")) {
        return s.getValue().substring((int) d.getStartPosition(), (int) d.getEndPosition());
      }
    }
    throw new AssertionError("not a source of this compilation: " + name);
  }

  /** The text of a generated source, by binary class name. */
  String generated(String name) {
    try {
      return Files.readString(output.resolve(name.replace('.', '/') + ".java"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  boolean hasGenerated(String name) {
    return Files.exists(output.resolve(name.replace('.', '/') + ".java"));
  }

  ClassLoader classLoader() {
    try {
      return new URLClassLoader(new URL[] {output.toUri().toURL()}, getClass().getClassLoader());
    } catch (MalformedURLException e) {
      throw new IllegalStateException(e);
    }
  }

  private static final class Source extends SimpleJavaFileObject {
    private final String text;

    Source(String name, String text) {
      super(java.net.URI.create("string:///" + name.replace('.', '/') + Kind.SOURCE.extension), Kind.SOURCE);
      this.text = text;
    }

    @Override
    public CharSequence getCharContent(boolean ignoreEncodingErrors) {
      return text;
    }
  }
}
