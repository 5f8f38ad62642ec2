package io.partita.engine.internal.vector;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.VectorDistanceFunction;

/**
 * The in-memory index on its own, large enough that a search is scored in several slices on the
 * fork-join pool: the same answer as one pass over every entry, including ties (small integer vectors
 * make them common), removals and replacements, and a filter.
 */
class VectorMirrorTest {
  @Test
  void aSearchInSlicesAnswersAsOnePassDoes() {
    Random random = new Random(7);
    int n = 40_000; // more than two slices of 16,384
    VectorMirror mirror = new VectorMirror(2, VectorDistanceFunction.EUCLIDEAN);
    float[][] vectors = new float[n][];
    String[] colors = new String[n];
    for (int i = 0; i < n; i++) {
      vectors[i] = new float[] {random.nextInt(9) - 4, random.nextInt(9) - 4};
      colors[i] = random.nextBoolean() ? "Sred" : "Sblue";
      mirror.put(key(i), new VectorMirror.Entry("", vectors[i], new String[] {colors[i]}, 10));
    }
    for (int i = 0; i < n; i += 3) { // removals move the last entry of a partition into the slot
      vectors[i] = null;
      mirror.put(key(i), null);
    }
    for (int i = 1; i < n; i += 7) {
      vectors[i] = new float[] {random.nextInt(9) - 4, random.nextInt(9) - 4};
      mirror.put(key(i), new VectorMirror.Entry("", vectors[i], new String[] {colors[i]}, 10));
    }
    double[] query = {1, -2};
    for (String color : new String[] {null, "Sred"}) {
      List<Integer> expected = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        if (vectors[i] != null && (color == null || color.equals(colors[i]))) {
          expected.add(i);
        }
      }
      // keys are k000000..: their order is the index order
      expected.sort(Comparator.comparingDouble((Integer i) -> (float) Math.sqrt(sq(query[0] - vectors[i][0])
          + sq(query[1] - vectors[i][1]))).thenComparing(Comparator.naturalOrder()));
      VectorMirror.Result r = mirror.search(null, query, new String[] {color}, 100);
      List<Integer> got = r.hits().stream().map(h -> Integer.parseInt(new String(h.key(), StandardCharsets.UTF_8)
          .substring(1))).toList();
      assertEquals(expected.subList(0, 100), got, "filter " + color);
    }
    assertEquals(java.util.Arrays.stream(vectors).filter(v -> v != null).count(), mirror.count());
  }

  private static double sq(double d) {
    return d * d;
  }

  private static byte[] key(int i) {
    return String.format("k%06d", i).getBytes(StandardCharsets.UTF_8);
  }
}
