package io.partita.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.partita.examples.blog.Blog;
import io.partita.examples.blog.Blog.Comment;
import io.partita.examples.blog.Blog.Post;
import io.partita.examples.blog.Blog.Profile;
import io.partita.model.AlreadyExistsException;
import io.partita.model.InvalidCursorException;
import io.partita.model.Page;
import io.partita.model.TransactionCanceledException;
import io.partita.model.VersionConflictException;

/** The blog system on both backends: the six access patterns, the user page, publishing, cursors. */
class BlogTest {
  private static final byte[] KEY = "a test key of 32 bytes, no more.".getBytes(StandardCharsets.UTF_8);

  private static Blog seeded(Backend backend) {
    Blog blog = new Blog(backend.client(), Backend.freshTable("Blog"), KEY);
    blog.db.createTable();
    blog.seed();
    return blog;
  }

  private static List<String> titles(List<Post> posts) {
    return posts.stream().map(Post::title).collect(Collectors.toList());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void theSixAccessPatterns(Backend backend) {
    Blog blog = seeded(backend);
    // 1. a profile by GetItem; an unknown user is empty
    assertEquals(Optional.of("Writes about Java and DynamoDB"), blog.user("alice").orElseThrow().bio());
    assertEquals(Optional.empty(), blog.user("bob").orElseThrow().bio());
    assertEquals(Optional.empty(), blog.user("carol"));

    // 2. posts by user, newest first (ULIDs sort by creation)
    List<Post> posts = blog.postsBy("alice");
    assertEquals(List.of("Notes", "Drafts", "Cursors", "Records as entities", "Single-table design"), titles(posts));
    assertEquals(List.of(), blog.postsBy("bob"));

    // 3. comments on a post, oldest first
    Post design = posts.get(4);
    assertEquals(List.of("Where do the GSIs go?", "One, overloaded: gsi1"),
        blog.commentsOn(design.postId()).stream().map(Comment::content).collect(Collectors.toList()));

    // 4. published posts through gsi1: the three published, newest first, none of the drafts
    assertEquals(List.of("Cursors", "Records as entities", "Single-table design"), titles(blog.published(10)));
    assertEquals(List.of("Cursors"), titles(blog.published(1)));

    // 5. a user's comments through gsi1, across posts
    assertEquals(List.of("Where do the GSIs go?", "Are they signed?"),
        blog.commentsBy("bob").stream().map(Comment::content).collect(Collectors.toList()));
    assertEquals(1, blog.commentsBy("alice").size());

    // 6. posts with a tag through the inverted index (read back whole by key), and the tags of a post on the table
    assertEquals(List.of("Single-table design", "Records as entities", "Cursors"), titles(blog.taggedWith("java")));
    assertEquals(List.of("Single-table design", "Cursors"), titles(blog.taggedWith("dynamodb")));
    assertEquals(List.of(), blog.taggedWith("rust"));
    assertEquals(List.of("dynamodb", "java"), blog.tagsOf(design.postId()));

    assertEquals(8, blog.model.worksheet().lines().filter(l -> l.startsWith("| ") && !l.startsWith("| #")).count());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void theUserPageIsOneQueryIntoTheSealedInterface(Backend backend) {
    Blog blog = seeded(backend);
    Profile alice = blog.userPage("alice").orElseThrow();
    assertEquals("Alice", alice.user().name());
    assertEquals(blog.postsBy("alice"), alice.posts());
    Profile bob = blog.userPage("bob").orElseThrow();
    assertEquals(List.of(), bob.posts());
    assertEquals(Optional.empty(), blog.userPage("carol"));
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void publishingMovesTheIndexEntryAndChecksTheVersion(Backend backend) {
    Blog blog = seeded(backend);
    Post draft = blog.draft("bob", "First", null);
    assertEquals(false, draft.published());
    assertEquals(1L, draft.version());
    assertTrue(blog.published(10).stream().noneMatch(p -> p.postId().equals(draft.postId())));

    Post published = blog.publish(draft);
    assertEquals(true, published.published());
    assertEquals(2L, published.version());
    assertEquals(published, blog.published(1).get(0), "now the newest published post");
    assertThrows(VersionConflictException.class, () -> blog.publish(draft), "a stale version");

    // tagging needs the post, and a tag once
    blog.tag(published, "intro");
    assertEquals(List.of(published), blog.taggedWith("intro"));
    TransactionCanceledException twice = assertThrows(TransactionCanceledException.class,
        () -> blog.tag(published, "java", "intro"));
    assertTrue(twice.failures().get(0).error() instanceof AlreadyExistsException);
    assertEquals(List.of("intro"), blog.tagsOf(published.postId()), "all or nothing: java was not added");
    Post missing = new Post("bob", "01NOSUCHPOST0000000000000", "Gone", Optional.empty(), true, null, null, 1L);
    assertThrows(TransactionCanceledException.class, () -> blog.tag(missing, "ghost"));
    assertEquals(List.of(), blog.taggedWith("ghost"));

    assertThrows(AlreadyExistsException.class, () -> blog.register("bob", "Other Bob", "x@example.com", null));
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void cursorsPageThroughPostsAndAreBoundToTheirQuery(Backend backend) {
    Blog blog = seeded(backend);
    List<Post> seen = new ArrayList<>();
    List<Integer> sizes = new ArrayList<>();
    String cursor = null;
    String first = null;
    do {
      Page<Post> page = blog.postsPage("alice", 2, cursor);
      seen.addAll(page.items());
      sizes.add(page.items().size());
      cursor = page.cursor().orElse(null);
      first = first == null ? cursor : first;
    } while (cursor != null);
    assertEquals(blog.postsBy("alice"), seen, "every post once, newest first");
    assertEquals(List.of(2, 2, 1), sizes);

    // another service instance with the same key accepts the cursor; a client cannot alter it or reuse it for bob
    String valid = first;
    Blog other = new Blog(backend.client(), blog.model.table().name(), KEY);
    assertEquals(seen.subList(2, 4), other.postsPage("alice", 2, valid).items());
    char[] chars = valid.toCharArray();
    chars[chars.length / 2] = chars[chars.length / 2] == 'A' ? 'B' : 'A';
    assertThrows(InvalidCursorException.class, () -> blog.postsPage("alice", 2, new String(chars)));
    assertThrows(InvalidCursorException.class, () -> blog.postsPage("bob", 2, valid));
    Blog otherKey = new Blog(backend.client(), blog.model.table().name(),
        "another key, also 32 bytes long.".getBytes(StandardCharsets.UTF_8));
    assertThrows(InvalidCursorException.class, () -> otherKey.postsPage("alice", 2, valid));
  }

  @Test
  void mainRuns() {
    Blog.main(new String[0]);
  }
}
