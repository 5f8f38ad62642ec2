package io.partita.engine.internal.ops.schema;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.request.Constraints;
import io.partita.engine.internal.table.Arns;
import io.partita.engine.internal.table.Table;
import io.partita.engine.internal.table.TableDef;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.dynamodb.model.ListTagsOfResourceRequest;
import software.amazon.awssdk.services.dynamodb.model.ListTagsOfResourceResponse;
import software.amazon.awssdk.services.dynamodb.model.Tag;
import software.amazon.awssdk.services.dynamodb.model.TagResourceRequest;
import software.amazon.awssdk.services.dynamodb.model.TagResourceResponse;
import software.amazon.awssdk.services.dynamodb.model.UntagResourceRequest;
import software.amazon.awssdk.services.dynamodb.model.UntagResourceResponse;

/**
 * TagResource, UntagResource and ListTagsOfResource on a table named by its ARN, and the one place
 * the tag rules live (CreateTable's Tags are checked here too). The facts, and which messages are
 * recorded and which chosen, are in docs/tags.md.
 */
public final class Tagging {
  /** The most tags one table may carry, counting those it has and those a request adds. */
  static final int MAX_TAGS = 50;
  static final int MAX_KEY_LENGTH = 128;
  static final int MAX_VALUE_LENGTH = 256;
  /**
   * ListTagsOfResource's page: every tag a table may carry, so one call answers them all, as code
   * written against the service relies on (it untags what one call listed and expects none left:
   * public suites recorded against the service, 2025-2026, issue 34). The service states no page size;
   * a NextToken given is still honoured.
   */
  static final int PAGE = MAX_TAGS;
  /** The Tagging docs' characters: Unicode letters, whitespace (separators), digits, and _ . : / = + - @. */
  private static final Pattern TEXT = Pattern.compile("[\\p{L}\\p{Z}\\p{N}_.:/=+\\-@]*");
  private static final Pattern TABLE_ARN =
      Pattern.compile("arn:([^:]+):dynamodb:([^:]*):([^:]*):table/([a-zA-Z0-9_.-]{3,255})");

  private static final Pattern SIX_COMPONENTS = Pattern.compile("([^:]*:){5}.*", Pattern.DOTALL);

  private Tagging() {}

  public static TagResourceResponse tagResource(EngineContext ctx, TagResourceRequest req) {
    String arn = req.resourceArn();
    // the service's order (dynalite's untagResource.js, recorded): no ARN, then the list missing, then
    // an ARN that is no table's, then an empty list, then a missing table
    arnGiven(arn);
    if (!req.hasTags()) {
      Constraints.check().notNull("tags").done();
    }
    String name = tableName(ctx, arn);
    if (req.tags().isEmpty()) {
      throw PartitaException.validation("Atleast one Tag needs to be provided as Input.");
    }
    Map<String, String> adding = check(req.tags());
    synchronized (ctx.catalog()) {
      TableDef def = table(ctx, name, arn).def();
      Map<String, String> tags = new LinkedHashMap<>(def.tags());
      tags.putAll(adding);
      // an overwritten key is one tag, not two: the limit counts the keys the table ends with
      checkCount(tags.size());
      ctx.catalog().update(def.withTags(tags));
    }
    return TagResourceResponse.builder().build();
  }

  public static UntagResourceResponse untagResource(EngineContext ctx, UntagResourceRequest req) {
    String arn = req.resourceArn();
    arnGiven(arn);
    if (!req.hasTagKeys()) {
      Constraints.check().notNull("tagKeys").done();
    }
    String name = tableName(ctx, arn);
    if (req.tagKeys().isEmpty()) {
      // sic, as recorded
      throw PartitaException.validation("Atleast one Tag Key needs to be provided as Input.");
    }
    for (String key : req.tagKeys()) {
      checkKey(key);
    }
    synchronized (ctx.catalog()) {
      Table table = ctx.catalog().tableOrNull(name);
      if (table == null) {
        // UntagResource's answer names nothing, unlike ListTagsOfResource's (both recorded by dynalite)
        throw new PartitaException(ErrorCode.ResourceNotFoundException, "Requested resource not found");
      }
      TableDef def = table.def();
      Map<String, String> tags = new LinkedHashMap<>(def.tags());
      // a key the table does not carry is no error (scylladb's test_tag_resource_basic, against the service)
      if (tags.keySet().removeAll(req.tagKeys())) {
        ctx.catalog().update(def.withTags(tags));
      }
    }
    return UntagResourceResponse.builder().build();
  }

  /**
   * The table's tags in key order, a page at a time: NextToken is the last key of the page, so a
   * page picks up after it even if tags changed in between.
   */
  public static ListTagsOfResourceResponse listTagsOfResource(EngineContext ctx, ListTagsOfResourceRequest req) {
    String arn = req.resourceArn();
    TreeMap<String, String> tags = new TreeMap<>(table(ctx, tableName(ctx, arn), arn).def().tags());
    Map<String, String> rest = req.nextToken() == null ? tags : tags.tailMap(req.nextToken(), false);
    List<Tag> page = new ArrayList<>();
    String last = null;
    for (Map.Entry<String, String> e : rest.entrySet()) {
      if (page.size() == PAGE) {
        return ListTagsOfResourceResponse.builder().tags(page).nextToken(last).build();
      }
      page.add(Tag.builder().key(e.getKey()).value(e.getValue()).build());
      last = e.getKey();
    }
    return ListTagsOfResourceResponse.builder().tags(page).build();
  }

  /**
   * The tags of a request (TagResource, CreateTable) as a map, the last value winning for a key given
   * twice, once each obeys the rules; the count is checked by the caller against what the table ends with.
   */
  public static Map<String, String> check(List<Tag> tags) {
    Map<String, String> map = new LinkedHashMap<>();
    for (Tag t : tags) {
      checkKey(t.key());
      String value = t.value();
      if (value == null) {
        throw PartitaException.validation("One or more parameter values were invalid: Tag value must not be null");
      }
      if (value.codePointCount(0, value.length()) > MAX_VALUE_LENGTH || !TEXT.matcher(value).matches()) {
        throw PartitaException.validation("One or more parameter values were invalid: Invalid tag value: " + value
            + ". Tag values are at most " + MAX_VALUE_LENGTH
            + " characters of letters, digits, whitespace and _ . : / = + - @");
      }
      map.put(t.key(), value);
    }
    return map;
  }

  /** Refuses more than {@link #MAX_TAGS} tags on one table. */
  public static void checkCount(int count) {
    if (count > MAX_TAGS) {
      throw PartitaException.validation("One or more parameter values were invalid: Too many tags: a table may have"
          + " at most " + MAX_TAGS + " tags, this request would leave it " + count);
    }
  }

  private static void checkKey(String key) {
    if (key == null) {
      throw PartitaException.validation("One or more parameter values were invalid: Tag key must not be null");
    }
    int length = key.codePointCount(0, key.length());
    if (length < 1 || length > MAX_KEY_LENGTH || !TEXT.matcher(key).matches()) {
      throw PartitaException.validation("One or more parameter values were invalid: Invalid tag key: " + key
          + ". Tag keys are 1 to " + MAX_KEY_LENGTH + " characters of letters, digits, whitespace and _ . : / = + - @");
    }
    // reserved for the tags AWS itself puts on resources; a client can neither set nor remove them
    if (key.toLowerCase(Locale.ROOT).startsWith("aws:")) {
      throw PartitaException.validation("One or more parameter values were invalid: Tag key " + key
          + " uses the prefix aws:, which is reserved for AWS use");
    }
  }

  /**
   * The table name in a table's ARN, or the service's ValidationException: "Invalid TableArn" with no
   * ARN, and "Invalid TableArn: Invalid ResourceArn provided as input" with one that is not a table's
   * (an index's, a stream's, a name too short: dynalite's tests, recorded against the service).
   */
  private static String tableName(EngineContext ctx, String arn) {
    arnGiven(arn);
    // ARN-shaped (six components) but not a table's: the recorded answer even without "arn:" (dynalite's
    // a:b:c:d:e:f/g); not ARN-shaped and without "arn:": the newer service's "ARNs must start with 'arn:'"
    // (scylladb's test_tag_resource_incorrect)
    if (!arn.startsWith("arn:") && !SIX_COMPONENTS.matcher(arn).matches()) {
      throw PartitaException.validation("Invalid TableArn: ARNs must start with 'arn:': " + arn);
    }
    Matcher m = TABLE_ARN.matcher(arn);
    if (!m.matches()) {
      throw PartitaException.validation("Invalid TableArn: Invalid ResourceArn provided as input " + arn);
    }
    // another account's table: refused; another region's: no table of this database
    Arns.ownAccount(ctx.home(), m.group(3), arn);
    if (!m.group(2).equals(ctx.region())) {
      throw notFound(arn);
    }
    return m.group(4);
  }

  private static void arnGiven(String arn) {
    if (arn == null) {
      throw PartitaException.validation("Invalid TableArn");
    }
  }

  private static Table table(EngineContext ctx, String name, String arn) {
    Table t = ctx.catalog().tableOrNull(name);
    if (t == null) {
      throw notFound(arn);
    }
    return t;
  }

  /** The service's words, "ResourcArn" misspelt as recorded (dynalite's listTagsOfResource.js). */
  private static PartitaException notFound(String arn) {
    return new PartitaException(ErrorCode.ResourceNotFoundException,
        "Requested resource not found: ResourcArn: " + arn + " not found");
  }
}
