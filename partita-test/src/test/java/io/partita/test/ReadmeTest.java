package io.partita.test;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README's examples are this module's tests, copied: every Java block of README.md (in parts, where it leaves
 * lines out with "...") must be found, line for line, in a test source, and the fixture it shows in its file.
 */
class ReadmeTest {
  private static final Path MODULE = Path.of("").toAbsolutePath();

  @Test
  void everyJavaExampleIsInATest() throws IOException {
    String readme = Files.readString(MODULE.resolve("README.md"));
    String tests;
    try (Stream<Path> files = Files.walk(MODULE.resolve("src/test/java"))) {
      tests = normalize(files.filter(f -> f.toString().endsWith(".java")).map(ReadmeTest::read)
          .collect(Collectors.joining("\n")));
    }
    List<String> blocks = blocks(readme, "java");
    assertTrue(blocks.size() >= 7, "the README's Java examples: " + blocks.size());
    for (String block : blocks) {
      for (String part : block.split("\n\\s*\\.\\.\\.\n")) {
        assertTrue(tests.contains(normalize(part)), "not in any test:\n" + part);
      }
    }
  }

  @Test
  void theFixtureShownIsTheFixtureLoaded() throws IOException {
    String json = blocks(Files.readString(MODULE.resolve("README.md")), "json").get(0);
    String file = Files.readString(MODULE.resolve("src/test/resources/io/partita/test/shop.json"));
    assertTrue(normalize(file).equals(normalize(json)), json);
  }

  private static List<String> blocks(String markdown, String language) {
    List<String> out = new ArrayList<>();
    Matcher m = Pattern.compile("```" + language + "\n(.*?)```", Pattern.DOTALL).matcher(markdown);
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  /** Lines trimmed and blank ones dropped: a part is found whatever its indentation in the README. */
  private static String normalize(String text) {
    return text.lines().map(String::strip).filter(l -> !l.isEmpty()).collect(Collectors.joining("\n"));
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
