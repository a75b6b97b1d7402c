import { eq } from 'drizzle-orm';
import { accessOf } from '../access/principal-access.js';
import { reachesAgent } from '../access/scope.js';
import { principalOf, type Principal } from '../auth/principal.js';
import { type Handler, handWritten } from '../contract.js';
import { agents } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { itemHandler, listHandler } from '../resources/handlers.js';
import { consultantPicker } from '../resources/pickers.js';
import type { Deps, HandlerMap } from '../deps.js';

export function getCgp(deps: Deps): Handler<Principal> {
  return handWritten(
    "an agent's detail whose address and profile blocks depend on the caller's components",
    async (context) => {
      const principal = principalOf(context);
      const id = String(context.params.id);
      const [agent] = await deps.db.select().from(agents).where(eq(agents.cgpId, id));
      // The agent detail is a team view: an agent reads himself and his downline; anyone
      // else is answered like a missing agent.
      if (!agent || !(await reachesAgent(deps.db, principal, agent.id, { team: true }))) {
        throw notFound();
      }
      const [sponsor] = agent.sponsorId
        ? await deps.db
            .select({ cgpId: agents.cgpId, firstname: agents.firstname, lastname: agents.lastname })
            .from(agents)
            .where(eq(agents.id, agent.sponsorId))
        : [];
      const { components, isAgent } = await accessOf(deps.db, principal);
      // The address and bank details: the agent's own, and the staff who run accounts (docs/decisions/31-user-administration-and-the-agent-as-the-spec-writes-them.md).
      const seesAddress =
        principal.user.agentId === agent.id ||
        (!isAgent && ACCOUNT_COMPONENTS.every((name) => components.has(name)));
      return {
        status: 200,
        body: {
          '@id': `/cgp/${encodeURIComponent(agent.cgpId)}`,
          '@type': 'Cgp',
          agent: {
            idCgp: agent.cgpId,
            firstname: agent.firstname,
            lastname: agent.lastname,
            fullName: `${agent.firstname} ${agent.lastname}`,
            sponsor: sponsor
              ? { fullName: `${sponsor.firstname} ${sponsor.lastname}`, idCgp: sponsor.cgpId }
              : null,
            ...(components.has('team_detail_infos') ? profileOf(agent) : {}),
            ...(seesAddress ? { address: addressOf(agent) } : {}),
          },
        },
      };
    },
  );
}

/** The components of the account pages, whose staff holders read an agent's address. */
const ACCOUNT_COMPONENTS = ['account_page', 'account_modifications_page'];

/** The agent profile block (spec part 2 §2): no address, no bank details. */
function profileOf(agent: typeof agents.$inferSelect) {
  return {
    birthday: agent.birthday,
    registerDate: agent.registerDate,
    phoneNumber: agent.phoneNumber,
    email: agent.email,
    habilitationIobsp: agent.habilitationIobsp,
    habilitationIas: agent.habilitationIas,
    habilitationCif: agent.habilitationCif,
    oriasNumber: agent.oriasNumber,
    oriasEndOfValidity: agent.oriasEndOfValidity,
    branchesActives: agent.branchesActives,
    vavcTotal: Number(agent.vavcTotal),
    level: agent.level,
    qualification: agent.qualification,
  };
}

/** The spec's Agent `address`: postal address, company and bank details. */
function addressOf(agent: typeof agents.$inferSelect) {
  return {
    postalAddress: agent.postalAddress,
    postalCode: agent.postalCode,
    postalCity: agent.postalCity,
    company: agent.company,
    siret: agent.siret,
    vatIdNumber: agent.vatIdNumber,
    iban: agent.iban,
    microEnterprise: agent.microEnterprise,
  };
}

/** Agent details (team view) and the agent picker. */
export function agentHandlers(deps: Deps): HandlerMap {
  return {
    getCgp: getCgp(deps),
    listConsultantReferences: listHandler(deps.db, consultantPicker),
    getConsultantReference: itemHandler(deps.db, consultantPicker),
  };
}
