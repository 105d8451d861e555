import { type RouteConfig, index, route } from '@react-router/dev/routes';

/**
 * The route table of SPEC §2.2–2.3, in one place. Each issue adds its screens here; ids are
 * checked in loaders (exactly 24 alphanumeric characters, else the not-found view with 404).
 */
export default [
  index('routes/home.tsx'),
  route('welcome/:category?', 'routes/welcome.tsx'),
  route('timeline/:category?', 'routes/timeline.tsx'),
  route('explore/:category?', 'routes/explore.tsx'),
  route('entry/:id', 'routes/entry.tsx'),
  route('post/:id', 'routes/post.tsx'),
  route('search', 'routes/search.tsx'),
  route('link', 'routes/link.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
