export * from './commerce.ts';
export * from './content.ts';
export * from './mail.ts';
export * from './repos.ts';
export * from './social.ts';
export * from './users.ts';
export * from './moderation.ts';
