package io.partita.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ListTagsOfResourceResponse;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Tag;

/**
 * Tags (issue 16): TagResource, UntagResource and ListTagsOfResource on a table by its ARN, with the
 * service's limits and rules, CreateTable's Tags under the same rules, kept across restarts and gone
 * with the table. Facts: docs/tags.md.
 */
class TagsTest extends OpenedDatabase {
  private String createTable(String name, Tag... tags) {
    return dynamo.createTable(b -> {
      b.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
          .attributeDefinitions(def("pk"), def("g"))
          .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build())
          .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("byG")
              .keySchema(KeySchemaElement.builder().attributeName("g").keyType(KeyType.HASH).build())
              .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY)).build());
      if (tags.length > 0) {
        b.tags(tags);
      }
    }).tableDescription().tableArn();
  }

  private static AttributeDefinition def(String name) {
    return AttributeDefinition.builder().attributeName(name).attributeType(ScalarAttributeType.S).build();
  }

  private static Tag tag(String key, String value) {
    return Tag.builder().key(key).value(value).build();
  }

  private static List<Tag> numbered(int from, int to) {
    List<Tag> tags = new ArrayList<>();
    for (int i = from; i < to; i++) {
      tags.add(tag("k" + i, "v" + i));
    }
    return tags;
  }

  /** All the table's tags, which one call answers (no NextToken). */
  private Map<String, String> tags(String arn) {
    Map<String, String> all = new TreeMap<>();
    String token = null;
    do {
      String t = token;
      ListTagsOfResourceResponse r = dynamo.listTagsOfResource(b -> b.resourceArn(arn).nextToken(t));
      for (Tag tag : r.tags()) {
        assertNull(all.put(tag.key(), tag.value()), "a tag listed twice: " + tag);
      }
      token = r.nextToken();
      assertNull(token, "a table's tags fit one page");
    } while (token != null);
    return all;
  }

  private DynamoDbException refused(Runnable call) {
    return assertThrows(DynamoDbException.class, call::run);
  }

  private void assertValidation(String messagePart, Runnable call) {
    DynamoDbException e = refused(call);
    assertEquals("ValidationException", e.awsErrorDetails().errorCode(), e.getMessage());
    assertTrue(e.awsErrorDetails().errorMessage().contains(messagePart), e.awsErrorDetails().errorMessage());
  }

  @Test
  void tagsAreAddedOverwrittenRemovedAndListed() {
    open(Partita.inMemory());
    String arn = createTable("app");
    assertEquals(Map.of(), tags(arn));
    assertEquals(List.of(), dynamo.listTagsOfResource(b -> b.resourceArn(arn)).tags());

    dynamo.tagResource(b -> b.resourceArn(arn).tags(tag("env", "test"), tag("team", "data"), tag(" ", ""),
        tag("ünïcode Ѯ", "a+b-c=d.e_f:g/h@i")));
    assertEquals(Map.of("env", "test", "team", "data", " ", "", "ünïcode Ѯ", "a+b-c=d.e_f:g/h@i"), tags(arn));

    dynamo.tagResource(b -> b.resourceArn(arn).tags(tag("env", "prod")));
    assertEquals("prod", tags(arn).get("env"));

    // absent keys are no error
    dynamo.untagResource(b -> b.resourceArn(arn).tagKeys("team", "never-there"));
    assertEquals(Map.of("env", "prod", " ", "", "ünïcode Ѯ", "a+b-c=d.e_f:g/h@i"), tags(arn));
  }

  /**
   * Every tag in one answer, as code written against the service relies on: it untags what one call
   * listed and expects none left (issue 34). A NextToken given still resumes after that key.
   */
  @Test
  void listingAnswersEveryTagInOnePage() {
    open(Partita.inMemory());
    String arn = createTable("app");
    dynamo.tagResource(b -> b.resourceArn(arn).tags(numbered(0, 50)));
    ListTagsOfResourceResponse all = dynamo.listTagsOfResource(b -> b.resourceArn(arn));
    assertEquals(50, all.tags().size());
    assertNull(all.nextToken());
    dynamo.untagResource(b -> b.resourceArn(arn).tagKeys(all.tags().stream().map(Tag::key).toList()));
    assertEquals(List.of(), dynamo.listTagsOfResource(b -> b.resourceArn(arn)).tags());

    dynamo.tagResource(b -> b.resourceArn(arn).tags(numbered(0, 25)));
    ListTagsOfResourceResponse after = dynamo.listTagsOfResource(b -> b.resourceArn(arn).nextToken("k7"));
    assertEquals(List.of("k8", "k9"), after.tags().stream().map(Tag::key).limit(2).toList());
    assertNull(after.nextToken());
  }

  @Test
  void fiftyTagsAtMostCountingThoseThereAndNotDoubleCountingOverwrites() {
    open(Partita.inMemory());
    String arn = createTable("app");
    dynamo.tagResource(b -> b.resourceArn(arn).tags(numbered(0, 30)));
    // 20..29 overwrite: 40 tags in all
    dynamo.tagResource(b -> b.resourceArn(arn).tags(numbered(20, 40)));
    assertEquals(40, tags(arn).size());
    assertValidation("Too many tags", () -> dynamo.tagResource(b -> b.resourceArn(arn).tags(numbered(40, 51))));
    assertEquals(40, tags(arn).size());
    dynamo.tagResource(b -> b.resourceArn(arn).tags(numbered(0, 50)));
    assertEquals(50, tags(arn).size());
    assertValidation("Too many tags", () -> dynamo.tagResource(b -> b.resourceArn(arn).tags(tag("one", "more"))));

    // CreateTable by the same rule, and a refused table is not created
    assertValidation("Too many tags", () -> createTable("crowded", numbered(0, 51).toArray(new Tag[0])));
    assertThrows(ResourceNotFoundException.class, () -> dynamo.describeTable(b -> b.tableName("crowded")));
    String full = createTable("full", numbered(0, 50).toArray(new Tag[0]));
    assertEquals(50, tags(full).size());
  }

  @Test
  void keysAndValuesObeyTheRules() {
    open(Partita.inMemory());
    String arn = createTable("app");
    for (String bad : List.of("hi!", "d%g", "\"hello\"", "#!%^$&", "<>", "a\\b")) {
      assertValidation("tag key", () -> dynamo.tagResource(b -> b.resourceArn(arn).tags(tag(bad, "v"))));
      assertValidation("tag value", () -> dynamo.tagResource(b -> b.resourceArn(arn).tags(tag("k", bad))));
    }
    for (String reserved : List.of("aws:owner", "AWS:x", "Aws:")) {
      assertValidation("aws:", () -> dynamo.tagResource(b -> b.resourceArn(arn).tags(tag(reserved, "v"))));
      assertValidation("aws:", () -> dynamo.untagResource(b -> b.resourceArn(arn).tagKeys(reserved)));
      assertValidation("aws:", () -> createTable("reserved", tag(reserved, "v")));
    }
    // the prefix is reserved in keys only
    dynamo.tagResource(b -> b.resourceArn(arn).tags(tag("owner", "aws:me")));

    String key128 = "k".repeat(128);
    String value256 = "v".repeat(256);
    dynamo.tagResource(b -> b.resourceArn(arn).tags(tag(key128, value256), tag("empty", "")));
    assertEquals(value256, tags(arn).get(key128));
    assertEquals("", tags(arn).get("empty"));
    assertValidation("128", () -> dynamo.tagResource(b -> b.resourceArn(arn).tags(tag("k".repeat(129), "v"))));
    assertValidation("256", () -> dynamo.tagResource(b -> b.resourceArn(arn).tags(tag("k", "v".repeat(257)))));
    assertValidation("key", () -> dynamo.tagResource(b -> b.resourceArn(arn).tags(tag("", "v"))));
    assertValidation("value", () -> dynamo.tagResource(b -> b.resourceArn(arn).tags(Tag.builder().key("k").build())));
    assertValidation("Atleast one Tag", () -> dynamo.tagResource(b -> b.resourceArn(arn).tags(List.of())));
    assertValidation("Value null at 'tags'", () -> dynamo.tagResource(b -> b.resourceArn(arn)));
    assertValidation("Value null at 'tagKeys'", () -> dynamo.untagResource(b -> b.resourceArn(arn)));
    assertValidation("tag value", () -> createTable("badchars", tag("k", "v!")));
    assertThrows(ResourceNotFoundException.class, () -> dynamo.describeTable(b -> b.tableName("badchars")));
    assertEquals(3, tags(arn).size());
  }

  @Test
  void onlyATableArnOfAnExistingTableIsTagged() {
    open(Partita.inMemory());
    String arn = createTable("app");
    String indexArn = dynamo.describeTable(b -> b.tableName("app")).table().globalSecondaryIndexes().get(0).indexArn();
    assertValidation("Invalid TableArn: Invalid ResourceArn provided as input " + indexArn,
        () -> dynamo.listTagsOfResource(b -> b.resourceArn(indexArn)));
    assertValidation("Invalid TableArn: Invalid ResourceArn provided as input " + indexArn,
        () -> dynamo.tagResource(b -> b.resourceArn(indexArn).tags(tag("k", "v"))));
    for (String malformed : List.of("I_do_not_exist", " ", "", "table/app")) {
      assertValidation("ARNs", () -> dynamo.tagResource(b -> b.resourceArn(malformed).tags(tag("k", "v"))));
    }
    for (String malformed : List.of("arn:not/a/good/format", "a:b:c:d:e:f/g",
        "arn:aws:dynamodb:us-east-1:000000000000:table/ab")) {
      assertValidation("Invalid TableArn: Invalid ResourceArn provided as input " + malformed,
          () -> dynamo.untagResource(b -> b.resourceArn(malformed).tagKeys("k")));
    }
    assertValidation("Invalid TableArn", () -> dynamo.listTagsOfResource(b -> b.nextToken("x")));
    assertValidation("Invalid TableArn", () -> dynamo.tagResource(b -> b.tags(tag("k", "v"))));

    String missing = arn + "x";
    DynamoDbException e = assertThrows(ResourceNotFoundException.class,
        () -> dynamo.tagResource(b -> b.resourceArn(missing).tags(tag("k", "v"))));
    assertEquals("Requested resource not found: ResourcArn: " + missing + " not found",
        e.awsErrorDetails().errorMessage());
    assertThrows(ResourceNotFoundException.class, () -> dynamo.listTagsOfResource(b -> b.resourceArn(missing)));
    DynamoDbException untag = assertThrows(ResourceNotFoundException.class,
        () -> dynamo.untagResource(b -> b.resourceArn(missing).tagKeys("k")));
    assertEquals("Requested resource not found", untag.awsErrorDetails().errorMessage());
    assertValidation("Atleast one Tag Key needs to be provided as Input.",
        () -> dynamo.untagResource(b -> b.resourceArn(missing).tagKeys(List.of())));
    assertValidation("Value null at 'tagKeys'", () -> dynamo.untagResource(b -> b.resourceArn("a:b:c:d:e:f/g")));
    String otherRegion = arn.replace("us-east-1", "eu-west-2");
    assertThrows(ResourceNotFoundException.class, () -> dynamo.listTagsOfResource(b -> b.resourceArn(otherRegion)));
    // another account's table: access denied, as the service answers it (recorded 2025-2026, issue 34)
    String otherAccount = arn.replace(":000000000000:", ":123456789012:");
    DynamoDbException denied = assertThrows(DynamoDbException.class,
        () -> dynamo.listTagsOfResource(b -> b.resourceArn(otherAccount)));
    assertEquals("AccessDeniedException", denied.awsErrorDetails().errorCode());
    assertEquals(400, denied.statusCode());
    assertEquals("User: arn:aws:iam::000000000000:root is not authorized to perform: dynamodb:ListTagsOfResource on"
        + " resource: " + otherAccount, denied.awsErrorDetails().errorMessage());
    assertEquals("AccessDeniedException", assertThrows(DynamoDbException.class,
        () -> dynamo.tagResource(b -> b.resourceArn(otherAccount).tags(tag("k", "v")))).awsErrorDetails().errorCode());
    assertEquals("AccessDeniedException", assertThrows(DynamoDbException.class,
        () -> dynamo.untagResource(b -> b.resourceArn(otherAccount).tagKeys("k"))).awsErrorDetails().errorCode());
  }

  @Test
  void tagsSurviveARestartAndLeaveWithTheTable(@TempDir Path dir) {
    open(Partita.open(dir));
    String arn = createTable("app", tag("made", "with-table"));
    dynamo.tagResource(b -> b.resourceArn(arn).tags(tag("env", "test")));
    partita.close();
    open(Partita.open(dir));
    assertEquals(Map.of("made", "with-table", "env", "test"), tags(arn));

    dynamo.deleteTable(b -> b.tableName("app"));
    assertThrows(ResourceNotFoundException.class, () -> dynamo.listTagsOfResource(b -> b.resourceArn(arn)));
    String again = createTable("app");
    assertEquals(arn, again);
    assertEquals(Map.of(), tags(again));
  }
}
