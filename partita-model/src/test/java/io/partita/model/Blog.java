package io.partita.model;

import java.time.Instant;
import java.util.Optional;

/** The blog of the single-table design guide: users, posts, comments and tags through an inverted index. */
final class Blog {

  sealed interface BlogItem permits User, Post {}

  record User(String username, String name, String email, Optional<String> bio, Instant createdAt,
      Instant updatedAt) implements BlogItem {}

  record Post(String username, String postId, String title, Optional<String> content, Boolean published,
      Instant createdAt, Instant updatedAt, Long version) implements BlogItem {}

  record Comment(String postId, String commentId, String username, String content, Instant createdAt) {}

  record PostTag(String postId, String tag) {}

  final Entity<User> user = Entity.of(User.class)
      .key("USER#{username}", "USER#{username}")
      .timestamps("createdAt", "updatedAt");
  final Entity<Post> post = Entity.of(Post.class)
      .key("USER#{username}", "POST#{postId}")
      .index("gsi1", "POST", "STATUS#{published}#{postId}")
      .generatedId("postId", Ids.ULID)
      .defaultValue("published", false)
      .timestamps("createdAt", "updatedAt")
      .version("version");
  final Entity<Comment> comment = Entity.of(Comment.class)
      .key("POST#{postId}", "COMMENT#{commentId}")
      .index("gsi1", "USER#{username}", "COMMENT#{commentId}")
      .generatedId("commentId", Ids.ULID)
      .timestamps("createdAt", null);
  final Entity<PostTag> postTag = Entity.of(PostTag.class)
      .key("POST#{postId}", "TAG#{tag}")
      .index("gsi1", "TAG#{tag}", "POST#{postId}");

  final AccessPattern<User> getUser = AccessPattern.of("Get user profile", user)
      .partition("USER#{username}").sortEq("USER#{username}")
      .frequency("very high").latency("< 10 ms").build();
  final AccessPattern<Post> postsByUser = AccessPattern.of("Get all posts by user", post)
      .partition("USER#{username}").sortBeginsWith("POST#")
      .order("newest first").frequency("high").latency("< 30 ms").build();
  final AccessPattern<Comment> commentsOnPost = AccessPattern.of("Get all comments on a post", comment)
      .partition("POST#{postId}").sortBeginsWith("COMMENT#")
      .order("oldest first").frequency("high").latency("< 30 ms").build();
  final AccessPattern<Post> publishedPosts = AccessPattern.of("Get all published posts", post)
      .index("gsi1").partition("POST").sortBeginsWith("STATUS#{published}#")
      .range("published = true").order("newest first").frequency("medium").latency("< 50 ms").build();
  final AccessPattern<Comment> commentsByUser = AccessPattern.of("Get all comments by a user", comment)
      .index("gsi1").partition("USER#{username}").sortBeginsWith("COMMENT#")
      .entry("User").frequency("low").latency("< 100 ms").build();
  final AccessPattern<PostTag> postsByTag = AccessPattern.of("Get all posts with a tag", postTag)
      .index("gsi1").partition("TAG#{tag}").sortBeginsWith("POST#")
      .entry("Tag").frequency("medium").latency("< 50 ms").build();
  final AccessPattern<BlogItem> userPage =
      AccessPattern.collection("User page: profile and posts", BlogItem.class, user, post)
          .partition("USER#{username}").entry("User").frequency("high").latency("< 30 ms").build();

  final Model model;

  Blog(String tableName) {
    model = Model.builder(TableSchema.named(tableName).globalIndex("gsi1", "gsi1pk", "gsi1sk"))
        .entities(user, post, comment, postTag)
        .patterns(getUser, postsByUser, commentsOnPost, publishedPosts, commentsByUser, postsByTag, userPage)
        .build();
  }
}
