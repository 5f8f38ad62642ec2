package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Entity-scoped scans over a table holding items of several entities, on every backend. */
class ScanTest {

  record Note(String owner, String id, String text, boolean archived) {}

  record Tag(String owner, String tag) {}

  record Owner(String owner, String name) {}

  private static final class Fixture {
    final Entity<Note> note = Entity.of(Note.class).key("OWNER#{owner}", "NOTE#{id}");
    final Entity<Tag> tag = Entity.of(Tag.class).key("OWNER#{owner}", "TAG#{tag}");
    final Entity<Owner> owner = Entity.of(Owner.class).key("OWNER#{owner}", "PROFILE");
    final AccessPattern<Note> notesOfOwner = AccessPattern.of("Notes of an owner", note)
        .partition("OWNER#{owner}").sortBeginsWith("NOTE#").build();
    final Model model;
    final ModelClient db;
    final Set<Note> notes = new HashSet<>();

    Fixture(Backend backend) {
      model = Model.builder(TableSchema.named(Backend.freshTable("Scan"))).entities(note, tag, owner)
          .patterns(notesOfOwner).build();
      db = ModelClient.create(model, backend.client());
      db.createTable();
      BatchWrite batch = db.batchWrite();
      for (int o = 0; o < 6; o++) {
        String name = "o" + o;
        batch.put(owner, List.of(new Owner(name, "Owner " + o)));
        for (int t = 0; t < 3; t++) {
          batch.put(tag, List.of(new Tag(name, "t" + t)));
        }
        for (int n = 0; n < 5; n++) {
          Note x = new Note(name, "n" + n, "text " + o + "/" + n, n % 2 == 0);
          notes.add(x);
          batch.put(note, List.of(x));
        }
      }
      BatchWrite.Result r = batch.execute();
      assertTrue(r.unprocessedPuts().isEmpty());
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void scanReturnsEveryItemOfTheEntityAndNoOther(Backend backend) {
    Fixture f = new Fixture(backend);
    List<Note> all = f.db.entity(f.note).scan().all();
    assertEquals(30, all.size());
    assertEquals(f.notes, new HashSet<>(all));
    assertEquals(6, f.db.entity(f.owner).scan().all().size());
    assertEquals(18, f.db.entity(f.tag).scan().stream().count());
    // the worksheet still lists only patterns served without a Scan
    assertFalse(f.model.worksheet().contains("Scan"), f.model.worksheet());
    assertTrue(f.model.worksheet().contains("Query table"), f.model.worksheet());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void pagesFollowSignedCursorsWithoutLosingOrRepeatingItems(Backend backend) {
    Fixture f = new Fixture(backend);
    List<Note> read = new ArrayList<>();
    String cursor = null;
    int pages = 0;
    do {
      Scan<Note> scan = f.db.entity(f.note).scan().limit(7).maxRequests(50);
      Page<Note> page = (cursor == null ? scan : scan.after(cursor)).page();
      assertTrue(page.items().size() <= 7);
      assertEquals(0, page.skipped(), "other entities are filtered out by DynamoDB, not skipped here");
      read.addAll(page.items());
      cursor = page.cursor().orElse(null);
      pages++;
    } while (cursor != null && pages < 100);
    assertEquals(30, read.size(), "nothing read twice");
    assertEquals(f.notes, new HashSet<>(read), "nothing lost");
    assertTrue(pages >= 5, "pages of at most 7");

    // with one request per page, Limit counts the other entities' items too: short pages, same items in the end
    List<Note> viaPages = f.db.entity(f.note).scan().limit(7).pages().flatMap(p -> p.items().stream()).toList();
    assertEquals(f.notes, new HashSet<>(viaPages));
    assertEquals(30, viaPages.size());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void aFilterNarrowsTheEntitysItems(Backend backend) {
    Fixture f = new Fixture(backend);
    Set<Note> archived = f.notes.stream().filter(Note::archived).collect(Collectors.toSet());
    assertEquals(archived, new HashSet<>(f.db.entity(f.note).scan().filter(Condition.eq("archived", true)).all()));
    assertEquals(Set.of(new Note("o3", "n4", "text 3/4", true)), new HashSet<>(f.db.entity(f.note).scan()
        .filter(Condition.eq("owner", "o3").and(Condition.beginsWith("text", "text 3/4"))).all()));
    ValidationException e = assertThrows(ValidationException.class,
        () -> f.db.entity(f.note).scan().filter(Condition.eq("tag", "t1")).page());
    assertTrue(e.getMessage().contains("tag"), e.getMessage());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void cursorsAreBoundToTheirScan(Backend backend) {
    Fixture f = new Fixture(backend);
    String cursor = f.db.entity(f.note).scan().limit(3).maxRequests(50).page().cursor().orElseThrow();
    assertThrows(InvalidCursorException.class, () -> f.db.entity(f.note).scan()
        .filter(Condition.eq("archived", true)).after(cursor).page());
    assertThrows(InvalidCursorException.class, () -> f.db.entity(f.tag).scan().after(cursor).page());
    assertThrows(InvalidCursorException.class, () -> f.db.query(f.notesOfOwner)
        .partition(Key.of("owner", "o1")).after(cursor).page());
    Scan.Segments<Note> segments = f.db.entity(f.note).scan().limit(2).maxRequests(50).segments(2);
    String first = segments.segment(0).page().cursor().orElseThrow();
    assertThrows(InvalidCursorException.class, () -> segments.segment(1).after(first).page());
    assertEquals(2, segments.segment(0).after(first).page().items().size());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void parallelSegmentsTogetherReturnEveryItemOnce(Backend backend) throws Exception {
    Fixture f = new Fixture(backend);
    Scan.Segments<Note> segments = f.db.entity(f.note).scan().limit(4).segments(4);
    assertEquals(4, segments.count());
    List<Note> union = new ArrayList<>();
    for (Scan<Note> s : segments.all()) {
      union.addAll(s.all());
    }
    assertEquals(30, union.size(), "segments are disjoint");
    assertEquals(f.notes, new HashSet<>(union));

    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Set<Note> seen = ConcurrentHashMap.newKeySet();
      List<Integer> segmentsSeen = java.util.Collections.synchronizedList(new ArrayList<>());
      f.db.entity(f.note).scan().filter(Condition.eq("archived", false)).segments(3)
          .forEachPage(pool, (segment, page) -> {
            segmentsSeen.add(segment);
            seen.addAll(page.items());
          });
      assertEquals(f.notes.stream().filter(n -> !n.archived()).collect(Collectors.toSet()), seen);
      assertEquals(Set.of(0, 1, 2), new HashSet<>(segmentsSeen), "every segment ran");

      Set<Note> items = ConcurrentHashMap.newKeySet();
      f.db.entity(f.note).scan().segments(5).forEach(pool, items::add);
      assertEquals(f.notes, items);

      IllegalStateException failure = assertThrows(IllegalStateException.class,
          () -> f.db.entity(f.note).scan().segments(2).forEach(pool, n -> {
            throw new IllegalStateException("action failed on " + n.id());
          }));
      assertTrue(failure.getMessage().startsWith("action failed"), failure.getMessage());
    } finally {
      pool.shutdownNow();
    }
    assertThrows(IllegalArgumentException.class, () -> f.db.entity(f.note).scan().segments(0));
    assertThrows(IndexOutOfBoundsException.class, () -> segments.segment(4));
  }
}
