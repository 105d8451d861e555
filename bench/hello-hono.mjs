// The reference the bench compares the app with: a raw Hono hello-world on @hono/node-server,
// nothing else. Plain JavaScript, run with plain node: PORT and HOST from the environment.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.get('/', (c) => c.text('Hello Hono!'));
serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 3391), hostname: process.env.HOST ?? '127.0.0.1' });
