/**
 * The fire risk survey (docs/behaviour.md §7): the member's latest answers, readable by the member and by staff
 * who may see the member's records (record-access rule), and written by the member (or a broker or
 * write-level support session acting for them). Every completion is kept.
 */
import { protectionEndpoints as endpoints } from '@shared/endpoints/protection';
import type { AppContext } from '../../context';
import type { Prisma } from '../../generated/prisma/client';
import { signedInUser } from '../../middleware/auth';
import { endpointRouter } from '../../middleware/serve';
import { requestPolicy } from '../../policies/request-policy';
import { presentSurvey } from '../../presenters/fire-risk-survey';

export function fireRiskSurveyRouter(context: AppContext) {
  const { db } = context;
  const policy = requestPolicy(context);
  const { router, serve } = endpointRouter(context);

  serve(endpoints.fireRiskSurvey)({
    handle: async (req, _res, { query: { userId } }) => {
      const memberId = userId ?? signedInUser(req).id;
      await policy.member(req, memberId, 'read');
      const row = await db.fireRiskSurvey.findFirst({ where: { userId: memberId }, orderBy: [{ completedAt: 'desc' }, { createdAt: 'desc' }] });
      return presentSurvey(row);
    },
  });

  serve(endpoints.sendFireRiskSurvey)({
    handle: async (req, _res, { body: submission }) => {
      const memberId = submission.userId ?? signedInUser(req).id;
      await policy.member(req, memberId, 'write');
      const row = await db.fireRiskSurvey.create({
        data: {
          userId: memberId,
          answers: submission.answers as Prisma.InputJsonValue,
          completedAt: new Date(submission.completedAt),
          // The client only has a placeholder; the address is the one the server sees.
          ipAddress: req.ip ?? null,
          userAgent: submission.userAgent ?? req.get('user-agent') ?? null,
        },
      });
      return presentSurvey(row);
    },
  });

  return router;
}
