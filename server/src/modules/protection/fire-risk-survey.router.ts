/**
 * The fire risk survey (docs/behaviour.md §7): the member's latest answers, readable by the member and by staff
 * who may see the member's records (record-access rule), and written by the member (or a broker or
 * write-level support session acting for them). Every completion is kept.
 */
import { Router } from 'express';
import { fireRiskSurveyQuerySchema, fireRiskSurveySubmissionSchema } from '@shared/contracts/fire-risk-survey';
import type { AppContext } from '../../context';
import type { Prisma } from '../../generated/prisma/client';
import { requireUser, signedInUser } from '../../middleware/auth';
import { validate } from '../../middleware/validate';
import { requestPolicy } from '../../policies/request-policy';
import { presentSurvey } from '../../presenters/fire-risk-survey';

export function fireRiskSurveyRouter(context: AppContext): Router {
  const { db } = context;
  const policy = requestPolicy(context);
  const router = Router();

  const surveyQuery = validate({ query: fireRiskSurveyQuerySchema });
  router.get('/user/fire-risk-survey', requireUser, surveyQuery, async (req, res) => {
    const { userId } = surveyQuery.input(req).query;
    const memberId = userId ?? signedInUser(req).id;
    await policy.member(req, memberId, 'read');
    const row = await db.fireRiskSurvey.findFirst({ where: { userId: memberId }, orderBy: [{ completedAt: 'desc' }, { createdAt: 'desc' }] });
    res.json(presentSurvey(row));
  });

  const surveyBody = validate({ body: fireRiskSurveySubmissionSchema });
  router.post('/user/fire-risk-survey', requireUser, surveyBody, async (req, res) => {
    const submission = surveyBody.input(req).body;
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
    res.status(201).json(presentSurvey(row));
  });

  return router;
}
