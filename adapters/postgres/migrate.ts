import { initOrm } from './orm.js';

/** Applies every pending migration of migrations/index.ts, in order; does nothing when up to date. */
export const migrate = async (url: string, log?: (message: string) => void): Promise<void> => {
  const orm = await initOrm(url, { poolMax: 2, ...(log ? { log } : {}) });
  try {
    await orm.getMigrator().up();
  } finally {
    await orm.close(true);
  }
};
