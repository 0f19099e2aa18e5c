// An agent's own clients (docs/contract.md#agents): a page of them, one, added, changed, deleted. Every read and write is
// the agent's own (functions/db/clients.ts scopes them to the org and the agent); another agent's client is not found.
import { ApiError, notFound, refuse } from '../errors';
import { clientOf, deleteClient, insertClient, listClients, phoneRefsKnown, updateClient, type ClientRow, type Owner } from '../db/clients';
import { checkCatalogueRefs } from './catalogue-refs';
import type { AgentDeps } from './agent-account';
import { AGENT_MSG, CLIENTS_PAGE_SIZE, type AgentClient, type ClientInput } from '../../src/shared/contract/agent';

function clientBody(r: ClientRow): AgentClient {
  return {
    client_id: r.id,
    title: r.title,
    first_name: r.first_name,
    last_name: r.last_name,
    email: r.email,
    nationality: r.nationality_id,
    country_code: r.country_code,
    phone_country_code: r.phone_country_code,
    mobile_no: r.mobile_no,
    notes: r.notes,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

type Db = Pick<AgentDeps, 'db'>;

const emailTaken = () => new ApiError(409, 'CONFLICT', AGENT_MSG.clientExists, [{ path: 'email', message: AGENT_MSG.clientExists }]);

/** Nationality, dialling code and country must be rows of the catalogue, as on sign-up. */
async function checkClientRefs(db: D1Database, client: ClientInput) {
  await checkCatalogueRefs(db, { nationality: client.nationality }, '');
  const known = await phoneRefsKnown(db, client.phone_country_code, client.country_code);
  if (!known.isd) throw refuse('phone_country_code', AGENT_MSG.unknownCountryCode);
  if (!known.country) throw refuse('country_code', 'Unknown country');
}

/** One page of the agent's clients by last name, `q` matching a name's start or any part of the email. */
export async function clientPage({ db }: Db, owner: Owner, query: { q?: string; page?: number; per_page?: number }) {
  const perPage = query.per_page ?? CLIENTS_PAGE_SIZE;
  const page = query.page ?? 1;
  const { rows, count } = await listClients(db, owner, query.q, perPage, (page - 1) * perPage);
  return { count, page, per_page: perPage, data: rows.map(clientBody) };
}

export async function ownClient({ db }: Db, owner: Owner, id: number): Promise<AgentClient> {
  const row = await clientOf(db, owner, id);
  if (!row) throw notFound('No such client');
  return clientBody(row);
}

/** A new client; one with the email of another of the agent's clients is 409. */
export async function addClient({ db }: Db, owner: Owner, client: ClientInput): Promise<AgentClient> {
  await checkClientRefs(db, client);
  const row = await insertClient(db, owner, client);
  if (!row) throw emailTaken();
  return clientBody(row);
}

export async function changeClient({ db }: Db, owner: Owner, id: number, client: ClientInput): Promise<AgentClient> {
  await checkClientRefs(db, client);
  const result = await updateClient(db, owner, id, client);
  if (result.kind === 'missing') throw notFound('No such client');
  if (result.kind === 'email-taken') throw emailTaken();
  return clientBody(result.row);
}

/** Quotes and bookings keep their copy of the client's name and email. */
export async function removeClient({ db }: Db, owner: Owner, id: number): Promise<{ deleted: true }> {
  if (!(await deleteClient(db, owner, id))) throw notFound('No such client');
  return { deleted: true };
}
