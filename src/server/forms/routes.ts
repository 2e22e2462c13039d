import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import feedbackRequestSchema from '../../../schemas/api/forms/feedback-request.json';
import formAcceptedSchema from '../../../schemas/api/forms/form-accepted.json';
import formNotAcceptableSchema from '../../../schemas/api/forms/form-not-acceptable.json';
import supportRequestSchema from '../../../schemas/api/forms/support-request.json';
import type { FeedbackRequest, SupportRequest } from '../../shared/api/types';
import type { MailMessage } from '../mail/sendMail';
import { responseSchema } from '../schemaValidation';
import type { FormKind } from './formBodies';
import { MailCopies } from './mailCopies';
import { requirePermittedCaller } from './requirePermission';
import { type FormProblem, feedbackProblem, supportProblem } from './submissionChecks';
import { feedbackEmail, type Sender, supportEmail } from './submissionEmail';
import { storeSubmission } from './submissions';

/** How one form route checks, stores and mails its body. */
interface FormHandling<B> {
  kind: FormKind;
  problem(body: B): FormProblem | undefined;
  email(body: B, id: number, sender: Sender, inbox: string, receivedAt: Date): MailMessage;
}

const response = {
  200: responseSchema(formAcceptedSchema),
  406: responseSchema(formNotAcceptableSchema),
};

/**
 * The handler of a form route: 406 with StatusDescription for a field the server refuses; otherwise
 * the submission is stored and committed, 200 is answered, and only then is the copy mailed to the
 * support inbox (a mail failure is logged and noted on the row, never turned into an error).
 */
function formHandler<B>(h: FormHandling<B>, copies: MailCopies) {
  const handle = async (request: FastifyRequest<{ Body: B }>, reply: FastifyReply) => {
    const body = request.body as B;
    const problem = h.problem(body);
    if (problem) return reply.status(406).send({ StatusDescription: problem.message, field: problem.field });
    const { store, config } = request.server.ctx;
    const caller = request.caller!;
    const receivedAt = new Date();
    const id = await storeSubmission(store, {
      kind: h.kind,
      userId: caller.userId,
      username: caller.username,
      impersonator: caller.impersonator,
      payload: body,
      receivedAt,
    });
    reply.status(200).send({ received: true, id });
    void copies.send(id, h.email(body, id, caller, config.supportInbox, receivedAt));
    return reply;
  };
  return (request: FastifyRequest<{ Body: B }>, reply: FastifyReply) => copies.track(handle(request, reply));
}

/**
 * POST /post-feedback and POST /post-support (SPEC.md section 7): signed-in callers with the
 * permission to use HawkEye; bodies validated by schemas/api/forms (draft 2020-12, 400 naming the
 * field). Registered in its own scope, whose close waits for the mail copies in flight.
 */
export async function registerFormRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    const copies = new MailCopies({ store: app.ctx.store, config: app.ctx.config, log: app.log });
    // Requests and copies in flight finish before the store closes: preClose, because onClose hooks
    // run last-registered first, and the server registers the store's close after these routes.
    scope.addHook('preClose', () => copies.settle());
    scope.post<{ Body: FeedbackRequest }>(
      '/post-feedback',
      { schema: { body: feedbackRequestSchema, response }, onRequest: requirePermittedCaller },
      formHandler<FeedbackRequest>(
        { kind: 'feedback', problem: feedbackProblem, email: feedbackEmail },
        copies,
      ),
    );
    scope.post<{ Body: SupportRequest }>(
      '/post-support',
      { schema: { body: supportRequestSchema, response }, onRequest: requirePermittedCaller },
      formHandler<SupportRequest>({ kind: 'support', problem: supportProblem, email: supportEmail }, copies),
    );
  });
}
