// Org administration from the command line: create an org (its platform address active at once, its first admin
// mailed a link to choose a password), create an agent (mailed the same kind of link), record an agent's payment. Runs
// the Worker's own statement builders against D1: the local database's SQLite file directly (by default), or the
// deployed database through `wrangler d1 execute --remote`.
//
//   npm run admin -- create-org --name "Blue Sky Travel" --slug bluesky --admin-email owner@bluesky.example [--remote]
//   npm run admin -- create-agent --org 1 --email ann@agency.example --credit-limit 5000 [--first-name Ann --last-name Lee
//                    --title Mrs --agency "Blue Horizon Travel" --markup 10 --origin https://travel.example] [--remote]
//   npm run admin -- record-payment --org 1 --email ann@agency.example --amount 250 [--note "Invoice 42"] [--remote]
//   npm run admin -- grow-catalogue --org 1 --hotels 2000 [--city Lisbon --share 0.4] [--persist-to <dir>]   (local only:
//                    capacity tests; scripts/lib/grow-catalogue.mjs)
//
// Local runs use the build's Worker config (BUILD_DIR, as scripts/lib/server.mjs does) and wrangler's default state,
// or --persist-to <dir>.
import { registerHooks } from 'node:module';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildDir, DEFAULT_STATE, QUIET_ENV, ROOT } from './lib/server.mjs';
import { recorder } from './lib/d1-statements.mjs';
import { growCatalogue, GrowError } from './lib/grow-catalogue.mjs';

// The Worker's modules are TypeScript with extension-less relative imports; Node strips the types, this finds the files.
registerHooks({
  resolve(specifier, context, next) {
    try {
      return next(specifier, context);
    } catch (err) {
      if (err?.code === 'ERR_MODULE_NOT_FOUND' && /^\.{1,2}\//.test(specifier) && !/\.[cm]?[jt]sx?$/.test(specifier)) return next(`${specifier}.ts`, context);
      throw err;
    }
  },
});

const { newReferralCode } = await import('../functions/db/users.ts');
const { insertOutbox } = await import('../functions/db/outbox.ts');
const { adminInviteMail, httpSender } = await import('../functions/outside/mail.ts');
const { randomToken, sha256Hex } = await import('../functions/auth/crypto.ts');
const { paymentStatement, INVITE_VALID_HOURS } = await import('../functions/db/agents.ts');
const { invitationStatements } = await import('../functions/db/invitations.ts');
const { createOrgStatements, hostTakenQuery, nextOrgIdQuery } = await import('../functions/db/org-setup.ts');
const { agentInviteMail } = await import('../functions/services/agent-mail.ts');
const { TitleSchema, FirstNameSchema, LastNameSchema, SignUpEmail } = await import('../src/shared/contract/auth.ts');
const { OrgSettingsSchema } = await import('../src/shared/contract/console.ts');
const OrgNameSchema = OrgSettingsSchema.shape.name;

class UsageError extends Error {}

// ---- D1: the local SQLite file, or the deployed database through wrangler ---------------------------------------

const WRANGLER = join(ROOT, 'node_modules', 'wrangler', 'bin', 'wrangler.js');

function wrangler(target, args) {
  const r = spawnSync(process.execPath, [WRANGLER, 'd1', 'execute', 'DB', '--remote', '--config', target.config, ...args], {
    cwd: ROOT,
    env: QUIET_ENV,
    encoding: 'utf8',
  });
  if (r.status === 0) return r.stdout;
  throw new Error(`wrangler d1 execute failed:\n${r.stdout ?? ''}${r.stderr ?? ''}`);
}

const resultsOf = (out) => JSON.parse(out.slice(out.indexOf('[')));

/**
 * The local database's SQLite file (the one the local runtime keeps under the persist directory), opened as D1 opens
 * it (foreign keys enforced). A `wrangler d1 execute --local` run starts a CLI and a runtime of its own, seconds of
 * CPU for each statement batch; the file itself answers in milliseconds. A running local server may hold the file for
 * a moment: the connection waits for it.
 */
let localDb;
async function local(target) {
  if (localDb) return localDb;
  const dir = join(target.persistTo, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const file = existsSync(dir) && readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
  if (!file) throw new UsageError(`No local database under ${target.persistTo}: run npm start (or npm run db:migrate) first`);
  // node:sqlite still says it is experimental on every run; the command's output is for people.
  const { emitWarning } = process;
  process.emitWarning = (warning, ...rest) => (String(warning).includes('SQLite') ? undefined : emitWarning.call(process, warning, ...rest));
  const { DatabaseSync } = await import('node:sqlite');
  localDb = new DatabaseSync(join(dir, file));
  localDb.exec('PRAGMA busy_timeout = 15000; PRAGMA foreign_keys = ON;');
  return localDb;
}

const rowsOf = (db, sql) => db.prepare(sql).all().map((row) => ({ ...row }));

/** Rows of one read. */
async function query(target, statement) {
  if (!target.remote) return rowsOf(await local(target), statement.toSql());
  return resultsOf(wrangler(target, ['--command', statement.toSql(), '--json']))[0]?.results ?? [];
}

/** Rows of several reads, one round trip. */
async function queries(target, sqls) {
  if (!target.remote) {
    const db = await local(target);
    return sqls.map((sql) => rowsOf(db, sql.trim()));
  }
  return resultsOf(wrangler(target, ['--command', sqls.map((s) => s.trim()).join(';\n'), '--json'])).map((r) => r.results ?? []);
}

/**
 * Runs the statements together as one unit, then `check`: its rows are returned. Locally they are one transaction
 * with the check inside it; the remote import API applies a file as one unit and answers no rows, so there the check
 * is a second call.
 */
async function execute(target, statements, check) {
  if (!target.remote) {
    const db = await local(target);
    db.exec('BEGIN IMMEDIATE');
    try {
      for (const s of statements) db.exec(s.toSql().trim());
      const rows = rowsOf(db, check.toSql());
      db.exec('COMMIT');
      return rows;
    } catch (err) {
      db.exec('ROLLBACK');
      throw err;
    }
  }
  const dir = join(ROOT, '.wrangler', 'tmp');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `admin-${process.pid}-${Date.now()}.sql`);
  writeFileSync(file, statements.map((s) => `${s.toSql().trim()};`).join('\n') + '\n');
  try {
    wrangler(target, ['--file', file, '--yes']);
    return query(target, check);
  } finally {
    rmSync(file, { force: true });
  }
}

// ---- commands ------------------------------------------------------------------------------------------------

const parse = (field, schema, value) => {
  const r = schema.safeParse(value);
  if (!r.success) throw new UsageError(`--${field}: ${r.error.issues[0]?.message ?? 'invalid'}`);
  return r.data;
};

function money(text, field) {
  const n = Number(text);
  if (text === undefined || !Number.isFinite(n) || n < 0 || n > 100_000_000 || Math.abs(n * 100 - Math.round(n * 100)) > 1e-6) {
    throw new UsageError(`--${field} must be an amount in USD with at most 2 decimals, e.g. 5000`);
  }
  return Math.round(n * 100);
}

const orgIdOf = (orgText) => {
  const orgId = Number(orgText);
  if (!Number.isInteger(orgId) || orgId < 1) throw new UsageError('--org must be an organisation id, e.g. 1');
  return orgId;
};

/** The org, the role of the account with this email in it (null when none) and the org's host names, in one read. */
async function orgAndAccount(target, orgId, email) {
  const org = (await query(
    target,
    recorder
      .prepare(
        `SELECT o.id, o.name, (SELECT role FROM users WHERE org_id = o.id AND email = ?) AS role,
           (SELECT host FROM org_domains WHERE org_id = o.id AND (host = 'localhost' OR host LIKE '%.localhost') ORDER BY length(host) LIMIT 1) AS local_host,
           (SELECT host FROM org_domains WHERE org_id = o.id AND host NOT IN ('localhost', '127.0.0.1') AND host NOT LIKE '%.localhost' ORDER BY host LIMIT 1) AS public_host
         FROM orgs o WHERE o.id = ?`,
      )
      .bind(email, orgId),
  ))[0];
  if (!org) throw new UsageError(`There is no organisation ${orgId}`);
  return org;
}

/** Where the link in the mail points: --origin, else the org's own domain (remote) or its local name on the local server. */
function originFor(target, org, given) {
  if (given) {
    if (!URL.canParse(given) || !/^https?:$/.test(new URL(given).protocol)) throw new UsageError('--origin must be a site address such as https://travel.example');
    return new URL(given).origin;
  }
  if (!target.remote) return `http://${org.local_host ?? 'localhost'}:${process.env.PORT ?? 8787}`;
  if (!org.public_host) throw new UsageError(`Organisation ${org.id} has no domain: pass --origin https://…`);
  return `https://${org.public_host}`;
}

async function createAgent(target, o) {
  const email = parse('email', SignUpEmail, o.email ?? '').toLowerCase();
  const creditLimitMinor = money(o['credit-limit'], 'credit-limit');
  const title = o.title ? parse('title', TitleSchema, o.title) : '';
  const firstName = o['first-name'] ? parse('first-name', FirstNameSchema, o['first-name']) : '';
  const lastName = o['last-name'] ? parse('last-name', LastNameSchema, o['last-name']) : '';
  const markup = o.markup === undefined ? 10 : Number(o.markup);
  if (!Number.isFinite(markup) || markup < 0 || markup > 100) throw new UsageError('--markup is a percentage between 0 and 100');
  const agency = o.agency?.trim() || null;
  if (agency && agency.length > 120) throw new UsageError('--agency is at most 120 characters');
  const orgId = orgIdOf(o.org);
  const origin = o.origin ? originFor(target, null, o.origin) : null;
  const org = await orgAndAccount(target, orgId, email);
  if (org.role) throw new UsageError(`An account with ${email} already exists in organisation ${org.id} (${org.role})`);

  const now = Date.now();
  const token = randomToken();
  const referralCode = newReferralCode();
  const link = `${origin ?? originFor(target, org)}/change-password?token=${encodeURIComponent(token)}`;
  const mail = agentInviteMail(org.name, email, firstName, link, INVITE_VALID_HOURS);
  const mailApi = target.remote && process.env.MAIL_API_URL;
  const statements = [
    ...invitationStatements(recorder, {
      orgId: org.id, email, role: 'agent', title, firstName, lastName, referralCode, tokenHash: await sha256Hex(token), now,
      agent: { creditLimitMinor, agencyName: agency, markupBps: Math.round(markup * 100) },
    }),
    ...(mailApi ? [] : [insertOutbox(recorder, org.id, mail)]),
  ];
  const created = (await execute(target, statements, recorder.prepare("SELECT id FROM users WHERE org_id = ? AND email = ? AND role = 'agent' AND referral_code = ?").bind(org.id, email, referralCode)))[0];
  if (!created) throw new Error('The agent was not created (was the email taken meanwhile?)');
  if (mailApi) await sendByApi(mail);
  console.log(`Created agent ${email} (user ${created.id}) in organisation ${org.id} "${org.name}", credit limit ${(creditLimitMinor / 100).toFixed(2)} USD.`);
  if (mailApi) console.log(`A link to choose a password was mailed to ${email}.`);
  else if (target.remote) console.log(`No MAIL_API_URL is set: the invitation is in the outbox table. Send ${email} this link (valid ${INVITE_VALID_HOURS} h):\n${link}`);
  else console.log(`The invitation is in the development outbox (GET /api/dev/outbox). Set-password link (valid ${INVITE_VALID_HOURS} h):\n${link}`);
}

const sendByApi = (mail) => httpSender(process.env.MAIL_API_URL, process.env.MAIL_API_KEY ?? '', process.env.MAIL_FROM ?? 'no-reply@example.com').send(mail);

/** The platform's domain as the Worker is configured (the build's wrangler.json; `localhost` in development). */
function platformDomain(target) {
  const vars = JSON.parse(readFileSync(target.config, 'utf8')).vars ?? {};
  return String(vars.PLATFORM_DOMAIN || 'localhost').toLowerCase();
}

async function createOrg(target, o) {
  const name = parse('name', OrgNameSchema, o.name ?? '');
  const slug = (o.slug ?? '').trim().toLowerCase();
  if (!/^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/.test(slug)) throw new UsageError('--slug is 1 to 32 lower-case letters, digits or dashes, e.g. bluesky');
  const email = parse('admin-email', SignUpEmail, o['admin-email'] ?? '').toLowerCase();
  const host = `${slug}.${platformDomain(target)}`;
  if ((await query(target, hostTakenQuery(recorder, host))).length) throw new UsageError(`${host} already serves an organisation: choose another --slug`);
  const orgId = Number((await query(target, nextOrgIdQuery(recorder)))[0]?.id);
  const now = Date.now();
  const token = randomToken();
  const referralCode = newReferralCode();
  const origin = o.origin ? originFor(target, null, o.origin) : target.remote ? `https://${host}` : `http://${host}:${process.env.PORT ?? 8787}`;
  const link = `${origin}/change-password?token=${encodeURIComponent(token)}`;
  const mail = adminInviteMail(name, email, link, INVITE_VALID_HOURS);
  const mailApi = target.remote && process.env.MAIL_API_URL;
  const statements = [
    ...createOrgStatements(recorder, { id: orgId, name, host }),
    ...invitationStatements(recorder, { orgId, email, role: 'admin', referralCode, tokenHash: await sha256Hex(token), now }),
    ...(mailApi ? [] : [insertOutbox(recorder, orgId, mail)]),
  ];
  const created = (await execute(target, statements, recorder.prepare("SELECT id FROM users WHERE org_id = ? AND email = ? AND role = 'admin'").bind(orgId, email)))[0];
  if (!created) throw new Error('The organisation was not created (was the slug or id taken meanwhile?)');
  if (mailApi) await sendByApi(mail);
  console.log(`Created organisation ${orgId} "${name}" on ${host}, admin ${email} (user ${created.id}).`);
  console.log('It starts closed: visitors see "coming soon" until its admin goes live from the launch checklist (/admin).');
  if (mailApi) console.log(`A link to choose a password was mailed to ${email}.`);
  else if (target.remote) console.log(`No MAIL_API_URL is set: the invitation is in the outbox table. Send ${email} this link (valid ${INVITE_VALID_HOURS} h):\n${link}`);
  else console.log(`The invitation is in the development outbox (GET /api/dev/outbox). Set-password link (valid ${INVITE_VALID_HOURS} h):\n${link}`);
}

async function recordPayment(target, o) {
  const email = parse('email', SignUpEmail, o.email ?? '').toLowerCase();
  const amountMinor = money(o.amount, 'amount');
  if (amountMinor === 0) throw new UsageError('--amount must be above 0');
  const org = await orgAndAccount(target, orgIdOf(o.org), email);
  if (org.role !== 'agent') throw new UsageError(`No agent ${email} in organisation ${org.id}`);
  await execute(target, [paymentStatement(recorder, { orgId: org.id, email, amountMinor, note: (o.note ?? '').slice(0, 200) })], recorder.prepare('SELECT 1 AS ok'));
  console.log(`Recorded a payment of ${(amountMinor / 100).toFixed(2)} USD from ${email}.`);
}

/** Adds hotels shaped like production's to an org (docs/contract.md#rooms-rates-and-availability, "Capacity tests"). */
async function grow(target, o) {
  if (target.remote) throw new UsageError('grow-catalogue adds test hotels: it runs on a local database only (--persist-to <dir>)');
  const hotels = Number(o.hotels);
  const share = o.share === undefined ? undefined : Number(o.share);
  // One wrangler run reads what the command needs, one writes (each run costs seconds).
  const db = {
    read: (sqls) => queries(target, sqls),
    write: (sql, check) => execute(target, [{ toSql: () => sql.trim().replace(/;$/, '') }], { toSql: () => check }),
  };
  try {
    const r = await growCatalogue({ ...db, orgId: orgIdOf(o.org), hotels, city: o.city, share, log: (m) => console.error(m) });
    const where = r.cities.slice(0, 8).map((c) => `${c.city} ${c.hotels}`).join(', ') + (r.cities.length > 8 ? `, … (${r.cities.length} cities)` : '');
    console.log(`Added ${r.hotels} hotels (codes ${r.first} … ${r.last}) to organisation ${r.org.id} "${r.org.name}": ${where}.`);
    console.log(`${r.rateRanges} rate ranges (2 room types × 2 rate plans × the year's seasons and weekday groups); the database took ${(r.writeMs / 1000).toFixed(1)} s, ${(r.totalMs / 1000).toFixed(1)} s in all.`);
  } catch (err) {
    if (err instanceof GrowError) throw new UsageError(err.message);
    throw err;
  }
}

const USAGE = `Usage:
  npm run admin -- create-org --name <name> --slug <slug> --admin-email <address> [--origin <site address>] [--remote | --persist-to <dir>]
  npm run admin -- create-agent --org <id> --email <address> --credit-limit <USD> [--first-name … --last-name … --title Miss|Mr|Mrs
                   --agency <name> --markup <percent> --origin <site address>] [--remote | --persist-to <dir>]
  npm run admin -- record-payment --org <id> --email <address> --amount <USD> [--note …] [--remote | --persist-to <dir>]
  npm run admin -- grow-catalogue --org <id> --hotels <n> [--city <name> --share <0–1>] [--persist-to <dir>]`;

async function main(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      org: { type: 'string' }, email: { type: 'string' }, 'credit-limit': { type: 'string' }, 'first-name': { type: 'string' },
      'last-name': { type: 'string' }, title: { type: 'string' }, agency: { type: 'string' }, markup: { type: 'string' },
      origin: { type: 'string' }, amount: { type: 'string' }, note: { type: 'string' }, remote: { type: 'boolean' },
      'persist-to': { type: 'string' }, help: { type: 'boolean' }, name: { type: 'string' }, slug: { type: 'string' }, 'admin-email': { type: 'string' },
      hotels: { type: 'string' }, city: { type: 'string' }, share: { type: 'string' },
    },
  });
  const command = positionals[0];
  if (values.help || !command) return console.log(USAGE);
  const config = join(buildDir(), 'server', 'wrangler.json');
  if (!existsSync(config)) throw new UsageError(`No build at ${buildDir()}: run npm run build first (it writes the Worker config wrangler reads)`);
  const target = { remote: values.remote === true, persistTo: values['persist-to'] ?? DEFAULT_STATE, config };
  if (command === 'create-org') return createOrg(target, values);
  if (command === 'create-agent') return createAgent(target, values);
  if (command === 'record-payment') return recordPayment(target, values);
  if (command === 'grow-catalogue') return grow(target, values);
  throw new UsageError(`Unknown command ${command}`);
}

try {
  await main(process.argv.slice(2));
} catch (err) {
  if (err instanceof UsageError || err?.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' || err?.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    console.error(`${err.message}\n\n${USAGE}`);
    process.exit(2);
  }
  console.error(err?.message ?? err);
  process.exit(1);
}
