// The blog schema of the single-table design guide (seed 003, "Complete Example: Blog System"), verbatim.
const BlogSchema = {
  format: 'dynatable:1.0.0',
  version: '1.0.0',

  indexes: {
    primary: {
      hash: 'pk',
      sort: 'sk',
    },
    gsi1: {
      hash: 'gsi1pk',
      sort: 'gsi1sk',
    },
  },

  models: {
    // User profile
    User: {
      key: {
        pk: { type: String, value: 'USER#${username}' },
        sk: { type: String, value: 'USER#${username}' },
      },
      attributes: {
        username: { type: String, required: true },
        name: { type: String, required: true },
        email: { type: String, required: true },
        bio: { type: String },
      },
    },

    // Posts by user
    Post: {
      key: {
        pk: { type: String, value: 'USER#${username}' },
        sk: { type: String, value: 'POST#${postId}' },
      },
      attributes: {
        username: { type: String, required: true },
        postId: { type: String, generate: 'ulid' },
        title: { type: String, required: true },
        content: { type: String },
        published: { type: Boolean, default: false },

        // GSI for querying all posts by status
        gsi1pk: { type: String, value: 'POST' },
        gsi1sk: { type: String, value: 'STATUS#${published}#${postId}' },
      },
    },

    // Comments on posts
    Comment: {
      key: {
        pk: { type: String, value: 'POST#${postId}' },
        sk: { type: String, value: 'COMMENT#${commentId}' },
      },
      attributes: {
        postId: { type: String, required: true },
        commentId: { type: String, generate: 'ulid' },
        username: { type: String, required: true },
        content: { type: String, required: true },

        // GSI for querying comments by user
        gsi1pk: { type: String, value: 'USER#${username}' },
        gsi1sk: { type: String, value: 'COMMENT#${commentId}' },
      },
    },

    // Tags for posts (many-to-many)
    PostTag: {
      key: {
        pk: { type: String, value: 'POST#${postId}' },
        sk: { type: String, value: 'TAG#${tag}' },
      },
      attributes: {
        postId: { type: String, required: true },
        tag: { type: String, required: true },

        // GSI for reverse lookup (tag → posts)
        gsi1pk: { type: String, value: 'TAG#${tag}' },
        gsi1sk: { type: String, value: 'POST#${postId}' },
      },
    },
  },

  params: {
    timestamps: true,
    isoDates: true,
  },
} as const;
