package io.partita.engine.internal.expr;

import io.partita.engine.PartitaException;
import io.partita.engine.internal.value.AttributeValues;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A bound projection: a ProjectionExpression, or the legacy AttributesToGet. */
public interface Projection {
  /**
   * The legacy {@code AttributesToGet}: top-level attribute names, taken literally (no paths, no
   * placeholders), each at most once. The duplicate's message is the service's, as dynalite records it
   * (test/getItem.js, test/batchGetItem.js, test/scan.js, run against the live service).
   */
  static Projection ofAttributes(List<String> names) {
    Set<String> seen = new HashSet<>();
    List<DocPath> paths = new ArrayList<>(names.size());
    for (String name : names) {
      AttributeValues.checkName(name);
      if (!seen.add(name)) {
        throw PartitaException.validation(
            "One or more parameter values were invalid: Duplicate value in attribute name: " + name);
      }
      paths.add(new DocPath(List.of(name)));
    }
    return new ProjectionImpl(paths);
  }

  /** The parts of {@code item} the projection names, keeping their nesting; never null. */
  Map<String, AttributeValue> apply(Map<String, AttributeValue> item);

  /**
   * The attributes the projection keeps when it keeps whole top-level attributes only ({@code a, b},
   * or AttributesToGet), so an item can be projected by skipping the others in its stored encoding;
   * null when some path reaches into a document ({@code a.b}, {@code l[0]}).
   */
  Set<String> wholeAttributes();

  /** Top-level attribute names the projection reads. */
  Set<String> topLevelAttributes();
}
