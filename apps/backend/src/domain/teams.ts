import { eq, sql, type Column, type SQL } from 'drizzle-orm';
import { accessOf } from '../access/principal-access.js';
import type { Principal } from '../auth/principal.js';
import type { Database } from '../db/client.js';
import { agents } from '../db/schema.js';
import { forbidden } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { isSelfOrDownline, selfAndDownlineSql } from './downline.js';

/**
 * Teams: an agent and everyone below him in the sponsorship tree. An agent reaches his own
 * team and the teams inside it; staff reach every team and, with no agent named, the network.
 */

/** An agent named by CGP id in a team request; `null` id: staff's whole network. */
export type TeamHead = { id: number | null };

/**
 * The agent a team request names (`cgpId`), checked against the caller's reach: an agent
 * reaches himself and his downline (403 beyond, unknown CGP ids included, so nothing tells
 * which exist); staff reach anyone, and an unknown CGP id is an empty team. Without a CGP id:
 * the caller himself, or for staff the network. Read once per request and CGP id (a sum reads
 * it for each of its parts, an export for the team and for the agent in it).
 */
export function teamHead(
  db: Database,
  principal: Principal,
  cgpId: unknown,
): Promise<TeamHead & { empty: boolean }> {
  const wanted = typeof cgpId === 'string' ? cgpId.trim() : '';
  let heads = headCache.get(principal);
  if (!heads) {
    heads = new Map();
    headCache.set(principal, heads);
  }
  let head = heads.get(wanted);
  if (!head) {
    head = readTeamHead(db, principal, wanted);
    heads.set(wanted, head);
  }
  return head;
}

// Keyed by the principal object, which the router builds once per request.
const headCache = new WeakMap<Principal, Map<string, Promise<TeamHead & { empty: boolean }>>>();

async function readTeamHead(
  db: Database,
  principal: Principal,
  wanted: string,
): Promise<TeamHead & { empty: boolean }> {
  const { isAgent } = await accessOf(db, principal);
  const ownId = principal.user.agentId;
  if (wanted === '') {
    if (!isAgent) return { id: null, empty: false };
    return { id: ownId, empty: ownId === null };
  }
  const [agent] = await db.select({ id: agents.id }).from(agents).where(eq(agents.cgpId, wanted));
  if (isAgent && (!agent || ownId === null || !(await isSelfOrDownline(db, ownId, agent.id))))
    throw forbidden(messages.accessDenied);
  return agent ? { id: agent.id, empty: false } : { id: null, empty: true };
}

/** Which agents a list or an export is about, as an SQL set of agent ids. */
export type TeamSelection =
  | { kind: 'none' }
  | { kind: 'agent'; id: number }
  | { kind: 'direct'; sponsorId: number | null }
  | { kind: 'below'; headId: number | null }
  | { kind: 'team'; headId: number | null };

export function selectionSql(selection: TeamSelection): SQL {
  switch (selection.kind) {
    case 'none':
      return sql`select null::int as id where false`;
    case 'agent':
      return sql`select ${selection.id}::int as id`;
    case 'direct':
      return selection.sponsorId === null
        ? sql`select id from agents where sponsor_id is null`
        : sql`select id from agents where sponsor_id = ${selection.sponsorId}`;
    case 'below':
      return selection.headId === null
        ? sql`select id from agents`
        : sql`select id from ${selfAndDownlineSql(selection.headId)} d where id <> ${selection.headId}`;
    case 'team':
      return selection.headId === null
        ? sql`select id from agents`
        : sql`select id from ${selfAndDownlineSql(selection.headId)} d`;
  }
}

/**
 * The agents of a selection as a condition on an agent id column; none for the whole network
 * (no id list to build, and the planner keeps its plain scan).
 */
export function selectionCondition(
  agentId: Column | SQL,
  selection: TeamSelection,
): SQL | undefined {
  if ((selection.kind === 'team' || selection.kind === 'below') && selection.headId === null)
    return undefined;
  return sql`${agentId} in (${selectionSql(selection)})`;
}

const REAL_ESTATE_UNDER_WAY = sql`('Optionné', 'Réservé', 'Financé')`;
const INVESTMENT_DONE = sql`('Validé', 'Terminé')`;

/**
 * The sales figures of the selected agents for exercice `year` (every exercice when null), one
 * row per agent: each agent's own sums grouped once per sales table over the agents involved,
 * and `vave` summed over each row's subtree. Columns: id, cgp_id, lastname, firstname,
 * sponsor_cgp_id, sponsor_lastname, sponsor_firstname, current_immo, finish_immo,
 * current_invest, finish_invest, vlp, vavc, vave (`resources/teams.ts` reads them).
 */
export function teamSalesSql(selection: TeamSelection, year: number | null): SQL {
  const inYear = year === null ? sql`true` : sql`exercice = ${year}`;
  // Matching the involved ids even for the whole network: without it the planner, no longer
  // reading `involved` three times, chose a plan 6 times slower (538 ms at scale 10).
  const agentIn = sql`agent_id in (select id from involved)`;
  return sql`
    with recursive sel(id) as (${selectionSql(selection)}),
    below(root, id, depth) as (
      select id, id, 0 from sel
      union all
      select b.root, a.id, b.depth + 1 from below b join agents a on a.sponsor_id = b.id
      where b.depth < 64
    ),
    involved as (select distinct id from below),
    re as (
      select agent_id,
        sum(amount) filter (where adv_status in ${REAL_ESTATE_UNDER_WAY}) as cur,
        sum(amount) filter (where adv_status = 'Acté') as fin
      from real_estate_sales where ${inYear} and ${agentIn}
      group by agent_id
    ),
    inv as (
      select agent_id,
        sum(amount) filter (where status = 'Encours') as cur,
        sum(amount) filter (where status in ${INVESTMENT_DONE}) as fin
      from investment_sales where ${inYear} and ${agentIn}
      group by agent_id
    ),
    vl as (
      select agent_id, sum(amount) as total
      from vlps where ${inYear} and ${agentIn}
      group by agent_id
    ),
    own as (
      select i.id,
        coalesce(re.cur, 0) as current_immo, coalesce(re.fin, 0) as finish_immo,
        coalesce(inv.cur, 0) as current_invest, coalesce(inv.fin, 0) as finish_invest,
        coalesce(vl.total, 0) as vlp,
        coalesce(re.fin, 0) + coalesce(inv.fin, 0) + coalesce(vl.total, 0) as vavc
      from involved i
      left join re on re.agent_id = i.id
      left join inv on inv.agent_id = i.id
      left join vl on vl.agent_id = i.id
    ),
    team as (select b.root, sum(o.vavc) as vave from below b join own o on o.id = b.id group by b.root)
    select a.id, a.cgp_id, a.lastname, a.firstname,
      sp.cgp_id as sponsor_cgp_id, sp.lastname as sponsor_lastname,
      sp.firstname as sponsor_firstname,
      o.current_immo, o.finish_immo, o.current_invest, o.finish_invest, o.vlp, o.vavc,
      coalesce(t.vave, 0) as vave
    from sel s
    join agents a on a.id = s.id
    left join agents sp on sp.id = a.sponsor_id
    join own o on o.id = s.id
    left join team t on t.root = s.id`;
}
