package io.partita.model.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;

import org.junit.jupiter.api.Test;

import io.partita.model.AccessPattern;
import io.partita.model.Entity;
import io.partita.model.Field;
import io.partita.model.Key;
import io.partita.model.Model;
import io.partita.model.TableSchema;

/**
 * The processor run by the JDK's compiler on small sources: each mistake is a compile error with the message
 * {@code Model.build()} would give, reported on the annotation value it is about; a correct record compiles and gets
 * its {@code _} class, whose entity builds a model.
 */
class KeyTemplateProcessorTest {

  private static final String IMPORTS = "package app;\n\nimport java.util.*;\nimport io.partita.model.KeyTemplates;\n\n";

  private static Compilation compile(String body) {
    return Compilation.of("app.Sample", IMPORTS + body);
  }

  /** The one error of {@code c}; asserts there is exactly one. */
  private static Diagnostic<? extends JavaFileObject> onlyError(Compilation c) {
    assertFalse(c.success, "compilation should fail");
    List<Diagnostic<? extends JavaFileObject>> errors = c.errors();
    assertEquals(1, errors.size(), () -> "errors: " + c.errorMessages());
    return errors.get(0);
  }

  @Test
  void aTypoInAPlaceholderFailsCompilationAtThatTemplate() {
    Compilation c = compile("""
        @KeyTemplates(partition = "USER#{usrname}", sort = "PROFILE")
        record User(String username, String name) {}
        class Sample {}
        """);
    Diagnostic<? extends JavaFileObject> error = onlyError(c);
    assertEquals("Entity User, field usrname: the table partition key template 'USER#{usrname}' names a field that"
        + " record User does not have (it has [username, name]); did you mean username?", error.getMessage(null));
    assertEquals("\"USER#{usrname}\"", c.pointedAt(error));
    assertEquals(6, error.getLineNumber());
    assertFalse(c.hasGenerated("app.User_"), "nothing generated for a record with errors");
  }

  @Test
  void anIndexTemplateIsReportedOnTheIndexValue() {
    Compilation c = compile("""
        @KeyTemplates(partition = "POST#{postId}", sort = "POST",
            indexes = {
                @KeyTemplates.Index(name = "gsi1", partition = "USER#{author}", sort = "POST#{postid}"),
                @KeyTemplates.Index(name = "lsi1", local = true, sort = "AT#{at}")})
        record Post(String postId, String author, String at) {}
        class Sample {}
        """);
    Diagnostic<? extends JavaFileObject> error = onlyError(c);
    assertEquals("Entity Post, field postid: the index gsi1 sort key template 'POST#{postid}' names a field that"
        + " record Post does not have (it has [postId, author, at]); did you mean postId?", error.getMessage(null));
    assertEquals("\"POST#{postid}\"", c.pointedAt(error));
  }

  @Test
  void everyProblemOfARecordIsReportedInOneCompilation() {
    Compilation c = compile("""
        @KeyTemplates(name = "order", partition = "CUSTOMER#{customer}", sort = "ORDER#{placed}#{id",
            indexes = @KeyTemplates.Index(name = "gsi1", partition = "STATUS#{status:upper}", sort = "{total:08d}"))
        record Order(String customerId, String id, java.time.Instant placed, int status,
                     java.math.BigDecimal total) {}
        class Sample {}
        """);
    assertFalse(c.success);
    assertEquals(List.of(
        "Entity order, field customer: the table partition key template 'CUSTOMER#{customer}' names a field that"
            + " record Order does not have (it has [customerId, id, placed, status, total]); did you mean customerId?",
        "Entity order: the table sort key template 'ORDER#{placed}#{id' cannot be parsed: '{' at position 15 is"
            + " never closed in 'ORDER#{placed}#{id'",
        "Entity order, field status: the index gsi1 partition key template 'STATUS#{status:upper}' formats status"
            + " as upper, which does not apply to a int (upper and lower apply to String and enum fields)",
        "Entity order, field total: the index gsi1 sort key template '{total:08d}' formats total as 08d, which"
            + " does not apply to a java.math.BigDecimal (0Nd pads whole numbers: int, long, short, byte,"
            + " BigInteger)"), c.errorMessages());
  }

  @Test
  void anOptionalFieldIsRefusedInTheTableKeyButServesASparseIndex() {
    Compilation refused = compile("""
        @KeyTemplates(partition = "ORG#{org}", sort = "TEAM#{team}")
        record Team(String org, Optional<String> team) {}
        class Sample {}
        """);
    Diagnostic<? extends JavaFileObject> error = onlyError(refused);
    assertEquals("Entity Team, field team: the table sort key template 'TEAM#{team}' uses an Optional field; table"
        + " key fields must be required (Optional fields suit sparse index keys)", error.getMessage(null));
    assertEquals("\"TEAM#{team}\"", refused.pointedAt(error));

    Compilation sparse = compile("""
        @KeyTemplates(partition = "ORG#{org}", sort = "TEAM#{id}",
            indexes = @KeyTemplates.Index(name = "gsi1", partition = "LEAD#{lead}"))
        record Team(String org, String id, Optional<String> lead) {}
        class Sample {}
        """);
    assertTrue(sparse.success, () -> sparse.errorMessages().toString());
  }

  @Test
  void aFieldThatCannotBePartOfAKeyIsRefused() {
    Compilation c = compile("""
        @KeyTemplates(partition = "CART#{items}")
        record Cart(List<String> items) {}
        class Sample {}
        """);
    assertEquals("Entity Cart, field items: the table partition key template 'CART#{items}' uses a field of type"
        + " java.util.List<java.lang.String>, which cannot be part of a key", onlyError(c).getMessage(null));
  }

  @Test
  void misplacedAnnotationsAndIndexesAreRefused() {
    Compilation onAClass = compile("""
        @KeyTemplates(partition = "X")
        class Sample {}
        """);
    assertEquals("Entity Sample: @KeyTemplates goes on a record (an entity is a record), not on a class",
        onlyError(onAClass).getMessage(null));

    Compilation local = compile("""
        @KeyTemplates(partition = "P#{p}", sort = "S#{s}",
            indexes = @KeyTemplates.Index(name = "lsi1", local = true, partition = "Q#{p}", sort = "T#{s}"))
        record Row(String p, String s) {}
        class Sample {}
        """);
    Diagnostic<? extends JavaFileObject> error = onlyError(local);
    assertEquals("Entity Row: a local index shares the table's partition key: give it a sort template only",
        error.getMessage(null));
    assertEquals("\"Q#{p}\"", local.pointedAt(error));

    Compilation twice = compile("""
        @KeyTemplates(partition = "P#{p}", sort = "S#{s}", indexes = {
            @KeyTemplates.Index(name = "gsi1", partition = "A#{s}"),
            @KeyTemplates.Index(name = "gsi1", partition = "B#{s}")})
        record Row(String p, String s) {}
        class Sample {}
        """);
    assertEquals("Entity Row: index gsi1 is declared twice", onlyError(twice).getMessage(null));

    Compilation hidden = compile("""
        class Sample {
          @KeyTemplates(partition = "P#{p}")
          private record Row(String p) {}
        }
        """);
    assertEquals("Entity Row: Row is private, so the generated Sample_Row_ beside it cannot name the record",
        onlyError(hidden).getMessage(null));
  }

  @Test
  void recordsTheGeneratedClassCouldNotServeAreRefused() {
    Compilation generic = compile("""
        @KeyTemplates(partition = "BOX#{id}")
        record Box<T>(String id, T content) {}
        class Sample {}
        """);
    assertEquals("Entity Box: a generic record cannot be an entity: Entity.of needs one class",
        onlyError(generic).getMessage(null));

    Compilation clash = compile("""
        @KeyTemplates(partition = "ROW#{id}", sort = "S")
        record Row(String id, String SORT) {}
        class Sample {}
        """);
    assertEquals("Entity Row, field SORT: has the name of a generated template constant; rename it",
        onlyError(clash).getMessage(null));

    Compilation noPartition = compile("""
        @KeyTemplates(partition = "ROW#{id}", sort = "S", indexes = @KeyTemplates.Index(name = "gsi1", sort = "X"))
        record Row(String id) {}
        class Sample {}
        """);
    assertEquals("Entity Row: index gsi1 needs a partition template (local = true for a local index)",
        onlyError(noPartition).getMessage(null));
  }

  @Test
  void aCorrectRecordGetsTemplateConstantsTypedFieldsAndItsEntity() throws Exception {
    Compilation c = Compilation.of("app.Blog", """
        package app;

        import java.time.Instant;
        import java.util.Optional;
        import io.partita.model.KeyTemplates;

        public class Blog {
          @KeyTemplates(name = "post", partition = "USER#{username}", sort = "POST#{postId}",
              indexes = {
                  @KeyTemplates.Index(name = "gsi1", partition = "POST", sort = "STATUS#{published}#{postId}"),
                  @KeyTemplates.Index(name = "by-rank", partition = "RANK", sort = "{rank:06d}#{kind:lower}"),
                  @KeyTemplates.Index(name = "lsi1", local = true, sort = "AT#{createdAt}")})
          public record Post(String username, String postId, String title, Optional<String> content,
                             boolean published, int rank, Kind kind, Instant createdAt) {}

          public enum Kind { NOTE, ESSAY }
        }
        """);
    assertTrue(c.success, () -> c.errorMessages().toString());
    assertEquals(List.of(), c.diagnostics.stream().filter(d -> d.getKind() == Diagnostic.Kind.WARNING)
        .map(d -> d.getMessage(null)).toList(), "the generated code compiles without warnings");
    Class<?> fields = c.classLoader().loadClass("app.Blog_Post_");
    assertTrue(java.lang.reflect.Modifier.isPublic(fields.getModifiers()), "public like the record");
    assertEquals("USER#{username}", fields.getField("PARTITION").get(null));
    assertEquals("POST#{postId}", fields.getField("SORT").get(null));
    assertEquals("POST", fields.getField("GSI1_PARTITION").get(null));
    assertEquals("STATUS#{published}#{postId}", fields.getField("GSI1_SORT").get(null));
    assertEquals("{rank:06d}#{kind:lower}", fields.getField("BY_RANK_SORT").get(null));
    assertEquals("AT#{createdAt}", fields.getField("LSI1_SORT").get(null));
    for (String component : List.of("username", "postId", "title", "content", "published", "rank", "kind",
        "createdAt")) {
      Field<?, ?> f = (Field<?, ?>) fields.getField(component).get(null);
      assertEquals(component, f.name(), "a Field the model resolves to its component");
    }
    assertEquals("io.partita.model.Field<app.Blog$Post, java.util.Optional<java.lang.String>>",
        fields.getField("content").getGenericType().getTypeName());
    assertEquals("io.partita.model.Field<app.Blog$Post, java.lang.Integer>",
        fields.getField("rank").getGenericType().getTypeName());

    Key key = (Key) fields.getMethod("key", String.class, String.class).invoke(null, "alice", "p1");
    assertEquals(Map.of("username", "alice", "postId", "p1"), key.values(), "the table key's fields, in order");
    assertEquals(List.of("username", "postId"), List.copyOf(key.values().keySet()));

    Entity<?> entity = (Entity<?>) fields.getMethod("entity").invoke(null);
    assertEquals("post", entity.name());
    String worksheet = model(entity, (String) fields.getField("PARTITION").get(null),
        (String) fields.getField("GSI1_PARTITION").get(null)).worksheet();
    assertTrue(worksheet.contains("| Posts by user | post |"), worksheet);
    assertTrue(worksheet.contains("| Published posts | post |"), worksheet);
  }

  /** The generated entity in a model whose patterns name the generated constants: {@code build()} accepts both. */
  private static <T extends Record> Model model(Entity<T> post, String partition, String gsi1Partition) {
    return Model.builder(TableSchema.named("Blog").globalIndex("gsi1", "gsi1pk", "gsi1sk")
            .globalIndex("by-rank", "rankpk", "ranksk").localIndex("lsi1", "lsi1sk"))
        .entities(post)
        .patterns(AccessPattern.of("Posts by user", post).partition(partition).sortBeginsWith("POST#").build(),
            AccessPattern.of("Published posts", post).index("gsi1").partition(gsi1Partition)
                .sortBeginsWith("STATUS#{published}#").build())
        .build();
  }

  @Test
  void theGeneratedFieldsAreTyped() {
    String record = """
        package app;
        import io.partita.model.KeyTemplates;
        @KeyTemplates(partition = "USER#{username}")
        record User(String username, long points) {}
        """;
    Compilation ok = Compilation.of(Map.of("app.User", record, "app.Use", """
        package app;
        import io.partita.model.Key;
        class Use { Key k = Key.of(User_.username, "alice"); }
        """));
    assertTrue(ok.success, () -> ok.errorMessages().toString());
    assertFalse(ok.generated("app.User_").contains("public final class"), "package-private like the record");

    Compilation wrongType = Compilation.of(Map.of("app.User", record, "app.Use", """
        package app;
        import io.partita.model.Key;
        class Use { Key k = Key.of(User_.points, "many"); }
        """));
    assertFalse(wrongType.success, "a String for a long field does not compile");
    assertEquals(1, wrongType.errors().size(), () -> wrongType.errorMessages().toString());
    assertTrue(wrongType.pointedAt(wrongType.errors().get(0)).contains("Key.of"), wrongType.errorMessages().toString());

    Compilation wrongKey = Compilation.of(Map.of("app.User", record, "app.Use", """
        package app;
        import io.partita.model.Key;
        class Use { Key k = User_.key(42); }
        """));
    assertFalse(wrongKey.success, "a number for the String key field does not compile");
    assertTrue(wrongKey.pointedAt(wrongKey.errors().get(0)).contains("42"), wrongKey.errorMessages().toString());
  }
}
