package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

import io.partita.model.TableSchema.Projection;
import io.partita.model.onetable.OneTableSchema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.protocols.jsoncore.JsonNode;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.SearchSchemaElement;
import software.amazon.awssdk.services.dynamodb.model.VectorIndexDescription;

import static software.amazon.awssdk.services.dynamodb.model.VectorDistanceFunction.COSINE;

/**
 * Issue 38 in partita-model, the declarations: what DynamoDB would refuse of a vector index is refused when the table
 * is declared, the CreateTable request carries the index, {@code Model.Builder.build()} refuses a binding that could
 * not be written or searched, and each export carries the index, refuses it or says it left it out.
 */
class VectorDeclarationTest {
  record Doc(String tenant, String id, String title, float[] embedding) {}

  record Untenanted(String id, float[] embedding) {}

  record Numbered(int tenant, String id, float[] embedding) {}

  record Renamed(String tenant, String id, @Attr("emb") float[] embedding) {}

  record Texted(String tenant, String id, String embedding) {}

  record Doubles(String tenant, String id, java.util.List<Double> embedding) {}

  record Plain(String id, String title) {}

  static VectorIndex byMeaning() {
    return VectorIndex.of("byMeaning", "embedding", 3, COSINE).partitionKey("tenant");
  }

  static TableSchema table() {
    return TableSchema.named("Docs").vectorIndex(byMeaning());
  }

  static Entity<Doc> doc() {
    return Entity.of(Doc.class).key("TENANT#{tenant}", "DOC#{id}").vector("embedding", "byMeaning");
  }

  static void refused(Executable declaration, String why) {
    ModelException e = assertThrows(ModelException.class, declaration);
    assertTrue(e.getMessage().contains(why), e.getMessage());
  }

  @Test
  void theTableRefusesWhatDynamoDbWouldRefuse() {
    refused(() -> VectorIndex.of("v00", "embedding", 0, COSINE), "has 0 dimensions; DynamoDB takes 1 to 4096");
    refused(() -> VectorIndex.of("v00", "embedding", 4097, COSINE), "has 4097 dimensions");
    refused(() -> VectorIndex.of("v00", "embedding", 3, null), "needs a distance function");
    refused(() -> VectorIndex.of("v0", "embedding", 3, COSINE), "has 2 characters");
    refused(() -> table().provisioned(5, 5), "need on-demand billing (PAY_PER_REQUEST)");
    refused(() -> TableSchema.named("Docs").provisioned(5, 5).vectorIndex(byMeaning()), "need on-demand billing");
    TableSchema five = TableSchema.named("Docs");
    for (int i = 0; i < 5; i++) {
      five = five.vectorIndex(VectorIndex.of("v" + i + "x", "embedding", 3, COSINE));
    }
    TableSchema full = five;
    refused(() -> full.vectorIndex(VectorIndex.of("v5x", "embedding", 3, COSINE)), "DynamoDB takes at most 5");
    refused(() -> table().vectorIndex(byMeaning()), "Vector index byMeaning is declared twice");
    refused(() -> table().globalIndex("byMeaning", "gsi1pk", "gsi1sk"), "a secondary index has that name already");
    refused(() -> TableSchema.named("Docs").globalIndex("byMeaning", "gsi1pk").vectorIndex(byMeaning()),
        "a secondary index has that name already");
    refused(() -> TableSchema.named("Docs").vectorIndex(VectorIndex.of("vpk", "pk", 3, COSINE)),
        "pk is a key attribute or the type attribute");
    refused(() -> table().globalIndex("gsi1", "embedding"), "embedding is a key attribute");
    refused(() -> table().vectorIndex(VectorIndex.of("wider", "embedding", 4, COSINE)),
        "has 4 dimensions, another index on embedding has 3");
    refused(() -> byMeaning().partitionKey("other"), "DynamoDB takes one HASH element");
    refused(() -> byMeaning().inlineFilter("tenant"), "attribute tenant is in its search schema twice");
    refused(() -> byMeaning().inlineFilter("embedding"), "the vector attribute embedding cannot be in its search");
    refused(() -> byMeaning().inlineFilter("flag", ScalarAttributeType.UNKNOWN_TO_SDK_VERSION), "needs a type");
    refused(() -> TableSchema.named("Docs").vectorIndex(byMeaning().inlineFilter("sk", ScalarAttributeType.N)),
        "sk is a key attribute, defined as S, not N");
    VectorIndex many = byMeaning();
    for (int i = 0; i < VectorIndex.MAX_INLINE_FILTERS; i++) {
      many = many.inlineFilter("f" + i);
    }
    VectorIndex eighteen = many;
    refused(() -> eighteen.inlineFilter("f18"), "has 19 inline filters; DynamoDB takes at most 18");
    // the type attribute joins an INCLUDE projection: 17 named + it + the vector + one filter = 20, one more is 21
    List<String> names = new ArrayList<>();
    for (int i = 0; i < 17; i++) {
      names.add("a" + i);
    }
    VectorIndex twenty = byMeaning().inlineFilter("lang").projection(Projection.include(names.toArray(String[]::new)));
    TableSchema.named("Docs").vectorIndex(twenty);
    names.add("a17");
    refused(() -> TableSchema.named("Docs").vectorIndex(twenty.projection(Projection.include(names.toArray(
        String[]::new)))), "projects 21 attributes");
  }

  @Test
  void theCreateTableRequestCarriesTheIndexAndDefinesItsSearchSchema() {
    CreateTableRequest r = TableSchema.named("Docs").vectorIndex(byMeaning().inlineFilter("year",
        ScalarAttributeType.N).projection(Projection.include("title"))).createTableRequest();
    assertEquals("PAY_PER_REQUEST", r.billingModeAsString());
    assertEquals(List.of("pk:S", "sk:S", "tenant:S", "year:N"), r.attributeDefinitions().stream()
        .map(d -> d.attributeName() + ":" + d.attributeTypeAsString()).toList());
    var v = r.vectorIndexes().get(0);
    assertEquals(List.of("byMeaning", "embedding", 3L, "COSINE"), List.of(v.indexName(),
        v.vectorAttribute().attributeName(), v.dimensions(), v.distanceFunctionAsString()));
    assertEquals(List.of("tenant:HASH", "year:INLINE_FILTER"), v.searchSchema().stream()
        .map(e -> e.attributeName() + ":" + e.searchSchemaElementTypeAsString()).toList());
    assertEquals("INCLUDE", v.projection().projectionTypeAsString());
    assertEquals(List.of("title", "_type"), v.projection().nonKeyAttributes()); // reads decode by the type
    assertTrue(table().toString().contains("vector indexes [byMeaning]"), table().toString());
  }

  @Test
  void buildingTheModelRefusesABindingThatCouldNotBeWrittenOrSearched() {
    Supplier<Model.Builder> docs = () -> Model.builder(table());
    refused(() -> docs.get().entities(Entity.of(Texted.class).key("T#{tenant}", "D#{id}")
        .vector("embedding", "byMeaning")).build(), "Entity Texted, field embedding: a vector is a float[] or a"
        + " List<Float> (or an Optional of one), not a java.lang.String");
    refused(() -> docs.get().entities(Entity.of(Doubles.class).key("T#{tenant}", "D#{id}")
        .vector("embedding", "byMeaning")).build(), "not a java.util.List<java.lang.Double>");
    refused(() -> docs.get().entities(Entity.of(Doc.class).key("T#{tenant}", "D#{id}")
        .vector("embeding", "byMeaning")).build(), "record Doc has no component embeding");
    refused(() -> docs.get().entities(Entity.of(Doc.class).key("T#{tenant}", "D#{id}")
        .vector("embedding", "byMeaning").vector("embedding", "elsewhere")).build(),
        "vector index elsewhere is not a vector index of table Docs (it has [byMeaning])");
    refused(() -> docs.get().entities(Entity.of(Plain.class).key("P#{id}", "P")).build(),
        "Table Docs, vector index byMeaning: no entity writes its vector attribute embedding");
    refused(() -> docs.get().entities(Entity.of(Untenanted.class).key("U#{id}", "U")
        .vector("embedding", "byMeaning")).build(), "vector index byMeaning is partitioned by attribute tenant,"
        + " which the entity does not write");
    refused(() -> docs.get().entities(Entity.of(Numbered.class).key("N#{tenant}", "D#{id}")
        .vector("embedding", "byMeaning")).build(), "Entity Numbered, field tenant: is stored as N, but vector"
        + " index byMeaning defines its search schema attribute tenant as S: declare it as N");
    refused(() -> docs.get().entities(Entity.of(Renamed.class).key("R#{tenant}", "D#{id}")
        .vector("embedding", "byMeaning")).build(), "is stored as emb, but vector index byMeaning reads attribute"
        + " embedding");
    refused(() -> docs.get().entities(doc(), Entity.of(Renamed.class).key("R#{tenant}", "D#{id}")
        .storedAs("embedding", "embedding")).build(), "Entity Renamed, field embedding: is stored as embedding, the"
        + " vector attribute of vector index byMeaning, so DynamoDB puts it there: bind it");
    refused(() -> Model.builder(TableSchema.named("Docs").vectorIndex(byMeaning().projection(Projection.keysOnly())))
        .entities(doc()).build(), "vector index byMeaning projects KEYS_ONLY, not id");
    refused(() -> Model.builder(TableSchema.named("Docs").vectorIndex(byMeaning().projection(Projection.include(
        "id")))).entities(doc()).build(), "projects INCLUDE [id], not title; a search returns whole records");
    Model.builder(TableSchema.named("Docs").vectorIndex(byMeaning().projection(Projection.include("id", "title"))))
        .entities(doc()).build(); // tenant is in the search schema, the vector is never returned
    assertThrows(IllegalArgumentException.class, () -> doc().vector("title", "byMeaning"));
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void cloudFormationCarriesTheVectorIndexAndCreatesTheSameTable(Backend backend) {
    String fromModel = Backend.freshTable("Docs");
    String fromTemplate = Backend.freshTable("DocsCfn");
    Model model = Model.builder(TableSchema.named(fromModel).vectorIndex(byMeaning().inlineFilter("title")))
        .entities(doc()).build();
    ModelClient.create(model, backend.client()).createTable();
    JsonNode props = JsonNode.parser().parse(model.table().toCloudFormation("DocsTable")).field("Resources")
        .orElseThrow().field("DocsTable").orElseThrow().field("Properties").orElseThrow();
    backend.client().createTable(createTableFrom(props, fromTemplate));
    assertEquals(shape(fromModel, backend), shape(fromTemplate, backend));
    assertEquals("{IndexName=byMeaning, VectorAttribute=embedding, Dimensions=3, DistanceFunction=COSINE,"
        + " SearchSchema=[tenant HASH, title INLINE_FILTER], Projection=ALL}", shape(fromTemplate, backend)
        .get("byMeaning"));
  }

  /** What CloudFormation sends for the properties this model has: CreateTable's, one for one. */
  private static CreateTableRequest createTableFrom(JsonNode p, String tableName) {
    List<AttributeDefinition> definitions = new ArrayList<>();
    p.field("AttributeDefinitions").orElseThrow().asArray().forEach(d -> definitions.add(AttributeDefinition
        .builder().attributeName(text(d, "AttributeName")).attributeType(text(d, "AttributeType")).build()));
    List<KeySchemaElement> keys = new ArrayList<>();
    p.field("KeySchema").orElseThrow().asArray().forEach(k -> keys.add(KeySchemaElement.builder()
        .attributeName(text(k, "AttributeName")).keyType(text(k, "KeyType")).build()));
    List<software.amazon.awssdk.services.dynamodb.model.VectorIndex> vectors = new ArrayList<>();
    for (JsonNode v : p.field("VectorIndexes").orElseThrow().asArray()) {
      List<SearchSchemaElement> schema = new ArrayList<>();
      v.field("SearchSchema").ifPresent(s -> s.asArray().forEach(e -> schema.add(SearchSchemaElement.builder()
          .attributeName(text(e, "AttributeName")).searchSchemaElementType(text(e, "SearchSchemaElementType"))
          .build())));
      vectors.add(software.amazon.awssdk.services.dynamodb.model.VectorIndex.builder()
          .indexName(text(v, "IndexName")).vectorAttribute(a -> a.attributeName(text(v.field("VectorAttribute")
              .orElseThrow(), "AttributeName"))).dimensions(Long.parseLong(v.field("Dimensions").orElseThrow()
              .asNumber())).distanceFunction(text(v, "DistanceFunction")).searchSchema(schema)
          .projection(pr -> pr.projectionType(text(v.field("Projection").orElseThrow(), "ProjectionType"))).build());
    }
    return CreateTableRequest.builder().tableName(tableName).attributeDefinitions(definitions).keySchema(keys)
        .billingMode(text(p, "BillingMode")).vectorIndexes(vectors).build();
  }

  private static String text(JsonNode n, String field) {
    return n.field(field).orElseThrow(() -> new AssertionError("no " + field + " in " + n)).asString();
  }

  /** The table's attribute definitions and vector indexes as DescribeTable reports them. */
  private static Map<String, String> shape(String table, Backend backend) {
    var d = backend.client().describeTable(b -> b.tableName(table)).table();
    Map<String, String> out = new TreeMap<>();
    d.attributeDefinitions().forEach(a -> out.put("attribute " + a.attributeName(), a.attributeTypeAsString()));
    out.put("billing", d.billingModeSummary().billingModeAsString());
    for (VectorIndexDescription v : d.vectorIndexes()) {
      out.put(v.indexName(), "{IndexName=" + v.indexName() + ", VectorAttribute=" + v.vectorAttribute()
          .attributeName() + ", Dimensions=" + v.dimensions() + ", DistanceFunction=" + v.distanceFunctionAsString()
          + ", SearchSchema=" + v.searchSchema().stream().map(e -> e.attributeName() + " "
          + e.searchSchemaElementTypeAsString()).toList() + ", Projection=" + v.projection().projectionTypeAsString()
          + "}");
    }
    return out;
  }

  @Test
  void theOtherExportsRefuseTheIndexOrSayTheyLeftItOut() {
    Model model = Model.builder(table()).entities(doc()).build();
    refused(() -> model.table().toTerraform("docs"), "Table Docs has vector indexes [byMeaning], and Terraform's"
        + " aws_dynamodb_table has no place for them");
    refused(model::toOneTable, "Table Docs has vector indexes [byMeaning], which a OneTable schema cannot express");
    String workbench = model.toNoSqlWorkbench("Docs");
    assertTrue(workbench.contains("\"Description\": \"Exported by partita-model. Not in this model, as NoSQL"
        + " Workbench has no place for them: vector indexes byMeaning (embedding, 3 dimensions, COSINE, search"
        + " schema [tenant HASH]) (the CloudFormation export carries them)\""), workbench);
    assertTrue(workbench.contains("\"AttributeName\": \"embedding\",\n          \"AttributeType\": \"L\""),
        workbench);
    // without a vector index, a float[] field is a OneTable array, and reads back as one
    Entity<Plainly> plain = Entity.of(Plainly.class).key("P#{id}", "P");
    String oneTable = Model.builder(TableSchema.named("Plain")).entities(plain).build().toOneTable();
    assertTrue(oneTable.contains("\"values\": {\n        \"type\": \"array\""), oneTable);
    OneTableSchema.parse(oneTable).entity("Plainly", Plainly.class);
  }

  record Plainly(String id, float[] values) {}
}
