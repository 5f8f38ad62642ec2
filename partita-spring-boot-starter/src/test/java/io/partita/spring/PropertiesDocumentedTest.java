package io.partita.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.protocols.jsoncore.JsonNode;

/**
 * Every partita.* property the starter binds is in the configuration metadata with a description (what the IDE
 * shows) and in the module's README (what a reader finds): a property added without either fails here.
 */
class PropertiesDocumentedTest {

  @Test
  void everyPropertyIsDescribedAndInTheReadme() throws IOException {
    List<JsonNode> properties;
    try (InputStream in = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
      assertThat(in).as("the configuration processor's output").isNotNull();
      properties = JsonNode.parser().parse(in).field("properties").orElseThrow().asArray();
    }
    String readme = Files.readString(readme(), StandardCharsets.UTF_8);
    assertThat(properties).hasSizeGreaterThanOrEqualTo(10);
    for (JsonNode p : properties) {
      String name = p.field("name").orElseThrow().text();
      assertThat(p.field("description").map(JsonNode::text).orElse("")).as(name).isNotBlank();
      assertThat(readme).as("README names " + name).contains("`" + name + "`");
    }
  }

  /** The module's README: Maven names it (the tests also run from boot3/); from an IDE, the working folder's. */
  private static Path readme() {
    String set = System.getProperty("partita.starter.readme");
    return set != null ? Path.of(set) : Path.of("README.md");
  }
}
