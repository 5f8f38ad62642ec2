package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.partita.model.Blog.BlogItem;
import io.partita.model.Blog.Comment;
import io.partita.model.Blog.Post;
import io.partita.model.Blog.PostTag;
import io.partita.model.Blog.User;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The blog example of the single-table design guide, end to end, on every backend. */
class BlogTest {
  private static final byte[] KEY = "0123456789abcdef0123456789abcdef".getBytes();

  /** A fresh table with alice (25 posts, every third unpublished), bob, comments and tags. */
  private static final class Fixture {
    final Blog blog;
    final DynamoDbClient dynamo;
    final ModelClient db;
    final AtomicInteger queries = new AtomicInteger();
    final List<Post> posts = new ArrayList<>();

    Fixture(Backend backend) {
      blog = new Blog(Backend.freshTable("Blog"));
      dynamo = Backend.countingQueries(backend.client(), queries);
      db = ModelClient.builder(blog.model, dynamo).cursorKey(KEY).build();
      db.createTable();
      EntityClient<User> users = db.entity(blog.user);
      users.create(new User("alice", "Alice", "alice@example.com", Optional.of("writes"), null, null));
      users.create(new User("bob", "Bob", "bob@example.com", Optional.empty(), null, null));
      EntityClient<Post> postClient = db.entity(blog.post);
      for (int i = 0; i < 25; i++) {
        Boolean published = i % 3 == 0 ? Boolean.FALSE : (i % 3 == 1 ? Boolean.TRUE : null); // null: the default, false
        posts.add(postClient.create(new Post("alice", null, "Post " + i,
            i % 2 == 0 ? Optional.of("content " + i) : Optional.empty(), published, null, null, null)));
      }
      EntityClient<Comment> comments = db.entity(blog.comment);
      String first = posts.get(0).postId();
      for (int i = 0; i < 3; i++) {
        comments.create(new Comment(first, null, "bob", "nice " + i, null));
      }
      comments.create(new Comment(first, null, "alice", "thanks", null));
      comments.create(new Comment(posts.get(1).postId(), null, "bob", "again", null));
      EntityClient<PostTag> tags = db.entity(blog.postTag);
      tags.create(new PostTag(posts.get(0).postId(), "java"));
      tags.create(new PostTag(posts.get(1).postId(), "java"));
      tags.create(new PostTag(posts.get(2).postId(), "rust"));
    }

    /** Writes an item as it is, past the model. */
    void putRaw(Map<String, AttributeValue> item) {
      dynamo.putItem(b -> b.tableName(blog.model.table().name()).item(item));
    }

    List<Post> published(boolean value) {
      return posts.stream().filter(p -> p.published() == value).collect(Collectors.toList());
    }
  }

  /** Every page of a query, each read by a new query given the previous page's cursor, as a stateless service does. */
  private static <R> List<Page<R>> followCursors(Supplier<Query<R>> query) {
    List<Page<R>> pages = new ArrayList<>();
    String cursor = null;
    do {
      Query<R> q = query.get();
      if (cursor != null) {
        q.after(cursor);
      }
      Page<R> page = q.page();
      pages.add(page);
      cursor = page.cursor().orElse(null);
    } while (cursor != null);
    return pages;
  }

  private static <R> List<R> items(List<Page<R>> pages) {
    return pages.stream().flatMap(p -> p.items().stream()).collect(Collectors.toList());
  }

  private static List<Integer> sizes(List<? extends Page<?>> pages) {
    return pages.stream().map(p -> p.items().size()).collect(Collectors.toList());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void createGetAndGeneratedFields(Backend backend) {
    Fixture f = new Fixture(backend);
    User alice = f.db.entity(f.blog.user).get(Key.of("username", "alice")).orElseThrow();
    assertEquals("alice@example.com", alice.email());
    assertEquals(Optional.of("writes"), alice.bio());
    assertNotNull(alice.createdAt());
    assertEquals(alice.createdAt(), alice.updatedAt());
    assertEquals(Optional.empty(), f.db.entity(f.blog.user).get(Key.of("username", "carol")));

    Post p0 = f.posts.get(0);
    assertEquals(26, p0.postId().length(), "a ULID");
    assertEquals(false, p0.published(), "the default");
    assertEquals(1L, p0.version());
    assertEquals(p0, f.db.entity(f.blog.post).get(Key.of("username", "alice", "postId", p0.postId())).orElseThrow());
    for (int i = 1; i < f.posts.size(); i++) {
      assertTrue(f.posts.get(i - 1).postId().compareTo(f.posts.get(i).postId()) < 0, "ULIDs ascend");
    }

    // the stored item: type attribute, table key and index key from the templates
    Map<String, AttributeValue> raw = f.dynamo.getItem(b -> b.tableName(f.blog.model.table().name())
        .key(Map.of("pk", AttributeValue.fromS("USER#alice"), "sk", AttributeValue.fromS("POST#" + p0.postId()))))
        .item();
    assertEquals("Post", raw.get("_type").s());
    assertEquals("POST", raw.get("gsi1pk").s());
    assertEquals("STATUS#false#" + p0.postId(), raw.get("gsi1sk").s());
    assertEquals("1", raw.get("version").n());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void createTwiceIsRefused(Backend backend) {
    Fixture f = new Fixture(backend);
    EntityClient<User> users = f.db.entity(f.blog.user);
    AlreadyExistsException e = assertThrows(AlreadyExistsException.class,
        () -> users.create(new User("alice", "Other", "x@example.com", Optional.empty(), null, null)));
    assertTrue(e.getMessage().contains("USER#alice"), e.getMessage());
    assertEquals("alice@example.com", users.get(Key.of("username", "alice")).orElseThrow().email());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void theSixAccessPatterns(Backend backend) {
    Fixture f = new Fixture(backend);
    // 1. get user profile: GetItem
    int before = f.queries.get();
    List<User> users = f.db.query(f.blog.getUser).partition(Key.of("username", "bob")).page().items();
    assertEquals(List.of("bob"), users.stream().map(User::username).collect(Collectors.toList()));
    assertEquals(before, f.queries.get(), "served by GetItem, not Query");

    // 2. all posts by user, in ULID order, and newest first
    List<Post> posts = f.db.query(f.blog.postsByUser).partition(Key.of("username", "alice")).page().items();
    assertEquals(f.posts, posts);
    List<Post> newestFirst = f.db.query(f.blog.postsByUser).partition(Key.of("username", "alice"))
        .descending().limit(3).page().items();
    assertEquals(List.of(f.posts.get(24), f.posts.get(23), f.posts.get(22)), newestFirst);

    // 3. comments on a post
    List<Comment> comments = f.db.query(f.blog.commentsOnPost)
        .partition(Key.of("postId", f.posts.get(0).postId())).page().items();
    assertEquals(List.of("nice 0", "nice 1", "nice 2", "thanks"),
        comments.stream().map(Comment::content).collect(Collectors.toList()));

    // 4. published posts, through the index
    List<Post> published = f.db.query(f.blog.publishedPosts).sort(Key.of("published", true)).page().items();
    assertEquals(f.published(true), published);
    List<Post> drafts = f.db.query(f.blog.publishedPosts).sort(Key.of("published", false)).page().items();
    assertEquals(f.published(false), drafts);

    // 5. comments by a user, through the index
    assertEquals(4, f.db.query(f.blog.commentsByUser).partition(Key.of("username", "bob")).page().items().size());
    assertEquals(1, f.db.query(f.blog.commentsByUser).partition(Key.of("username", "alice")).page().items().size());

    // 6. posts with a tag, through the inverted index
    List<PostTag> java = f.db.query(f.blog.postsByTag).partition(Key.of("tag", "java")).page().items();
    assertEquals(List.of(f.posts.get(0).postId(), f.posts.get(1).postId()),
        java.stream().map(PostTag::postId).collect(Collectors.toList()));
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void collectionQueryDecodesIntoTheSealedInterface(Backend backend) {
    Fixture f = new Fixture(backend);
    // an item of a type this query does not return, in the same collection
    f.putRaw(Map.of("pk", AttributeValue.fromS("USER#alice"), "sk", AttributeValue.fromS("SETTINGS"),
        "_type", AttributeValue.fromS("Settings")));
    // by default an item of no entity of the model is refused, not passed over
    UnrecognizedItemException refused = assertThrows(UnrecognizedItemException.class,
        () -> f.db.query(f.blog.userPage).partition(Key.of("username", "alice")).page());
    assertTrue(refused.getMessage().contains("item {pk=USER#alice, sk=SETTINGS}: its type attribute _type is"
        + " 'Settings', which names no entity of the model"), refused.getMessage());
    // a table shared with other writers opts in: the foreign item is skipped and counted
    ModelClient sharing = ModelClient.builder(f.blog.model, f.dynamo).cursorKey(KEY).skipForeignItems().build();
    Page<BlogItem> page = sharing.query(f.blog.userPage).partition(Key.of("username", "alice")).page();
    int users = 0;
    int posts = 0;
    for (BlogItem item : page.items()) {
      // on Java 21: switch (item) { case User u -> …; case Post p -> …; } — exhaustive over the sealed interface
      if (item instanceof User u) {
        assertEquals("alice", u.username());
        users++;
      } else if (item instanceof Post p) {
        assertEquals("alice", p.username());
        posts++;
      }
    }
    assertEquals(1, users);
    assertEquals(25, posts);
    assertEquals(1, page.skipped(), "the Settings item is skipped and counted");
    assertFalse(page.hasMore());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void anItemOfAnotherEntityNeverLeaksIntoATypedResult(Backend backend) {
    Fixture f = new Fixture(backend);
    // a User-typed item whose sort key looks like a post's
    f.putRaw(Map.of("pk", AttributeValue.fromS("USER#alice"), "sk", AttributeValue.fromS("POST#0000"),
        "_type", AttributeValue.fromS("User"), "username", AttributeValue.fromS("alice")));
    Page<Post> page = f.db.query(f.blog.postsByUser).partition(Key.of("username", "alice")).page();
    assertEquals(25, page.items().size());
    assertEquals(1, page.skipped());
    assertEquals(Optional.empty(), f.db.entity(f.blog.post).get(Key.of("username", "alice", "postId", "0000")));
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void paginationWithCursors(Backend backend) {
    Fixture f = new Fixture(backend);
    List<Page<Post>> pages =
        followCursors(() -> f.db.query(f.blog.postsByUser).partition(Key.of("username", "alice")).limit(7));
    assertEquals(f.posts, items(pages));
    assertEquals(List.of(7, 7, 7, 4), sizes(pages));

    String valid = pages.get(0).cursor().orElseThrow();
    // a changed character anywhere is refused
    char[] chars = valid.toCharArray();
    int middle = chars.length / 2;
    chars[middle] = chars[middle] == 'A' ? 'B' : 'A';
    String tampered = new String(chars);
    InvalidCursorException e = assertThrows(InvalidCursorException.class,
        () -> f.db.query(f.blog.postsByUser).partition(Key.of("username", "alice")).after(tampered).page());
    assertTrue(e.getMessage().contains("signature"), e.getMessage());
    assertThrows(InvalidCursorException.class, () -> f.db.query(f.blog.postsByUser)
        .partition(Key.of("username", "alice")).after(valid.substring(0, 20)).page());
    assertThrows(InvalidCursorException.class, () -> f.db.query(f.blog.postsByUser)
        .partition(Key.of("username", "alice")).after("not a cursor!").page());

    // a cursor from another query: other partition, other filter, other pattern, other order
    for (Query<?> other : List.of(
        f.db.query(f.blog.postsByUser).partition(Key.of("username", "bob")),
        f.db.query(f.blog.postsByUser).partition(Key.of("username", "alice")).filter(Condition.eq("published", true)),
        f.db.query(f.blog.postsByUser).partition(Key.of("username", "alice")).descending(),
        f.db.query(f.blog.userPage).partition(Key.of("username", "alice")))) {
      InvalidCursorException wrong = assertThrows(InvalidCursorException.class, () -> other.after(valid).page());
      assertTrue(wrong.getMessage().contains("another query"), wrong.getMessage());
    }
    // a cursor signed under another key
    ModelClient stranger = ModelClient.create(f.blog.model, f.dynamo);
    assertThrows(InvalidCursorException.class, () -> stranger.query(f.blog.postsByUser)
        .partition(Key.of("username", "alice")).after(valid).page());
    // the page size may change between pages
    assertEquals(f.posts.subList(7, 10), f.db.query(f.blog.postsByUser).partition(Key.of("username", "alice"))
        .limit(3).after(valid).page().items());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void cursorsOnAGlobalIndexStopInsideAPage(Backend backend) {
    Fixture f = new Fixture(backend);
    // every item is read, but the filter keeps only odd titles: pages end inside DynamoDB pages
    Condition odd = Condition.or(Condition.contains("title", "1"), Condition.contains("title", "3"),
        Condition.contains("title", "5"), Condition.contains("title", "7"), Condition.contains("title", "9"));
    List<Post> expected = f.db.query(f.blog.publishedPosts).sort(Key.of("published", false)).descending()
        .filter(odd).all();
    assertTrue(expected.size() > 6, "enough to page");
    List<Post> seen = new ArrayList<>();
    String cursor = null;
    do {
      Query<Post> q = f.db.query(f.blog.publishedPosts).sort(Key.of("published", false)).descending()
          .filter(odd).limit(3).maxRequests(20);
      if (cursor != null) {
        q.after(cursor);
      }
      Page<Post> page = q.page();
      seen.addAll(page.items());
      cursor = page.cursor().orElse(null);
    } while (cursor != null);
    assertEquals(expected, seen);
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void streamReadsEveryPageLazily(Backend backend) {
    Fixture f = new Fixture(backend);
    int before = f.queries.get();
    List<Post> all = f.db.query(f.blog.postsByUser).partition(Key.of("username", "alice")).limit(4).stream()
        .collect(Collectors.toList());
    assertEquals(f.posts, all);
    assertEquals(7, f.queries.get() - before, "25 items in pages of 4");

    before = f.queries.get();
    List<Post> five = f.db.query(f.blog.postsByUser).partition(Key.of("username", "alice")).limit(4).stream()
        .limit(5).collect(Collectors.toList());
    assertEquals(f.posts.subList(0, 5), five);
    assertEquals(2, f.queries.get() - before, "only the pages needed");
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void typedFilters(Backend backend) {
    Fixture f = new Fixture(backend);
    Key alice = Key.of("username", "alice");
    assertEquals(f.published(true),
        f.db.query(f.blog.postsByUser).partition(alice).filter(Condition.eq("published", true)).page().items());
    assertEquals(f.published(false),
        f.db.query(f.blog.postsByUser).partition(alice).filter(Condition.ne("published", true)).page().items());
    assertEquals(f.posts.stream().filter(p -> p.content().isPresent()).collect(Collectors.toList()),
        f.db.query(f.blog.postsByUser).partition(alice).filter(Condition.exists("content")).page().items());
    assertEquals(List.of(f.posts.get(1), f.posts.get(10), f.posts.get(11), f.posts.get(12)),
        f.db.query(f.blog.postsByUser).partition(alice)
            .filter(Condition.beginsWith("title", "Post 1").and(Condition.ne("title", "Post 1").negate()
                .or(Condition.lt("title", "Post 13")))).page().items());
    assertEquals(List.of(f.posts.get(7), f.posts.get(17)), f.db.query(f.blog.postsByUser).partition(alice)
        .filter(Condition.contains("title", "7").and(Condition.notExists("content"))).page().items());
    assertEquals(List.of(f.posts.get(5), f.posts.get(6)), f.db.query(f.blog.postsByUser).partition(alice)
        .filter(Condition.between("title", "Post 5", "Post 6")).page().items());

    ValidationException unknown = assertThrows(ValidationException.class, () -> f.db.query(f.blog.postsByUser)
        .partition(alice).filter(Condition.eq("titel", "x")).page());
    assertEquals("titel", unknown.field());
    ValidationException wrongType = assertThrows(ValidationException.class, () -> f.db.query(f.blog.postsByUser)
        .partition(alice).filter(Condition.eq("published", "yes")).page());
    assertEquals("Post", wrongType.entity());
    assertEquals("published", wrongType.field());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void nItemsReadsPastFilteredOutItemsUpToABound(Backend backend) {
    Fixture f = new Fixture(backend);
    Key alice = Key.of("username", "alice");
    Condition drafts = Condition.eq("published", false);
    // one request of 5 items holds 2 drafts
    Page<Post> one = f.db.query(f.blog.postsByUser).partition(alice).filter(drafts).limit(5).page();
    assertTrue(one.items().size() < 5);
    assertTrue(one.hasMore());

    List<Post> expected = f.published(false); // 17 drafts
    List<Page<Post>> pages =
        followCursors(() -> f.db.query(f.blog.postsByUser).partition(alice).filter(drafts).limit(5).maxRequests(10));
    assertEquals(expected, items(pages), "nothing lost, nothing twice");
    assertEquals(List.of(5, 5, 5, 2), sizes(pages).subList(0, 4));

    int before = f.queries.get();
    Page<Post> bounded = f.db.query(f.blog.postsByUser).partition(alice).filter(Condition.eq("published", true))
        .limit(10).maxRequests(2).page();
    assertEquals(2, f.queries.get() - before, "stops at the request bound");
    assertEquals(f.published(true).subList(0, 7), bounded.items(), "7 published among the first 20");
    assertTrue(bounded.hasMore());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void optimisticLocking(Backend backend) {
    Fixture f = new Fixture(backend);
    EntityClient<Post> posts = f.db.entity(f.blog.post);
    Post v1 = f.posts.get(3);
    Post v2 = posts.put(new Post(v1.username(), v1.postId(), "Edited", v1.content(), v1.published(),
        v1.createdAt(), v1.updatedAt(), v1.version()));
    assertEquals(2L, v2.version());
    assertEquals(v1.createdAt(), v2.createdAt(), "createdAt is kept");

    VersionConflictException conflict = assertThrows(VersionConflictException.class, () -> posts.put(v1));
    assertEquals(1L, conflict.expectedVersion());
    assertTrue(conflict.current().isEmpty(), "not asked for");
    VersionConflictException withCurrent = assertThrows(VersionConflictException.class,
        () -> posts.returningCurrentOnFailure().put(v1));
    assertEquals(Optional.of(v2), withCurrent.current(Post.class));

    // a record without a version is a new item: refused where one exists
    assertThrows(VersionConflictException.class, () -> posts.put(new Post(v1.username(), v1.postId(), "New",
        Optional.empty(), true, null, null, null)));
    assertThrows(VersionConflictException.class, () -> posts.delete(v1));

    // a caller condition that fails, with a current version
    ConditionFailedException failed = assertThrows(ConditionFailedException.class,
        () -> posts.put(v2, Condition.eq("title", "Something else")));
    assertFalse(failed instanceof VersionConflictException);
    assertEquals(Optional.of(v2), posts.delete(v2));
    assertEquals(Optional.empty(), posts.get(Key.of("username", "alice", "postId", v1.postId())));
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void conditionalDeleteAndValidation(Backend backend) {
    Fixture f = new Fixture(backend);
    EntityClient<User> users = f.db.entity(f.blog.user);
    assertThrows(ConditionFailedException.class,
        () -> users.delete(Key.of("username", "bob"), Condition.eq("name", "Robert")));
    assertTrue(users.get(Key.of("username", "bob")).isPresent());
    assertEquals("Bob", users.delete(Key.of("username", "bob"), Condition.eq("name", "Bob")).orElseThrow().name());
    assertEquals(Optional.empty(), users.delete(Key.of("username", "bob")));

    ValidationException typo = assertThrows(ValidationException.class, () -> users.get(Key.of("usernme", "x")));
    assertEquals("usernme", typo.field());
    ValidationException missing = assertThrows(ValidationException.class, () -> users.get(Key.empty()));
    assertEquals("username", missing.field());
    ValidationException required = assertThrows(ValidationException.class,
        () -> users.create(new User("carol", null, "c@example.com", Optional.empty(), null, null)));
    assertEquals("User", required.entity());
    assertEquals("name", required.field());
    assertThrows(ValidationException.class, () -> f.db.query(f.blog.publishedPosts).consistentRead()
        .sort(Key.of("published", true)).page());
    assertThrows(ValidationException.class, () -> f.db.query(f.blog.postsByUser).page(), "no partition values");
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void projections(Backend backend) {
    Fixture f = new Fixture(backend);
    Page<Post> page = f.db.query(f.blog.postsByUser).partition(Key.of("username", "alice")).project("title")
        .limit(5).page();
    assertEquals(5, page.items().size());
    Post first = page.items().get(0);
    assertEquals("Post 0", first.title());
    assertEquals(null, first.createdAt());
    assertEquals(Optional.empty(), first.content());
    // the cursor still works: keys are always projected
    List<String> titles = f.db.query(f.blog.postsByUser).partition(Key.of("username", "alice")).project("title")
        .limit(5).after(page.cursor().orElseThrow()).page().items().stream().map(Post::title)
        .collect(Collectors.toList());
    assertEquals(List.of("Post 5", "Post 6", "Post 7", "Post 8", "Post 9"), titles);
    Map<String, Integer> unused = new HashMap<>();
    assertTrue(new HashSet<>(unused.keySet()).isEmpty());
  }
}
