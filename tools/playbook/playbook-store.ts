// The per-user playbook: standing preferences the search and points tools fall
// back on when a request leaves a value out. Implemented in adapters/db/playbook-store.ts.
import type { CabinClass } from '../_kit/providers.js';

export const SELF_CONNECT_RISKS = ['avoid', 'cautious', 'comfortable'] as const;
export type SelfConnectRisk = (typeof SELF_CONNECT_RISKS)[number];

export interface ProgramBalance {
  /** Programme slug from tools/points/data/programs.ts, e.g. "amex_mr". */
  program: string;
  /** Whole points, >= 0. */
  balance: number;
}

/** The preferences themselves, already validated. */
export interface PlaybookData {
  homeAirports: string[];
  preferredAirlines: string[];
  avoidedAirlines: string[];
  cabin: CabinClass;
  programs: ProgramBalance[];
  minCpp: number;
  selfConnectRisk: SelfConnectRisk;
}

export interface StoredPlaybook extends PlaybookData {
  userId: string;
  updatedAt: Date;
}

export interface PlaybookStore {
  /** The user's saved playbook, or null when they never saved one. */
  find(userId: string): Promise<StoredPlaybook | null>;
  /** Creates or replaces the user's row in one statement and returns what was stored. */
  save(userId: string, data: PlaybookData): Promise<StoredPlaybook>;
  /**
   * Read-modify-write under a per-user lock: `change` gets the saved playbook (null when
   * none) and returns the one to store; an error it throws stores nothing. Concurrent
   * updates of one user run one after the other, so none is lost.
   */
  update(userId: string, change: (current: PlaybookData | null) => PlaybookData): Promise<StoredPlaybook>;
}

// This area's store joins the services every tool receives: the kit names only ports,
// each area adds its own here, so no arrow runs from tools/_kit up to a feature.
declare module '../_kit/context.js' {
  interface Services {
    playbooks: PlaybookStore;
  }
}
