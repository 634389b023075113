// Where clients come from: rows registered through RFC 7591, or Client ID
// Metadata Documents fetched on demand and cached in the same table.
// expiresAt means "delete after" for registered clients (never used → gone) and
// "fetch again after" for metadata-document clients, whose rows are never purged
// because their tokens hang off them.
import type { PrismaClient } from '../adapters/db/index.js';
import type { OAuthClient, Prisma } from '../prisma/generated/client.js';
import { clientIdUrlProblem, isMetadataDocumentClientId, parseClientIdDocument } from './client-id-document.js';
import { ClientMetadataError, type CleanClientMetadata } from './client-metadata.js';
import { addSeconds, CLIENT_METADATA_CACHE_S, TOKEN_PREFIX, UNUSED_CLIENT_TTL_S } from './config.js';
import { randomSecret, sameHash, sha256Hex } from './crypto.js';

export type { OAuthClient };

export interface ClientStore {
  prisma: PrismaClient;
  now: () => Date;
  fetchMetadata: (url: string) => Promise<unknown>;
}

/** The client cannot be used; the message is safe to show on the consent page. */
export class ClientLookupError extends Error {
  override name = 'ClientLookupError';
}

/**
 * Finds a usable client. With `fetch`, a metadata-document client is fetched
 * when unknown or stale (the authorize step); without it the cached row is
 * used as is (the token step must not depend on the client's web server).
 */
export async function findClient(store: ClientStore, clientId: string, opts: { fetch: boolean }): Promise<OAuthClient | null> {
  const now = store.now();
  if (isMetadataDocumentClientId(clientId)) {
    const problem = clientIdUrlProblem(clientId);
    if (problem) throw new ClientLookupError(`The client_id URL ${problem}.`);
    const row = await store.prisma.oAuthClient.findUnique({ where: { id: clientId } });
    if (row && (!opts.fetch || (row.expiresAt && row.expiresAt > now))) return row;
    if (!opts.fetch) return null;
    return refreshMetadataDocument(store, clientId, now);
  }
  const row = await store.prisma.oAuthClient.findUnique({ where: { id: clientId } });
  if (!row || row.metadataUrl || (row.expiresAt && row.expiresAt <= now)) return null;
  return row;
}

async function refreshMetadataDocument(store: ClientStore, url: string, now: Date): Promise<OAuthClient> {
  let doc: unknown;
  try {
    doc = await store.fetchMetadata(url);
  } catch (err) {
    throw new ClientLookupError(`The client's metadata document could not be fetched (${err instanceof Error ? err.message : 'unknown error'}).`);
  }
  let clean: CleanClientMetadata;
  try {
    clean = parseClientIdDocument(url, doc);
  } catch (err) {
    if (err instanceof ClientMetadataError) throw new ClientLookupError(`The client's metadata document is invalid: ${err.message}.`);
    throw err;
  }
  const data = {
    name: clean.name,
    redirectUris: clean.redirectUris,
    grantTypes: clean.grantTypes,
    tokenEndpointAuthMethod: clean.authMethod,
    metadataUrl: url,
    metadata: clean.echo as Prisma.InputJsonObject,
    expiresAt: addSeconds(now, CLIENT_METADATA_CACHE_S),
  };
  return store.prisma.oAuthClient.upsert({ where: { id: url }, create: { id: url, ...data }, update: data });
}

/** RFC 7591 registration: a public client gets no secret; a confidential one gets a secret shown once. */
export async function registerClient(store: ClientStore, clean: CleanClientMetadata): Promise<{ client: OAuthClient; secret: string | undefined }> {
  const now = store.now();
  const secret = clean.authMethod === 'none' ? undefined : randomSecret(TOKEN_PREFIX.clientSecret);
  const client = await store.prisma.oAuthClient.create({
    data: {
      id: randomSecret(TOKEN_PREFIX.clientId, 16), // an identifier, not a secret: 128 bits avoid collisions
      name: clean.name,
      redirectUris: clean.redirectUris,
      grantTypes: clean.grantTypes,
      tokenEndpointAuthMethod: clean.authMethod,
      secretHash: secret ? sha256Hex(secret) : null,
      metadata: clean.echo as Prisma.InputJsonObject,
      createdAt: now,
      expiresAt: addSeconds(now, UNUSED_CLIENT_TTL_S),
    },
  });
  return { client, secret };
}

/** Use keeps a registered client alive: never shorter than `until`. Metadata-document rows keep their refetch time. */
export async function extendClient(store: ClientStore, client: OAuthClient, until: Date): Promise<void> {
  const now = store.now();
  if (client.metadataUrl) {
    await store.prisma.oAuthClient.update({ where: { id: client.id }, data: { lastUsedAt: now } });
    return;
  }
  await store.prisma.oAuthClient.updateMany({
    where: { id: client.id, OR: [{ expiresAt: null }, { expiresAt: { lt: until } }] },
    data: { lastUsedAt: now, expiresAt: until },
  });
}

/** Registered clients past their expiry go, with their codes and tokens (all expired by then). */
export async function purgeExpiredClients(store: ClientStore): Promise<number> {
  const { count } = await store.prisma.oAuthClient.deleteMany({ where: { metadataUrl: null, expiresAt: { lt: store.now() } } });
  return count;
}

/** Confidential clients must present their secret; public clients have none to present. */
export function clientAuthenticates(client: OAuthClient, secret: string | undefined): boolean {
  if (client.tokenEndpointAuthMethod === 'none') return true;
  return !!secret && !!client.secretHash && sameHash(sha256Hex(secret), client.secretHash);
}
