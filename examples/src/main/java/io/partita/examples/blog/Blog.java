package io.partita.examples.blog;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.model.AccessPattern;
import io.partita.model.Condition;
import io.partita.model.Entity;
import io.partita.model.Ids;
import io.partita.model.Key;
import io.partita.model.Model;
import io.partita.model.ModelClient;
import io.partita.model.Page;
import io.partita.model.Query;
import io.partita.model.TableSchema;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The blog system of the single-table design guide: users, their posts, comments on posts, and tags, in one table
 * with one global index ({@code gsi1}) that serves three patterns at once.
 *
 * <pre>
 * User      pk USER#{username}   sk USER#{username}
 * Post      pk USER#{username}   sk POST#{postId}         gsi1: POST / STATUS#{published}#{postId}
 * Comment   pk POST#{postId}     sk COMMENT#{commentId}   gsi1: USER#{username} / COMMENT#{commentId}
 * PostTag   pk POST#{postId}     sk TAG#{tag}             gsi1: TAG#{tag} / POST#{postId}
 * </pre>
 *
 * <p>Post and comment ids are ULIDs, so {@code POST#} and {@code COMMENT#} sort keys are in creation order and
 * "newest first" is a descending Query. Tags are many-to-many: one PostTag item per pair in the post's partition,
 * and gsi1 holds the same item under the inverted key, so "tags of a post" is the table and "posts with a tag" the
 * index — one write, where the guide's hand-written version needs two items kept in step by a transaction. A post's
 * gsi1 sort key embeds {@code published}: publishing is one UpdateItem that also moves the index entry from
 * {@code STATUS#false#} to {@code STATUS#true#}. (Every post shares the gsi1 partition {@code POST}: fine for a blog,
 * a hot partition for a busy site, where it would be sharded by day or by a hash suffix.)
 *
 * <p>Listing endpoints are stateless: {@link #postsPage} takes and returns an opaque cursor, signed with the
 * service's key and bound to the query that made it, so a client can neither forge one nor replay it on another
 * user's posts.
 */
public final class Blog {

  /** What a user's partition holds: the profile and the posts, read together by {@link #userPage}. */
  public sealed interface BlogItem permits User, Post {}

  public record User(String username, String name, String email, Optional<String> bio, Instant createdAt,
      Instant updatedAt) implements BlogItem {}

  /** A post; {@code published} defaults to false, the version guards concurrent edits. */
  public record Post(String username, String postId, String title, Optional<String> content, Boolean published,
      Instant createdAt, Instant updatedAt, Long version) implements BlogItem {}

  public record Comment(String postId, String commentId, String username, String content, Instant createdAt) {}

  /** A tag on a post; it carries the post's author so the post can be read by key from a tag listing. */
  public record PostTag(String postId, String tag, String username) {}

  /** A user page: the profile and the posts, newest first, from one Query. */
  public record Profile(User user, List<Post> posts) {}

  public final Entity<User> user = Entity.of(User.class)
      .key("USER#{username}", "USER#{username}")
      .timestamps("createdAt", "updatedAt");
  public final Entity<Post> post = Entity.of(Post.class)
      .key("USER#{username}", "POST#{postId}")
      .index("gsi1", "POST", "STATUS#{published}#{postId}")
      .generatedId("postId", Ids.ULID)
      .defaultValue("published", false)
      .timestamps("createdAt", "updatedAt")
      .version("version");
  public final Entity<Comment> comment = Entity.of(Comment.class)
      .key("POST#{postId}", "COMMENT#{commentId}")
      .index("gsi1", "USER#{username}", "COMMENT#{commentId}")
      .generatedId("commentId", Ids.ULID)
      .timestamps("createdAt", null);
  public final Entity<PostTag> postTag = Entity.of(PostTag.class)
      .key("POST#{postId}", "TAG#{tag}")
      .index("gsi1", "TAG#{tag}", "POST#{postId}");

  /** 1. Get user profile: GetItem. */
  public final AccessPattern<User> getUser = AccessPattern.of("Get user profile", user)
      .partition("USER#{username}").sortEq("USER#{username}").frequency("very high").latency("< 10 ms").build();
  /** 2. Get all posts by user: Query the user's partition, {@code begins_with(sk, POST#)}. */
  public final AccessPattern<Post> postsByUser = AccessPattern.of("Get all posts by user", post)
      .partition("USER#{username}").sortBeginsWith("POST#")
      .order("newest first").frequency("high").latency("< 30 ms").build();
  /** 3. Get all comments on a post: Query the post's partition, {@code begins_with(sk, COMMENT#)}. */
  public final AccessPattern<Comment> commentsOnPost = AccessPattern.of("Get all comments on a post", comment)
      .partition("POST#{postId}").sortBeginsWith("COMMENT#")
      .order("oldest first").frequency("high").latency("< 30 ms").build();
  /** 4. Get all published posts: gsi1 {@code POST}, {@code begins_with(gsi1sk, STATUS#true#)}. */
  public final AccessPattern<Post> publishedPosts = AccessPattern.of("Get all published posts", post)
      .index("gsi1").partition("POST").sortBeginsWith("STATUS#{published}#")
      .range("published = true").order("newest first").frequency("medium").latency("< 50 ms").build();
  /** 5. Get all comments by a user: gsi1 {@code USER#username}, {@code begins_with(gsi1sk, COMMENT#)}. */
  public final AccessPattern<Comment> commentsByUser = AccessPattern.of("Get all comments by a user", comment)
      .index("gsi1").partition("USER#{username}").sortBeginsWith("COMMENT#")
      .entry("User").frequency("low").latency("< 100 ms").build();
  /** 6. Get all posts with a tag: the inverted index, gsi1 {@code TAG#tag}. */
  public final AccessPattern<PostTag> postsByTag = AccessPattern.of("Get all posts with a tag", postTag)
      .index("gsi1").partition("TAG#{tag}").sortBeginsWith("POST#")
      .entry("Tag").frequency("medium").latency("< 50 ms").build();
  /** The tags of a post: its partition, {@code begins_with(sk, TAG#)}. */
  public final AccessPattern<PostTag> tagsOfPost = AccessPattern.of("Get the tags of a post", postTag)
      .partition("POST#{postId}").sortBeginsWith("TAG#").frequency("high").latency("< 30 ms").build();
  /** A user page: the user's whole partition, profile and posts, decoded into {@link BlogItem}. */
  public final AccessPattern<BlogItem> userPagePattern =
      AccessPattern.collection("User page: profile and posts", BlogItem.class, user, post)
          .partition("USER#{username}").entry("User").order("profile, then newest posts first")
          .frequency("high").latency("< 30 ms").build();

  public final Model model;
  public final ModelClient db;

  /**
   * @param cursorKey the key cursors are signed with; every instance of a service gives the same one, so a cursor
   *     made by one is accepted by the others
   */
  public Blog(DynamoDbClient dynamo, String table, byte[] cursorKey) {
    model = Model.builder(TableSchema.named(table).globalIndex("gsi1", "gsi1pk", "gsi1sk"))
        .entities(user, post, comment, postTag)
        .patterns(getUser, postsByUser, commentsOnPost, publishedPosts, commentsByUser, postsByTag, tagsOfPost,
            userPagePattern)
        .build();
    db = ModelClient.builder(model, dynamo).cursorKey(cursorKey).build();
  }

  // ---- writes

  /** Registers a user; a taken username is an {@code AlreadyExistsException}. */
  public User register(String username, String name, String email, String bio) {
    return db.entity(user).create(new User(username, name, email, Optional.ofNullable(bio), null, null));
  }

  /** Writes a draft: the id (a ULID), {@code published = false}, the timestamps and version 1 are filled in. */
  public Post draft(String username, String title, String content) {
    return db.entity(post).create(new Post(username, null, title, Optional.ofNullable(content), null, null, null,
        null));
  }

  /**
   * Publishes a post at the version the caller read: one UpdateItem that sets {@code published}, rewrites
   * {@code gsi1sk} to {@code STATUS#true#postId} (the post id is in the key, so nothing is read first) and
   * increments the version; a concurrent edit is a {@code VersionConflictException}.
   */
  public Post publish(Post draft) {
    return db.entity(post).update(Key.of("username", draft.username(), "postId", draft.postId()))
        .set("published", true).ifVersion(draft.version()).execute();
  }

  public Comment comment(String postId, String username, String content) {
    return db.entity(comment).create(new Comment(postId, null, username, content, null));
  }

  /** Tags a post: one item per tag, all or none, and only if the post exists. */
  public void tag(Post tagged, String... tags) {
    var tx = db.transaction().check(post, Key.of("username", tagged.username(), "postId", tagged.postId()),
        Condition.itemExists());
    for (String t : tags) {
      tx.create(postTag, new PostTag(tagged.postId(), t, tagged.username()));
    }
    tx.execute();
  }

  // ---- the six access patterns

  /** 1. */
  public Optional<User> user(String username) {
    return db.entity(user).get(Key.of("username", username));
  }

  /** 2. Every post of a user, newest first. */
  public List<Post> postsBy(String username) {
    return db.query(postsByUser).partition(Key.of("username", username)).descending().all();
  }

  /**
   * 2, a page at a time, as an HTTP endpoint serves it: {@code GET /users/alice/posts?cursor=…}. The cursor is the
   * previous page's ({@link Page#cursor()}), or null for the first page.
   *
   * @throws io.partita.model.InvalidCursorException for a cursor altered or made by another query
   */
  public Page<Post> postsPage(String username, int size, String cursor) {
    Query<Post> q = db.query(postsByUser).partition(Key.of("username", username)).descending().limit(size);
    return (cursor == null ? q : q.after(cursor)).page();
  }

  /** 3. The comments on a post, oldest first. */
  public List<Comment> commentsOn(String postId) {
    return db.query(commentsOnPost).partition(Key.of("postId", postId)).all();
  }

  /** 4. Published posts across users, newest first. */
  public List<Post> published(int limit) {
    return db.query(publishedPosts).sort(Key.of("published", true)).descending().limit(limit).page().items();
  }

  /** 5. A user's comments, oldest first. */
  public List<Comment> commentsBy(String username) {
    return db.query(commentsByUser).partition(Key.of("username", username)).all();
  }

  /** 6. The posts with a tag, oldest first: the tag's entries on the inverted index, then the posts by key. */
  public List<Post> taggedWith(String tag) {
    List<Key> keys = db.query(postsByTag).partition(Key.of("tag", tag)).stream()
        .map(t -> Key.of("username", t.username(), "postId", t.postId())).collect(Collectors.toList());
    return keys.isEmpty() ? List.of() : db.batchGet().get(post, keys).execute().all(post);
  }

  public List<String> tagsOf(String postId) {
    return db.query(tagsOfPost).partition(Key.of("postId", postId)).stream().map(PostTag::tag)
        .collect(Collectors.toList());
  }

  /**
   * The user page: one Query of the user's partition, decoded into the sealed {@link BlogItem}. {@code USER#} sorts
   * after {@code POST#}, so read newest first the profile comes first. (On Java 21: {@code switch (item) { case User
   * u -> …; case Post p -> …; }}, exhaustive over the sealed interface.)
   */
  public Optional<Profile> userPage(String username) {
    User profile = null;
    List<Post> posts = new ArrayList<>();
    for (BlogItem item : db.query(userPagePattern).partition(Key.of("username", username)).descending().all()) {
      if (item instanceof User u) {
        profile = u;
      } else if (item instanceof Post p) {
        posts.add(p);
      }
    }
    return profile == null ? Optional.empty() : Optional.of(new Profile(profile, List.copyOf(posts)));
  }

  /** alice (five posts, three published and tagged), bob, and comments both ways. */
  public void seed() {
    register("alice", "Alice", "alice@example.com", "Writes about Java and DynamoDB");
    register("bob", "Bob", "bob@example.com", null);
    List<Post> posts = new ArrayList<>();
    for (String title : List.of("Single-table design", "Records as entities", "Cursors", "Drafts", "Notes")) {
      posts.add(draft("alice", title, "On " + title.toLowerCase()));
    }
    for (int i = 0; i < 3; i++) {
      Post p = publish(posts.get(i));
      tag(p, i == 1 ? new String[] {"java"} : new String[] {"java", "dynamodb"});
    }
    Post design = posts.get(0);
    comment(design.postId(), "bob", "Where do the GSIs go?");
    comment(design.postId(), "alice", "One, overloaded: gsi1");
    comment(posts.get(2).postId(), "bob", "Are they signed?");
  }

  /** Runs the example on Partita embedded, in memory, and prints what it does. */
  public static void main(String[] args) {
    try (DynamoDbClient dynamo = PartitaDynamoDb.inMemory()) {
      Blog blog = new Blog(dynamo, "Blog", "an example key, 32 bytes long...".getBytes(StandardCharsets.UTF_8));
      System.out.println(blog.model.worksheet());
      blog.db.createTable();
      blog.seed();
      System.out.println("1. " + blog.user("alice").orElseThrow());
      System.out.println("2. alice's posts, newest first: " + titles(blog.postsBy("alice")));
      Post design = blog.postsBy("alice").get(4);
      System.out.println("3. comments on \"" + design.title() + "\": "
          + blog.commentsOn(design.postId()).stream().map(Comment::content).collect(Collectors.toList()));
      System.out.println("4. published: " + titles(blog.published(10)));
      System.out.println("5. bob's comments: "
          + blog.commentsBy("bob").stream().map(Comment::content).collect(Collectors.toList()));
      System.out.println("6. tagged dynamodb: " + titles(blog.taggedWith("dynamodb")));
      Profile page = blog.userPage("alice").orElseThrow();
      System.out.println("user page: " + page.user().name() + " with " + page.posts().size() + " posts");
      String cursor = null;
      int n = 0;
      do {
        Page<Post> p = blog.postsPage("alice", 2, cursor);
        System.out.println("page " + ++n + ": " + titles(p.items())
            + p.cursor().map(c -> ", next cursor …" + c.substring(c.length() - 12)).orElse(", last page"));
        cursor = p.cursor().orElse(null);
      } while (cursor != null);
    }
  }

  private static List<String> titles(List<Post> posts) {
    return posts.stream().map(Post::title).collect(Collectors.toList());
  }
}
