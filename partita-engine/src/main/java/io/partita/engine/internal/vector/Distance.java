package io.partita.engine.internal.vector;

import software.amazon.awssdk.services.dynamodb.model.VectorDistanceFunction;

/**
 * The scores of DynamoDB's three distance functions, as the API reference defines them: COSINE is
 * {@code 1 - cos} in [0, 2] (0 identical), EUCLIDEAN the plain, not squared, L2 distance, both lower
 * first; DOT_PRODUCT the inner product, higher first. Vectors are held as 32-bit floats (the
 * service's precision); sums are taken in doubles over four independent accumulators, which the JIT
 * pipelines, and the score is answered at float precision, saturated to the float range (the service
 * never answers Infinity or NaN). docs/vector-search.md says which parts are recorded and which chosen.
 */
public final class Distance {
  private Distance() {}

  /** Whether smaller scores are more similar. */
  public static boolean lowerFirst(VectorDistanceFunction f) {
    return f != VectorDistanceFunction.DOT_PRODUCT;
  }

  /** The Euclidean norm of {@code v}'s {@code dims} values from {@code at}. */
  public static double norm(float[] v, int at, int dims) {
    double s0 = 0;
    double s1 = 0;
    double s2 = 0;
    double s3 = 0;
    int j = 0;
    for (; j + 3 < dims; j += 4) {
      double a = v[at + j];
      double b = v[at + j + 1];
      double c = v[at + j + 2];
      double d = v[at + j + 3];
      s0 += a * a;
      s1 += b * b;
      s2 += c * c;
      s3 += d * d;
    }
    for (; j < dims; j++) {
      double a = v[at + j];
      s0 += a * a;
    }
    return Math.sqrt(s0 + s1 + s2 + s3);
  }

  /** The inner product of {@code q} and {@code v}'s values from {@code at}. */
  static double dot(double[] q, float[] v, int at) {
    double s0 = 0;
    double s1 = 0;
    double s2 = 0;
    double s3 = 0;
    int dims = q.length;
    int j = 0;
    for (; j + 3 < dims; j += 4) {
      s0 += q[j] * v[at + j];
      s1 += q[j + 1] * v[at + j + 1];
      s2 += q[j + 2] * v[at + j + 2];
      s3 += q[j + 3] * v[at + j + 3];
    }
    for (; j < dims; j++) {
      s0 += q[j] * v[at + j];
    }
    return s0 + s1 + s2 + s3;
  }

  /** The squared L2 distance between {@code q} and {@code v}'s values from {@code at}. */
  static double squared(double[] q, float[] v, int at) {
    double s0 = 0;
    double s1 = 0;
    double s2 = 0;
    double s3 = 0;
    int dims = q.length;
    int j = 0;
    for (; j + 3 < dims; j += 4) {
      double a = q[j] - v[at + j];
      double b = q[j + 1] - v[at + j + 1];
      double c = q[j + 2] - v[at + j + 2];
      double d = q[j + 3] - v[at + j + 3];
      s0 += a * a;
      s1 += b * b;
      s2 += c * c;
      s3 += d * d;
    }
    for (; j < dims; j++) {
      double a = q[j] - v[at + j];
      s0 += a * a;
    }
    return s0 + s1 + s2 + s3;
  }

  /**
   * The raw score (double) of a stored vector: {@code norm} is its norm, {@code queryNorm} the
   * query's (both used by COSINE only).
   */
  static double score(VectorDistanceFunction f, double[] q, double queryNorm, float[] v, int at, double norm) {
    switch (f) {
      case DOT_PRODUCT:
        return dot(q, v, at);
      case EUCLIDEAN:
        return Math.sqrt(squared(q, v, at));
      default:
        if (queryNorm == 0 || norm == 0) {
          return 1.0; // no direction: neither similar nor opposite (recorded, docs/vector-search.md)
        }
        double cos = dot(q, v, at) / (queryNorm * norm);
        return Math.min(2.0, Math.max(0.0, 1.0 - cos));
    }
  }

  /** The score as answered: at float precision, saturated to the float range, printed shortest. */
  public static double answered(double raw) {
    float f = raw > Float.MAX_VALUE ? Float.MAX_VALUE : raw < -Float.MAX_VALUE ? -Float.MAX_VALUE : (float) raw;
    return Double.parseDouble(Float.toString(f));
  }
}
