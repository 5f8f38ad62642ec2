package io.partita.model.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import io.partita.model.Entity;
import io.partita.model.Model;
import io.partita.model.ModelException;
import io.partita.model.TableSchema;

/**
 * The processor states again, over the compiler's types, rules that {@code Model.build()} reads from the codecs at run
 * time (which types can be key text, which formats fit which types, no Optional in a table key). This test keeps the
 * two from drifting apart: for every component type and every template shape, the processor's verdict (compile error
 * or not) must be {@code build()}'s verdict (ModelException or not) on the same record.
 */
class KeyTypesAgreementTest {

  private static final List<String> TYPES = List.of("String", "boolean", "Boolean", "int", "Integer", "long", "Long",
      "short", "byte", "double", "float", "char", "Character", "java.math.BigDecimal", "java.math.BigInteger",
      "java.time.Instant", "java.time.LocalDate", "java.util.UUID", "byte[]",
      "software.amazon.awssdk.core.SdkBytes", "java.util.List<String>", "java.util.Set<String>",
      "java.util.Map<String, String>", "Color", "Point", "java.util.Optional<String>", "java.util.Optional<Integer>",
      "java.util.Optional<Color>");

  private static final List<String> TEMPLATES = List.of("P#{v}", "P#{v:04d}", "P#{v:upper}", "P#{v:lower}");

  @Test
  void theProcessorAndBuildAgreeOnEveryTypeAndFormat() throws Exception {
    // one record per (type, template): R<i> with a single component v
    Map<String, String> records = new LinkedHashMap<>();
    Map<String, String> templates = new LinkedHashMap<>();
    int i = 0;
    for (String type : TYPES) {
      for (String template : TEMPLATES) {
        String name = "R" + i++;
        records.put(name, type);
        templates.put(name, template);
      }
    }
    String plain = source(records, templates, false);
    String annotated = source(records, templates, true);

    // build()'s verdicts: the records compiled without the processor, then each entity built into a model
    Compilation compiled = Compilation.of(Map.of("app.Shapes", plain), false);
    assertTrue(compiled.success, () -> compiled.errorMessages().toString());
    ClassLoader loader = compiled.classLoader();
    Map<String, Boolean> buildRefuses = new TreeMap<>();
    for (String name : records.keySet()) {
      @SuppressWarnings("unchecked")
      Class<? extends Record> type = (Class<? extends Record>) loader.loadClass("app.Shapes$" + name);
      buildRefuses.put(name, refusedByBuild(type, templates.get(name)));
    }

    // the processor's verdicts: which records it reports (its messages start "Entity R<i>")
    Compilation processed = Compilation.of(Map.of("app.Shapes", annotated), true);
    Map<String, Boolean> processorRefuses = new TreeMap<>();
    for (String name : records.keySet()) {
      processorRefuses.put(name, processed.errorMessages().stream().anyMatch(m -> m.startsWith("Entity " + name + ",")
          || m.startsWith("Entity " + name + ":")));
    }

    List<String> disagreements = new ArrayList<>();
    for (String name : records.keySet()) {
      if (!buildRefuses.get(name).equals(processorRefuses.get(name))) {
        disagreements.add(records.get(name) + " in '" + templates.get(name) + "': build() "
            + (buildRefuses.get(name) ? "refuses" : "accepts") + ", the processor "
            + (processorRefuses.get(name) ? "refuses" : "accepts"));
      }
    }
    assertEquals(List.of(), disagreements);
    assertTrue(buildRefuses.containsValue(true) && buildRefuses.containsValue(false), "both verdicts occur");
  }

  private static boolean refusedByBuild(Class<? extends Record> type, String template) {
    try {
      Model.builder(TableSchema.named("Shapes").noSortKey()).entities(entity(type, template)).build();
      return false;
    } catch (ModelException e) {
      return true;
    }
  }

  private static <T extends Record> Entity<T> entity(Class<T> type, String template) {
    return Entity.of(type).key(template);
  }

  private static String source(Map<String, String> records, Map<String, String> templates, boolean annotate) {
    StringBuilder s = new StringBuilder("package app;\n\npublic class Shapes {\n"
        + "  public enum Color { RED, GREEN }\n  public record Point(int x, int y) {}\n");
    for (Map.Entry<String, String> r : records.entrySet()) {
      if (annotate) {
        s.append("  @io.partita.model.KeyTemplates(partition = \"").append(templates.get(r.getKey())).append("\")\n");
      }
      s.append("  public record ").append(r.getKey()).append('(').append(r.getValue()).append(" v) {}\n");
    }
    return s.append("}\n").toString();
  }
}
