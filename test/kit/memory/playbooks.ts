import type { PlaybookData, PlaybookStore, StoredPlaybook } from '../../../tools/playbook/playbook-store.js';

/** One playbook per user; update() runs its changes one after another per user, as the row lock does. */
export function memoryPlaybooks(clock: () => Date): PlaybookStore {
  const rows = new Map<string, StoredPlaybook>();
  const queues = new Map<string, Promise<unknown>>();
  const store = (userId: string, data: PlaybookData): StoredPlaybook => {
    const row = { ...structuredClone(data), userId, updatedAt: clock() };
    rows.set(userId, row);
    return structuredClone(row);
  };
  return {
    async find(userId) {
      const row = rows.get(userId);
      return row ? structuredClone(row) : null;
    },
    async save(userId, data) {
      return store(userId, data);
    },
    update(userId, change) {
      const run = (queues.get(userId) ?? Promise.resolve()).then(() => {
        const row = rows.get(userId);
        const current: PlaybookData | null = row ? (({ userId: _u, updatedAt: _t, ...data }) => structuredClone(data))(row) : null;
        return store(userId, change(current));
      });
      queues.set(userId, run.catch(() => undefined));
      return run;
    },
  };
}
