import {
  CompanyCreateInput,
  CompanyUpdateInput,
  IdParam,
  IdValue,
  PageQuery,
  PlanCreateInput,
  PlanUpdateInput,
} from '@zapdesk/core';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { validate } from '../../platform/http/validate';
import * as saas from './saas.service';

const CompanyIdParam = z.object({ companyId: IdValue });
const CompanyPlanParams = z.object({ companyId: IdValue, planId: IdValue });

/**
 * Spec 3 §7, the SaaS administration: companies (`/company`), plans (`/plan`), a company's plan (`/companyPlan`,
 * `/savePlanInCompany`) and the public plans (`/publicplan`, no session). Who may do what: saas.service.ts and
 * docs/DECISIONS.md "SaaS core rules and master API".
 */
export const saasRoutes = new Hono<AppEnv>()
  .get('/company', requireAuth, validate('query', PageQuery), async (c) =>
    c.json(await saas.listCompanies(c.get('ctx'), c.req.valid('query')), 200),
  )
  .get('/company/:id', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await saas.showCompany(c.get('ctx'), c.req.valid('param').id), 200),
  )
  .post('/company', requireAuth, validate('json', CompanyCreateInput), async (c) =>
    c.json(await saas.createCompany(c.get('ctx'), c.req.valid('json')), 201),
  )
  .put('/company/:id', requireAuth, validate('param', IdParam), validate('json', CompanyUpdateInput), async (c) =>
    c.json(await saas.updateCompany(c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .delete('/company/:id', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await saas.deleteCompany(c.get('ctx'), c.req.valid('param').id), 200),
  )
  .get('/companyPlan/:companyId', requireAuth, validate('param', CompanyIdParam), async (c) =>
    c.json(await saas.companyPlans(c.get('ctx'), c.req.valid('param').companyId), 200),
  )
  .post('/savePlanInCompany/:companyId/:planId', requireAuth, validate('param', CompanyPlanParams), async (c) => {
    const { companyId, planId } = c.req.valid('param');
    return c.json(await saas.savePlanInCompany(c.get('ctx'), companyId, planId), 200);
  })
  .get('/publicplan', async (c) => c.json(await saas.publicPlans(), 200))
  .get('/plan', requireAuth, validate('query', PageQuery), async (c) =>
    c.json(await saas.listPlans(c.get('ctx'), c.req.valid('query')), 200),
  )
  .get('/plan/:id', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await saas.showPlan(c.get('ctx'), c.req.valid('param').id), 200),
  )
  .post('/plan', requireAuth, validate('json', PlanCreateInput), async (c) =>
    c.json(await saas.createPlan(c.get('ctx'), c.req.valid('json')), 201),
  )
  .put('/plan/:id', requireAuth, validate('param', IdParam), validate('json', PlanUpdateInput), async (c) =>
    c.json(await saas.updatePlan(c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .delete('/plan/:id', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await saas.deletePlan(c.get('ctx'), c.req.valid('param').id), 200),
  );
