package io.partita.engine.internal.vector;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.partita.engine.internal.table.VectorIndexDef;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.VectorDistanceFunction;

/**
 * The registry keys a mirror by the index's whole definition, not its name: an index deleted and made
 * again with other settings is another mirror, so a write still holding the old definition finds none
 * (and cannot put an entry of the old shape into the new one); its build finishing changes nothing.
 */
class VectorIndexesTest {
  private static VectorIndexDef index(int dims, boolean backfilling) {
    return new VectorIndexDef("byMeaning", "emb", dims, VectorDistanceFunction.COSINE, ProjectionType.ALL, List.of(),
        List.of(), backfilling);
  }

  @Test
  void aMirrorBelongsToOneDefinitionOfItsName() {
    VectorIndexes registry = new VectorIndexes();
    VectorMirror mirror = new VectorMirror(3, VectorDistanceFunction.COSINE);
    registry.put(7, index(3, true), mirror);
    assertSame(mirror, registry.get(7, index(3, false)), "built or building, the same index");
    assertNull(registry.get(7, index(4, false)), "made again with other dimensions: another index");
    assertNull(registry.get(8, index(3, false)), "another table");
    registry.dropTable(7);
    assertNull(registry.get(7, index(3, false)));
  }
}
