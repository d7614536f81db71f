import type { TestProject } from 'vitest/node';

import { serve } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    origin: string;
  }
}

export default async function setup(project: TestProject) {
  const { server, origin } = await serve();
  project.provide('origin', origin);
  return () => new Promise<void>((ok) => server.close(() => ok()));
}
