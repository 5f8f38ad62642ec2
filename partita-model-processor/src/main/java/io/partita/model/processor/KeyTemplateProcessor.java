package io.partita.model.processor;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;
import javax.tools.Diagnostic;

import io.partita.model.KeyTemplates;
import io.partita.model.internal.Template;

/**
 * Checks each {@link KeyTemplates} against its record's components, so a typo in {@code USER#{usrname}} is a
 * compile error at the template rather than a {@code ModelException} at start-up, and generates the record's
 * {@code _} class (see {@link FieldsClass}). Templates are parsed by the model's own parser ({@link Template}), so
 * the processor and {@code Model.build()} agree on what a template is; errors are reported on the annotation value
 * they are about, in the form {@code build()} uses ({@code Entity Post, field usrname: …}).
 */
public final class KeyTemplateProcessor extends AbstractProcessor {

  private static final String ANNOTATION = KeyTemplates.class.getCanonicalName();

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return Set.of(ANNOTATION);
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    TypeElement annotation = processingEnv.getElementUtils().getTypeElement(ANNOTATION);
    if (annotation == null) {
      return false;
    }
    for (Element e : round.getElementsAnnotatedWith(annotation)) {
      AnnotationMirror mirror = mirrorOf(e, ANNOTATION);
      new Check((TypeElement) e, mirror).run();
    }
    return true;
  }

  /** One template as declared: where it goes, its text, and the annotation value to point at. */
  record Declared(String label, String attribute, String constant, String text, boolean tableKey,
      AnnotationMirror mirror, AnnotationValue value) {}

  /** One index's key as declared. */
  record IndexKey(String name, boolean local, Declared partition, Declared sort) {}

  /** The check of one annotated type; reports every problem found, then generates only when there was none. */
  private final class Check {
    private final TypeElement type;
    private final AnnotationMirror mirror;
    private final String entity;
    private final Map<String, TypeMirror> components = new LinkedHashMap<>();
    private boolean failed;

    Check(TypeElement type, AnnotationMirror mirror) {
      this.type = type;
      this.mirror = mirror;
      String name = string(mirror, "name");
      this.entity = name.isEmpty() ? type.getSimpleName().toString() : name;
    }

    void run() {
      if (type.getKind() != ElementKind.RECORD) {
        error(null, "@KeyTemplates goes on a record (an entity is a record), not on a " + kind(type), mirror,
            null);
        return;
      }
      if (!type.getTypeParameters().isEmpty()) {
        error(null, "a generic record cannot be an entity: Entity.of needs one class", mirror, null);
        return;
      }
      for (Element e = type; e instanceof TypeElement; e = e.getEnclosingElement()) {
        if (e.getModifiers().contains(Modifier.PRIVATE)) {
          error(null, e.getSimpleName() + " is private, so the generated " + FieldsClass.simpleName(type)
              + " beside it cannot name the record", mirror, null);
          return;
        }
      }
      for (RecordComponentElement rc : type.getRecordComponents()) {
        components.put(rc.getSimpleName().toString(), rc.asType());
      }

      List<Declared> table = new ArrayList<>();
      table.add(declared(mirror, "partition", "table", "partition key", "PARTITION", true));
      Declared sort = declared(mirror, "sort", "table", "sort key", "SORT", true);
      if (!sort.text().isEmpty()) {
        table.add(sort);
      }
      List<IndexKey> indexes = indexes();
      List<Declared> all = new ArrayList<>(table);
      for (IndexKey k : indexes) {
        if (k.partition() != null) {
          all.add(k.partition());
        }
        if (k.sort() != null) {
          all.add(k.sort());
        }
      }
      for (Declared d : all) {
        template(d);
      }
      Set<String> constants = new HashSet<>();
      for (Declared d : all) {
        constants.add(d.constant());
      }
      for (String component : components.keySet()) {
        if (constants.contains(component)) {
          error(component, "has the name of a generated template constant; rename it", mirror, null);
        }
      }
      if (!failed) {
        new FieldsClass(processingEnv, type, entity, components, table, indexes).write();
      }
    }

    private List<IndexKey> indexes() {
      List<IndexKey> keys = new ArrayList<>();
      Map<String, String> byConstant = new LinkedHashMap<>();
      AnnotationValue list = value(mirror, "indexes");
      if (list == null) {
        return keys;
      }
      @SuppressWarnings("unchecked")
      List<? extends AnnotationValue> values = (List<? extends AnnotationValue>) list.getValue();
      for (AnnotationValue v : values) {
        AnnotationMirror index = (AnnotationMirror) v.getValue();
        String name = string(index, "name");
        AnnotationValue localValue = value(index, "local");
        boolean local = localValue != null && Boolean.TRUE.equals(localValue.getValue());
        String label = (local ? "local index " : "index ") + name;
        String prefix = name.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9_]", "_") + "_";
        String other = byConstant.put(prefix, name);
        if (other != null) {
          error(null, other.equals(name) ? "index " + name + " is declared twice"
              : "indexes " + other + " and " + name + " would both have constants " + prefix + "…", index, null);
          continue;
        }
        Declared partition = declared(index, "partition", label, "partition key", prefix + "PARTITION", false);
        Declared sort = declared(index, "sort", label, "sort key", prefix + "SORT", false);
        if (local && !partition.text().isEmpty()) {
          error(null, "a local index shares the table's partition key: give it a sort template only", index,
              partition.value());
          continue;
        }
        if (local && sort.text().isEmpty()) {
          error(null, "a local index is a second sort key: its sort template must not be empty", index, null);
          continue;
        }
        if (!local && partition.text().isEmpty()) {
          error(null, "index " + name + " needs a partition template (local = true for a local index)", index,
              null);
          continue;
        }
        keys.add(new IndexKey(name, local, local ? null : partition, sort.text().isEmpty() ? null : sort));
      }
      return keys;
    }

    /** Parses {@code d} with the model's parser, then checks each placeholder against the record. */
    private void template(Declared d) {
      String where = "the " + d.label() + " " + d.attribute() + " template '" + d.text() + "'";
      Template t;
      try {
        t = Template.parse(d.text());
      } catch (IllegalArgumentException e) {
        error(null, where + " cannot be parsed: " + e.getMessage(), d);
        return;
      }
      for (Template.Token token : t.tokens()) {
        if (token.literal()) {
          continue;
        }
        String field = token.text();
        TypeMirror type = components.get(field);
        if (type == null) {
          error(field, where + " names a field that record " + this.type.getSimpleName() + " does not have (it has "
              + components.keySet() + ")" + suggestion(field), d);
          continue;
        }
        TypeMirror inner = KeyTypes.optionalOf(type);
        if (inner != null && d.tableKey()) {
          error(field, where + " uses an Optional field; table key fields must be required (Optional fields suit"
              + " sparse index keys)", d);
          continue;
        }
        TypeMirror value = inner == null ? type : inner;
        if (!KeyTypes.keyable(value)) {
          error(field, where + " uses a field of type " + type + ", which cannot be part of a key", d);
          continue;
        }
        if (token.format() != null && !KeyTypes.fits(token.format(), value)) {
          error(field, where + " formats " + field + " as " + token.format() + ", which does not apply to a " + type
              + " (" + KeyTypes.formatRule(token.format()) + ")", d);
        }
      }
    }

    /** " (did you mean username?)" when one component is a likely intended name. */
    private String suggestion(String field) {
      String best = null;
      int bestDistance = Integer.MAX_VALUE;
      for (String c : components.keySet()) {
        int d = distance(field.toLowerCase(Locale.ROOT), c.toLowerCase(Locale.ROOT));
        if (d < bestDistance) {
          bestDistance = d;
          best = c;
        }
      }
      return best != null && bestDistance <= Math.max(1, field.length() / 3) ? "; did you mean " + best + "?" : "";
    }

    private Declared declared(AnnotationMirror m, String member, String label, String attribute, String constant,
        boolean tableKey) {
      return new Declared(label, attribute, constant, string(m, member), tableKey, m, value(m, member));
    }

    /** An error on the type: {@code field} (null for none) named in the message, pointing at {@code value}. */
    private void error(String field, String message, AnnotationMirror m, AnnotationValue value) {
      failed = true;
      processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR,
          "Entity " + entity + (field == null ? "" : ", field " + field) + ": " + message, type, m, value);
    }

    private void error(String field, String message, Declared d) {
      error(field, message, d.mirror(), d.value());
    }
  }

  private static String kind(Element e) {
    return e.getKind().name().toLowerCase(Locale.ROOT).replace('_', ' ');
  }

  private static AnnotationMirror mirrorOf(Element e, String annotation) {
    for (AnnotationMirror m : e.getAnnotationMirrors()) {
      if (((TypeElement) m.getAnnotationType().asElement()).getQualifiedName().contentEquals(annotation)) {
        return m;
      }
    }
    throw new IllegalStateException(e + " has no @" + annotation);
  }

  /** The value written for {@code member}, or null when the default applies. */
  private static AnnotationValue value(AnnotationMirror m, String member) {
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e : m.getElementValues().entrySet()) {
      if (e.getKey().getSimpleName().contentEquals(member)) {
        return e.getValue();
      }
    }
    return null;
  }

  private static String string(AnnotationMirror m, String member) {
    AnnotationValue v = value(m, member);
    return v == null ? "" : (String) v.getValue();
  }

  /** Levenshtein distance. */
  static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitute = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitute, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}
