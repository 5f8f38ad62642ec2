package io.partita.embedded.oracle;

import software.amazon.awssdk.services.dynamodb.model.VectorDistanceFunction;

/** The tests' own scores of SearchVectors, as docs/vector-search.md defines them, computed the plain way. */
public final class VectorScores {
  private VectorScores() {}

  /**
   * COSINE {@code 1 - cos}, clamped to [0, 2] and 1 when either vector has no length; EUCLIDEAN the plain L2
   * distance; DOT_PRODUCT the inner product. Summed in doubles over the components given.
   */
  public static double score(VectorDistanceFunction f, double[] item, double[] query) {
    double dot = 0;
    double qq = 0;
    double vv = 0;
    double dd = 0;
    for (int i = 0; i < query.length; i++) {
      dot += query[i] * item[i];
      qq += query[i] * query[i];
      vv += item[i] * item[i];
      dd += (query[i] - item[i]) * (query[i] - item[i]);
    }
    return switch (f) {
      case DOT_PRODUCT -> dot;
      case EUCLIDEAN -> Math.sqrt(dd);
      default -> qq == 0 || vv == 0 ? 1.0 : Math.min(2, Math.max(0, 1 - dot / (Math.sqrt(qq) * Math.sqrt(vv))));
    };
  }
}
