package io.partita.engine.internal.ops.schema;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.table.Arns;
import io.partita.engine.internal.table.ResourcePolicy;
import io.partita.engine.internal.table.Table;
import io.partita.engine.internal.table.TableDef;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.model.DeleteResourcePolicyRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteResourcePolicyResponse;
import software.amazon.awssdk.services.dynamodb.model.GetResourcePolicyRequest;
import software.amazon.awssdk.services.dynamodb.model.GetResourcePolicyResponse;
import software.amazon.awssdk.services.dynamodb.model.PutResourcePolicyRequest;
import software.amazon.awssdk.services.dynamodb.model.PutResourcePolicyResponse;

/**
 * PutResourcePolicy, GetResourcePolicy and DeleteResourcePolicy on a table's or a stream's ARN, and
 * the one place a policy document is checked (CreateTable's ResourcePolicy too). Policies are stored
 * with the table's definition, so they survive restarts and leave with the table; they are answered,
 * not enforced: Partita has no IAM principals to evaluate them against. Facts and sources in
 * docs/other-operations.md.
 */
public final class ResourcePolicies {
  /** "The maximum size supported for a resource-based policy document is 20 KB", whitespace counted. */
  static final int MAX_BYTES = 20 * 1024;
  /** ExpectedRevisionId's value for "attach only if none is attached" (API reference). */
  static final String NO_POLICY = "NO_POLICY";
  private static final JsonFactory JSON = new JsonFactory();

  private ResourcePolicies() {}

  public static PutResourcePolicyResponse put(EngineContext ctx, PutResourcePolicyRequest req) {
    Arns.Resource resource = resource(ctx, req.resourceArn());
    synchronized (ctx.catalog()) {
      TableDef def = table(ctx, resource).def();
      String key = key(def, resource);
      ResourcePolicy current = def.policies().get(key);
      expect(req.expectedRevisionId(), current, def, req.resourceArn());
      long now = ctx.clock().millis();
      ResourcePolicy checked = checked(req.policy(), now);
      // an equivalent document (whitespace, key order) changes nothing and keeps its RevisionId
      // (moto's aws-verified test_put_resource_policy_multiple_times)
      if (current != null && canonical(current.document()).equals(canonical(checked.document()))) {
        return PutResourcePolicyResponse.builder().revisionId(current.revisionId()).build();
      }
      if (current != null && Long.parseLong(current.revisionId()) >= now) {
        // two changes in one millisecond still get distinct, increasing revision ids
        checked = new ResourcePolicy(checked.document(), Long.toString(Long.parseLong(current.revisionId()) + 1));
      }
      Map<String, ResourcePolicy> policies = new LinkedHashMap<>(def.policies());
      policies.put(key, checked);
      ctx.catalog().update(def.withPolicies(policies));
      return PutResourcePolicyResponse.builder().revisionId(checked.revisionId()).build();
    }
  }

  public static GetResourcePolicyResponse get(EngineContext ctx, GetResourcePolicyRequest req) {
    Arns.Resource resource = resource(ctx, req.resourceArn());
    TableDef def = table(ctx, resource).def();
    ResourcePolicy current = def.policies().get(key(def, resource));
    if (current == null) {
      throw policyNotFound(req.resourceArn());
    }
    return GetResourcePolicyResponse.builder().policy(current.document()).revisionId(current.revisionId()).build();
  }

  /**
   * Deletes the policy; with none attached it is an idempotent success with no RevisionId (API
   * reference; recorded), unless an ExpectedRevisionId was given.
   */
  public static DeleteResourcePolicyResponse delete(EngineContext ctx, DeleteResourcePolicyRequest req) {
    Arns.Resource resource = resource(ctx, req.resourceArn());
    synchronized (ctx.catalog()) {
      TableDef def = table(ctx, resource).def();
      String key = key(def, resource);
      ResourcePolicy current = def.policies().get(key);
      if (req.expectedRevisionId() != null) {
        expect(req.expectedRevisionId(), current, def, req.resourceArn());
      }
      if (current == null) {
        return DeleteResourcePolicyResponse.builder().build();
      }
      Map<String, ResourcePolicy> policies = new LinkedHashMap<>(def.policies());
      policies.remove(key);
      ctx.catalog().update(def.withPolicies(policies));
      return DeleteResourcePolicyResponse.builder().revisionId(current.revisionId()).build();
    }
  }

  /**
   * A policy document checked as the service checks it here (a JSON object, at most 20 KB counting
   * whitespace), with the RevisionId of a change made at {@code now}.
   */
  static ResourcePolicy checked(String document, long now) {
    if (document.getBytes(StandardCharsets.UTF_8).length > MAX_BYTES) {
      throw PartitaException.validation("One or more parameter values were invalid: Invalid policy document: the "
          + "policy exceeds the maximum size of " + MAX_BYTES + " bytes (20 KB, whitespace counted)");
    }
    canonical(document);
    return new ResourcePolicy(document, Long.toString(now));
  }

  /**
   * The document as a value (objects as sorted maps, arrays as lists, scalars as their text), so two
   * documents that differ in whitespace or key order compare equal; a ValidationException when it is
   * not one JSON object.
   */
  private static Object canonical(String document) {
    try (JsonParser p = JSON.createParser(document)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw invalidDocument("a policy is a JSON object");
      }
      Object value = read(p);
      if (p.nextToken() != null) {
        throw invalidDocument("text follows the policy's JSON object");
      }
      return value;
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw invalidDocument("it is not valid JSON (" + e.getOriginalMessage() + ")");
    } catch (IOException e) {
      throw invalidDocument("it is not valid JSON");
    }
  }

  private static Object read(JsonParser p) throws IOException {
    JsonToken t = p.currentToken();
    if (t == JsonToken.START_OBJECT) {
      Map<String, Object> fields = new TreeMap<>();
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        p.nextToken();
        fields.put(name, read(p));
      }
      return fields;
    }
    if (t == JsonToken.START_ARRAY) {
      List<Object> values = new ArrayList<>();
      while (p.nextToken() != JsonToken.END_ARRAY) {
        values.add(read(p));
      }
      return values;
    }
    return t + ":" + p.getText();
  }

  private static PartitaException invalidDocument(String why) {
    return PartitaException.validation("One or more parameter values were invalid: Invalid policy document: " + why);
  }

  /** An ExpectedRevisionId checked against the current policy, with the service's recorded messages. */
  private static void expect(String expected, ResourcePolicy current, TableDef def, String arn) {
    if (expected == null) {
      return;
    }
    if (expected.equals(NO_POLICY)) {
      if (current != null) {
        throw new PartitaException(ErrorCode.PolicyNotFoundException, "Resource-based policy not found for the provided "
            + "ResourceArn: Requested policy update expecting none to be present for table " + def.name()
            + ", but a policy exists with revision id " + current.revisionId() + ".");
      }
      return;
    }
    if (current == null) {
      throw policyNotFound(arn);
    }
    if (!expected.equals(current.revisionId())) {
      throw new PartitaException(ErrorCode.PolicyNotFoundException, "Resource-based policy not found for the provided "
          + "ResourceArn: Requested update for policy with revision id " + expected
          + ", but the policy associated to target table " + def.name() + " has revision id " + current.revisionId()
          + ".");
    }
  }

  private static PartitaException policyNotFound(String arn) {
    return new PartitaException(ErrorCode.PolicyNotFoundException,
        "Resource-based policy not found for the provided ResourceArn: " + arn);
  }

  /**
   * The resource an ARN names, with the service's recorded answers (docs/other-operations.md): a name
   * rather than an ARN, an ARN of another account, region or partition, an index's or another
   * resource's ARN are ValidationExceptions.
   */
  private static Arns.Resource resource(EngineContext ctx, String arn) {
    if (!arn.startsWith("arn:")) {
      throw PartitaException.validation("One or more parameter values were invalid: ARNs must start with 'arn:': " + arn);
    }
    Arns.Parsed parsed = Arns.parse(arn);
    if (parsed != null && !parsed.account().equals(ctx.home().account())) {
      throw PartitaException.validation("This action is only supported by accounts that match the resource owner\u2019s "
          + "account.");
    }
    if (parsed == null || !parsed.partition().equals("aws") || !parsed.region().equals(ctx.region())) {
      throw PartitaException.validation("One or more parameter values were invalid: Invalid resource Arn: " + arn);
    }
    Arns.Resource resource = Arns.resource(parsed.resource());
    if (resource == null) {
      throw PartitaException.validation(parsed.resource().contains("/index/")
          ? "One or more parameter values were invalid: Invalid resource arn provided, only table or stream is "
              + "accepted. Provided resource arn: " + arn
          : "One or more parameter values were invalid: Provided Arn is not a DynamoDB resource arn: " + arn);
    }
    return resource;
  }

  private static Table table(EngineContext ctx, Arns.Resource resource) {
    Table t = ctx.catalog().tableOrNull(resource.table());
    if (t == null) {
      throw io.partita.engine.internal.table.Catalog.notFound(resource.table());
    }
    return t;
  }

  /** The key of the resource's policy in its table's definition; a stream the table no longer has is not found. */
  private static String key(TableDef def, Arns.Resource resource) {
    if (resource.stream() == null) {
      return TableDef.TABLE_POLICY;
    }
    if (def.streams().stream().noneMatch(s -> s.label().equals(resource.stream()))) {
      throw new PartitaException(ErrorCode.ResourceNotFoundException, "Requested resource not found: Stream: "
          + resource.stream() + " not found for Table: " + def.name());
    }
    return resource.stream();
  }
}
